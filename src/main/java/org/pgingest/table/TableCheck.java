package org.pgingest.table;

import org.pgingest.load.LoadMethod;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.TableSources;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a benchmark fork would do with a resolved table, done once before any fork starts (the launcher's check): on
 * a server the suite owns, the DDL applied; the referenced tables copied and filled, the table copied, its rows
 * planned and a sample inserted and rolled back; then every copy dropped again. A table the suite cannot copy or
 * fill, or rows it refuses, are a {@link org.pgingest.workload.definition.DefinitionException} with one line; and
 * which loaders can write the copy is known, each other one with its reason.
 *
 * @param cannotWrite the methods that cannot write the table, each with why (in {@link LoadMethod} order)
 * @param keyCarriers the columns that carry the row number to keep unique keys distinct
 */
public record TableCheck(Map<LoadMethod, String> cannotWrite, List<String> keyCarriers) {

    /** The copy's suffix: not one a fork uses, so the check never meets a trial's table. */
    static final String SUFFIX = "_check";

    public TableCheck {
        cannotWrite = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cannotWrite));
    }

    /**
     * Checks {@code resolved} on {@code connection}'s server. {@code owned}: the server is the suite's own (the DDL
     * is applied first, committed; the server is thrown away after the run anyway); otherwise the table's types and
     * functions must be there already (a live table's server), and only the suite's schema is written.
     */
    public static TableCheck run(Connection connection, SuiteSchema schema, ResolvedTable resolved, boolean owned,
                                 long seed) throws SQLException {
        TableCopies copies = new TableCopies(schema, resolved);
        if (owned) {
            copies.applySetup(connection);
        }
        String copyName = copies.copyName(SUFFIX);
        try {
            // On a server the suite does not own, the copies' expressions bind to that server's functions and types of
            // the same names, the user's own (a --ddl file's names too): checked as a live table's before any row.
            TableCopies.CopyCheck check = owned ? (c, copy) -> { } : TableSources::checkCopy;
            Map<String, QualifiedName> referenced = copies.createReferenced(connection, seed, check);
            Table table = copies.createCopy(connection, copyName, referenced);
            check.check(connection, new QualifiedName(schema.name(), copyName));
            if (table.columns().isEmpty()) {
                // INSERT INTO t () is no SQL, and COPY of no columns loads nothing: there is nothing to measure
                throw new DefinitionException(resolved.table().name() + " has no column the loaders write (none at all,"
                        + " or only identity and generated ones): the suite measures loading rows of values, a limit of"
                        + " the suite; pick a table with a column an application writes");
            }
            RowPlan plan = copies.plan(connection, table, referenced, resolved.nullShares(), resolved.sample());
            TableCopies.checkSample(connection, plan, seed);
            Map<LoadMethod, String> cannot = new LinkedHashMap<>();
            for (LoadMethod method : LoadMethod.values()) {
                Optional<String> why = method.cannotWrite(table);
                why.ifPresent(w -> cannot.put(method, w));
            }
            return new TableCheck(cannot, plan.keyCarriers());
        } finally {
            schema.dropTable(connection, copyName);
            for (TableDefinition r : resolved.referenced()) {
                schema.dropTable(connection, copies.referencedName(r));
            }
        }
    }
}
