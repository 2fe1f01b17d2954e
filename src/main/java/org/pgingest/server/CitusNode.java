package org.pgingest.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One PostgreSQL of the Citus target's cluster: initdb into a {@link RunDirectory} of its own, the settings written
 * into its postgresql.conf, started and stopped with pg_ctl on a free port of localhost (no unix socket). A run
 * directory per node lets {@link LeftoverSweeper} stop and remove each after a {@code kill -9} as it does an embedded
 * server's.
 *
 * <p>PostgreSQL refuses to run as root ("initdb: cannot be run as root"). zonky's binaries, which the embedded target
 * runs, are built without that check; a distribution's are not, so as root each command runs as the unprivileged
 * {@value #UNPRIVILEGED_USER} (Debian's postgresql package creates it), through util-linux's setpriv, and the node's
 * directory is given to it.
 */
final class CitusNode {
    static final String UNPRIVILEGED_USER = "postgres";
    private static final long COMMAND_WAIT_S = 120;

    private final String name;
    private final Path bin;
    private final RunDirectory run;
    private final int port;
    private final boolean asRoot;

    private CitusNode(String name, Path bin, RunDirectory run, int port, boolean asRoot) {
        this.name = name;
        this.bin = bin;
        this.run = run;
        this.port = port;
        this.asRoot = asRoot;
    }

    /**
     * initdb, settings, start; what a failed start began is stopped and removed, and the start is tried once more in a
     * new directory on another port: the free port is chosen before the postmaster binds it, and another server
     * starting beside it may take it meanwhile (a full test run, 2026-12-03, saw one coordinator of many fail to start
     * with nothing in its log, and start on the next try). A second failure is the one reported, the first kept with it.
     */
    static CitusNode start(String name, Path home, Map<String, String> settings) {
        try {
            return startOnce(name, home, settings);
        } catch (TargetException first) {
            try {
                return startOnce(name, home, settings);
            } catch (TargetException second) {
                second.addSuppressed(first);
                throw second;
            }
        }
    }

    private static CitusNode startOnce(String name, Path home, Map<String, String> settings) {
        RunDirectory run = RunDirectory.create();
        CitusNode node = null;
        try {
            boolean asRoot = Integer.valueOf(0).equals(Files.getAttribute(run.path(), "unix:uid"));
            node = new CitusNode(name, home.resolve("bin"), run, freePort(), asRoot);
            node.initdb(settings);
            node.pgCtl("-w", "-t", "60", "-l", run.path().resolve("server.log").toString(), "start");
            return node;
        } catch (IOException | RuntimeException e) {
            if (node != null) {
                node.stop();
            }
            String log = read(run.path().resolve("server.log"));
            run.delete();
            throw new TargetException("Citus " + name + " did not start: " + e.getMessage()
                    + (log.isBlank() ? "" : "; its log: " + lastLines(log)), e);
        }
    }

    private void initdb(Map<String, String> settings) throws IOException {
        Path data = run.dataDirectory();
        Files.createDirectories(data);
        if (asRoot) {
            run("chown", "-R", UNPRIVILEGED_USER + ":", run.path().toString());
        }
        run(asUser(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", "postgres", "-A", "trust",
                "-E", "UTF8", "--locale=C", "--no-sync"));
        List<String> lines = new ArrayList<>(List.of("", "# written by pg-ingest-bench for the citus target's " + name,
                "port = " + port, "listen_addresses = 'localhost'", "unix_socket_directories = ''"));
        settings.forEach((k, v) -> lines.add(k + " = '" + v.replace("'", "''") + "'"));
        Files.write(data.resolve("postgresql.conf"), lines, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** Stops the server (fast shutdown: the suite's sessions are done) and removes its directory. */
    void stop() {
        Optional<ProcessHandle> postmaster = LeftoverSweeper.postmasterOf(run.dataDirectory());
        if (postmaster.isPresent()) {
            try {
                pgCtl("-w", "-t", "30", "-m", "fast", "stop");
            } catch (RuntimeException e) {
                // pg_ctl failed or timed out: the postmaster is stopped as a leftover's would be (TERM, then KILL)
                LeftoverSweeper.postmasterOf(run.dataDirectory()).ifPresent(LeftoverSweeper::stop);
            }
            // pg_ctl -w returns once the pid file is gone; the postmaster removes it just before it exits.
            postmaster.get().onExit().completeOnTimeout(postmaster.get(), 30, TimeUnit.SECONDS).join();
        }
        if (LeftoverSweeper.postmasterOf(run.dataDirectory()).isEmpty()) {
            run.delete();
        }
    }

    /** Whether its postmaster runs (tests stop a worker mid-iteration). */
    Optional<ProcessHandle> postmaster() {
        return LeftoverSweeper.postmasterOf(run.dataDirectory());
    }

    String name() {
        return name;
    }

    int port() {
        return port;
    }

    Path runDirectory() {
        return run.path();
    }

    private void pgCtl(String... args) {
        List<String> command = new ArrayList<>(List.of(bin.resolve("pg_ctl").toString(), "-D", run.dataDirectory().toString()));
        command.addAll(List.of(args));
        run(asUser(command.toArray(String[]::new)));
    }

    private String[] asUser(String... command) {
        if (!asRoot) {
            return command;
        }
        return Stream.concat(Stream.of("setpriv", "--reuid=" + UNPRIVILEGED_USER, "--regid=" + UNPRIVILEGED_USER,
                "--clear-groups", "--"), Stream.of(command)).toArray(String[]::new);
    }

    /** Runs a command to its end; its output is the exception's message where it fails. */
    private void run(String... command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).directory(run.path().toFile());
            // libpq in the server (Citus' connections to the other nodes) reads ~/.postgresql for client
            // certificates: the JVM user's home, unreadable to the unprivileged user, is no business of the cluster.
            builder.environment().put("HOME", run.path().toString());
            Process p = builder.start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(COMMAND_WAIT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new TargetException(String.join(" ", command) + " did not end within " + COMMAND_WAIT_S + " s");
            }
            if (p.exitValue() != 0) {
                throw new TargetException(String.join(" ", command) + " failed (exit " + p.exitValue() + "): "
                        + lastLines(output));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command[0], e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetException("interrupted while running " + command[0], e);
        }
    }

    private static String lastLines(String text) {
        List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
        return String.join(" / ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return ""; // a log that cannot be read adds nothing to the message it was read for
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }
}
