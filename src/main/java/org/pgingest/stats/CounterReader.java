package org.pgingest.stats;

import org.pgingest.server.ServerFacts;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;

/**
 * Reads one {@link CounterSnapshot} on the monitor connection, with the queries of the server's major
 * version. Where a figure lives, by version (checked against 14.20, 15.19, 16.15, 17.11, 18.6):
 * <ul>
 *   <li>WAL fsyncs and their time: {@code pg_stat_wal.wal_sync(_time)} on 14-17; on 18 those columns are gone
 *       and {@code pg_stat_io} rows with object 'wal' (contexts normal and init) hold them;</li>
 *   <li>data-file fsyncs: {@code pg_stat_io} object 'relation', which exists from 16;</li>
 *   <li>checkpoints: {@code pg_stat_bgwriter} on 14-16, {@code pg_stat_checkpointer} from 17, whose
 *       {@code num_done} (18) counts completed ones where {@code num_requested} counts requests.</li>
 * </ul>
 */
final class CounterReader {
    /**
     * Every statement the harness runs starts with this comment. pg_stat_statements keeps it in the query text
     * up to 17; 18 stores the text without leading comments, so harness statements are also recognised by
     * what they read (see {@link #HARNESS_STATEMENT}).
     */
    static final String TAG = "/* pg-ingest-bench monitor */ ";
    /**
     * Flushes this backend's pending statistics, its own transaction included (15+). On 15+ a backend's
     * commit count is kept outside the pending-statistics list, and pgstat_report_stat() returns early when
     * that list is empty, forced or not: a bare {@code SELECT pg_stat_force_next_flush()} after an idle flush
     * leaves its own commit unreported (measured: windows off by one commit, either way). Reading one row of a
     * catalog puts a relation entry on the list, so the forced flush always runs and carries every commit.
     */
    static final String FLUSH = TAG + "SELECT pg_catalog.pg_stat_force_next_flush() FROM pg_catalog.pg_am LIMIT 1";
    /**
     * The same on a Citus coordinator (13.2, PostgreSQL 15+), where it also ends the connections Citus keeps open to
     * the workers for this session (citus.max_cached_conns_per_worker, 1 per worker by default): a worker's backend
     * reports its statistics when it goes idle at most once a second, else 10 s later (PGSTAT_IDLE_INTERVAL), and
     * always as it exits. Citus closes the connections beyond that setting when a transaction that used its
     * connection management commits, reading the setting in its commit callback, which runs before SET LOCAL is
     * undone; create_intermediate_result of no rows is such a transaction that sends nothing to any node.
     */
    static final String CITUS_FLUSH = TAG + "SELECT pg_stat_force_next_flush(), "
            + "set_config('citus.max_cached_conns_per_worker', '0', true), "
            + "create_intermediate_result('pg_ingest_bench_flush', 'SELECT 1 WHERE false') FROM pg_catalog.pg_am LIMIT 1";
    /**
     * pg_stat_statements rows that are the harness's own: the statistics flush on the workers, the monitor's
     * reads of pg_stat_* views (which share the benchmark database on external targets), CHECKPOINT.
     */
    static final String HARNESS_STATEMENT = "(query LIKE '" + TAG.strip() + "%' OR query LIKE '%pg\\_stat%' "
            + "OR query = 'CHECKPOINT')";

    private final ServerFacts facts;
    private final String database;
    private final String role;
    private final ServerCpu cpu;
    /**
     * The monitor's own transactions so far (one per statement, in autocommit): where the monitor shares the benchmark
     * database they are in its commit count.
     */
    private long monitorStatements;

    /**
     * @param database the benchmark database (commits, statements)
     * @param role     the role benchmarks connect as (statements: other applications' are left out)
     */
    CounterReader(ServerFacts facts, String database, String role, ServerCpu cpu) {
        this.facts = facts;
        this.database = database;
        this.role = role;
        this.cpu = cpu;
    }

