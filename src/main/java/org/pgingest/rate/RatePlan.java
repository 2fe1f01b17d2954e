package org.pgingest.rate;

import org.pgingest.bench.BenchmarkParameters;
import org.pgingest.load.LoadMethod;
import org.pgingest.server.RoundTripDelay;
import org.pgingest.writers.ConnectionMode;

import java.time.Duration;

/**
 * What a fixed-rate run asks for: {@code rowsPerSecond} rows a second, in calls of {@code batch} rows of one
 * loader, spread over {@code workers} writers, for {@code duration}. Call k is due at k × batch /
 * rowsPerSecond seconds after the start, whoever runs it.
 *
 * @param rttMs round-trip time added to every connection (0: none)
 */
record RatePlan(LoadMethod method, double rowsPerSecond, int workers, Duration duration, int batch,
                       String shape, ConnectionMode connections, double rttMs) {
    /**
     * Most calls a second a run schedules: a call every microsecond, beyond what one launcher issues (--rows-per-second
     * 1e20 was taken, and reported 999,999,999,999,999,904 calls due never started).
     */
    static final long MAX_CALLS_PER_SECOND = 1_000_000;

    /** Checks what can be checked before a server starts; an error is one line naming the valid values. */
    public RatePlan {
        if (!(rowsPerSecond > 0) || Double.isInfinite(rowsPerSecond)) {
            throw new IllegalArgumentException("--rows-per-second must be a number above 0, was " + rowsPerSecond);
        }
        if (batch >= 1 && rowsPerSecond / batch > MAX_CALLS_PER_SECOND) {
            // %.3g: a rate of 1e308 is not printed with 300 digits
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--rows-per-second %s in calls of "
                    + "%d rows is %.3g calls a second; the suite schedules at most %,d (a limit of the suite): give a "
                    + "larger --batch or a lower rate", rowsPerSecond, batch, rowsPerSecond / batch, MAX_CALLS_PER_SECOND));
        }
        if (workers < 1) {
            throw new IllegalArgumentException("--workers must be at least 1, was " + workers);
        }
        if (method.replacesTableContents()) {
            throw new IllegalArgumentException("--method " + method.name().toLowerCase(java.util.Locale.ROOT)
                    + " replaces the table's contents on every call (TRUNCATE, then COPY FREEZE): a run of many calls "
                    + "keeps only the last one's rows, and writers at once empty each other's; choose another method");
        }
        if (batch < 1 || batch > BenchmarkParameters.MAX_ROWS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--batch must be 1 to %,d rows "
                    + "(a limit of the suite, as for -p rows: a call's rows are made in memory before it is sent), was %,d",
                    BenchmarkParameters.MAX_ROWS, batch));
        }
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be above 0, was " + duration);
        }
        if (!(rttMs >= 0 && rttMs <= RoundTripDelay.MAX_RTT_MS)) {
            throw new IllegalArgumentException("--rtt-ms must be from 0 to " + (long) RoundTripDelay.MAX_RTT_MS + ", was " + rttMs);
        }
        if (calls(duration, rowsPerSecond, batch) < 1) {
            throw new IllegalArgumentException("--duration " + duration.toMillis() + " ms is shorter than one call of "
                    + batch + " rows at " + rowsPerSecond + " rows/s");
        }
    }

    /**
     * Rows one failure can lose: a call's rows are one transaction, except one-by-one autocommit, which commits
     * every row ({@link LoadMethod#commitsPerCall}).
     */
    long rowsAtRisk() {
        long commits = method.commitsPerCall(batch, new LoadMethod.Knobs(batch, 0));
        return (batch + commits - 1) / commits;
    }

    /** Nanoseconds between two calls' scheduled starts. */
    double intervalNanos() {
        return batch * 1e9 / rowsPerSecond;
    }

    /** Calls due within the duration. */
    long calls() {
        return calls(duration, rowsPerSecond, batch);
    }

    private static long calls(Duration duration, double rowsPerSecond, int batch) {
        return (long) Math.floor(duration.toNanos() / (batch * 1e9 / rowsPerSecond));
    }
}
