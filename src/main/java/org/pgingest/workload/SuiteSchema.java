package org.pgingest.workload;

import org.pgingest.workload.ddl.Identifiers;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's own schema and the guard around it. The schema and every table the suite creates carry a
 * marker comment; the suite refuses to work in a schema it did not create, or one that holds anything it
 * did not create, so that on an external server nothing else is ever created, truncated or dropped.
 */
public final class SuiteSchema {
    /** The comment on the schema and on every table the suite creates. */
    public static final String MARKER = "created by pg-ingest-bench";

    private final String name;

    public SuiteSchema(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** "schema.table", quoted as needed. */
    public String qualify(String table) {
        return quote(name) + "." + quote(table);
    }

    private static String quote(String identifier) {
        return Identifiers.quote(identifier);
    }

    /**
     * Creates the schema (with its marker) if it is absent; otherwise checks that it is the suite's and holds
     * only the suite's objects. Throws {@link SchemaRefusedException} naming what it found otherwise.
     */
    public void prepare(Connection connection) throws SQLException {
        if (!checkExisting(connection)) {
            if (!privilege(connection, "has_database_privilege(current_database(), 'CREATE')")) {
                throw new SchemaRefusedException("role " + currentUser(connection) + " may not create schema '" + name
                        + "' (it lacks CREATE on database " + currentDatabase(connection) + "): GRANT CREATE ON DATABASE "
                        + quote(currentDatabase(connection)) + " TO " + quote(currentUser(connection))
                        + ", or name a schema of the suite's that it may use with -Dpg.schema=NAME");
            }
            createMarked(connection);
        }
    }

    /**
     * Whether the schema exists; one that does is checked as {@link #prepare} checks it (the suite's, holding only
     * the suite's objects, usable by this role), and nothing is created.
     */
    public boolean checkExisting(Connection connection) throws SQLException {
        String comment = schemaComment(connection);
        if (comment == null && !exists(connection)) {
            return false;
        }
        if (!MARKER.equals(comment)) {
            throw new SchemaRefusedException("schema '" + name + "' exists but was not created by pg-ingest-bench; "
                    + "the suite will not touch it: choose another schema with -Dpg.schema=NAME or PGIB_SCHEMA");
        }
        List<String> foreign = foreignObjects(connection);
        if (!foreign.isEmpty()) {
            throw new SchemaRefusedException("schema '" + name + "' holds objects pg-ingest-bench did not create ("
                    + String.join(", ", foreign.subList(0, Math.min(5, foreign.size())))
                    + (foreign.size() > 5 ? ", ... " + foreign.size() + " in all" : "")
                    + "); the suite will not touch them: choose another schema with -Dpg.schema=NAME or PGIB_SCHEMA");
        }
        // A schema an earlier run made as another role: the suite creates and drops its tables there.
        if (!privilege(connection, "has_schema_privilege(" + literal(name) + ", 'USAGE, CREATE')")) {
            throw new SchemaRefusedException("role " + currentUser(connection) + " may not use schema '" + name
                    + "' (it lacks USAGE and CREATE on it; an earlier run made it as another role): GRANT USAGE, CREATE "
                    + "ON SCHEMA " + quote(name) + " TO " + quote(currentUser(connection)) + ", drop it (DROP SCHEMA "
                    + quote(name) + " CASCADE, as its owner), or choose another schema with -Dpg.schema=NAME");
        }
        return true;
    }

    /**
     * The schema and its marker in one transaction: made in two, a connection lost between them (a server that
     * restarts as it starts: CI, ComposeFileTest, 2026-11-27) left a schema without its marker, which every later run
     * then refused as someone else's.
     */
    private void createMarked(Connection connection) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE SCHEMA " + quote(name));
            st.execute("COMMENT ON SCHEMA " + quote(name) + " IS '" + MARKER + "'");
            connection.commit();
        } catch (SQLException e) {
            try {
                connection.rollback();
                connection.setAutoCommit(autoCommit);
            } catch (SQLException lost) {
                e.addSuppressed(lost);
            }
            throw e;
        }
        connection.setAutoCommit(autoCommit);
    }

    private static boolean privilege(Connection connection, String call) throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT " + call)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private static String currentUser(Connection connection) throws SQLException {
        return single(connection, "SELECT current_user");
    }

    private static String currentDatabase(Connection connection) throws SQLException {
        return single(connection, "SELECT current_database()");
    }

    private static String single(Connection connection, String sql) throws SQLException {
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** Whether the schema exists on {@code connection}'s server (whoever made it). */
    public boolean exists(Connection connection) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("SELECT 1 FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        }
    }

    private String schemaComment(Connection connection) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /**
     * Objects in the schema that the suite did not create: relations without the marker (sequences and
     * indexes count as the suite's when they belong to a marked table), functions, and free-standing types.
     */
    public List<String> foreignObjects(Connection connection) throws SQLException {
        String sql = """
                WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = ?),
                     ours AS (SELECT c.oid FROM pg_class c, ns
                              WHERE c.relnamespace = ns.oid AND c.relkind IN ('r', 'p')
                                AND obj_description(c.oid, 'pg_class') = ?)
                SELECT CASE c.relkind WHEN 'r' THEN 'table ' WHEN 'p' THEN 'table ' WHEN 'v' THEN 'view '
                                      WHEN 'm' THEN 'materialized view ' WHEN 'f' THEN 'foreign table '
                                      WHEN 'S' THEN 'sequence ' ELSE 'relation ' END || c.relname
                FROM pg_class c, ns
                WHERE c.relnamespace = ns.oid
                  AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S', 'c')
                  AND c.oid NOT IN (SELECT oid FROM ours)
                  AND NOT (c.relkind = 'S' AND EXISTS (
                        SELECT 1 FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
                          AND d.refobjid IN (SELECT oid FROM ours)))
                UNION ALL
                SELECT 'function ' || p.proname FROM pg_proc p, ns WHERE p.pronamespace = ns.oid
                UNION ALL
                SELECT 'type ' || t.typname FROM pg_type t, ns
                WHERE t.typnamespace = ns.oid AND t.typrelid = 0 AND t.typcategory <> 'A'
                ORDER BY 1
                """;
        List<String> result = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, name);
            ps.setString(2, MARKER);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    result.add(rs.getString(1));
                }
            }
        }
        return result;
    }

    /**
     * Creates (or re-creates) one of the suite's tables and marks it. Drops only a table that carries the
     * marker; a same-named table without it is an error.
     *
     * @param table       unqualified table name
     * @param definition  everything after the table name in CREATE TABLE, e.g. "(id bigint primary key)"
     * @param unlogged    create an UNLOGGED table (no WAL)
     */
    public void recreateTable(Connection connection, String table, String definition, boolean unlogged)
            throws SQLException {
        dropTable(connection, table);
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE " + (unlogged ? "UNLOGGED " : "") + "TABLE " + qualify(table) + " " + definition);
            st.execute("COMMENT ON TABLE " + qualify(table) + " IS '" + MARKER + "'");
        }
    }

    /**
     * Drops the schema with the suite's tables in it, when it is the suite's and holds nothing else: what a run on a
     * user's server leaves otherwise (copies of the user's table, referenced tables, their sequences). Each table goes
     * through {@link #dropTable}; the schema itself without CASCADE, so that anything else makes it stay. Returns
     * whether it was dropped.
     */
    public boolean drop(Connection connection) throws SQLException {
        if (!MARKER.equals(schemaComment(connection)) || !foreignObjects(connection).isEmpty()) {
            return false;
        }
        List<String> tables = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1""")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
        }
        for (String table : tables) {
            dropTable(connection, table);
        }
        try (Statement st = connection.createStatement()) {
            st.execute("DROP SCHEMA " + quote(name));
        }
        return true;
    }

    /** Marks a table (or partition) the suite created as its own. */
    public void mark(Connection connection, String table) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("COMMENT ON TABLE " + qualify(table) + " IS '" + MARKER + "'");
        }
    }

    /**
     * Drops one of the suite's tables if present, with its partitions; refuses a table the suite did not create. A
     * foreign key of another of the suite's tables that references it goes first, as that table is made again
     * anyway. The table itself is dropped without CASCADE, which would silently take a user's view, function or
     * foreign key outside the schema that depends on it: the server refuses the drop then (2BP01, its DETAIL
     * lists them), and so does the suite, leaving all as it was.
     */
    public void dropTable(Connection connection, String table) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT obj_description(c.oid, 'pg_class') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = ? AND c.relname = ?""")) {
            ps.setString(1, name);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return;
                }
                if (!MARKER.equals(rs.getString(1))) {
                    throw new SchemaRefusedException("table " + name + "." + table
                            + " was not created by pg-ingest-bench; the suite will not drop it");
                }
            }
        }
        for (ForeignKey key : suiteKeysReferencing(connection, table)) {
            try (Statement st = connection.createStatement()) {
                st.execute("ALTER TABLE " + qualify(key.table()) + " DROP CONSTRAINT " + quote(key.constraint()));
            }
        }
        try (Statement st = connection.createStatement()) {
            st.execute("DROP TABLE " + qualify(table));
        } catch (PSQLException e) {
            if (!"2BP01".equals(e.getSQLState())) { // dependent_objects_still_exist
                throw e;
            }
            ServerErrorMessage server = e.getServerErrorMessage();
            String dependants = server == null || server.getDetail() == null ? e.getMessage() : server.getDetail();
            throw new SchemaRefusedException("table " + name + "." + table + " was not dropped: objects the suite did "
                    + "not create depend on it (" + dependants.replaceAll("\\s*\\R\\s*", "; ")
                    + "); the suite drops nothing of yours: drop them or choose another schema with -Dpg.schema=NAME");
        }
    }

    private record ForeignKey(String table, String constraint) {
    }

    /** The foreign keys of the suite's other tables in the schema that reference {@code table}. */
    private List<ForeignKey> suiteKeysReferencing(Connection connection, String table) throws SQLException {
        List<ForeignKey> keys = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT r.relname, k.conname FROM pg_constraint k
                JOIN pg_class t ON t.oid = k.confrelid JOIN pg_class r ON r.oid = k.conrelid
                JOIN pg_namespace n ON n.oid = t.relnamespace AND n.oid = r.relnamespace
                WHERE k.contype = 'f' AND k.conparentid = 0 AND n.nspname = ? AND t.relname = ? AND r.oid <> t.oid
                  AND obj_description(r.oid, 'pg_class') = ?
                ORDER BY 1, 2""")) {
            ps.setString(1, name);
            ps.setString(2, table);
            ps.setString(3, MARKER);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(new ForeignKey(rs.getString(1), rs.getString(2)));
                }
            }
        }
        return keys;
    }
}
