package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * zonky's unpacked binaries on a full or broken disk (issue 19, item 5), in a cache directory of the test's own
 * (-Dot.epg.working-dir): the machine's shared /tmp/embedded-pg is never touched. Each start runs in a JVM of its
 * own, as zonky remembers an unpacked directory per JVM.
 */
class BinariesCacheTest {

    private record Started(boolean ready, String output) {
    }

    /** Starts an embedded server with its binaries under {@code workingDir}; stops it once it is ready. */
    private static Started start(Path workingDir, Path runRoot) throws Exception {
        Path out = Files.createTempFile("binaries-cache", ".txt");
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dot.epg.working-dir=" + workingDir, "-Dpg.run.root=" + runRoot, "-cp", System.getProperty("java.class.path"),
                EmbeddedServerProcess.class.getName())).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (p.isAlive() && !Files.readString(out).contains("READY ") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            return new Started(Files.readString(out).contains("READY "), Files.readString(out));
        } finally {
            ProcessTrees.stop(p);
            Files.delete(out);
        }
    }

    private static Path cached(Path workingDir, String file) throws Exception {
        try (Stream<Path> dirs = Files.list(workingDir)) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("PG-")).findFirst().orElseThrow().resolve(file);
        }
    }

    @Test
    void aCacheTruncatedByAFullDiskIsRepairedOnTheNextStart(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("embedded-pg");
        Started first = start(cache, dir.resolve("runs"));
        assertThat(first.ready()).as(first.output()).isTrue();
        Path postgres = cached(cache, "bin/postgres");
        long size = Files.size(postgres);
        // What a disk that filled during unpacking leaves: binaries cut short, zonky's completion mark present.
        try (FileChannel c = FileChannel.open(postgres, StandardOpenOption.WRITE)) {
            c.truncate(0);
        }
        Files.deleteIfExists(postgres.getParent().getParent().resolve(BinariesCache.CHECKED));
        assertThat(postgres.getParent().getParent().resolve(".exists")).exists();

        Started second = start(cache, dir.resolve("runs"));
        assertThat(second.ready()).as(second.output()).isTrue();
        assertThat(Files.size(cached(cache, "bin/postgres"))).isEqualTo(size);
    }

    /** A small tmpfs of the test's own stands for a nearly full disk. */
    @Test
    void aDiskWithoutRoomForTheBinariesIsNamedWithTheSpaceNeeded(@TempDir Path dir) throws Exception {
        Path small = Files.createDirectories(dir.resolve("small"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=20m", "tmpfs", small.toString())
                .redirectErrorStream(true).start();
        assertThat(mount.waitFor()).as("mount a 20 MB tmpfs (needs root): " + new String(mount.getInputStream().readAllBytes()))
                .isZero();
        try {
            Started started = start(small.resolve("embedded-pg"), dir.resolve("runs"));
            assertThat(started.ready()).isFalse();
            assertThat(started.output()).containsPattern("no space to unpack PostgreSQL \\d+\\.\\d+\\.\\d+'s binaries into "
                    + small.resolve("embedded-pg") + ": they need \\d+ MB, the disk holding it, " + small
                    + " \\(tmpfs\\), has 20 MB free; free space there, or unpack elsewhere with -Djava.io.tmpdir=DIR or "
                    + "-Dot.epg.working-dir=DIR");
            try (Stream<Path> left = Files.list(small)) {
                List<String> names = new ArrayList<>(left.map(p -> p.getFileName().toString()).toList());
                assertThat(names).as("nothing unpacked").allMatch(n -> n.equals("embedded-pg"));
            }
        } finally {
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }

    /**
     * The binaries' cache and the run root live in the machine's shared temporary directory by default: another user
     * who made one of them first, or may write into it, could have put their own programs or configuration there. Each
     * is refused then, naming it and the option that moves it; nothing is run from it. Needs root (chown), as CI has.
     */
    @Test
    void aCacheOrRunRootAnotherUserCouldHaveWrittenIsRefused(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("embedded-pg");
        Path runs = dir.resolve("runs");
        Started first = start(cache, runs);
        assertThat(first.ready()).as(first.output()).isTrue();
        Path binaries = cached(cache, "bin/postgres").getParent().getParent();
        int nobody = 65534;

        Files.setAttribute(binaries, "unix:uid", nobody);
        Started foreign = start(cache, runs);
        assertThat(foreign.ready()).isFalse();
        assertThat(foreign.output()).contains("PostgreSQL's unpacked binaries " + binaries + " belongs to another user "
                + "(uid 65534, not 0), so the suite does not run what it holds; remove it, or unpack them into a "
                + "directory of your own with -Dot.epg.working-dir=DIR");
        Files.setAttribute(binaries, "unix:uid", 0);

        Files.setPosixFilePermissions(binaries, PosixFilePermissions.fromString("rwxrwxrwx"));
        Started writable = start(cache, runs);
        assertThat(writable.ready()).isFalse();
        assertThat(writable.output()).contains("PostgreSQL's unpacked binaries " + binaries + " may be written by other "
                + "users (mode 777), so the suite does not run what it holds; chmod go-w it, or unpack them into a "
                + "directory of your own with -Dot.epg.working-dir=DIR");
        // writable by the user's own group (root's here), as a umask of 002 makes it: no other user's
        Files.setPosixFilePermissions(binaries, PosixFilePermissions.fromString("rwxrwxr-x"));

        Files.setAttribute(runs, "unix:uid", nobody);
        Started foreignRuns = start(cache, runs);
        assertThat(foreignRuns.ready()).isFalse();
        assertThat(foreignRuns.output()).contains("the directory of the suite's data directories and initdb templates "
                + runs + " belongs to another user (uid 65534, not 0), so the suite does not run what it holds; remove "
                + "it, or use a directory of your own with -Djava.io.tmpdir=DIR");
        Files.setAttribute(runs, "unix:uid", 0);
        Started again = start(cache, runs);
        assertThat(again.ready()).as(again.output()).isTrue();
    }
}
