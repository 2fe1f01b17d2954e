package org.pgingest.stats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

/**
 * CPU time of a PostgreSQL server running on this host, from Linux process accounting: user + system time
 * of the postmaster and every live child, plus the postmaster's "children" times, which hold the CPU of
 * backends that have already exited (the postmaster reaps them). Found through the monitor's own backend:
 * its parent is the postmaster, confirmed by name and start time, so a remote server whose pids happen to
 * exist here is not mistaken for a local one.
 */
final class ServerCpu {
    private static final Path PROC = Path.of("/proc");

    private final long postmasterPid;
    private final double millisPerTick;
    private final String missingReason;

    private ServerCpu(long postmasterPid, double millisPerTick, String missingReason) {
        this.postmasterPid = postmasterPid;
        this.millisPerTick = millisPerTick;
        this.missingReason = missingReason;
    }

    static ServerCpu missing(String reason) {
        return new ServerCpu(-1, 0, reason);
    }

    /** Locates the server's postmaster on this host, or says why it cannot. */
    static ServerCpu locate(Connection monitor) throws SQLException {
        if (!Files.isDirectory(PROC.resolve("self"))) {
            return missing("no /proc on this host: server CPU is read on Linux only");
        }
        long backendPid;
        double startEpoch;
        try (Statement st = monitor.createStatement();
             ResultSet rs = st.executeQuery(CounterReader.TAG
                     + "SELECT pg_backend_pid(), extract(epoch FROM pg_postmaster_start_time())")) {
            rs.next();
            backendPid = rs.getLong(1);
            startEpoch = rs.getDouble(2);
        }
        String notHere = "the server's processes are not visible on this host (a remote server, or a container's "
                + "own process namespace)";
        try {
            ProcStat backend = ProcStat.read(backendPid);
            if (backend == null || !backend.comm().startsWith("postgres")) {
                return missing(notHere);
            }
            ProcStat postmaster = ProcStat.read(backend.ppid());
            double ticksPerSecond = ticksPerSecond();
            if (postmaster == null || !postmaster.comm().startsWith("postgres")
                    || Math.abs(bootEpochSeconds() + postmaster.startTicks() / ticksPerSecond - startEpoch) > 5) {
                return missing(notHere);
            }
            return new ServerCpu(backend.ppid(), 1000.0 / ticksPerSecond, null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read process accounting in /proc", e);
        }
    }

    /** Null when CPU can be read; otherwise why not. */
    String missingReason() {
        return missingReason;
    }

    /** CPU milliseconds the server has used so far. */
    double cpuMillis() {
        long ticks = 0;
        try (Stream<Path> entries = Files.list(PROC)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                String name = entry.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long pid = Long.parseLong(name);
                ProcStat stat = ProcStat.read(pid);
                if (stat == null) {
                    continue; // exited between listing and reading: its time is now in the postmaster's
                }
                if (pid == postmasterPid) {
                    ticks += stat.userTicks() + stat.systemTicks() + stat.childUserTicks() + stat.childSystemTicks();
                } else if (stat.ppid() == postmasterPid) {
                    ticks += stat.userTicks() + stat.systemTicks();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list /proc", e);
        }
        return ticks * millisPerTick;
    }

    private static double bootEpochSeconds() throws IOException {
        try (Stream<String> lines = Files.lines(PROC.resolve("stat"))) {
            return lines.filter(l -> l.startsWith("btime ")).findFirst()
                    .map(l -> Double.parseDouble(l.substring(6).trim()))
                    .orElseThrow(() -> new IOException("/proc/stat has no btime"));
        }
    }

    /** USER_HZ: 100 on every mainstream Linux; getconf confirms it where available. */
    private static double ticksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor() == 0 && out.matches("\\d+")) {
                return Double.parseDouble(out);
            }
        } catch (IOException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }

    /** The fields of /proc/PID/stat this class needs. */
    record ProcStat(String comm, long ppid, long userTicks, long systemTicks, long childUserTicks,
                    long childSystemTicks, long startTicks) {

        /** Null when the process does not exist (any more). */
        static ProcStat read(long pid) throws IOException {
            String text;
            Path dir = PROC.resolve(Long.toString(pid));
            try {
                text = Files.readString(dir.resolve("stat"));
            } catch (NoSuchFileException e) {
                return null;
            } catch (IOException e) {
                // A process that exits between the open and the read fails the read with ESRCH ("No such process"),
                // not as a missing file (seen on a machine where other builds started and ended processes).
                if (!Files.isDirectory(dir) || "No such process".equals(e.getMessage())) {
                    return null;
                }
                throw e;
            }
            // "pid (comm) state ppid ..."; comm may hold spaces and parentheses, so split after the last ')'
            int open = text.indexOf('(');
            int close = text.lastIndexOf(')');
            String[] f = text.substring(close + 2).trim().split(" ");
            // f[0] is field 3 (state): field n is f[n - 3]
            return new ProcStat(text.substring(open + 1, close), Long.parseLong(f[1]), Long.parseLong(f[11]),
                    Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14]), Long.parseLong(f[19]));
        }
    }
}
