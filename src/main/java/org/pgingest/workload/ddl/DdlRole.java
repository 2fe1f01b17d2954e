package org.pgingest.workload.ddl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The role a user's DDL runs as on a server the suite owns: not a superuser, so that nothing in the file reaches the
 * server's host. A non-superuser cannot {@code COPY ... PROGRAM} or COPY to or from a file (that takes
 * pg_execute_server_program, pg_read_server_files, pg_write_server_files), create functions in an untrusted language
 * (C, plpython3u) or an untrusted extension (file_fdw, adminpack), an event trigger, or change the server's files
 * (ALTER SYSTEM). It may create schemas (CREATE on the database) and trusted extensions (PostgreSQL 13+: citext,
 * hstore, pgcrypto, btree_gist, ...).
 *
 * <p>Functions run as the role that calls them, and the benchmarks' sessions are superusers: so the functions the DDL
 * made (trigger functions, a CHECK's or a domain's) are made SECURITY DEFINER ({@link #leave}), running as this role
 * wherever they are called. That costs a function call a little (it cannot be inlined, and the user id is switched
 * around it); a trigger function that reads the suite's copies would lack the privilege.
 */
public final class DdlRole {
    /** The role's name. */
    static final String NAME = "pgib_ddl";
    /** The function each statement of the file runs in ({@link #run}). */
    private static final String RUNNER = "pg_temp.pgib_ddl_run";

    private DdlRole() {
    }

    /**
     * In the caller's transaction: creates the role if the server lacks it, lets it create schemas in this database
     * and objects in schema public, and makes it the transaction's current role ({@code SET LOCAL ROLE}).
     */
    public static void enter(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            boolean exists;
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + NAME + "'")) {
                exists = rs.next();
            }
            if (!exists) {
                st.execute("CREATE ROLE " + NAME + " NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS");
            }
            String database;
            try (ResultSet rs = st.executeQuery("SELECT current_database()")) {
                rs.next();
                database = rs.getString(1);
            }
            st.execute("GRANT CREATE ON DATABASE " + Identifiers.quote(database) + " TO " + NAME);
            st.execute("GRANT USAGE, CREATE ON SCHEMA public TO " + NAME);
            st.execute("SET LOCAL ROLE " + NAME);
        }
    }

    /**
     * Runs one statement of the file as the role, inside a SECURITY DEFINER function the role owns. The session's own
     * user is a superuser, so outside such a function a statement (or a function it calls) could switch back to it:
     * {@code SET "role" TO DEFAULT}, {@code RESET ROLE}, {@code set_config('role', ...)}. PostgreSQL refuses role and
     * session_authorization changes within a security-definer function and everything it calls (guc.c,
     * GUC_NOT_WHILE_SEC_REST, 14 to 18), however they are spelled. The function is made anew before each statement,
     * so that a statement replacing it (the role owns it) changes nothing for the next; it is called with a text
     * argument, which no overload the file made in pg_temp matches better.
     */
    static void run(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE OR REPLACE FUNCTION " + RUNNER + "(statement text) RETURNS void LANGUAGE plpgsql "
                    + "SECURITY DEFINER AS $pgib$ BEGIN EXECUTE statement; END $pgib$");
        }
        try (PreparedStatement run = connection.prepareStatement("SELECT " + RUNNER + "(?::text)")) {
            run.setString(1, sql);
            run.execute();
        }
    }

    /**
     * Back to the session's own role, and every function the role owns made SECURITY DEFINER, so that it runs as the
     * role when a benchmark's superuser session calls it (a trigger, a CHECK).
     */
    public static void leave(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("RESET ROLE");
            st.execute("DROP FUNCTION IF EXISTS " + RUNNER + "(text)");
            List<String> functions = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_roles r ON r.oid = "
                    + "p.proowner WHERE r.rolname = '" + NAME + "' AND p.prokind = 'f' AND NOT p.prosecdef")) {
                while (rs.next()) {
                    functions.add(rs.getString(1));
                }
            }
            for (String function : functions) {
                st.execute("ALTER FUNCTION " + function + " SECURITY DEFINER");
            }
        }
    }
}
