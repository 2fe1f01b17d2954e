package org.pgingest.gate;

/** How a metric varies between runs of the same code, which decides the rule it is judged by. */
public enum MetricKind {
    /** Counted by the server (WAL bytes, records, fsyncs, commits, statements, FPIs): nearly exact run to run. */
    COUNTED,
    /** Measured with a clock (scores, rows/s, planning and execution time, CPU): noisy, needs a test. */
    TIMED,
    /** Neither can be told from the unit (JMH event counters "#", shares). */
    UNKNOWN;

    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
