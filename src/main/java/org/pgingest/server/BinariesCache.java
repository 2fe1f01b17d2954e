package org.pgingest.server;

import io.zonky.test.db.postgres.embedded.PgBinaryResolver;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.pgingest.results.WorkDirectory;
import org.tukaani.xz.XZInputStream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * zonky's cache of unpacked binaries ({@code ${java.io.tmpdir}/embedded-pg/PG-<md5 of the archive>}, or under
 * {@code -Dot.epg.working-dir}), checked before and after zonky unpacks into it. zonky 2.2 writes the files
 * asynchronously, logs a failed write instead of failing, and marks the directory complete ({@code .exists})
 * either way: a disk that fills during unpacking leaves 0-byte or short binaries behind a complete mark, and every
 * later start on that machine fails. So, as a resolver wrapped around zonky's, this
 * <ul>
 *   <li>removes a cached directory whose files do not match the archive's sizes, so that zonky unpacks it again;</li>
 *   <li>refuses to unpack where the disk has less room than the archive's files need, naming the disk and both
 *       sizes;</li>
 *   <li>after zonky unpacked ({@link #verifyUnpacked()}), checks the files again and removes an incomplete
 *       directory with the same message.</li>
 * </ul>
 * A directory that passed is marked ({@value #CHECKED}) and not read again.
 */
final class BinariesCache implements PgBinaryResolver {
    /** Our mark of a directory whose every file matched the archive; zonky's own mark is {@code .exists}. */
    static final String CHECKED = ".pg-ingest-bench-checked";
    private static final String ZONKY_MARK = ".exists";

    private final PgBinaryResolver resolver;
    private final String version;
    private volatile Unpacked unpacked;

    /** The cache directory of one archive and the size of each regular file it holds. */
    private record Unpacked(Path directory, Map<String, Long> sizes) {
        long total() {
            return sizes.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    BinariesCache(PgBinaryResolver resolver, String version) {
        this.resolver = resolver;
        this.version = version;
    }

    /** zonky's working directory, as zonky 2.2 computes it (EmbeddedPostgres.getWorkingDirectory). */
    static Path workingDirectory() {
        return Path.of(System.getProperty("ot.epg.working-dir",
                Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
    }

    @Override
    public InputStream getPgBinary(String system, String machineHardware) throws IOException {
        byte[] archive;
        try (InputStream in = resolver.getPgBinary(system, machineHardware)) {
            archive = in.readAllBytes();
        }
        Path dir = workingDirectory().resolve("PG-" + md5(archive));
        TrustedDirectory.require(dir, "PostgreSQL's unpacked binaries", "unpack them into a directory of your own with "
                + "-Dot.epg.working-dir=DIR");
        if (Files.exists(dir.resolve(CHECKED))) {
            // Checked before: the archive's listing is not read again (it means decompressing all of it, about 60 MB
            // for PostgreSQL 17, at every server start).
            return new ByteArrayInputStream(archive);
        }
        Unpacked expected = new Unpacked(dir, sizes(archive));
        unpacked = expected;
        if (Files.exists(dir.resolve(ZONKY_MARK))) {
            if (mismatch(expected).isPresent()) {
                // Broken for every user of this machine: zonky would only ever reuse it.
                WorkDirectory.deleteTree(dir);
            } else {
                Files.createFile(dir.resolve(CHECKED));
            }
        }
        if (!Files.exists(dir.resolve(ZONKY_MARK))) {
            Path existing = dir;
            while (!Files.exists(existing)) {
                existing = existing.getParent();
            }
            long free = Files.getFileStore(existing).getUsableSpace();
            // What is there already (a half-unpacked directory) is overwritten, so it counts as room.
            if (free + sizeOf(dir) < expected.total()) {
                throw new TargetException(noRoom(expected, existing));
            }
        }
        return new ByteArrayInputStream(archive);
    }

    /**
     * After zonky unpacked: throws, and removes the directory, when its files do not match the archive (the disk
     * filled meanwhile, or another process changed it).
     */
    void verifyUnpacked() {
        Unpacked expected = unpacked;
        if (expected == null || !Files.isDirectory(expected.directory())
                || Files.exists(expected.directory().resolve(CHECKED))) {
            return;
        }
        try {
            Optional<String> mismatch = mismatch(expected);
            if (mismatch.isPresent()) {
                WorkDirectory.deleteTree(expected.directory());
                throw new TargetException(noRoom(expected, expected.directory().getParent()) + " (unpacking left "
                        + mismatch.get() + ")");
            }
            if (Files.exists(expected.directory().resolve(ZONKY_MARK))) {
                Files.createFile(expected.directory().resolve(CHECKED));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check " + expected.directory(), e);
        }
    }

    private String noRoom(Unpacked expected, Path existing) {
        String disk;
        long free;
        try {
            FileStore store = Files.getFileStore(existing);
            disk = store.toString();
            free = store.getUsableSpace();
        } catch (IOException e) {
            disk = "(unknown: " + e.getMessage() + ")";
            free = -1;
        }
        return "no space to unpack PostgreSQL " + version + "'s binaries into " + workingDirectory() + ": they need "
                + megabytes(expected.total()) + ", the disk holding it, " + disk + ", has " + (free < 0 ? "?" : megabytes(free))
                + " free; free space there, or unpack elsewhere with -Djava.io.tmpdir=DIR or -Dot.epg.working-dir=DIR";
    }

    private static String megabytes(long bytes) {
        return (bytes + (1 << 20) - 1) / (1 << 20) + " MB";
    }

    /** The first file of the archive that is missing or of another size in the directory. */
    private static Optional<String> mismatch(Unpacked expected) throws IOException {
        for (Map.Entry<String, Long> file : expected.sizes().entrySet()) {
            Path path = expected.directory().resolve(file.getKey());
            if (!Files.isRegularFile(path)) {
                return Optional.of(file.getKey() + " missing");
            }
            long size = Files.size(path);
            if (size != file.getValue()) {
                return Optional.of(file.getKey() + " at " + size + " of " + file.getValue() + " bytes");
            }
        }
        return Optional.empty();
    }

    private static Map<String, Long> sizes(byte[] archive) throws IOException {
        Map<String, Long> sizes = new LinkedHashMap<>();
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new ByteArrayInputStream(archive)))) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                if (entry.isFile() && !entry.isLink() && !entry.isSymbolicLink()) {
                    sizes.put(entry.getName().replaceFirst("^\\./", ""), entry.getSize());
                }
            }
        }
        return sizes;
    }

    private static long sizeOf(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static String md5(byte[] archive) {
        try {
            // zonky names the directory by the archive's MD5 (EmbeddedPostgres.prepareBinaries).
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(archive));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }

    // zonky caches unpacked binaries per resolver (a map keyed by it): equal for equal wrapped resolvers.
    @Override
    public boolean equals(Object o) {
        return o instanceof BinariesCache other && other.resolver.equals(resolver);
    }

    @Override
    public int hashCode() {
        return resolver.hashCode();
    }
}
