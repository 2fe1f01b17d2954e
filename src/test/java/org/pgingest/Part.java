package org.pgingest;

import org.pgingest.server.ContainerTarget;
import org.pgingest.server.PgBouncer;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetException;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** A part of the test environment that {@code .ci/run} installs, and how a test finds it. */
public enum Part {
    DOCKER("a Docker engine") {
        @Override
        public Optional<String> absence() {
            return ContainerTarget.dockerAvailable() ? Optional.empty()
                    : Optional.of("no Docker engine answers on this machine (.ci/run, as root, installs docker.io and starts dockerd)");
        }
    },
    /** The images the container tests run: {@link LocalImages} builds or pulls them where it can. */
    LOCAL_IMAGES("a PostgreSQL image of each major the tests run " + LocalImages.MAJORS) {
        @Override
        public Optional<String> absence() {
            return DOCKER.absence().or(LocalImages::absence);
        }
    },
    COMPOSE("Docker Compose") {
        @Override
        public Optional<String> absence() {
            return composeCommand().isPresent() ? Optional.empty()
                    : Optional.of("neither 'docker compose' nor 'docker-compose' answers (Debian: apt-get install docker-compose)");
        }
    },
    CHROMIUM("Chromium") {
        @Override
        public Optional<String> absence() {
            return chromium().isPresent() ? Optional.empty()
                    : Optional.of("no chromium or chromium-browser on PATH (Debian: apt-get install chromium)");
        }
    },
    /** GitHub's own Markdown renderer, to check what a pull-request comment shows. */
    CMARK_GFM("cmark-gfm (GitHub's Markdown renderer)") {
        @Override
        public Optional<String> absence() {
            return cmarkGfm().isPresent() ? Optional.empty()
                    : Optional.of("no cmark-gfm on PATH (Debian: apt-get install cmark-gfm)");
        }
    },
    PGBOUNCER("PgBouncer") {
        @Override
        public Optional<String> absence() {
            return pgbouncer().isPresent() ? Optional.empty()
                    : Optional.of("no pgbouncer on PATH, in /usr/sbin or /usr/local/sbin (Debian: apt-get install pgbouncer)");
        }
    },
    /** PgBouncer 1.25, as deployed today (tracks prepared statements in transaction mode); no registry has it. */
    PGBOUNCER_125("PgBouncer 1.25 in /opt/pg-ingest-bench/pgbouncer-1.25") {
        @Override
        public Optional<String> absence() {
            return Files.isExecutable(PGBOUNCER_125_HOME.resolve("bin").resolve("pgbouncer")) ? Optional.empty()
                    : Optional.of("no " + PGBOUNCER_125_HOME + "/bin/pgbouncer (docker/build-vendor.sh builds it from "
                    + "../shared/vendor; .ci/run calls it where that directory exists)");
        }
    },

    /** Citus in the PostgreSQL the citus target finds by default (docker/build-vendor.sh builds 13.2.2 into Debian's 15). */
    CITUS("Citus in a PostgreSQL install (-Dpg.citus.home's default)") {
        @Override
        public Optional<String> absence() {
            try {
                TargetConfig.defaults().citus().requireInstall();
                return Optional.empty();
            } catch (TargetException e) {
                return Optional.of(e.getMessage());
            }
        }
    };

    /** Where docker/build-vendor.sh installs PgBouncer 1.25.2. */
    public static final Path PGBOUNCER_125_HOME = Path.of("/opt/pg-ingest-bench/pgbouncer-1.25");

    private final String description;

    Part(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** Empty where the part is here; otherwise why not and how to get it. */
    public abstract Optional<String> absence();

    /** Debian names the browser {@code chromium}, Ubuntu's older packages {@code chromium-browser}. */
    public static Optional<Path> chromium() {
        return onPath(List.of("chromium", "chromium-browser"), List.of());
    }

    public static Optional<Path> cmarkGfm() {
        return onPath(List.of("cmark-gfm"), List.of());
    }

    /** Where the suite itself finds PgBouncer: on PATH, or in /usr/sbin (Debian) or /usr/local/sbin. */
    public static Optional<Path> pgbouncer() {
        return PgBouncer.binary();
    }

    /** Compose v2 is a docker plugin ({@code docker compose}); v1 is its own program ({@code docker-compose}). */
    public static Optional<List<String>> composeCommand() {
        for (List<String> candidate : List.of(List.of("docker", "compose"), List.of("docker-compose"))) {
            List<String> probe = new ArrayList<>(candidate);
            probe.add("version");
            try {
                if (ChildProcess.run(new ProcessBuilder(probe), Duration.ofSeconds(30)).exitCode() == 0) {
                    return Optional.of(candidate);
                }
            } catch (IOException notInstalled) {
                // try the next spelling
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    static Optional<Path> onPath(List<String> names, List<Path> extraDirectories) {
        Stream<Path> pathDirectories = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(Path::of);
        return Stream.concat(pathDirectories, extraDirectories.stream())
                .flatMap(dir -> names.stream().map(dir::resolve))
                .filter(Files::isExecutable).findFirst();
    }
}