    /**
     * Reads a snapshot, which records how many of the monitor's own transactions had been flushed to the statistics
     * when it was read.
     */
    CounterSnapshot read(Connection monitor, Collection<Integer> suiteBackends) throws SQLException {
        Map<CostFigure, Double> values = new EnumMap<>(CostFigure.class);
        Map<CostFigure, String> missing = new EnumMap<>(CostFigure.class);
        int major = facts.major();
        Double walStatBytes;
        Double suiteWalBytes = null;
        OffsetDateTime serverTime;
        String insertLsn;
        long monitorFlushed;
        try (Statement st = monitor.createStatement()) {
            if (major >= 15) {
                // The monitor's own transactions so far, this one included, go into the counters now.
                st.execute(FLUSH);
            }
            monitorFlushed = ++monitorStatements;
            // Within a transaction, statistics views are served from a snapshot; start from a fresh one.
            st.execute(TAG + "SELECT pg_stat_clear_snapshot()");
            try (ResultSet rs = st.executeQuery(TAG + "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::float8, "
                    + "wal_records, wal_fpi, wal_bytes::float8, clock_timestamp(), pg_current_wal_insert_lsn()::text"
                    + (major <= 17 ? ", wal_sync, wal_sync_time" : "") + " FROM pg_stat_wal")) {
                rs.next();
                serverTime = rs.getObject(5, OffsetDateTime.class);
                insertLsn = rs.getString(6);
                values.put(CostFigure.WAL_BYTES, rs.getDouble(1));
                values.put(CostFigure.WAL_RECORDS, rs.getDouble(2));
                values.put(CostFigure.WAL_FPI, rs.getDouble(3));
                walStatBytes = rs.getDouble(4);
                if (major <= 17) {
                    values.put(CostFigure.WAL_FSYNCS, rs.getDouble(7));
                    values.put(CostFigure.WAL_FSYNC_TIME, rs.getDouble(8));
                }
            }
            if (major >= 18) {
                try (ResultSet rs = st.executeQuery(TAG + "SELECT coalesce(sum(fsyncs), 0)::float8, coalesce(sum(fsync_time), 0) "
                        + "FROM pg_stat_io WHERE object = 'wal'")) {
                    rs.next();
                    values.put(CostFigure.WAL_FSYNCS, rs.getDouble(1));
                    values.put(CostFigure.WAL_FSYNC_TIME, rs.getDouble(2));
                }
            }
            if (!"on".equals(facts.settings().get("track_wal_io_timing"))) {
                values.remove(CostFigure.WAL_FSYNC_TIME);
                missing.put(CostFigure.WAL_FSYNC_TIME, "track_wal_io_timing is off on this server");
            }
            if (major >= 16) {
                try (ResultSet rs = st.executeQuery(TAG + "SELECT coalesce(sum(fsyncs), 0)::float8 FROM pg_stat_io "
                        + "WHERE object = 'relation'")) {
                    rs.next();
                    values.put(CostFigure.DATA_FSYNCS, rs.getDouble(1));
                }
            } else {
                missing.put(CostFigure.DATA_FSYNCS, "data-file fsyncs are counted in pg_stat_io, which PostgreSQL has from 16");
            }
            try (ResultSet rs = st.executeQuery(TAG + checkpointsQuery(major))) {
                rs.next();
                values.put(CostFigure.CHECKPOINTS, rs.getDouble(1));
            }
        }
        try (PreparedStatement ps = monitor.prepareStatement(TAG
                + "SELECT xact_commit::float8, xact_rollback::float8, tup_inserted::float8 FROM pg_stat_database WHERE datname = ?")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("database " + database + " is not in pg_stat_database");
                }
                values.put(CostFigure.COMMITS, rs.getDouble(1));
                values.put(CostFigure.ROLLBACKS, rs.getDouble(2));
                values.put(CostFigure.TUPLES_INSERTED, rs.getDouble(3));
            }
        }
        if (major >= 18) {
            // 18 keeps WAL statistics per backend: the suite's own connections' WAL, to tell from everyone's.
            try (PreparedStatement ps = monitor.prepareStatement(TAG + "SELECT coalesce(sum(w.wal_bytes), 0)::float8 "
                    + "FROM unnest(?::int[]) AS b(pid), pg_stat_get_backend_wal(b.pid) AS w")) {
                ps.setArray(1, monitor.createArrayOf("int4", suiteBackends.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    suiteWalBytes = rs.getDouble(1);
                }
            }
        }
        readStatements(monitor, values, missing);
        if (cpu.missingReason() == null) {
            values.put(CostFigure.SERVER_CPU, cpu.cpuMillis());
        } else {
            missing.put(CostFigure.SERVER_CPU, cpu.missingReason());
        }
        monitorStatements += statementsAfterFlush(major);
        return new CounterSnapshot(values, missing, walStatBytes, suiteWalBytes, monitorFlushed, serverTime, insertLsn);
    }

    /** Counts a statement the monitor ran outside {@link #read} (a transaction of its own). */
    void countMonitorStatement() {
        monitorStatements++;
    }

    /** Statements {@link #read} runs after the monitor's flush, each its own transaction. */
    private int statementsAfterFlush(int major) {
        int n = 1 /* clear snapshot */ + 1 /* wal */ + 1 /* checkpoints */ + 1 /* database */;
        n += major >= 18 ? 2 : 0; /* pg_stat_io wal, backend wal */
        n += major >= 16 ? 1 : 0; /* pg_stat_io relation */
        n += facts.pgStatStatements() ? 1 : 0;
        return n;
    }

    /** The checkpoint counter that moves when a checkpoint has completed (and been counted). */
    static String checkpointsQuery(int major) {
        if (major <= 16) {
            return "SELECT (checkpoints_timed + checkpoints_req)::float8 FROM pg_stat_bgwriter";
        }
        if (major == 17) {
            return "SELECT (num_timed + num_requested)::float8 FROM pg_stat_checkpointer";
        }
        return "SELECT num_done::float8 FROM pg_stat_checkpointer";
    }

    private void readStatements(Connection monitor, Map<CostFigure, Double> values, Map<CostFigure, String> missing)
            throws SQLException {
        if (!facts.pgStatStatements()) {
            String reason = facts.statementsMissing();
            missing.put(CostFigure.STATEMENTS, reason);
            missing.put(CostFigure.PLANS, reason);
            missing.put(CostFigure.PLAN_TIME, reason);
            missing.put(CostFigure.EXEC_TIME, reason);
            return;
        }
        try (PreparedStatement ps = monitor.prepareStatement(TAG + "SELECT coalesce(sum(calls), 0)::float8, "
                + "coalesce(sum(plans), 0)::float8, coalesce(sum(total_plan_time), 0), coalesce(sum(total_exec_time), 0) "
                + "FROM " + facts.statementsSchema() + ".pg_stat_statements "
                + "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = ?) "
                + "AND userid = (SELECT oid FROM pg_roles WHERE rolname = ?) AND NOT " + HARNESS_STATEMENT)) {
            ps.setString(1, database);
            ps.setString(2, role);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                values.put(CostFigure.STATEMENTS, rs.getDouble(1));
                values.put(CostFigure.EXEC_TIME, rs.getDouble(4));
                if ("on".equals(facts.settings().get("pg_stat_statements.track_planning"))) {
                    values.put(CostFigure.PLANS, rs.getDouble(2));
                    values.put(CostFigure.PLAN_TIME, rs.getDouble(3));
                } else {
                    missing.put(CostFigure.PLANS, "pg_stat_statements.track_planning is off on this server");
                    missing.put(CostFigure.PLAN_TIME, "pg_stat_statements.track_planning is off on this server");
                }
            }
        }
    }
}
