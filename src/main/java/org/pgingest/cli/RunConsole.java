package org.pgingest.cli;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.pgingest.exit.ShutdownHook;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Where a benchmark run's output goes. JMH's own log (its iterations, its tables, every fork's output, each trial's
 * exceptions) to a file beside the result JSON, and with {@code --jmh-log} to the terminal as well; JMH's {@code -o
 * FILE} still sends it to that file instead. On the terminal: one progress line per trial (on an interactive terminal
 * one line per part, rewritten as its trials start), and each failed trial's one line as soon as it is known.
 *
 * <p>The estimate of time left is JMH's own settings for the trials not yet done ({@link TrialPlan}), plus for each
 * of them what the finished trials took on average beyond their settings (a fork starts a JVM and a PostgreSQL
 * server, which no setting counts); before any trial has finished it is the settings alone and says so.
 */
final class RunConsole implements TrialFailures.Listener {
    /** Where the launcher writes a run's JMH log: the result's name with this in place of ".json". */
    static final String LOG_SUFFIX = ".jmh.log";

    private final boolean jmhOnTerminal;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean rewriteInPlace;
    private final long start = System.nanoTime();
    private final int parts;
    private TrialPlan whole;
    private OpenOnWrite logFile;
    private PrintStream log;

    private int part;
    private TrialPlan partPlan = TrialPlan.NONE;
    private List<String> shownParams = List.of();
    private int startedInPart;
    private int started;
    private long doneNominalNanos;
    private long currentNominalNanos;
    private int openLineLength = -1;
    private boolean stopSaid;

    /**
     * @param jmhOnTerminal {@code --jmh-log}: JMH's log on the terminal too
     * @param parts         the preset's parts; 0 for a plain run (one part, not named)
     * @param whole         the trials of every part, where known before the first starts; null to take each part's
     */
    RunConsole(boolean jmhOnTerminal, int parts, TrialPlan whole, PrintStream out, PrintStream err) {
        this.jmhOnTerminal = jmhOnTerminal;
        this.parts = parts;
        this.whole = whole;
        this.out = out;
        this.err = err;
        // An interactive terminal gets one line per part, rewritten; a pipe or a CI log gets one line per trial.
        this.rewriteInPlace = System.console() != null;
    }

    /** The JMH log's path for a result: {@code target/preset-quick.json} → {@code target/preset-quick.jmh.log}. */
    static Path logFor(Path result) {
        String name = result.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
        return result.resolveSibling(base + LOG_SUFFIX);
    }

    /**
     * Names the JMH log (opened, and an earlier one emptied, when JMH first writes to it), unless this run already
     * writes one: a preset's parts share the preset's.
     */
    void useLog(Path path) throws IOException {
        if (log != null) {
            return;
        }
        if (path.getParent() != null) {
            Files.createDirectories(path.getParent());
        }
        logFile = new OpenOnWrite(path);
        log = new PrintStream(jmhOnTerminal ? new Tee(logFile, out) : logFile, true, StandardCharsets.UTF_8);
    }

    /** The JMH log file, where one was written. */
    java.util.Optional<Path> logPath() {
        return logFile == null || !logFile.opened() ? java.util.Optional.empty() : java.util.Optional.of(logFile.path);
    }

    /**
     * JMH's console for one JMH run: the file {@code -o} names, else the log, else the terminal.
     */
    OutputFormat format(CommandLineOptions cmd, VerboseMode verbosity) throws IOException {
        PrintStream target;
        if (cmd.getOutput().hasValue()) {
            Path file = Path.of(cmd.getOutput().get()).toAbsolutePath();
            // Checked before the run (ResultPath.problem), created only now that it starts.
            Files.createDirectories(file.getParent());
            target = new PrintStream(new FileOutputStream(file.toFile()), true, StandardCharsets.UTF_8);
        } else {
            target = log != null ? log : out;
        }
        return OutputFormatFactory.createFormatInstance(target, verbosity);
    }

    /** Puts back the standard streams {@link #captureForkOutput} replaced. */
    interface Capture extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * While JMH runs, this JVM's standard output and error go to the JMH log. JMH 1.37's host writes what a fork
     * prints outside JMH's own format (the suite's log lines, slf4j-simple's INFO lines on stderr) straight to
     * {@code System.out} and {@code System.err} ({@code BinaryLinkServer.handleOutput}); without this, every fork's
     * server start-up lines would land between the progress lines. Nothing to capture without a log ({@code -o}).
     * Closing it also ends a progress line left open on an interactive terminal.
     */
    Capture captureForkOutput() {
        if (log == null) {
            return this::endLine;
        }
        PrintStream previousOut = System.out;
        PrintStream previousErr = System.err;
        System.setOut(log);
        System.setErr(log);
        return () -> {
            System.setOut(previousOut);
            System.setErr(previousErr);
            // The launcher's own lines after the run start on a line of their own.
            endLine();
        };
    }

