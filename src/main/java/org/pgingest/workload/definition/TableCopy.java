package org.pgingest.workload.definition;

import org.pgingest.workload.Identifiers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The statements that create a copy of a table under another name: its columns (types, collations, NOT NULL,
 * identity and generated columns), its PRIMARY KEY, UNIQUE, EXCLUDE and CHECK constraints, its foreign keys (to the
 * copies of the tables they reference, or none), its indexes, its partitions with their bounds, and its triggers
 * if asked. A column the server fills from a sequence becomes an identity column of the copy (a sequence of its
 * own, as serial makes one), so the copy never draws from the original's sequence; a plain DEFAULT is left out,
 * since the loaders write those columns. Constraint and index names are left to the server where they must be
 * unique in the schema (PRIMARY KEY, UNIQUE, EXCLUDE, indexes); CHECK and foreign keys keep theirs, which name
 * them in errors.
 *
 * @param definition  the table copied
 * @param target      the copy's name
 * @param references  for each table a foreign key references (and the table itself, for a self-reference), the
 *                    copy it references instead; a foreign key whose table is absent from the map is left out
 * @param triggers    whether the copy gets the table's triggers
 */
public record TableCopy(TableDefinition definition, QualifiedName target, Map<QualifiedName, QualifiedName> references,
                        boolean triggers) {

    /** Bytes an identifier may have (NAMEDATALEN - 1); longer ones the server cuts silently. */
    static final int MAX_IDENTIFIER_BYTES = 63;

    /**
     * The statements, in order: CREATE TABLE (with PARTITION BY), the partitions, the indexes, the triggers. The
     * relations created are {@link #relations()}.
     */
    public List<String> statements() {
        List<String> statements = new ArrayList<>();
        statements.add(createTable());
        if (definition.partitioning() != null) {
            addPartitions(statements, target, definition.partitioning());
        }
        for (IndexDefinition index : definition.indexes()) {
            statements.add("CREATE " + (index.unique() ? "UNIQUE " : "") + "INDEX ON " + target.quoted() + " " + index.method());
        }
        if (triggers) {
            for (TriggerDefinition trigger : definition.triggers()) {
                statements.add(retarget(trigger.definition(), " ON " + definition.sqlName() + " ", " ON " + target.quoted() + " "));
            }
        }
        return statements;
    }

    /** The copy and its partitions, parents first: what the suite marks as its own and drops. */
    public List<QualifiedName> relations() {
        List<QualifiedName> relations = new ArrayList<>();
        relations.add(target);
        if (definition.partitioning() != null) {
            addPartitionNames(relations, target, definition.partitioning());
        }
        return relations;
    }

    /** The foreign keys the copy keeps: those whose referenced table has a copy. */
    public List<ConstraintDefinition> keptForeignKeys() {
        return definition.constraints(ConstraintDefinition.Kind.FOREIGN_KEY).stream()
                .filter(fk -> references.containsKey(fk.references().table())).toList();
    }

    private String createTable() {
        List<String> parts = new ArrayList<>();
        for (ColumnDefinition c : definition.columns()) {
            parts.add(column(c));
        }
        for (ConstraintDefinition c : definition.constraints()) {
            switch (c.kind()) {
                case PRIMARY_KEY, UNIQUE, EXCLUSION -> parts.add(c.definition());
                case CHECK -> parts.add("CONSTRAINT " + Identifiers.quote(c.name()) + " " + withoutNotValid(c.definition()));
                case FOREIGN_KEY -> {
                    QualifiedName copy = references.get(c.references().table());
                    if (copy != null) {
                        parts.add("CONSTRAINT " + Identifiers.quote(c.name()) + " " + retarget(withoutNotValid(c.definition()),
                                "REFERENCES " + c.references().sqlName() + "(", "REFERENCES " + copy.quoted() + "("));
                    }
                }
                default -> throw new IllegalStateException("unknown constraint kind " + c.kind());
            }
        }
        return "CREATE " + (definition.unlogged() ? "UNLOGGED " : "") + "TABLE " + target.quoted() + " ("
                + String.join(", ", parts) + ")"
                + (definition.partitioning() == null ? "" : " PARTITION BY " + definition.partitioning().key());
    }

    private static String column(ColumnDefinition c) {
        StringBuilder sb = new StringBuilder(c.quoted()).append(' ').append(c.type());
        if (c.collation() != null) {
            sb.append(" COLLATE ").append(c.collation());
        }
        if (c.notNull()) {
            sb.append(" NOT NULL");
        }
        switch (c.filling()) {
            case APPLICATION -> { }
            case IDENTITY_ALWAYS -> sb.append(" GENERATED ALWAYS AS IDENTITY");
            case IDENTITY_BY_DEFAULT -> sb.append(" GENERATED BY DEFAULT AS IDENTITY");
            case SEQUENCE -> {
                if (!List.of("smallint", "integer", "bigint").contains(c.type())) {
                    throw new DefinitionException("column " + c.name() + " takes its default from a sequence but is "
                            + c.type() + ": the suite copies sequence defaults of integer columns only");
                }
                sb.append(" GENERATED BY DEFAULT AS IDENTITY");
            }
            case GENERATED_STORED -> sb.append(" GENERATED ALWAYS AS (").append(c.expression()).append(") STORED");
            case GENERATED_VIRTUAL -> sb.append(" GENERATED ALWAYS AS (").append(c.expression()).append(") VIRTUAL");
            default -> throw new IllegalStateException("unknown filling " + c.filling());
        }
        return sb.toString();
    }

    private void addPartitions(List<String> statements, QualifiedName parent, PartitionDefinition.Partitioning partitioning) {
        List<PartitionDefinition> partitions = partitioning.partitions();
        for (int i = 0; i < partitions.size(); i++) {
            PartitionDefinition p = partitions.get(i);
            QualifiedName name = partitionName(parent, i);
            statements.add("CREATE TABLE " + name.quoted() + " PARTITION OF " + parent.quoted() + " " + p.bound()
                    + (p.subpartitioning() == null ? "" : " PARTITION BY " + p.subpartitioning().key()));
            if (p.subpartitioning() != null) {
                addPartitions(statements, name, p.subpartitioning());
            }
        }
    }

    private static void addPartitionNames(List<QualifiedName> names, QualifiedName parent,
                                          PartitionDefinition.Partitioning partitioning) {
        for (int i = 0; i < partitioning.partitions().size(); i++) {
            QualifiedName name = partitionName(parent, i);
            names.add(name);
            PartitionDefinition p = partitioning.partitions().get(i);
            if (p.subpartitioning() != null) {
                addPartitionNames(names, name, p.subpartitioning());
            }
        }
    }

    /** parent_p0, parent_p1, ...; a sub-partition's parent_p0_p2. */
    private static QualifiedName partitionName(QualifiedName parent, int index) {
        return new QualifiedName(parent.schema(), parent.name() + "_p" + index);
    }

    /**
     * A name for a copy: {@code base} cut to leave room for {@code suffix} within the identifier limit (whole
     * characters), then the suffix.
     */
    public static String name(String base, String suffix) {
        Function<String, Integer> bytes = s -> s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        int room = MAX_IDENTIFIER_BYTES - bytes.apply(suffix) - 12; // partitions add _pN_pN...
        String cut = base;
        while (bytes.apply(cut) > room) {
            cut = cut.substring(0, cut.offsetByCodePoints(0, cut.codePointCount(0, cut.length()) - 1));
        }
        return cut + suffix;
    }

    private static String withoutNotValid(String constraintDefinition) {
        return constraintDefinition.endsWith(" NOT VALID")
                ? constraintDefinition.substring(0, constraintDefinition.length() - " NOT VALID".length())
                : constraintDefinition;
    }

    /** {@code text} with the first {@code from} replaced by {@code to}; the text must hold it. */
    private String retarget(String text, String from, String to) {
        int at = text.indexOf(from);
        if (at < 0) {
            throw new IllegalStateException("cannot find '" + from.trim() + "' in the definition of " + definition.name()
                    + ": " + text);
        }
        return text.substring(0, at) + to + text.substring(at + from.length());
    }
}
