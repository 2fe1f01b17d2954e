package org.pgingest.server;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two launchers that start at once may both find the same leftover run directory and remove it together (seen when
 * a test's launcher crashed with "cannot delete run directory" while another run swept the same leftover): a file
 * or directory that the other remover took first is not an error.
 */
@Isolated // sets pg.run.root, where every server of this JVM makes its run directory
class RunDirectoryTest {
    @TempDir
    Path root;

    @RepeatedTest(5)
    void removersRacingOverOneDirectory_allSucceed() throws Exception {
        Path leftover = root.resolve(RunDirectory.PREFIX + "1-race");
        for (int d = 0; d < 20; d++) {
            Path sub = Files.createDirectories(leftover.resolve("data").resolve("base" + d));
            for (int f = 0; f < 100; f++) {
                Files.writeString(sub.resolve("f" + f), "x");
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> removers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                removers.add(pool.submit(() -> {
                    start.await();
                    RunDirectory.existing(leftover).delete();
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> remover : removers) {
                remover.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(leftover).doesNotExist();
    }

    /**
     * A sweep that reads a new directory's owner note while its creator writes it (an empty or partial note: seen
     * when a run's directory vanished while other launchers started forks) must not take the live run for a
     * leftover. A note that names no pid counts as no note: a leftover only once a minute old.
     */
    @org.junit.jupiter.api.Test
    void aNewDirectoryWhoseOwnerNoteNamesNoPidIsNotALeftover() throws Exception {
        Path dir = Files.createDirectories(root.resolve(RunDirectory.PREFIX + "2-new"));
        Files.writeString(dir.resolve("owner.properties"), "");
        assertThat(RunDirectory.existing(dir).ownerGone()).isFalse();
    }

    /** Directories created while another thread sweeps: not one of them is ever taken for a leftover. */
    @org.junit.jupiter.api.Test
    void aSweepDuringCreationNeverTakesALiveDirectoryForALeftover() throws Exception {
        String previous = System.getProperty("pg.run.root");
        System.setProperty("pg.run.root", root.toString());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.atomic.AtomicBoolean creating = new java.util.concurrent.atomic.AtomicBoolean(true);
            Future<List<Path>> sweeper = pool.submit(() -> {
                List<Path> takenForLeftovers = new ArrayList<>();
                while (creating.get()) {
                    try (var dirs = Files.list(root)) {
                        for (Path d : dirs.toList()) {
                            if (RunDirectory.existing(d).ownerGone()) {
                                takenForLeftovers.add(d);
                            }
                        }
                    }
                }
                return takenForLeftovers;
            });
            for (int i = 0; i < 300; i++) {
                RunDirectory.create();
            }
            creating.set(false);
            assertThat(sweeper.get()).isEmpty();
        } finally {
            pool.shutdownNow();
            if (previous == null) {
                System.clearProperty("pg.run.root");
            } else {
                System.setProperty("pg.run.root", previous);
            }
        }
    }
}
