package org.pgingest.server;

import org.pgingest.results.WorkDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZoneId;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A data directory as initdb wrote it, kept once per PostgreSQL version and environment under {@link RunDirectory#root()}
 * and copied into each new embedded server's data directory in place of another initdb, most of an embedded start
 * (docs/running.md). It is a cache of a cluster never started: removing it costs the next start one initdb.
 * What initdb writes depends on the binaries, the user running it (the files' owner) and the locale and time zone of
 * its environment (lc_* and timezone in postgresql.conf): the directory's name holds a digest of them, so that
 * another environment gets a template of its own.
 */
final class InitdbTemplate {
    private static final Logger LOG = LoggerFactory.getLogger(InitdbTemplate.class);
    static final String PREFIX = "initdb-";
    /** What initdb reads from its environment (PostgreSQL 14-18: locale settings and the default time zone). */
    private static final List<String> ENVIRONMENT = List.of("TZ", "LANG", "LANGUAGE", "LC_ALL", "LC_COLLATE", "LC_CTYPE",
            "LC_MESSAGES", "LC_MONETARY", "LC_NUMERIC", "LC_TIME");
    /** zonky's lock file, made in the data directory before its customizer runs: this server's, not the template's. */
    private static final String ZONKY_LOCK = "epg-lock";
    /** The digest of the template's files as it was kept (paths, sizes, contents), beside them; never copied. */
    private static final String DIGEST = "pg-ingest-bench-template.sha256";

    private final Path directory;

    private InitdbTemplate(Path directory) {
        this.directory = directory;
    }

    /** The template of {@code version} (a full version, as {@link PgVersions#resolve} gives it) in this environment. */
    static InitdbTemplate of(String version) {
        StringBuilder environment = new StringBuilder(version).append('\n').append(System.getProperty("user.name"))
                .append('\n').append(ZoneId.systemDefault().getId());
        for (String name : ENVIRONMENT) {
            environment.append('\n').append(name).append('=').append(Objects.toString(System.getenv(name), ""));
        }
        return new InitdbTemplate(RunDirectory.root().resolve(PREFIX + version + "-" + digest(environment.toString())));
    }

    Path directory() {
        return directory;
    }

    /**
     * Copies the template into {@code run}'s data directory, which must not exist yet; false, leaving none, when
     * there is no template yet, none this user alone can have written, or one whose files are no longer what was kept
     * (that one is removed: the next start keeps a new one).
     */
    boolean copyTo(RunDirectory run) throws IOException {
        if (!Files.exists(directory, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        PosixFileAttributes attributes = Files.readAttributes(directory, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        // Another user's template would run their settings as this user (an archive_command, say): only a directory
        // of this user's, closed to others as initdb leaves it, is used.
        if (!attributes.isDirectory() || !attributes.owner().equals(Files.getOwner(run.path()))
                || !attributes.permissions().stream().allMatch(p -> p.name().startsWith("OWNER_"))) {
            LOG.warn("not using {}: not a directory of this user's closed to others (owner {}, {}); each start runs "
                    + "initdb while it is there", directory, attributes.owner(), PosixFilePermissions.toString(attributes.permissions()));
            return false;
        }
        // A cache, not a part of the server: removed under the copy (a temporary directory emptied while a run
        // starts), or changed since it was kept (a file emptied or rewritten: every later start would fail in the
        // server's words, an adversarial pass saw "PANIC: could not read file global/pg_control"), it costs this
        // start an initdb, which zonky runs on an empty data directory only.
        String problem;
        if (!Files.isRegularFile(directory.resolve(DIGEST), LinkOption.NOFOLLOW_LINKS)) {
            problem = "it has no " + DIGEST + " (kept by an earlier build, or changed)";
        } else {
            try {
                String kept = Files.readString(directory.resolve(DIGEST), StandardCharsets.UTF_8).trim();
                problem = copy(directory, run.dataDirectory()).equals(kept) ? null : "its files changed since it was kept";
            } catch (IOException e) {
                problem = "copying it failed (" + e + ")";
            }
        }
        if (problem == null) {
            return true;
        }
        LOG.warn("not using {}: {}; it is removed, and this start runs initdb", directory, problem);
        WorkDirectory.deleteTree(run.dataDirectory());
        WorkDirectory.deleteTree(directory);
        return false;
    }

    /**
     * Keeps {@code initialized}, a data directory initdb has just written and no server has started on, as the
     * template, unless another start kept one first. The copy is made in {@code run} (removed with it, or by a
     * leftover sweep if this JVM dies meanwhile) and moved into place in one step: no start copies a half-made one.
     */
    void keep(Path initialized, RunDirectory run) {
        if (Files.isDirectory(directory)) {
            return;
        }
        Path partial = run.path().resolve("initdb-template");
        try {
            String digest = copy(initialized, partial);
            Files.writeString(partial.resolve(DIGEST), digest + "\n", StandardCharsets.UTF_8);
            Files.move(partial, directory, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // Two starts that both found none: the one whose move came second keeps nothing, its copy goes with its run.
            if (!Files.isDirectory(directory)) {
                throw new UncheckedIOException("cannot keep the initdb template " + directory, e);
            }
        }
    }

    /**
     * Copies a data directory with its files' permissions (the server refuses a data directory others can read), and
     * returns the digest of what it copied: each file's path, size and SHA-256, in path order (initdb's 20-odd MB are
     * read once either way).
     */
    private static String copy(Path from, Path to) throws IOException {
        SortedMap<String, String> files = new TreeMap<>();
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.copy(dir, to.resolve(from.relativize(dir).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String relative = from.relativize(file).toString();
                if (!relative.equals(ZONKY_LOCK) && !relative.equals(DIGEST)) {
                    byte[] content = Files.readAllBytes(file);
                    Path copy = Files.write(to.resolve(relative), content, StandardOpenOption.CREATE_NEW);
                    Files.setPosixFilePermissions(copy, Files.getPosixFilePermissions(file));
                    files.put(relative, content.length + " " + sha256(content));
                }
                return FileVisitResult.CONTINUE;
            }
        });
        StringBuilder listing = new StringBuilder();
        files.forEach((path, sizeAndDigest) -> listing.append(path).append(' ').append(sizeAndDigest).append('\n'));
        return sha256(listing.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static String digest(String environment) {
        return sha256(environment.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
    }
}
