package org.pgingest.server;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the Citus target's PostgreSQL comes from and how many workers it starts: {@code -Dpg.citus.home=DIR} (env
 * {@code PGIB_CITUS_HOME}), a PostgreSQL install whose {@code lib} holds citus.so; by default the one whose
 * {@code pg_config} is on PATH, else Debian's /usr/lib/postgresql/15 (where {@code docker/build-vendor.sh} installs
 * Citus 13.2.2: Debian 12 ships no other major Citus 13.2 supports). {@code -Dpg.citus.workers=N} (env
 * {@code PGIB_CITUS_WORKERS}), default 2.
 *
 * @param home    the install directory (with {@code bin/initdb}, {@code bin/pg_ctl}); empty for the default
 * @param workers worker nodes beside the coordinator
 */
public record CitusSetup(Optional<Path> home, int workers) {
    static final String HOME_OPTION = "pg.citus.home";
    static final String WORKERS_OPTION = "pg.citus.workers";
    static final int DEFAULT_WORKERS = 2;
    /** More would not fit a machine's memory and cores beside a benchmark; a real cluster is an external target. */
    static final int MAX_WORKERS = 8;
    private static final Path DEBIAN_15 = Path.of("/usr/lib/postgresql/15");

    public CitusSetup {
        if (workers < 1 || workers > MAX_WORKERS) {
            throw new TargetException("-D" + WORKERS_OPTION + "=" + workers + ": give 1 to " + MAX_WORKERS
                    + " workers (default " + DEFAULT_WORKERS + ")");
        }
    }

    static CitusSetup defaults() {
        return new CitusSetup(Optional.empty(), DEFAULT_WORKERS);
    }

    /** Parses the option's value; anything but a whole number in range is one line. */
    static int parseWorkers(String value) {
        try {
            return new CitusSetup(Optional.empty(), Integer.parseInt(value.trim())).workers();
        } catch (NumberFormatException e) {
            throw new TargetException("-D" + WORKERS_OPTION + "=" + value + ": give 1 to " + MAX_WORKERS
                    + " workers (default " + DEFAULT_WORKERS + ")");
        }
    }

    /** The install directory: the one given, or pg_config's on PATH, or Debian's PostgreSQL 15. */
    Path resolvedHome() {
        return home.orElseGet(() -> Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "pg_config")).filter(Files::isExecutable)
                .map(CitusSetup::installOf).flatMap(Optional::stream).findFirst().orElse(DEBIAN_15));
    }

    /**
     * Debian's /usr/bin/pg_config is a wrapper for the newest installed major; the install it describes is the
     * parent of its {@code --bindir}, read the way the suite reads it below (the directory of initdb).
     */
    private static Optional<Path> installOf(Path pgConfig) {
        try {
            Process p = new ProcessBuilder(pgConfig.toString(), "--bindir").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).strip();
            return p.waitFor() == 0 && Files.isExecutable(Path.of(out, "initdb"))
                    ? Optional.of(Path.of(out).getParent()) : Optional.empty();
        } catch (java.io.IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The install, or the one line that says it is no PostgreSQL with Citus and how to get one. */
    public Path requireInstall() {
        Path dir = resolvedHome();
        if (!Files.isExecutable(dir.resolve("bin/initdb")) || !Files.isExecutable(dir.resolve("bin/pg_ctl"))) {
            throw new TargetException("the citus target needs a PostgreSQL install with Citus; " + dir + " has no "
                    + "bin/initdb and bin/pg_ctl: name one with -D" + HOME_OPTION + "=DIR (docker/build-vendor.sh "
                    + "builds Citus 13.2.2 into Debian's /usr/lib/postgresql/15; or Citus' own packages)");
        }
        if (!Files.isRegularFile(dir.resolve("lib/citus.so"))) {
            throw new TargetException("the citus target needs Citus in " + dir + " (no lib/citus.so): "
                    + "docker/build-vendor.sh builds Citus 13.2.2 into Debian's /usr/lib/postgresql/15, or install "
                    + "Citus' package for that PostgreSQL, or name another install with -D" + HOME_OPTION + "=DIR");
        }
        return dir;
    }
}
