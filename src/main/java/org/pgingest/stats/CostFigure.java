package org.pgingest.stats;

/**
 * What a measured window cost the server, each figure read from the server's own counters. The names are
 * the ones results carry (JMH secondary metrics, reports).
 */
public enum CostFigure {
    /** Bytes of WAL, from the insert LSN (includes page headers and alignment). */
    WAL_BYTES("wal.bytes", "B"),
    /** WAL records ({@code pg_stat_wal.wal_records}). */
    WAL_RECORDS("wal.records", "#"),
    /** Full-page images written to WAL ({@code pg_stat_wal.wal_fpi}). */
    WAL_FPI("wal.fpi", "#"),
    /**
     * WAL fsyncs by every server process: {@code pg_stat_wal.wal_sync} on 14-17, {@code pg_stat_io} object wal
     * on 18. Besides commit flushes this counts the fsync at the end of each 16 MB WAL segment, the walwriter's
     * background flushes (every wal_writer_delay while unflushed WAL exists) and, on 18, new segment files.
     */
    WAL_FSYNCS("wal.fsyncs", "#"),
    /** Time in WAL fsyncs (needs track_wal_io_timing). */
    WAL_FSYNC_TIME("wal.fsync.time", "ms"),
    /** Data-file fsyncs ({@code pg_stat_io} object relation, 16+). */
    DATA_FSYNCS("data.fsyncs", "#"),
    /** Committed transactions in the benchmark database, less the harness's own flush statements. */
    COMMITS("commits", "#"),
    /** Rolled-back transactions in the benchmark database. */
    ROLLBACKS("rollbacks", "#"),
    /**
     * Rows inserted into any table of the benchmark database ({@code pg_stat_database.tup_inserted}): the
     * loaded rows, plus staging and temporary tables' rows and the catalog rows a CREATE TEMP TABLE adds.
     */
    TUPLES_INSERTED("tuples.inserted", "#"),
    /**
     * Statement executions by the benchmark role in the benchmark database ({@code pg_stat_statements.calls};
     * utility statements such as BEGIN, COMMIT and COPY count; the harness's own are left out).
     */
    STATEMENTS("statements", "#"),
    /** Statement plannings ({@code pg_stat_statements.plans}, needs track_planning). */
    PLANS("plans", "#"),
    /** Planning time ({@code pg_stat_statements.total_plan_time}, needs track_planning). */
    PLAN_TIME("plan.time", "ms"),
    /** Execution time ({@code pg_stat_statements.total_exec_time}). */
    EXEC_TIME("exec.time", "ms"),
    /** CPU (user + system) of the postmaster and all its processes, for servers on this host. */
    SERVER_CPU("server.cpu", "ms"),
    /** Checkpoints completed during the window (should be 0: the harness checkpoints before it). */
    CHECKPOINTS("checkpoints", "#");

    private final String key;
    private final String unit;

    CostFigure(String key, String unit) {
        this.key = key;
        this.unit = unit;
    }

    /**
     * Whether a result's metric is one of these figures per row or per op, of the whole server or of one node
     * ({@code wal.bytes/row}, {@code node.worker1.commits/op}): a figure other sessions' work can reach.
     */
    public static boolean isServerFigure(String metricName) {
        for (CostFigure f : values()) {
            String own = f.key + "/row";
            String perOp = f.key + "/op";
            for (String figure : new String[] {own, perOp}) {
                if (metricName.equals(figure) || metricName.startsWith("node.") && metricName.endsWith("." + figure)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Name in results, e.g. "wal.fsyncs". */
    public String key() {
        return key;
    }

    /** "B", "#" or "ms". */
    String unit() {
        return unit;
    }
}
