package org.pgingest.cli;

import org.openjdk.jmh.runner.RunnerException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * JMH's machine-wide lock file ({@code java.io.tmpdir}/jmh.lock, JMH 1.37), which keeps two benchmark runs on one
 * machine from measuring each other's load. None is taken or looked at with {@code -Djmh.ignoreLock=true}, as JMH does.
 */
public final class JmhLock implements AutoCloseable {
    /**
     * JMH's runner refuses to start while another run holds the lock, in its own words and with a flag the launcher's
     * command line cannot carry; said in the suite's (exit 1).
     */
    static final String LOCKED = "another benchmark run on this machine holds JMH's lock (" + file() + "): two runs at "
            + "once would disturb each other's figures, so this one did not start; run it when the other has ended (or, "
            + "to run both anyway, with JAVA_TOOL_OPTIONS=-Djmh.ignoreLock=true)";
    /** How JMH's runner (1.37) begins its refusal, and {@link #requireFree} its own. */
    private static final String REFUSAL = "Unable to acquire the JMH lock";

    private final FileChannel channel;
    private final FileLock lock;

    private JmhLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    private static Path file() {
        return Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
    }

    /**
     * Held for a whole ranking or comparison on behalf of all its launchers, which then ignore it (they run at once
     * by design, one waiting while another measures).
     *
     * @param command rank or compare, as the refusal names it
     */
    public static JmhLock take(String command) throws IOException {
        if (Boolean.getBoolean("jmh.ignoreLock")) {
            return new JmhLock(null, null);
        }
        FileChannel channel = FileChannel.open(file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.tryLock();
        if (lock == null) {
            channel.close();
            throw new UsageException("another JMH run holds " + file() + "; wait for it, or run beside it (each then "
                    + "measures the other's load) with -Djmh.ignoreLock=true after the command's name: ./bench "
                    + command + " -Djmh.ignoreLock=true ...");
        }
        return new JmhLock(channel, lock);
    }

    /**
     * Refuses, as JMH's runner would (exit 1, {@link #LOCKED}), a run whose launcher has work to do before
     * JMH starts (a table's check on a server of its own or the user's), while another run holds the lock: that work
     * would be done for nothing. JMH takes the lock itself when it starts.
     */
    static void requireFree() throws IOException, RunnerException {
        if (Boolean.getBoolean("jmh.ignoreLock")) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = channel.tryLock()) {
            if (lock == null) {
                throw new RunnerException(REFUSAL + " (" + file() + ")");
            }
        }
    }

    /** Whether a run failed because JMH's runner, or {@link #requireFree}, found the lock held. */
    static boolean heldByAnotherRun(Exception e) {
        return e instanceof RunnerException && String.valueOf(e.getMessage()).contains(REFUSAL);
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            lock.release();
            channel.close();
        }
    }
}
