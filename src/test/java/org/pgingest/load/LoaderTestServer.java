package org.pgingest.load;

import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.table.TableCopies;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.PublishedShapes;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableSources;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded server (default major) for all loader tests in this JVM; its shutdown hook stops it when
 * the test JVM ends. Every test gets tables of its own names.
 */
final class LoaderTestServer {
    private static EmbeddedTarget server;
    private static final AtomicInteger TABLES = new AtomicInteger();
    /** How rows of each table made here are made, by table name. */
    private static final Map<String, RowPlan> PLANS = new ConcurrentHashMap<>();
    /** Tables made from DDL, whose plans are built when first asked for (a table for user rows may have none). */
    private static final Map<String, Table> UNPLANNED = new ConcurrentHashMap<>();
    private static final Map<String, ResolvedTable> RESOLVED = new ConcurrentHashMap<>();
    /** Resolutions whose DDL this server holds. */
    private static final Set<ResolvedTable> SET_UP = ConcurrentHashMap.newKeySet();

    private LoaderTestServer() {
    }

    static synchronized EmbeddedTarget get() {
        if (server == null) {
            server = EmbeddedTarget.start(TargetConfig.defaults());
        }
        return server;
    }

    static SuiteSchema schema() {
        return new SuiteSchema(get().schema());
    }

    /** A connection with the options the loader needs, autocommit on. */
    static Connection connect(Loader loader) throws SQLException {
        return get().dataSource(loader.driverOptions()).getConnection();
    }

    static Connection connect() throws SQLException {
        return get().dataSource().getConnection();
    }

    /** A freshly created copy of a published shape under a name no other test uses. */
    static Table newTable(String shape) throws SQLException {
        return newTable(shape, PublishedShapes.STANDARD);
    }

    static Table newTable(String shape, String profile) throws SQLException {
        try (Connection c = connect()) {
            PlannedTable t = PlannedTable.published(c, schema(), shape, profile, shape.toLowerCase() + "_t" + TABLES.incrementAndGet());
            PLANS.put(t.table().name(), t.plan());
            return t.table();
        }
    }

    /**
     * A freshly created copy of the table {@code name} that {@code ddl} defines, read through the same path as a
     * user's --ddl file (its DDL applied to the shared server first, as a fork applies it), under a name no other
     * test uses. One at a time: two test classes run at once, and applying DDL makes the same role and types.
     */
    static synchronized Table newTableFromDdl(String ddl, String name) throws SQLException {
        try (Connection c = connect()) {
            // Resolved once per DDL: once applied here, its objects are on this server, and a second resolution
            // would meet them.
            ResolvedTable resolved = RESOLVED.get(ddl);
            if (resolved == null) {
                resolved = TableSources.fromDdl(c, SqlScript.parse(ddl), new QualifiedName(TableSources.SOURCE_SCHEMA, name),
                        name, "a test's DDL", schema().name());
                RESOLVED.put(ddl, resolved);
            }
            return copyOf(c, resolved, name);
        }
    }

    /**
     * A copy of a table a user made on this server, read from the live catalog as {@code --table T} on an external
     * server reads it: {@code ddl} runs once, in schema {@code userSchema}, as the user's own objects.
     */
    static synchronized Table newTableFromLiveTable(String ddl, String userSchema, String name) throws SQLException {
        try (Connection c = connect()) {
            String key = "live " + userSchema + ": " + ddl;
            ResolvedTable resolved = RESOLVED.get(key);
            if (resolved == null) {
                try (Statement st = c.createStatement()) {
                    st.execute("CREATE SCHEMA " + userSchema);
                    st.execute("SET search_path = " + userSchema);
                    st.execute(ddl);
                    st.execute("RESET search_path");
                }
                resolved = TableSources.live(c, new QualifiedName(userSchema, name), "a test's live table", schema().name());
                RESOLVED.put(key, resolved);
            }
            return copyOf(c, resolved, name);
        }
    }

    private static Table copyOf(Connection c, ResolvedTable resolved, String name) throws SQLException {
        TableCopies copies = new TableCopies(schema(), resolved);
        // Once per DDL: the source schema's mark names the DDL applied last, and two test classes apply theirs in
        // turns, so the mark alone would have a DDL applied again over its own objects.
        if (!SET_UP.contains(resolved)) {
            copies.applySetup(c);
            SET_UP.add(resolved);
        }
        Table table = copies.createCopy(c, name + "_t" + TABLES.incrementAndGet(), Map.of());
        UNPLANNED.put(table.name(), table);
        return table;
    }

    /**
     * Rows for a table made by {@link #newTable} (or a twin of it under another name): each seed numbers its rows
     * from seed × 1,000,000, so generators of different seeds never share a key.
     */
    static RowGenerator rows(Table table, long seed, double hostileShare) {
        return new RowGenerator(plan(table), seed, hostileShare, seed * 1_000_000L, 1);
    }

    /** The published shapes whose table {@code method} can write (it meets the method's needs). */
    static List<String> shapesFor(LoadMethod method) {
        return PublishedShapes.names().stream().filter(shape -> method.cannotWrite(sample(shape)).isEmpty()).toList();
    }

    private static final Map<String, Table> SAMPLES = new ConcurrentHashMap<>();

    private static Table sample(String shape) {
        return SAMPLES.computeIfAbsent(shape, s -> {
            try {
                return newTable(s);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    static RowPlan plan(Table table) {
        RowPlan plan = PLANS.values().stream().filter(p -> alike(p.table(), table)).findFirst().orElse(null);
        if (plan == null) {
            Table made = UNPLANNED.values().stream().filter(t -> alike(t, table)).findFirst().orElseThrow(
                    () -> new IllegalStateException("no table made by LoaderTestServer.newTable is like " + table.name()));
            try (Connection c = connect()) {
                plan = RowPlan.build(c, made, Map.of(), Map.of(), null);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            PLANS.put(made.name(), plan);
        }
        return plan;
    }

    private static boolean alike(Table a, Table b) {
        return a.definition().columns().equals(b.definition().columns())
                && a.definition().constraints().equals(b.definition().constraints());
    }
}
