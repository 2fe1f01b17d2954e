package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgingest.workload.Table;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** COPY streams: two million rows go through a JVM whose whole heap is 64 MB. */
class StreamingCopyTest {
    private static final long ROWS = 2_000_000;

    @ParameterizedTest(name = "COPY {0}")
    @EnumSource(value = CopyFormat.class, names = {"TEXT", "BINARY"})
    void twoMillionRowsFitIn64Megabytes(CopyFormat format) throws Exception {
        Table table = SharedServer.newTable("sensors");
        String url = SharedServer.get().endpoint().jdbcUrl();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), StreamingCopyProcess.class.getName(),
                url, table.schema().name(), table.name(), format.name(), Long.toString(ROWS));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        child.getOutputStream().close();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        assertThat(output).contains("LOADED " + ROWS + " max heap ");
        try (Connection c = SharedServer.connect()) {
            assertThat(table.count(c)).isEqualTo(ROWS);
        }
    }
}
