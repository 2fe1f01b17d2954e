package org.pgingest.load;

import org.pgingest.server.EmbeddedTarget;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.IndexProfile;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded server (default major) for all loader tests in this JVM; its shutdown hook stops it when
 * the test JVM ends. Every test gets tables of its own names.
 */
final class SharedServer {
    private static EmbeddedTarget server;
    private static final AtomicInteger TABLES = new AtomicInteger();

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

    /** A freshly created table of this shape under a name no other test uses. */
    static Table newTable(TableShape shape) throws SQLException {
        return newTable(shape, IndexProfile.STANDARD);
    }

    static Table newTable(TableShape shape, IndexProfile profile) throws SQLException {
        Table table = Table.of(schema(), shape, profile).named(shape.tableName() + "_t" + TABLES.incrementAndGet());
        try (Connection c = connect()) {
            table.create(c);
        }
        return table;
    }
}
