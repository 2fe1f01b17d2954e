package org.pgingest.server;

import com.github.dockerjava.api.exception.NotFoundException;
import org.pgingest.exit.StopOnExit;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A container of any image honouring the official postgres image's contract ({@code -Dpg.image}, default
 * {@code postgres}; {@code docker/build-image.sh} builds {@code pg-ingest-bench/postgres} without a registry),
 * through Testcontainers. Every container carries the label {@value #RUN_LABEL} = this JVM's pid. The module's default command is
 * {@code postgres -c fsync=off}; {@code withCommand} replaces it whole with the suite's settings. Testcontainers'
 * Ryuk removes the container if this JVM dies.
 */
public final class ContainerTarget extends TargetBase {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerTarget.class);
    /** Label on every container the suite starts: the pid of the JVM that owns it. */
    static final String RUN_LABEL = "org.pgingest.owner-pid";

    private final PostgreSQLContainer container;
    /** Ctrl-C and SIGTERM run shutdown hooks: the container goes with the JVM even without Ryuk. */
    private final StopOnExit stopOnExit = new StopOnExit("pg-ingest-bench-container-shutdown", this::stop);

    private ContainerTarget(PostgreSQLContainer container, String schema) {
        super(new Endpoint(container.getHost(), container.getMappedPort(5432), OwnedServer.BENCHMARK_DATABASE,
                container.getUsername(), Secret.of(container.getPassword())), schema, Map.of(), OwnedServer.MONITOR_DATABASE);
        this.container = container;
    }

    @Override
    String image() {
        return container.getDockerImageName();
    }

    /**
     * Whether a Docker engine answers. Testcontainers answers false within a fraction of a second when
     * none is reachable (no socket, or a client with no engine behind it).
     */
    public static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    static ContainerTarget start(TargetConfig config) {
        String version = PgVersions.resolve(config.pgVersion());
        if (!dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
        sweepOrphans();
        String image = imageFor(config.image(), PgVersions.majorOf(version));
        requireImage(image, PgVersions.majorOf(version));
        List<String> command = new ArrayList<>(List.of("postgres"));
        config.settings().values().forEach((name, value) -> {
            command.add("-c");
            command.add(name + "=" + value);
        });
        // Any image keeping the official contract stands in for "postgres" (timescale, postgis, a local build).
        PostgreSQLContainer container = new PostgreSQLContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("postgres"))
                .withLabel(RUN_LABEL, Long.toString(ProcessHandle.current().pid()))
                .withDatabaseName(OwnedServer.BENCHMARK_DATABASE)
                .withUsername("bench")
                .withPassword(UUID.randomUUID().toString())
                // PGDATA stays on the container's own filesystem, never tmpfs: fsyncs are measured.
                .withSharedMemorySize(1024L * 1024 * 1024);
        container.withCommand(command.toArray(String[]::new));
        try {
            container.start();
        } catch (RuntimeException e) {
            container.stop();
            throw new TargetException("container " + image + " did not start: " + e.getMessage(), e);
        }
        ContainerTarget target = new ContainerTarget(container, config.schema());
        target.stopOnExit.register();
        try {
            OwnedServer.prepare(target, config);
        } catch (SQLException | RuntimeException e) {
            target.close();
            if (e instanceof TargetException te) {
                throw te;
            }
            throw new TargetException("container " + image + " started but could not be prepared: "
                    + target.endpoint().password().scrub(e.getMessage()), e);
        }
        LOG.info("{}, image {}", target.facts().summary(), target.facts().image());
        return target;
    }

    /** NAME:major, unless NAME already carries a tag (a ':' after its last '/') or a digest. */
    static String imageFor(String name, int major) {
        String last = name.substring(name.lastIndexOf('/') + 1);
        return last.contains(":") || name.contains("@") ? name : name + ":" + major;
    }

    /**
     * Fails in one line when the engine lacks the image: Testcontainers would otherwise retry a pull it
     * cannot get for minutes (no registry reachable) and print every attempt's stack trace.
     */
    public static void requireImage(TargetConfig config) {
        int major = PgVersions.majorOf(PgVersions.resolve(config.pgVersion()));
        requireImage(imageFor(config.image(), major), major);
    }

    private static void requireImage(String image, int major) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
        } catch (NotFoundException e) {
            throw new TargetException("Docker answers but has no image " + image + ": run 'docker pull " + image
                    + "', or build one here with 'docker/build-image.sh " + major
                    + "' and add -Dpg.image=pg-ingest-bench/postgres, or use -Dpg.target=embedded");
        }
    }

    @Override
    public TargetKind kind() {
        return TargetKind.CONTAINER;
    }

    @Override
    public void close() {
        stopOnExit.close();
    }

    private void stop() {
        container.stop();
    }

    /**
     * After {@code kill -9} no hook runs, and Ryuk (Testcontainers' reaper) may be unavailable (its image
     * cannot be pulled without a registry): so each start removes labelled containers whose owner pid is gone.
     * Containers of live JVMs (other clones testing in parallel) are left alone.
     */
    public static List<String> sweepOrphans() {
        List<String> removed = new ArrayList<>();
        var docker = DockerClientFactory.instance().client();
        for (var c : docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(RUN_LABEL)).exec()) {
            String owner = c.getLabels().get(RUN_LABEL);
            if (owner != null && owner.matches("\\d+") && ProcessHandle.of(Long.parseLong(owner)).isEmpty()) {
                docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
                LOG.info("removed container {} left by process {}, which is gone", c.getId(), owner);
                removed.add(c.getId());
            }
        }
        return removed;
    }
}
