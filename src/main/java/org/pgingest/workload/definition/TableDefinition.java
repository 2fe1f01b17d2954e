package org.pgingest.workload.definition;

import org.pgingest.workload.ddl.Identifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A table's definition as a catalog holds it: what the suite needs to recreate it under another name and to write
 * rows it accepts. Read by {@link CatalogReader} from any server, the published shapes' DDL resources included; plain
 * data (strings and lists), so the launcher can hand it to the benchmark forks as JSON.
 *
 * @param name         the table read
 * @param sqlName      its name as the server's {@code pg_get_*} functions print it (to find it in their output)
 * @param unlogged     an UNLOGGED table
 * @param columns      every column, in attnum order
 * @param constraints  PRIMARY KEY, UNIQUE, CHECK, FOREIGN KEY and EXCLUDE constraints
 * @param indexes      the indexes that back no constraint
 * @param partitioning how it is partitioned; null for a plain table
 * @param triggers     its user triggers
 */
public record TableDefinition(QualifiedName name, String sqlName, boolean unlogged, List<ColumnDefinition> columns,
                              List<ConstraintDefinition> constraints, List<IndexDefinition> indexes,
                              PartitionDefinition.Partitioning partitioning, List<TriggerDefinition> triggers) {

    /** Integer types a sequence can fill and a loader can hand back as a long. */
    private static final Set<String> ID_TYPES = Set.of("smallint", "integer", "bigint");

    public TableDefinition {
        columns = List.copyOf(columns);
        constraints = List.copyOf(constraints);
        indexes = List.copyOf(indexes);
        triggers = List.copyOf(triggers);
    }

    /** The columns loaders write, in order: all but identity, generated and sequence-filled ones. */
    public List<ColumnDefinition> writtenColumns() {
        return columns.stream().filter(ColumnDefinition::written).toList();
    }

    public Optional<ColumnDefinition> column(String columnName) {
        return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
    }

    public List<ConstraintDefinition> constraints(ConstraintDefinition.Kind kind) {
        return constraints.stream().filter(c -> c.kind() == kind).toList();
    }

    /** Every unique key: primary key first, then UNIQUE constraints, then unique indexes. */
    public List<UniqueKey> uniqueKeys() {
        List<UniqueKey> keys = new ArrayList<>();
        for (ConstraintDefinition.Kind kind : List.of(ConstraintDefinition.Kind.PRIMARY_KEY, ConstraintDefinition.Kind.UNIQUE)) {
            for (ConstraintDefinition c : constraints(kind)) {
                keys.add(new UniqueKey(c.name(), kind == ConstraintDefinition.Kind.PRIMARY_KEY ? "primary key"
                        : "unique constraint", c.columns().stream().map(Identifiers::display).toList(), c.columns(),
                        c.columns(), null));
            }
        }
        for (IndexDefinition index : indexes) {
            if (index.unique()) {
                keys.add(new UniqueKey(index.name(), "unique index", index.keys(), index.columns(), index.plainKeys(),
                        index.predicate()));
            }
        }
        return keys;
    }

    /**
     * The key upserts conflict on and RETURNING joins back on: the first unique key of plain columns on every row
     * whose columns the loaders all write. Empty when there is none, with {@link #conflictKeyAbsence} saying why.
     */
    public Optional<UniqueKey> conflictKey() {
        return uniqueKeys().stream().filter(UniqueKey::plain)
                .filter(k -> k.plainColumns().stream().allMatch(c -> column(c).map(ColumnDefinition::written).orElse(false)))
                .findFirst();
    }

    /** Why there is no {@link #conflictKey}, for a loader's "missing" reason ("it has no ..."). */
    public String conflictKeyAbsence() {
        List<UniqueKey> keys = uniqueKeys();
        if (keys.isEmpty()) {
            return "it has no primary key, unique constraint or unique index";
        }
        List<String> why = new ArrayList<>();
        for (UniqueKey k : keys) {
            if (!k.plain()) {
                why.add(k.describe() + (k.predicate() != null ? " is partial" : " is on expressions"));
            } else {
                why.add(k.describe() + " holds " + String.join(", ", k.plainColumns().stream()
                        .filter(c -> !column(c).map(ColumnDefinition::written).orElse(false)).toList())
                        + ", which the server fills");
            }
        }
        // RETURNING needs one too, though the server fills the ids: a multi-row INSERT returns its rows in no promised
        // order, so each id is matched to its row by the key (a new user read the bare reason as a contradiction)
        return "it has no unique key of columns the loaders write, which an upsert conflicts on and RETURNING matches "
                + "each returned id to its row by (" + String.join("; ", why) + ")";
    }

    /** The integer column the server fills from a sequence (identity or serial): the id RETURNING hands back. */
    public Optional<ColumnDefinition> idColumn() {
        return columns.stream().filter(ColumnDefinition::fromSequence).filter(c -> ID_TYPES.contains(c.type())).findFirst();
    }

    /** Why there is no {@link #idColumn}. */
    public String idColumnAbsence() {
        return "it has no integer column the server fills from a sequence (identity or serial) to hand back";
    }
}
