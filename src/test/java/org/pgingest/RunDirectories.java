package org.pgingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The embedded servers' run directories ({@code <tmpdir>/pg-ingest-bench/run-<pid>-...}), as tests look for leftovers. */
public final class RunDirectories {
    private RunDirectories() {
    }

    /** No run directory of the process {@code pid} is left: every server it started was stopped and removed. */
    public static void assertNoneOf(long pid) throws IOException {
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "pg-ingest-bench");
        if (Files.isDirectory(root)) {
            try (var entries = Files.list(root)) {
                assertThat(entries.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("run-" + pid + "-"));
            }
        }
    }
}
