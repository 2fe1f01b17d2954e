package org.pgingest;

import org.opentest4j.AssertionFailedError;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A child process whose output goes to a file while the test waits for it with a limit. Reading a pipe to its end
 * before {@code waitFor(limit)} would block until the child exits, so the limit could never fire.
 */
public final class ChildProcess {
    private ChildProcess() {
    }

    /** What a child printed (stdout and stderr, interleaved) and its exit code. */
    public record Finished(int exitCode, String output) {
    }

    /**
     * Runs {@code builder} with stdin empty and its output in a temporary file; a child still running after
     * {@code limit} is stopped with everything it started, and the test fails with what it printed so far.
     */
    public static Finished run(ProcessBuilder builder, Duration limit) throws IOException, InterruptedException {
        Path output = Files.createTempFile("pgingest-child", ".out");
        try {
            Process child = builder.redirectErrorStream(true).redirectOutput(output.toFile()).start();
            child.getOutputStream().close();
            if (!child.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                ProcessTrees.stop(child);
                throw new AssertionFailedError(String.join(" ", builder.command()) + " did not finish in " + limit.toSeconds()
                        + " s; its output so far:\n" + Files.readString(output, StandardCharsets.UTF_8));
            }
            return new Finished(child.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