    /**
     * A part (or a plain run) begins.
     *
     * @param plan        its trials
     * @param shownParams the params a progress line names (those given with {@code -p})
     */
    void startPart(TrialPlan plan, List<String> shownParams) {
        finishTrial();
        endLine();
        part++;
        partPlan = plan;
        this.shownParams = List.copyOf(shownParams);
        startedInPart = 0;
        if (whole == null || parts == 0) {
            whole = plan;
        }
    }

    @Override
    public void trialStarted(BenchmarkParams params) {
        if (ShutdownHook.jvmShuttingDown()) {
            // JMH goes on to the next trial while the JVM stops; its fork will not start
            return;
        }
        finishTrial();
        started++;
        startedInPart++;
        currentNominalNanos = partPlan.trials() == 0 ? 0 : partPlan.nominal().toNanos() / partPlan.trials();
        if (jmhOnTerminal) {
            // JMH's own "# Run progress" lines are on the terminal already.
            return;
        }
        StringBuilder line = new StringBuilder("pg-ingest-bench: ");
        if (parts > 0) {
            line.append("part ").append(part).append(" of ").append(parts).append(", ");
        }
        line.append("trial ").append(startedInPart).append(" of ").append(partPlan.trials());
        if (parts > 0) {
            line.append(" (").append(started).append(" of ").append(whole.trials()).append(" in all)");
        }
        line.append(", ").append(clock(Duration.ofNanos(System.nanoTime() - start))).append(" elapsed, ")
                .append(left()).append(": ").append(describe(params));
        show(line.toString());
    }

    @Override
    public void trialFailed(String trial, String reason) {
        endLine();
        if (ShutdownHook.jvmShuttingDown()) {
            // Ctrl-C or SIGTERM: JMH's own hook ended the fork (exit code 143), which JMH reports as a failure.
            if (!stopSaid) {
                stopSaid = true;
                err.println("pg-ingest-bench: stopped (Ctrl-C or SIGTERM) during " + trial);
            }
            return;
        }
        err.println("pg-ingest-bench: trial failed: " + trial + ": " + reason);
    }

    /** Ends the progress output; returns how long the run took. */
    Duration finish() {
        finishTrial();
        endLine();
        if (log != null) {
            log.close();
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private void finishTrial() {
        doneNominalNanos += currentNominalNanos;
        currentNominalNanos = 0;
    }

    /**
     * "about 1:40 left": JMH's settings for the trials left, plus, for each, what the finished trials took on average
     * beyond their settings (a fork's JVM and server start, setup: the same for every trial, whatever its iterations
     * last); the settings alone, "at least", before any trial has finished.
     */
    private String left() {
        long remainingNominal = Math.max(0, whole.nominal().toNanos() - doneNominalNanos);
        int done = started - 1;
        if (done <= 0) {
            return "at least " + clock(Duration.ofNanos(remainingNominal)) + " left by JMH's settings";
        }
        long beyondSettings = Math.max(0, System.nanoTime() - start - doneNominalNanos) / done;
        int remainingTrials = Math.max(0, whole.trials() - done);
        return "about " + clock(Duration.ofNanos(remainingNominal + remainingTrials * beyondSettings)) + " left";
    }

    private String describe(BenchmarkParams params) {
        StringBuilder sb = new StringBuilder(org.pgingest.results.BenchmarkResult.shortName(params.getBenchmark()));
        for (String key : params.getParamsKeys()) {
            // The method always (it is what a reader follows), other params where the command line gave them.
            if (key.equals("method") || shownParams.contains(key)) {
                sb.append(' ').append(key).append('=').append(params.getParam(key));
            }
        }
        return sb.toString();
    }

    private void show(String line) {
        if (!rewriteInPlace) {
            out.println(line);
            return;
        }
        String pad = openLineLength > line.length() ? " ".repeat(openLineLength - line.length()) : "";
        out.print("\r" + line + pad);
        out.flush();
        openLineLength = line.length();
    }

    private void endLine() {
        if (openLineLength >= 0) {
            out.println();
            openLineLength = -1;
        }
    }

    /** "2:05", "1:02:05", "0:07". */
    static String clock(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }

    /**
     * A file opened at the first byte written: a run that never started (JMH's lock held by another) leaves no log,
     * and an earlier run's log stays as it was.
     */
    private static final class OpenOnWrite extends OutputStream {
        private final Path path;
        private OutputStream file;

        OpenOnWrite(Path path) {
            this.path = path;
        }

        boolean opened() {
            return file != null;
        }

        private OutputStream file() throws IOException {
            if (file == null) {
                file = new FileOutputStream(path.toFile());
            }
            return file;
        }

        @Override
        public void write(int b) throws IOException {
            file().write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            file().write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            if (file != null) {
                file.flush();
            }
        }

        @Override
        public void close() throws IOException {
            if (file != null) {
                file.close();
            }
        }
    }

    /** Writes to two streams: the log file and the terminal, for {@code --jmh-log}. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int x) throws IOException {
            a.write(x);
            b.write(x);
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            a.write(bytes, off, len);
            b.write(bytes, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }

        /** Closes the file; the terminal stays open for what the launcher prints after the run. */
        @Override
        public void close() throws IOException {
            b.flush();
            a.close();
        }
    }
}
