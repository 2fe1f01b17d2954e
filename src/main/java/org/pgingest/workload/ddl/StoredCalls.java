package org.pgingest.workload.ddl;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The functions that expressions stored in the catalogs call (CHECKs, defaults and generated columns, indexes, rules,
 * triggers' WHEN, domains' defaults), found in their stored node trees' function and operator-function ids
 * ({@code :funcid}, {@code :opfuncid}). PostgreSQL records no dependency of an expression on a built-in (initdb's
 * objects are pinned), so pg_depend would not show the built-ins, which are the ones that matter here.
 */
public final class StoredCalls {
    /**
     * Built-ins any role may call that run a query given as text, read a table by name, change a setting or act on
     * other sessions: a superuser calling them may do so with anything.
     */
    private static final List<String> SQL_RUNNING = List.of("query_to_xml", "query_to_xmlschema",
            "query_to_xml_and_xmlschema", "table_to_xml", "table_to_xmlschema", "table_to_xml_and_xmlschema",
            "schema_to_xml", "schema_to_xmlschema", "schema_to_xml_and_xmlschema", "database_to_xml",
            "database_to_xmlschema", "database_to_xml_and_xmlschema", "cursor_to_xml", "ts_stat", "ts_rewrite",
            "set_config", "pg_terminate_backend", "pg_cancel_backend");
    /**
     * Volatile functions that only draw numbers or read the clock: the volatile ones a CHECK may call harmlessly
     * ({@link #WRITING} takes every other volatile function for one that may write).
     */
    private static final List<String> HARMLESS_VOLATILE = List.of("random", "random_normal", "clock_timestamp",
            "timeofday", "gen_random_uuid", "uuid_generate_v1", "uuid_generate_v1mc", "uuid_generate_v4");
    /** Functions not marked volatile that write all the same: they assign the transaction an id if it has none. */
    private static final List<String> ASSIGNING = List.of("txid_current", "pg_current_xact_id");
    /** A condition on the called function {@code p} (a pg_proc row): a built-in, in pg_catalog. */
    static final String BUILT_IN = "p.pronamespace = 'pg_catalog'::pg_catalog.regnamespace";
    /** A condition on {@code p}: one of {@link #SQL_RUNNING}. */
    static final String RUNS_SQL = named(SQL_RUNNING);
    /**
     * A condition on {@code p}: a function that may write on the server or act on other sessions, whoever made it:
     * every volatile one (nextval, pg_notify, set_config, advisory locks, large objects, pg_stat_reset_shared,
     * adminpack's pg_file_write, dblink's, ...: called for each row loaded, nextval in a CHECK advanced a user's
     * sequence by 4 million in one ranking) but those that only draw numbers or read the clock, and the stable ones
     * that assign a transaction id. Judged by volatility rather than by name, so that no writing function is missed
     * for want of a list (an adversarial pass found pg_stat_reset_shared and pg_file_write beyond one).
     */
    public static final String WRITING = "((p.provolatile = 'v' AND NOT (" + named(HARMLESS_VOLATILE) + ")) OR "
            + named(ASSIGNING) + ")";
    /** A condition on {@code p}: a function of the user's own, neither built-in nor an extension's. */
    public static final String USERS_OWN = "(p.pronamespace NOT IN ('pg_catalog'::pg_catalog.regnamespace, "
            + "'information_schema'::pg_catalog.regnamespace) AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend e "
            + "WHERE e.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass AND e.objid = p.oid AND e.deptype = 'e'))";

    private StoredCalls() {
    }

    /**
     * "what calls function(args)", one per object and function, ordered.
     *
     * @param with       common table expressions (after WITH, RECURSIVE if one needs it) of which {@code trees
     *                   (what, tree)} holds each object's description and its stored trees as text
     * @param calls      a condition on the called function {@code p}
     * @param parameters the values of {@code with}'s placeholders, in order
     */
    public static List<String> find(Connection connection, String with, String calls, String... parameters)
            throws SQLException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("WITH " + with + " SELECT DISTINCT t.what, "
                + "p.oid::pg_catalog.regprocedure::pg_catalog.text FROM trees t CROSS JOIN LATERAL "
                + "pg_catalog.regexp_matches(t.tree, ':(?:funcid|opfuncid) (\\d+)', 'g') m JOIN pg_catalog.pg_proc p "
                + "ON p.oid = m[1]::pg_catalog.oid WHERE " + calls + " ORDER BY 1, 2")) {
            for (int i = 0; i < parameters.length; i++) {
                ps.setString(i + 1, parameters[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(rs.getString(1) + " calls " + rs.getString(2));
                }
            }
        }
        return found;
    }

    private static String named(List<String> names) {
        return "p.proname = ANY (ARRAY[" + names.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", "))
                + "]::pg_catalog.name[])";
    }
}
