package org.pgingest.stats;

import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalDouble;

/**
 * The two-phase commits a node made in a window, counted in its WAL: {@code PREPARE TRANSACTION} writes one
 * XLOG_XACT_PREPARE record, {@code COMMIT PREPARED} one XLOG_XACT_COMMIT_PREPARED, and pg_walinspect (15+) counts
 * records by type between two LSNs ({@code pg_get_wal_stats(start, end, per_record => true)}: "Transaction/PREPARE",
 * "Transaction/COMMIT_PREPARED"). No statistics view counts them: pg_stat_database has no column for them,
 * pg_prepared_xacts lists only those not yet finished. The records are exact and need no statistics flush. PostgreSQL 15 refuses an end beyond the flushed WAL, so the count stops there: a PREPARE or COMMIT PREPARED
 * flushes its record before it answers, so every one the window finished is before it.
 *
 * @param prepared        PREPARE TRANSACTION records, or empty where they could not be counted
 * @param commitsPrepared COMMIT PREPARED records, or empty likewise
 * @param missingReason   why they could not be counted, or null
 */
public record TwoPhaseRecords(OptionalDouble prepared, OptionalDouble commitsPrepared, String missingReason) {

    static TwoPhaseRecords missing(String reason) {
        return new TwoPhaseRecords(OptionalDouble.empty(), OptionalDouble.empty(), reason);
    }

    /**
     * Counts the records of {@code costs}' window on the node {@code monitor} is connected to, after the window: the
     * monitor's database must have pg_walinspect, whose functions only superusers may call unless granted (the
     * suite's cluster monitors as its superuser).
     */
    static TwoPhaseRecords read(Connection monitor, int major, ServerCosts costs) throws SQLException {
        if (major < 15) {
            return missing("two-phase commits are counted from WAL records with pg_walinspect, which PostgreSQL has from 15");
        }
        try (PreparedStatement has = monitor.prepareStatement(CounterReader.TAG
                + "SELECT count(*) FROM pg_extension WHERE extname = 'pg_walinspect'");
             ResultSet rs = has.executeQuery()) {
            rs.next();
            if (rs.getInt(1) == 0) {
                return missing("pg_walinspect is not installed in the monitor's database " + monitor.getCatalog());
            }
        }
        String end;
        try (PreparedStatement ps = monitor.prepareStatement(CounterReader.TAG
                + "SELECT least(?::pg_lsn, pg_current_wal_flush_lsn()) > ?::pg_lsn, least(?::pg_lsn, pg_current_wal_flush_lsn())::text")) {
            ps.setString(1, costs.walEnd());
            ps.setString(2, costs.walStart());
            ps.setString(3, costs.walEnd());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    return new TwoPhaseRecords(OptionalDouble.of(0), OptionalDouble.of(0), null); // no WAL in the window
                }
                end = rs.getString(2);
            }
        }
        try (PreparedStatement ps = monitor.prepareStatement(CounterReader.TAG
                + "SELECT coalesce(sum(count) FILTER (WHERE \"resource_manager/record_type\" = 'Transaction/PREPARE'), 0)::float8, "
                + "coalesce(sum(count) FILTER (WHERE \"resource_manager/record_type\" = 'Transaction/COMMIT_PREPARED'), 0)::float8 "
                + "FROM pg_get_wal_stats(?::pg_lsn, ?::pg_lsn, true)")) {
            ps.setString(1, costs.walStart());
            ps.setString(2, end);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new TwoPhaseRecords(OptionalDouble.of(rs.getDouble(1)), OptionalDouble.of(rs.getDouble(2)), null);
            }
        } catch (SQLException e) {
            // PostgreSQL 15's pg_walinspect fails where no whole record begins between the start and the flushed
            // end (the window's WAL is one record not flushed yet, the bgwriter's running-transactions record say):
            // then no PREPARE or COMMIT PREPARED, each flushed before it answers, is in the window.
            if (noRecordAfterStart(e)) {
                return new TwoPhaseRecords(OptionalDouble.of(0), OptionalDouble.of(0), null);
            }
            throw e;
        }
    }

    /**
     * PostgreSQL 15's "could not find a valid record after %X/%X": told by what lc_messages does not translate, its
     * SQLSTATE (XX000, raised without a code) and source (pg_walinspect.c's InitXLogReaderState, where it is that
     * routine's only XX000), so that its other errors, a WAL read that failed say, are still thrown.
     */
    static boolean noRecordAfterStart(SQLException e) {
        ServerErrorMessage server = e instanceof PSQLException p ? p.getServerErrorMessage() : null;
        return server != null && "XX000".equals(e.getSQLState()) && "pg_walinspect.c".equals(server.getFile())
                && "InitXLogReaderState".equals(server.getRoutine());
    }
}
