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
    /** A temporary table of the superuser's: while it exists, this session is applying a file ({@link #GUARD}). */
    private static final String APPLYING = "pg_temp.pgib_ddl_applying";
    /**
     * Refuses a definition (CREATE, ALTER, DROP, ...) made by a role other than a superuser outside a session that is
     * applying a file. A function the file made runs as the role (SECURITY DEFINER) and the role owns it, so without
     * this it could make itself SECURITY INVOKER on its first call and run every later call as the benchmark's
     * superuser session ({@code COPY ... TO PROGRAM}: an adversarial pass, 2026-12-02). Only a superuser can drop or
     * disable an event trigger; a role cannot make the marker table without a definition, which this refuses.
     */
    private static final String GUARD = "pgib_ddl_confine";

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
            guard(st);
            st.execute("CREATE TEMP TABLE IF NOT EXISTS " + APPLYING + " ()");
            st.execute("SET LOCAL ROLE " + NAME);
        }
    }

    /** Creates the event trigger {@link #GUARD} in this database unless it has it. */
    private static void guard(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_catalog.pg_event_trigger WHERE evtname = '" + GUARD + "'")) {
            if (rs.next()) {
                return;
            }
        }
        st.execute("CREATE SCHEMA IF NOT EXISTS " + GUARD);
        st.execute("CREATE OR REPLACE FUNCTION " + GUARD + ".refuse() RETURNS event_trigger LANGUAGE plpgsql "
                + "SET search_path = pg_catalog, pg_temp AS $pgib$ BEGIN "
                + "IF pg_catalog.to_regclass('" + APPLYING + "') IS NULL AND NOT (SELECT r.rolsuper FROM "
                + "pg_catalog.pg_roles r WHERE r.rolname = CURRENT_USER) THEN RAISE EXCEPTION "
                + "'% by role % after its DDL file was applied: the suite''s server takes no definition from the "
                + "file''s functions (they run as the file''s role and could make themselves run as the superuser)', "
                + "TG_TAG, CURRENT_USER USING ERRCODE = '42501'; END IF; END $pgib$");
        st.execute("CREATE EVENT TRIGGER " + GUARD + " ON ddl_command_start EXECUTE FUNCTION " + GUARD + ".refuse()");
        // ALWAYS: an event trigger enabled the default way is silent under session_replication_role = replica
        st.execute("ALTER EVENT TRIGGER " + GUARD + " ENABLE ALWAYS");
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
     * role when a benchmark's superuser session calls it (a trigger, a CHECK). The file may have left a search_path of
     * its own ({@code SET search_path = public, pg_catalog}), ahead of which an operator or function of its own would be
     * taken by the superuser's queries before they are made SECURITY DEFINER: so these queries run with pg_catalog
     * first and pg_temp last, and the session's path is reset (the file's stays for the rest of this transaction,
     * between them).
     *
     * @throws ConfinementException when the file's tables, domains or operators call a built-in function that the
     *                              benchmarks' superuser sessions would run with powers the role lacks
     */
    public static void leave(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("RESET ROLE");
            String filePath;
            try (ResultSet rs = st.executeQuery("SHOW search_path")) {
                rs.next();
                filePath = rs.getString(1);
            }
            st.execute("RESET search_path");
            // The file's temporary objects (its runner among them) go: none is a schema's, and a later query of the
            // session would find a temporary table named like a catalog first
            st.execute("DISCARD TEMP");
            // pg_temp last: otherwise it comes first for tables, and a temporary pg_constraint of the file's would
            // answer for the catalog's
            st.execute("SELECT pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true)");
            List<String> functions = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT p.oid::pg_catalog.regprocedure FROM pg_catalog.pg_proc p JOIN "
                    + "pg_catalog.pg_roles r ON r.oid OPERATOR(pg_catalog.=) p.proowner WHERE r.rolname OPERATOR(pg_catalog.=) '"
                    + NAME + "' AND p.prokind OPERATOR(pg_catalog.=) 'f' AND NOT p.prosecdef")) {
                while (rs.next()) {
                    functions.add(rs.getString(1));
                }
            }
            for (String function : functions) {
                // The SET clause confines the function's SET LOCAL (set_config(..., true)) of synchronous_commit to its
                // own call: a trigger turning it off for its transaction would commit every row without a flush under
                // a run that says on. A session-wide SET still outlives the call; the session pins catch that.
                st.execute("ALTER FUNCTION " + function + " SECURITY DEFINER SET synchronous_commit FROM CURRENT");
            }
            List<String> unconfined = unconfined(connection);
            if (!unconfined.isEmpty()) {
                throw new ConfinementException(String.join("; ", unconfined) + ": the benchmarks run a table's "
                        + "expressions as a superuser, so the suite does not load a table that calls a function its "
                        + "DDL's role may not run (files, server programs) or one that runs SQL of its own (query_to_xml, "
                        + "ts_stat, set_config, ...); the functions a file defines run confined, as that role");
            }
            st.execute("SELECT pg_catalog.set_config('search_path', " + literal("pg_catalog, "
                    + (filePath.isBlank() ? "" : filePath + ", ") + "pg_temp") + ", true)");
        }
    }

    /**
     * Built-in functions that something the DDL made calls (a CHECK, a default or generated column, an index, a rule,
     * a view of the file's (an extension's own views call its own functions), a trigger's WHEN, a domain's default, an
     * operator; objects made after initdb, whose OIDs start at 16384) and
     * that a superuser session would run beyond the role's powers: those the role may not execute (pg_read_file,
     * lo_import, pg_ls_dir, ...), and those that run or read SQL by name, which a superuser may do with anything.
     */
    private static List<String> unconfined(Connection connection) throws SQLException {
        return StoredCalls.find(connection, "trees (what, tree) AS ("
                + "SELECT pg_describe_object('pg_constraint'::regclass, oid, 0), conbin::text FROM pg_constraint "
                + "WHERE conbin IS NOT NULL AND oid >= 16384 "
                + "UNION ALL SELECT pg_describe_object('pg_attrdef'::regclass, oid, 0), adbin::text FROM pg_attrdef "
                + "WHERE oid >= 16384 "
                + "UNION ALL SELECT pg_describe_object('pg_class'::regclass, indexrelid, 0), coalesce(indexprs::text, '') "
                + "|| coalesce(indpred::text, '') FROM pg_index WHERE indexrelid >= 16384 "
                + "UNION ALL SELECT pg_describe_object('pg_rewrite'::regclass, oid, 0), coalesce(ev_qual::text, '') "
                + "|| ev_action::text FROM pg_rewrite WHERE oid >= 16384 AND (rulename <> '_RETURN' OR ev_class IN (SELECT c.oid "
                + "FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner WHERE r.rolname = '" + NAME + "')) "
                + "UNION ALL SELECT pg_describe_object('pg_trigger'::regclass, oid, 0), tgqual::text FROM pg_trigger "
                + "WHERE oid >= 16384 AND tgqual IS NOT NULL "
                + "UNION ALL SELECT pg_describe_object('pg_type'::regclass, oid, 0), typdefaultbin::text FROM pg_type "
                + "WHERE oid >= 16384 AND typdefaultbin IS NOT NULL "
                + "UNION ALL SELECT pg_describe_object('pg_operator'::regclass, oid, 0), ':funcid ' || oprcode::oid "
                + "FROM pg_operator WHERE oid >= 16384)",
                StoredCalls.BUILT_IN + " AND (NOT has_function_privilege('" + NAME + "', p.oid, 'EXECUTE') OR "
                        + StoredCalls.RUNS_SQL + ")");
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** A DDL whose table would run, in a superuser's session, a function beyond the confined role: one line. */
    public static final class ConfinementException extends SQLException {
        private static final long serialVersionUID = 1L;

        ConfinementException(String message) {
            super(message, "0A000");
        }
    }
}
