package org.pgingest.workload.ddl;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A script applied to a server statement by statement, each under a savepoint of the caller's transaction, so that
 * one the server refuses (an extension it lacks, an unknown role in OWNER TO) is recorded and skipped, and the
 * rest still applies, as psql does without ON_ERROR_STOP.
 *
 * @param applied the statements the server took, in order
 * @param failed  the statements it refused, with why
 */
public record AppliedScript(List<SqlScript.Statement> applied, List<Failure> failed) {

    /**
     * A statement the server refused.
     *
     * @param statement the statement
     * @param sqlState  the server's SQLSTATE
     * @param message   the server's message, first line
     */
    public record Failure(SqlScript.Statement statement, String sqlState, String message) {
        /** One line: where, what, why. */
        public String summary() {
            return "line " + statement.line() + ": " + statement.summary(70) + ": " + statement.withoutLiterals(message);
        }

        /**
         * Whether only ownership, privileges or comments were lost (OWNER TO an absent role, GRANT, COMMENT ON): a
         * table without them loads rows the same way.
         */
        public boolean harmless() {
            String s = statement.sql().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
            return s.contains(" OWNER TO ") || s.startsWith("GRANT ") || s.startsWith("REVOKE ")
                    || s.startsWith("COMMENT ON ") || s.startsWith("SECURITY LABEL ")
                    || s.startsWith("ALTER DEFAULT PRIVILEGES ");
        }
    }

    public AppliedScript {
        applied = List.copyOf(applied);
        failed = List.copyOf(failed);
    }

    /**
     * Applies every statement of {@code script} inside the caller's transaction ({@code connection} not in
     * autocommit), each under a savepoint; the caller commits or rolls back.
     */
    public static AppliedScript apply(Connection connection, List<SqlScript.Statement> statements) throws SQLException {
        try (Statement st = connection.createStatement()) {
            return apply(connection, statements, st::execute);
        }
    }

    /**
     * {@link #apply} for a user's file, each statement run as {@link DdlRole} and unable to leave it
     * ({@link DdlRole#run}); the caller has entered the role.
     */
    public static AppliedScript applyAsDdlRole(Connection connection, List<SqlScript.Statement> statements)
            throws SQLException {
        return apply(connection, statements, sql -> DdlRole.run(connection, sql));
    }

    /** One statement's execution. */
    @FunctionalInterface
    private interface Runner {
        void run(String sql) throws SQLException;
    }

    private static AppliedScript apply(Connection connection, List<SqlScript.Statement> statements, Runner runner)
            throws SQLException {
        if (connection.getAutoCommit()) {
            throw new IllegalStateException("a script is applied inside the caller's transaction");
        }
        List<SqlScript.Statement> applied = new ArrayList<>();
        List<Failure> failed = new ArrayList<>();
        for (SqlScript.Statement statement : statements) {
            Savepoint savepoint = connection.setSavepoint();
            try {
                runner.run(statement.sql());
                connection.releaseSavepoint(savepoint);
                applied.add(statement);
            } catch (SQLException e) {
                connection.rollback(savepoint);
                connection.releaseSavepoint(savepoint);
                failed.add(new Failure(statement, e.getSQLState(), firstLine(e.getMessage())));
            }
        }
        return new AppliedScript(applied, failed);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no message)";
        }
        String m = message.startsWith("ERROR: ") ? message.substring(7) : message;
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
