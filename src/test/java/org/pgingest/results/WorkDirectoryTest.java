package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A run's own directory, and those of runs killed before they could remove theirs: removed by the next run of the same
 * kind, unless their owner still runs or the directory was kept.
 */
class WorkDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void theDirectoriesOfRunsThatAreGoneAreRemovedByTheNext() throws Exception {
        // a run killed with SIGKILL: its directory and owner mark are left, its process is gone
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor(30, TimeUnit.SECONDS)).isTrue();
        Path killed = Files.createDirectories(dir.resolve("rank-111"));
        Files.writeString(killed.resolve(WorkDirectory.OWNER), gone.pid() + " "
                + gone.info().startInstant().map(Object::toString).orElse("?"));
        Files.writeString(killed.resolve("tables.json"), "{}");
        // a pid that is running now, but started at another instant: reused by another process
        Path reused = Files.createDirectories(dir.resolve("rank-222"));
        Files.writeString(reused.resolve(WorkDirectory.OWNER), ProcessHandle.current().pid() + " 2001-01-01T00:00:00Z");
        // not this class's: no owner mark, or a mark it did not write
        Path foreign = Files.createDirectories(dir.resolve("rank-333"));
        Path odd = Files.createDirectories(dir.resolve("rank-444"));
        Files.writeString(odd.resolve(WorkDirectory.OWNER), "someone else's");
        Path otherKind = Files.createDirectories(dir.resolve("compare-555"));
        Files.writeString(otherKind.resolve(WorkDirectory.OWNER), gone.pid() + " ?");

        try (WorkDirectory running = WorkDirectory.in(dir, "rank-")) {
            assertThat(killed).doesNotExist();
            assertThat(reused).doesNotExist();
            assertThat(foreign).exists();
            assertThat(odd).exists();
            assertThat(otherKind).as("another prefix: another command's").exists();
            // a second run at once leaves the first's alone: its owner runs
            try (WorkDirectory second = WorkDirectory.in(dir, "rank-")) {
                assertThat(running.path()).exists();
                assertThat(second.path()).isNotEqualTo(running.path());
            }
            // kept (logs worth reading): no owner mark, so no later run removes it
            running.keep();
            assertThat(running.path().resolve(WorkDirectory.OWNER)).doesNotExist();
        }
        Path kept = Files.list(dir).filter(p -> p.getFileName().toString().startsWith("rank-")
                && !p.getFileName().toString().matches("rank-(333|444)")).findFirst().orElseThrow();
        try (WorkDirectory later = WorkDirectory.in(dir, "rank-")) {
            assertThat(kept).exists();
        }
    }
}
