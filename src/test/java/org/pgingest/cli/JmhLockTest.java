package org.pgingest.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pgingest.ProcessTrees;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run started while another holds JMH's machine-wide lock ends at once with the suite's one line, exit 1. The
 * launcher runs with a temporary directory of the test's own, where the test holds the lock: no other run on the
 * machine is touched.
 */
class JmhLockTest {
    @TempDir
    Path tmp;

    /**
     * A plain run, and a table run, whose launcher would otherwise check the table on a server of its own (about 5 s,
     * and lines about the table) before JMH refused.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aRunWhileAnotherHoldsJmhsLockIsOneLineAndStartsNothing(boolean table) throws Exception {
        List<String> selection = table
                ? List.of("--ddl", Files.writeString(tmp.resolve("t.sql"), "CREATE TABLE t (id bigint);\n").toString(),
                "--table", "t")
                : List.of("RoundTrip");
        try (FileChannel channel = FileChannel.open(tmp.resolve("jmh.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = channel.lock()) {
            Path out = tmp.resolve("out.txt");
            Path err = tmp.resolve("err.txt");
            List<String> command = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin",
                    "java").toString(), "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"),
                    BenchMain.class.getName()));
            command.addAll(selection);
            command.addAll(List.of("-f", "1", "-wi", "0", "-i", "1", "-r", "100ms", "-rff", tmp.resolve("r.json").toString()));
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            p.getOutputStream().close();
            try {
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).as(Files.readString(err)).isEqualTo(1);
            } finally {
                ProcessTrees.stop(p);
            }
            assertThat(Files.readAllLines(err)).containsExactly("pg-ingest-bench: another benchmark run on this machine "
                    + "holds JMH's lock (" + tmp.resolve("jmh.lock") + "): two runs at once would disturb each other's "
                    + "figures, so this one did not start; run it when the other has ended (or, to run both anyway, "
                    + "with JAVA_TOOL_OPTIONS=-Djmh.ignoreLock=true)");
            assertThat(Files.readString(out)).as("nothing on stdout").isEmpty();
            assertThat(tmp.resolve("r.json")).doesNotExist();
            assertThat(tmp.resolve("r.jmh.log")).as("no log of a run that did not start").doesNotExist();
            assertThat(held.isValid()).isTrue();
        }
        assertThat(List.of(tmp.toFile().list())).doesNotContain("pg-ingest-bench");
    }
}
