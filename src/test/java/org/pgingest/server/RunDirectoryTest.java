package org.pgingest.server;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.io.TempDir;

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
}
