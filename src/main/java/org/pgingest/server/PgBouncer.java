package org.pgingest.server;

import org.pgingest.exit.StopOnExit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A PgBouncer the suite runs between its loaders and a target, for one run: the installed program (Debian bookworm
 * ships 1.18) or the one {@link PgBouncerSetup} names, started on a free port of 127.0.0.1 with a configuration written into a {@link RunDirectory} of its
 * own, and stopped, with the directory removed, on {@link #close()}, Ctrl-C or SIGTERM. It runs under a small shell
 * that stops it as soon as the JVM's end of the shell's standard input closes, which the kernel does when the JVM
 * dies in any way, {@code kill -9} included; a run directory whose JVM is gone is swept on the next start like an
 * embedded server's ({@link LeftoverSweeper}).
 *
 * <p>The configuration, and why:
 * <ul>
 *   <li>one database entry, the target's, logging in as the target's role: with a password the role's password is
 *       in the auth file (mode 0600, in the run directory), and clients authenticate with SCRAM against it; without
 *       one (the embedded server trusts local connections) PgBouncer trusts its own clients, which can only come
 *       from this machine; its server connections named by {@link #applicationName()};</li>
 *   <li>{@code ignore_startup_parameters = extra_float_digits, search_path}: pgjdbc sends both at login and
 *       PgBouncer 1.18 refuses a login with a parameter it does not know; the suite's schema is set on every new
 *       server connection by {@code connect_query} instead;</li>
 *   <li>transaction mode only: {@code server_round_robin = 1} and {@code min_pool_size = 2}, so that one client's
 *       consecutive transactions land on different server connections, as they do when other clients share the
 *       pool. PgBouncer's default reuses the server connection released last, and a lone client would then keep one
 *       and pass for compatible with transaction pooling where it is not (named prepared statements);</li>
 *   <li>{@code max_client_conn = 1000} (default 100): the suite's writers and the harness's own connections are all
 *       clients; {@code max_prepared_statements} only where the setup sets it (1.21+); every other setting is
 *       PgBouncer's default ({@code default_pool_size = 20}).</li>
 * </ul>
 * No unix socket (it would go to /tmp), no admin console, no pid file of PgBouncer's own (the watchdog writes one).
 * PgBouncer refuses to run as root: as root it is told to switch to {@value #UNPRIVILEGED_USER} once it has read its
 * files, which stay readable by the JVM's user only.
 */
public final class PgBouncer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PgBouncer.class);
    static final String CONFIG_FILE = "pgbouncer.ini";
    static final String PID_FILE = "pgbouncer.pid";
    private static final String USERS_FILE = "userlist.txt";
    private static final String LOG_FILE = "pgbouncer.log";
    private static final String UNPRIVILEGED_USER = "nobody";
    /** What 1.18 logs once it listens. */
    private static final String READY = "process up";
    private static final Duration START_WAIT = Duration.ofSeconds(15);
    private static final Duration STOP_WAIT = Duration.ofSeconds(10);
    private static final int PORT_ATTEMPTS = 3;
    /** How to get PgBouncer, for the one line a missing one gives. */
    static final String INSTALL = "apt-get install pgbouncer (Debian, Ubuntu; dnf on Fedora, brew on macOS)";
    /**
     * Runs PgBouncer ($1, with configuration $2), writes its process id to $3, and stops it (SIGTERM, PgBouncer's fast
     * shutdown) when this shell's standard input ends. The JVM holds the other end of that pipe, so PgBouncer stops
     * when the JVM closes it, exits or is killed. Ctrl-C reaches the whole process group: the shell ignores it and
     * waits for the JVM's shutdown hook to close the pipe.
     */
    private static final String WATCHDOG = "trap '' INT; \"$1\" \"$2\" & echo $! > \"$3\"; read -r _; "
            + "kill -TERM $! 2>/dev/null; wait $!";

    private final RunDirectory run;
    private final Process watchdog;
    private final ProcessHandle process;
    private final int port;
    private final String version;
    private final Via via;
    private final PgBouncerSetup setup;
    private final StopOnExit stopOnExit = new StopOnExit("pg-ingest-bench-pgbouncer-shutdown", this::stop);

    private PgBouncer(RunDirectory run, Process watchdog, ProcessHandle process, int port, String version, Via via,
                      PgBouncerSetup setup) {
        this.run = run;
        this.watchdog = watchdog;
        this.process = process;
        this.port = port;
        this.version = version;
        this.via = via;
        this.setup = setup;
    }

    /** The installed program: on PATH, or in the sbin directories Debian and source builds use. */
    public static Optional<Path> binary() {
        Stream<Path> path = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty()).map(Path::of);
        return Stream.concat(path, Stream.of(Path.of("/usr/sbin"), Path.of("/usr/local/sbin")))
                .map(dir -> dir.resolve("pgbouncer")).filter(Files::isExecutable).findFirst();
    }

    static TargetException notInstalled(Via via) {
        return new TargetException(via.id() + " needs PgBouncer, which is not installed (not on PATH, in /usr/sbin "
                + "or /usr/local/sbin): " + INSTALL + "; or connect directly (" + Via.DIRECT.id() + ", the default)");
    }

    /** The installed PgBouncer in front of {@code server}: {@link #start(Endpoint, String, Via, PgBouncerSetup)}. */
    static PgBouncer start(Endpoint server, String schema, Via via) {
        return start(server, schema, via, PgBouncerSetup.installed());
    }

    /**
     * Starts the PgBouncer {@code setup} names in front of {@code server} (its database, role and password) in
     * {@code via}'s pool mode; new server connections get {@code schema} as their search_path.
     */
    static PgBouncer start(Endpoint server, String schema, Via via, PgBouncerSetup setup) {
        Path binary = setup.requireBinary(via);
        String version = version(binary);
        LeftoverSweeper.sweep();
        TargetException last = null;
        for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
            RunDirectory run = RunDirectory.create();
            try {
                return start(binary, version, run, server, schema, via, setup);
            } catch (PortTaken e) {
                // another process took the port between its check and PgBouncer's bind: try another
                run.delete();
                last = new TargetException(e.getMessage());
            }
        }
        throw last;
    }

    private static PgBouncer start(Path binary, String version, RunDirectory run, Endpoint server, String schema, Via via,
                                   PgBouncerSetup setup) throws PortTaken {
        Path log = run.path().resolve(LOG_FILE);
        Process watchdog = null;
        try {
            int port = freePort();
            boolean root = Integer.valueOf(0).equals(Files.getAttribute(run.path(), "unix:uid"));
            // readable by the JVM's user alone from its creation on: it holds the role's password
            Path users = Files.createFile(run.path().resolve(USERS_FILE),
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(users, quoted(server.user()) + " " + quoted(server.password().reveal()) + "\n",
                    StandardCharsets.UTF_8);
            Path config = run.path().resolve(CONFIG_FILE);
            Files.writeString(config, configuration(run.path(), server, schema, via, setup, port, root),
                    StandardCharsets.UTF_8);
            watchdog = new ProcessBuilder("/bin/sh", "-c", WATCHDOG, "pg-ingest-bench-pgbouncer",
                    binary.toString(), config.toString(), run.path().resolve(PID_FILE).toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .start();
            ProcessHandle process = awaitReady(watchdog, run, log, server.password());
            PgBouncer pgbouncer = new PgBouncer(run, watchdog, process, port, version, via, setup);
            pgbouncer.stopOnExit.register();
            LOG.info("{} on 127.0.0.1:{} in front of {}", pgbouncer.describe(), port, server.describe());
            return pgbouncer;
        } catch (PortTaken | TargetException e) {
            abandon(watchdog, run);
            throw e;
        } catch (IOException | RuntimeException e) {
            abandon(watchdog, run);
            throw new TargetException("PgBouncer " + version + " did not start: " + server.password().scrub(e.toString()), e);
        }
    }

    /** Stops what a failed start began and removes its directory. */
    private static void abandon(Process watchdog, RunDirectory run) {
        if (watchdog != null) {
            stop(watchdog, pidOf(run));
        }
        run.delete();
    }

    /** The configuration file (see the class comment for why each setting). */
    static String configuration(Path run, Endpoint server, String schema, Via via, PgBouncerSetup setup, int port,
                                boolean root) {
        List<String> lines = new ArrayList<>(List.of(
                ";; written by pg-ingest-bench for one run, removed with it",
                "[databases]",
                server.database() + " = host=" + server.host() + " port=" + server.port() + " dbname=" + server.database()
                        + " connect_query='SET search_path = " + schema + "' application_name=" + applicationName(run),
                "[pgbouncer]",
                "listen_addr = 127.0.0.1",
                "listen_port = " + port,
                "unix_socket_dir =",
                "auth_type = " + (server.password().isPresent() ? "scram-sha-256" : "trust"),
                "auth_file = " + run.resolve(USERS_FILE),
                "pool_mode = " + via.poolMode(),
                "max_client_conn = 1000",
                "ignore_startup_parameters = extra_float_digits, search_path"));
        if (via == Via.PGBOUNCER_TRANSACTION) {
            lines.add("server_round_robin = 1");
            lines.add("min_pool_size = " + PooledTarget.MINIMUM_POOL);
        }
        setup.maxPreparedStatements().ifPresent(n -> lines.add("max_prepared_statements = " + n));
        if (root) {
            lines.add("user = " + UNPRIVILEGED_USER);
        }
        return String.join("\n", lines) + "\n";
    }

    /** A value in PgBouncer's auth file: double-quoted, a double quote inside doubled. */
    private static String quoted(String value) {
        return "\"" + value.replace("\"", "\"\"") + "\"";
    }

    /** Waits until PgBouncer listens (and the watchdog has written its pid); its FATAL line if it gives up. */
    private static ProcessHandle awaitReady(Process watchdog, RunDirectory run, Path log, Secret password)
            throws PortTaken, IOException {
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (true) {
            String output = read(log);
            if (output.contains("Address already in use")) {
                throw new PortTaken(password.scrub(complaint(output)));
            }
            Optional<ProcessHandle> process = pidOf(run);
            if (output.contains(READY) && process.isPresent()) {
                return process.get();
            }
            if (!watchdog.isAlive() || output.contains(" FATAL ")) {
                throw new TargetException("PgBouncer did not start: " + password.scrub(complaint(output)));
            }
            if (System.nanoTime() > deadline) {
                throw new TargetException("PgBouncer did not start within " + START_WAIT.toSeconds() + " s: "
                        + password.scrub(complaint(output)));
            }
            sleep(20);
        }
    }

    /** PgBouncer's FATAL or ERROR lines without their timestamps, as one line. */
    static String complaint(String output) {
        String lines = output.lines()
                .map(l -> l.replaceFirst("^.*?\\b(FATAL|ERROR)\\s+", "$1 "))
                .filter(l -> l.startsWith("FATAL ") || l.startsWith("ERROR "))
                .distinct().collect(Collectors.joining("; "));
        return lines.isEmpty() ? "it exited and logged no reason" : lines;
    }

    /** PgBouncer's own process, from its pid file, if it runs with this directory's configuration. */
    static Optional<ProcessHandle> pidOf(RunDirectory run) {
        return PidFile.liveProcess(run.path().resolve(PID_FILE), run.path().resolve(CONFIG_FILE).toString());
    }

    /** "PgBouncer 1.18.0" from {@code pgbouncer --version}'s first line. */
    private static String version(Path binary) {
        try {
            Process p = new ProcessBuilder(binary.toString(), "--version").redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new TargetException(binary + " --version failed: " + output.strip());
            }
            String first = output.lines().findFirst().orElse("").strip();
            return first.startsWith("PgBouncer ") ? first.substring("PgBouncer ".length()) : first;
        } catch (IOException e) {
            throw new TargetException("cannot run " + binary + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while asking " + binary + " for its version", e);
        }
    }

    /** Where clients connect: this PgBouncer, with {@code server}'s database, role and password. */
    Endpoint route(Endpoint server) {
        return new Endpoint("127.0.0.1", port, server.database(), server.user(), server.password());
    }

    String version() {
        return version;
    }

    public Via via() {
        return via;
    }

    /**
     * The application_name of this PgBouncer's server connections, which tells them from other sessions of the same
     * role on the server: each gets it as it opens (its database entry's {@code application_name}, read by 1.18 and
     * 1.25), and keeps it while the suite's clients, which carry the same name, use it (PgBouncer sets a client's
     * application_name on the server connection it lends the client when the two differ).
     */
    public String applicationName() {
        return applicationName(run.path());
    }

    private static String applicationName(Path run) {
        return DataSources.APPLICATION_NAME + "-pooler-" + run.getFileName();
    }

    /**
     * The pooler as the facts record it: name, version, pool mode, and max_prepared_statements where the run set it
     * (otherwise the release's default: none before 1.21, 200 from 1.24).
     */
    Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("name", "pgbouncer");
        facts.put("version", version);
        facts.put("poolMode", via.poolMode());
        setup.maxPreparedStatements().ifPresent(n -> facts.put("maxPreparedStatements", String.valueOf(n)));
        return facts;
    }

    /** "PgBouncer 1.18.0 (transaction pooling)", "PgBouncer 1.25.2 (transaction pooling, max_prepared_statements=0)". */
    String describe() {
        return String.format(Locale.ROOT, "PgBouncer %s (%s pooling%s)", version, via.poolMode(),
                setup.maxPreparedStatements().isPresent()
                        ? ", max_prepared_statements=" + setup.maxPreparedStatements().getAsInt() : "");
    }

    /** The directory of its configuration, pid file and log; removed on close. */
    Path runDirectory() {
        return run.path();
    }

    /** PgBouncer's process id. */
    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        stopOnExit.close();
    }

    private void stop() {
        if (stop(watchdog, Optional.of(process))) {
            run.delete();
        } else {
            LOG.error("PgBouncer {} in {} is still running after stop; the next start will sweep it", process.pid(), run.path());
        }
    }

    /** Ends the watchdog's input, which stops PgBouncer; forcibly where that is not enough. True when both are gone. */
    private static boolean stop(Process watchdog, Optional<ProcessHandle> process) {
        try {
            watchdog.getOutputStream().close();
        } catch (IOException e) {
            LOG.debug("the watchdog's input was closed already", e);
        }
        try {
            if (!watchdog.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                watchdog.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.filter(ProcessHandle::isAlive).ifPresent(LeftoverSweeper::stop);
        return process.map(p -> !p.isAlive()).orElse(true);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while PgBouncer was starting", e);
        }
    }

    /** PgBouncer could not listen on the port picked for it. */
    private static final class PortTaken extends Exception {
        private static final long serialVersionUID = 1L;

        PortTaken(String message) {
            super(message);
        }
    }
}
