package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.ChildProcess;
import org.pgingest.workload.Table;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** COPY streams: two million rows go through a JVM whose whole heap is 64 MB. */
class StreamingCopyTest {
    private static final long ROWS = 2_000_000;

    @ParameterizedTest(name = "COPY {0}")
    @EnumSource(value = CopyFormat.class, names = {"TEXT", "BINARY"})
    void twoMillionRowsFitIn64Megabytes(CopyFormat format) throws Exception {
        Table table = LoaderTestServer.newTable("sensors");
        String url = LoaderTestServer.get().endpoint().jdbcUrl();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), StreamingCopyProcess.class.getName(),
                url, table.schema().name(), table.name(), format.name(), Long.toString(ROWS));
        ChildProcess.Finished child = ChildProcess.run(new ProcessBuilder(command), Duration.ofMinutes(5));
        assertThat(child.exitCode()).as(child.output()).isZero();
        assertThat(child.output()).contains("LOADED " + ROWS + " max heap ");
        try (Connection c = LoaderTestServer.connect()) {
            assertThat(table.count(c)).isEqualTo(ROWS);
        }
    }
}
