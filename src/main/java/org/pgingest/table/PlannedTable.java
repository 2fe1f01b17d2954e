package org.pgingest.table;

import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * A copy of a table in the suite's schema and how rows it accepts are made: what a loader writes and what it
 * writes there.
 *
 * @param table the copy
 * @param plan  how its rows are made
 */
public record PlannedTable(Table table, RowPlan plan) {

    /**
     * A copy of a published shape (users, sensors, wide_sensors, articles; with an index profile of it, or
     * STANDARD) named {@code name} in {@code schema}, made through the same path as any table: its DDL resolved on
     * this server and copied. For applications and tests; shapes with foreign keys need {@link TableCopies}.
     */
    public static PlannedTable published(Connection connection, SuiteSchema schema, String shape, String indexes,
                                        String name) throws SQLException {
        ResolvedTable resolved = PublishedShapes.resolve(connection, shape, indexes, schema.name());
        TableCopies copies = new TableCopies(schema, resolved);
        Table table = copies.createCopy(connection, name, Map.of());
        return new PlannedTable(table, RowPlan.build(connection, table, Map.of(), resolved.nullShares(), resolved.sample()));
    }

    /** Rows numbered from 0. */
    public RowGenerator rows(long seed, double hostileShare) {
        return new RowGenerator(plan, seed, hostileShare);
    }

    /** Rows numbered from {@code firstRow}, {@code stride} apart (one of several generators sharing the keys). */
    public RowGenerator rows(long seed, double hostileShare, long firstRow, long stride) {
        return new RowGenerator(plan, seed, hostileShare, firstRow, stride);
    }
}
