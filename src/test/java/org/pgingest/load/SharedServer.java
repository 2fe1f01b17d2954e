package org.pgingest.load;

import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.table.TrialTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded server (default major) for all loader tests in this JVM; its shutdown hook stops it when
 * the test JVM ends. Every test gets tables of its own names.
 */
final class SharedServer {
    private static EmbeddedTarget server;
    private static final AtomicInteger TABLES = new AtomicInteger();
    /** How rows of each table made here are made, by table name. */
    private static final Map<String, RowPlan> PLANS = new ConcurrentHashMap<>();

    private SharedServer() {
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
            TrialTable t = TrialTable.published(c, schema(), shape, profile, shape.toLowerCase() + "_t" + TABLES.incrementAndGet());
            PLANS.put(t.table().name(), t.plan());
            return t.table();
        }
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
        RowPlan plan = PLANS.values().stream().filter(p -> p.table().definition().columns()
                .equals(table.definition().columns()) && p.table().definition().constraints().equals(table.definition().constraints()))
                .findFirst().orElse(null);
        if (plan == null) {
            throw new IllegalStateException("no table made by SharedServer.newTable is like " + table.name());
        }
        return plan;
    }
}
