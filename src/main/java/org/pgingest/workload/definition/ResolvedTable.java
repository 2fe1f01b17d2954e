package org.pgingest.workload.definition;

import org.pgingest.secret.SecretBearing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What a {@code shape} benchmark parameter stands for, resolved once (in the launcher, before any fork): the table's
 * definition, those of the tables its foreign keys reference, and the DDL its copies need on a server the suite
 * owns. Plain data, handed to the forks as JSON ({@link ResolvedTables}).
 *
 * @param label       the {@code shape} parameter's value that names it
 * @param indexes     the {@code indexes} parameter's value it was resolved with (an index profile of a published
 *                    shape; STANDARD otherwise)
 * @param source      where the definition came from, for people: "published shape users", "--ddl schema.sql",
 *                    "live table public.orders"
 * @param setup       statements that create what the copies depend on (types, domains, functions, the tables
 *                    triggers write): applied on a server the suite owns before the copies are made, in schema
 *                    {@link TableSources#SOURCE_SCHEMA}; empty for a live table (its dependencies are the server's)
 * @param table       the table
 * @param referenced  the tables its foreign keys reference (one level: their own foreign keys are not followed)
 * @param foreignKeys whether the copies keep the foreign keys (--drop-foreign-keys removes them)
 * @param triggers    whether the copies get the table's triggers (not for a live table: a trigger function may
 *                    write the user's other tables)
 * @param skipped     what the DDL could not apply, one line each (statements the server refused, psql
 *                    meta-commands); empty for a live table
 * @param nullShares  NULL shares of columns that differ from the generator's default (a live table's pg_stats)
 * @param sample      the user's own rows to load instead of generated ones; null to generate them
 */
public record ResolvedTable(String label, String indexes, String source, List<String> setup, TableDefinition table,
                            List<TableDefinition> referenced, boolean foreignKeys, boolean triggers,
                            List<String> skipped, Map<String, Double> nullShares, SampleRows sample) {

    public ResolvedTable {
        setup = List.copyOf(setup);
        referenced = List.copyOf(referenced);
        skipped = List.copyOf(skipped);
        nullShares = Map.copyOf(nullShares);
    }

    /** The same without foreign keys (--drop-foreign-keys): no referenced tables either. */
    public ResolvedTable withoutForeignKeys() {
        return new ResolvedTable(label, indexes, source, setup, table, List.of(), false, triggers, skipped, nullShares,
                sample);
    }

    /**
     * The same without its triggers: on a server the suite does not own, a trigger's function is the user's own and
     * may write the user's other tables.
     */
    public ResolvedTable withoutTriggers() {
        return new ResolvedTable(label, indexes, source, setup, table, referenced, foreignKeys, false, skipped,
                nullShares, sample);
    }

    ResolvedTable labelled(String newLabel, String newIndexes) {
        return new ResolvedTable(newLabel, newIndexes, source, setup, table, referenced, foreignKeys, triggers, skipped,
                nullShares, sample);
    }

    /**
     * The same with the user's rows. A header column the table lacks is refused, as COPY ... CSV HEADER refuses a
     * column list naming one (its values would otherwise be dropped silently: a misspelt name loads generated values
     * in its stead); refused here, before any copy is made on a server. A first line that names none of the table's
     * columns is no header of its rows (another file given by mistake, a password file say): not repeated.
     */
    public ResolvedTable withSample(SampleRows rows) {
        List<String> names = table.columns().stream().map(ColumnDefinition::name).toList();
        String columns = "its columns: " + String.join(", ", names);
        if (rows.header().stream().noneMatch(names::contains)) {
            throw new DefinitionException(rows.source() + ": its first line names none of the table's columns (" + columns
                    + "), so it is no header of the table's rows; give a CSV file whose first line names them");
        }
        for (String name : rows.header()) {
            if (!names.contains(name)) {
                throw new DefinitionException(rows.source() + " has a column " + SecretBearing.maskedIn(name)
                        + " the table lacks (" + columns + "); name only the table's columns in the header");
            }
        }
        return new ResolvedTable(label, indexes, source, setup, table, referenced, foreignKeys, triggers, skipped,
                nullShares, rows);
    }

    /** The same with NULL shares of its columns. */
    public ResolvedTable withNullShares(Map<String, Double> shares) {
        return new ResolvedTable(label, indexes, source, setup, table, referenced, foreignKeys, triggers, skipped,
                shares, sample);
    }

    /**
     * The definition's fingerprint: 16 hex digits of a SHA-256 over what decides how rows load (columns, types,
     * constraints, indexes, partitions, triggers kept, foreign keys kept and the tables they reference), not over
     * names a copy changes (the table's own). Two results under one label are comparable only with equal
     * fingerprints. The text hashed is written out field by field here, so it stays the same across JVMs.
     */
    public String fingerprint() {
        StringBuilder text = new StringBuilder();
        for (ColumnDefinition c : table.columns()) {
            field(text, "column", c.name(), c.type(), c.notNull(), c.filling(), c.expression(), c.collation());
        }
        for (ConstraintDefinition c : table.constraints()) {
            if (foreignKeys || c.kind() != ConstraintDefinition.Kind.FOREIGN_KEY) {
                field(text, "constraint", c.name(), c.kind(), c.columns(), c.definition());
            }
        }
        for (IndexDefinition i : table.indexes()) {
            field(text, "index", i.unique(), i.method());
        }
        partitions(text, table.partitioning());
        field(text, "unlogged", table.unlogged());
        if (triggers) {
            for (TriggerDefinition t : table.triggers()) {
                field(text, "trigger", t.definition().replace(" ON " + table.sqlName() + " ", " ON <table> "));
            }
        }
        if (foreignKeys) {
            for (TableDefinition r : referenced) {
                field(text, "referenced", r.name());
                r.columns().forEach(c -> field(text, "column", c.name(), c.type(), c.notNull(), c.filling()));
                r.constraints().forEach(c -> field(text, "constraint", c.kind(), c.definition()));
            }
        }
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static void partitions(StringBuilder text, PartitionDefinition.Partitioning partitioning) {
        if (partitioning == null) {
            return;
        }
        field(text, "partition by", partitioning.key());
        for (PartitionDefinition p : partitioning.partitions()) {
            field(text, "partition", p.name(), p.bound());
            partitions(text, p.subpartitioning());
        }
    }

    /** One line: the name, then each value's length and text (so no separator can be ambiguous). */
    private static void field(StringBuilder text, String name, Object... values) {
        text.append(name);
        for (Object v : values) {
            String s = String.valueOf(v);
            text.append(' ').append(s.length()).append(':').append(s);
        }
        text.append('\n');
    }
}
