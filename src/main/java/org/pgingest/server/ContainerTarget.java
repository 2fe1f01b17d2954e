package org.pgingest.server;

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
 * A postgres:&lt;major&gt; container through Testcontainers. The module's default command is
 * {@code postgres -c fsync=off}; {@code withCommand} replaces it whole with the suite's settings. Testcontainers'
 * Ryuk removes the container if this JVM dies.
 */
public final class ContainerTarget extends TargetBase {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerTarget.class);
    /** The official image; the tag is the major of the requested version. */
    static final String IMAGE = "postgres";

    private final PostgreSQLContainer container;

    private ContainerTarget(PostgreSQLContainer container, String schema) {
        super(new Endpoint(container.getHost(), container.getMappedPort(5432), OwnedServer.BENCHMARK_DATABASE,
                container.getUsername(), Secret.of(container.getPassword())), schema, Map.of(), OwnedServer.MONITOR_DATABASE);
        this.container = container;
    }

    /**
     * Whether a Docker engine answers. Testcontainers answers false within a fraction of a second when
     * none is reachable (no socket, or a client with no engine behind it).
     */
    public static boolean dockerAvailable() {
        return DockerClientFactory.instance().isDockerAvailable();
    }

    public static ContainerTarget start(TargetConfig config) {
        String version = PgVersions.resolve(config.pgVersion());
        if (!dockerAvailable()) {
            throw new TargetException("the container target needs a running Docker engine and none answered; "
                    + "use -Dpg.target=embedded (the default, needs only a JDK) or -Dpg.target=external");
        }
        String image = IMAGE + ":" + PgVersions.majorOf(version);
        List<String> command = new ArrayList<>(List.of("postgres"));
        config.settings().values().forEach((name, value) -> {
            command.add("-c");
            command.add(name + "=" + value);
        });
        PostgreSQLContainer container = new PostgreSQLContainer(DockerImageName.parse(image))
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
        LOG.info("{}", target.facts().summary());
        return target;
    }

    @Override
    public TargetKind kind() {
        return TargetKind.CONTAINER;
    }

    @Override
    public void close() {
        container.stop();
    }
}
