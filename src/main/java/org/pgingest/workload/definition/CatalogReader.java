package org.pgingest.workload.definition;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Reads a table's definition from a server's catalog (PostgreSQL 14-18): columns from {@code pg_attribute} with
 * {@code format_type}, defaults and identity and generated columns, constraints from {@code pg_constraint}, indexes
 * from {@code pg_index}, partitions from {@code pg_partitioned_table} and {@code pg_inherits}, triggers from
 * {@code pg_trigger}. Only reads: in a read-only transaction of its own (or the caller's, when one is under way),
 * with search_path pg_catalog alone so that every {@code pg_get_*def} and {@code format_type} qualifies what lies
 * outside pg_catalog (a copy elsewhere then means the same types and functions).
 */
public final class CatalogReader {
    private final Connection connection;

    private CatalogReader(Connection connection) {
        this.connection = connection;
    }

    /**
     * The definition of {@code table}. A name without a schema is looked up in every schema but the system's and
     * {@code excludedSchema} (the suite's own). Throws {@link DefinitionException} with one line when there is no
     * such table, the name is ambiguous, or it names something that is not a table (a view, a sequence, ...).
     */
    public static TableDefinition read(Connection connection, QualifiedName table, String excludedSchema)
            throws SQLException {
        return read(connection, table, excludedSchema, "on this server");
    }

    /** The same, where {@code place} says where the table was looked for ("in --ddl schema.sql"). */
    public static TableDefinition read(Connection connection, QualifiedName table, String excludedSchema, String place)
            throws SQLException {
        if (!connection.getAutoCommit()) {
            return inCallersTransaction(connection, table, excludedSchema, place);
        }
        boolean readOnly = connection.isReadOnly();
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        try {
            return inCallersTransaction(connection, table, excludedSchema, place);
        } finally {
            connection.rollback();
            connection.setReadOnly(readOnly);
            connection.setAutoCommit(true);
        }
    }

    /** Reads within the transaction under way, its search_path set back afterwards. */
    private static TableDefinition inCallersTransaction(Connection connection, QualifiedName table, String excludedSchema,
                                                        String place) throws SQLException {
        String searchPath;
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT pg_catalog.current_setting('search_path'), pg_catalog.set_config('search_path', 'pg_catalog', true)");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            searchPath = rs.getString(1);
        }
        try {
            return new CatalogReader(connection).table(table, excludedSchema, place);
        } finally {
            try (PreparedStatement ps = connection.prepareStatement("SELECT pg_catalog.set_config('search_path', ?, true)")) {
                ps.setString(1, searchPath);
                ps.execute();
            }
        }
    }

    /** What a relation found by name is, by pg_class.relkind. */
    private record Relation(long oid, QualifiedName name, String sqlName, char kind, boolean unlogged) {
    }

    private TableDefinition table(QualifiedName requested, String excludedSchema, String place) throws SQLException {
        Relation relation = find(requested, excludedSchema, place);
        if (relation.kind() != 'r' && relation.kind() != 'p') {
            throw new DefinitionException(requested + " is " + kindName(relation.kind()) + ", not a table: the suite "
                    + "loads rows into tables (plain or partitioned)");
        }
        List<ColumnDefinition> columns = columns(relation.oid());
        return new TableDefinition(relation.name(), relation.sqlName(), relation.unlogged(), columns,
                constraints(relation.oid()), indexes(relation), partitioning(relation.oid()), triggers(relation.oid()));
    }

    private Relation find(QualifiedName requested, String excludedSchema, String place) throws SQLException {
        String sql = """
                SELECT c.oid, n.nspname, c.relname, c.relkind, c.relpersistence,
                       quote_ident(n.nspname) || '.' || quote_ident(c.relname)
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relname = ? AND (n.nspname = ? OR (?::text IS NULL AND n.nspname <> ?
                      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname !~ '^pg_(toast|temp)'))
                ORDER BY n.nspname""";
        List<Relation> found = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, requested.name());
            ps.setString(2, requested.schema());
            ps.setString(3, requested.schema());
            ps.setString(4, excludedSchema == null ? "" : excludedSchema);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.add(new Relation(rs.getLong(1), new QualifiedName(rs.getString(2), rs.getString(3)),
                            rs.getString(6), rs.getString(4).charAt(0), rs.getString(5).equals("u")));
                }
            }
        }
        if (found.isEmpty()) {
            throw new DefinitionException("no table " + requested + " " + place + (requested.schema() == null
                    ? " (looked in every schema but the system's" + (excludedSchema == null ? "" : " and the suite's " + excludedSchema) + ")"
                    : "") + tablesThere(requested.schema(), excludedSchema)
                    + "; names are case-sensitive when quoted, e.g. '\"Orders\"'");
        }
        if (found.size() > 1) {
            throw new DefinitionException("table name " + requested + " is in more than one schema ("
                    + String.join(", ", found.stream().map(r -> r.name().toString()).toList()) + "): give it with its schema");
        }
        return found.get(0);
    }

    /** "; tables there: a, b, c" (the first ten, by name), from the schema asked for or every one searched; or "". */
    private String tablesThere(String schema, String excludedSchema) throws SQLException {
        String sql = """
                SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname)
                FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND (n.nspname = ? OR (?::text IS NULL
                      AND n.nspname <> ? AND n.nspname NOT IN ('pg_catalog', 'information_schema')
                      AND n.nspname !~ '^pg_(toast|temp)'))
                ORDER BY (quote_ident(n.nspname) || '.' || quote_ident(c.relname)) COLLATE "C"
                """;
        List<String> names = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setString(1, schema);
            ps.setString(2, schema);
            ps.setString(3, excludedSchema == null ? "" : excludedSchema);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
        }
        if (names.isEmpty()) {
            return "";
        }
        int shown = Math.min(names.size(), 10);
        return "; tables there: " + String.join(", ", names.subList(0, shown))
                + (names.size() > shown ? " and " + (names.size() - shown) + " more" : "");
    }

    private static String kindName(char relkind) {
        return switch (relkind) {
            case 'v' -> "a view";
            case 'm' -> "a materialized view";
            case 'f' -> "a foreign table";
            case 'S' -> "a sequence";
            case 'i', 'I' -> "an index";
            case 'c' -> "a composite type";
            default -> "a relation of kind '" + relkind + "'";
        };
    }

    private List<ColumnDefinition> columns(long table) throws SQLException {
        String sql = """
                SELECT a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity,
                       a.attgenerated, pg_get_expr(d.adbin, d.adrelid),
                       EXISTS (SELECT 1 FROM pg_depend dep JOIN pg_class s ON s.oid = dep.refobjid AND s.relkind = 'S'
                               WHERE dep.classid = 'pg_attrdef'::regclass AND dep.objid = d.oid
                                 AND dep.refclassid = 'pg_class'::regclass),
                       CASE WHEN a.attcollation <> 0 AND a.attcollation <> t.typcollation
                            THEN quote_ident(cn.nspname) || '.' || quote_ident(co.collname) END
                FROM pg_attribute a
                JOIN pg_type t ON t.oid = a.atttypid
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                LEFT JOIN pg_collation co ON co.oid = a.attcollation
                LEFT JOIN pg_namespace cn ON cn.oid = co.collnamespace
                WHERE a.attrelid = ? AND a.attnum > 0 AND NOT a.attisdropped
                ORDER BY a.attnum""";
        List<ColumnDefinition> columns = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(2);
                    String identity = rs.getString(5);
                    String generated = rs.getString(6);
                    String expression = rs.getString(7);
                    ColumnDefinition.Filling filling;
                    if ("a".equals(identity)) {
                        filling = ColumnDefinition.Filling.IDENTITY_ALWAYS;
                    } else if ("d".equals(identity)) {
                        filling = ColumnDefinition.Filling.IDENTITY_BY_DEFAULT;
                    } else if ("s".equals(generated)) {
                        filling = ColumnDefinition.Filling.GENERATED_STORED;
                    } else if ("v".equals(generated)) {
                        filling = ColumnDefinition.Filling.GENERATED_VIRTUAL;
                    } else if (rs.getBoolean(8)) {
                        filling = ColumnDefinition.Filling.SEQUENCE;
                    } else {
                        filling = ColumnDefinition.Filling.APPLICATION;
                    }
                    columns.add(new ColumnDefinition(name, rs.getString(3), rs.getBoolean(4), filling, expression,
                            rs.getString(9)));
                }
            }
        }
        return columns;
    }

    private List<ConstraintDefinition> constraints(long table) throws SQLException {
        // conparentid = 0: a foreign key referencing a partitioned table has one row per referenced partition too.
        String sql = """
                SELECT con.conname, con.contype, pg_get_constraintdef(con.oid),
                       ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY AS k(n, i)
                             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.i),
                       rn.nspname, rc.relname, quote_ident(rn.nspname) || '.' || quote_ident(rc.relname),
                       ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY AS k(n, i)
                             JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.i)
                FROM pg_constraint con
                LEFT JOIN pg_class rc ON rc.oid = con.confrelid
                LEFT JOIN pg_namespace rn ON rn.oid = rc.relnamespace
                WHERE con.conrelid = ? AND con.contype IN ('p', 'u', 'c', 'f', 'x') AND con.conparentid = 0
                ORDER BY con.conname""";
        List<ConstraintDefinition> constraints = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    ConstraintDefinition.Kind kind = switch (rs.getString(2).charAt(0)) {
                        case 'p' -> ConstraintDefinition.Kind.PRIMARY_KEY;
                        case 'u' -> ConstraintDefinition.Kind.UNIQUE;
                        case 'c' -> ConstraintDefinition.Kind.CHECK;
                        case 'f' -> ConstraintDefinition.Kind.FOREIGN_KEY;
                        default -> ConstraintDefinition.Kind.EXCLUSION;
                    };
                    ConstraintDefinition.Reference reference = kind != ConstraintDefinition.Kind.FOREIGN_KEY ? null
                            : new ConstraintDefinition.Reference(new QualifiedName(rs.getString(5), rs.getString(6)),
                            rs.getString(7), strings(rs.getArray(8)));
                    constraints.add(new ConstraintDefinition(rs.getString(1), kind, strings(rs.getArray(4)),
                            rs.getString(3), reference));
                }
            }
        }
        constraints.sort(Comparator.comparing(ConstraintDefinition::kind));
        return constraints;
    }

    private List<IndexDefinition> indexes(Relation table) throws SQLException {
        // The columns an index reads: its plain keys (indkey) and those its expressions and predicate depend on.
        String sql = """
                SELECT ic.relname, i.indisunique, pg_get_expr(i.indpred, i.indrelid), pg_get_indexdef(i.indexrelid),
                       ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) AS k
                             ORDER BY k),
                       ARRAY(SELECT a.attname FROM generate_series(0, i.indnkeyatts - 1) AS k
                             JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k] ORDER BY k),
                       0 <> ALL (i.indkey::int2[]),
                       ARRAY(SELECT a.attname FROM pg_attribute a
                             WHERE a.attrelid = i.indrelid AND a.attnum > 0 AND NOT a.attisdropped
                               AND (a.attnum = ANY (i.indkey::int2[]) OR EXISTS (
                                    SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                      AND d.objid = i.indexrelid AND d.refclassid = 'pg_class'::regclass
                                      AND d.refobjid = i.indrelid AND d.refobjsubid = a.attnum))
                             ORDER BY a.attnum)
                FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
                WHERE i.indrelid = ?
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
                ORDER BY ic.relname""";
        List<IndexDefinition> indexes = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setLong(1, table.oid());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String definition = rs.getString(4);
                    indexes.add(new IndexDefinition(rs.getString(1), rs.getBoolean(2), rs.getString(3),
                            strings(rs.getArray(5)), rs.getBoolean(7) ? strings(rs.getArray(6)) : List.of(),
                            strings(rs.getArray(8)), methodPart(definition, table.sqlName())));
                }
            }
        }
        return indexes;
    }

    /** "USING btree (a) WHERE ..." out of "CREATE [UNIQUE] INDEX name ON [ONLY] table USING btree (a) WHERE ...". */
    static String methodPart(String indexDefinition, String sqlTableName) {
        for (String on : List.of(" ON ONLY " + sqlTableName + " ", " ON " + sqlTableName + " ")) {
            int at = indexDefinition.indexOf(on);
            if (at > 0) {
                return indexDefinition.substring(at + on.length());
            }
        }
        throw new IllegalStateException("unexpected index definition for " + sqlTableName + ": " + indexDefinition);
    }

    private PartitionDefinition.Partitioning partitioning(long table) throws SQLException {
        String key;
        List<String> columns;
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT pg_get_partkeydef(pt.partrelid),
                       ARRAY(SELECT a.attname FROM pg_attribute a
                             WHERE a.attrelid = pt.partrelid AND a.attnum > 0 AND NOT a.attisdropped
                               AND (a.attnum = ANY (pt.partattrs::int2[]) OR EXISTS (
                                    SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                                      AND d.objid = pt.partrelid AND d.objsubid = 0 AND d.refclassid = 'pg_class'::regclass
                                      AND d.refobjid = pt.partrelid AND d.refobjsubid = a.attnum))
                             ORDER BY a.attnum)
                FROM pg_partitioned_table pt WHERE pt.partrelid = ?""")) {
            ps.setLong(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                key = rs.getString(1);
                columns = strings(rs.getArray(2));
            }
        }
        List<PartitionDefinition> partitions = new ArrayList<>();
        List<long[]> subpartitioned = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT c.oid, c.relname, c.relkind, pg_get_expr(c.relpartbound, c.oid), pg_get_partition_constraintdef(c.oid)
                FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                WHERE i.inhparent = ? ORDER BY c.relname""")) {
            ps.setLong(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    partitions.add(new PartitionDefinition(rs.getString(2), rs.getString(4), rs.getString(5), null));
                    if (rs.getString(3).equals("p")) {
                        subpartitioned.add(new long[] {rs.getLong(1), partitions.size() - 1});
                    }
                }
            }
        }
        for (long[] sub : subpartitioned) {
            PartitionDefinition p = partitions.get((int) sub[1]);
            partitions.set((int) sub[1], new PartitionDefinition(p.name(), p.bound(), p.constraint(), partitioning(sub[0])));
        }
        return new PartitionDefinition.Partitioning(key, columns, partitions);
    }

    private List<TriggerDefinition> triggers(long table) throws SQLException {
        // tgparentid = 0: a partition's clone of its parent's trigger is the parent's.
        List<TriggerDefinition> triggers = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("""
                SELECT t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t
                WHERE t.tgrelid = ? AND NOT t.tgisinternal AND t.tgparentid = 0 ORDER BY t.tgname""")) {
            ps.setLong(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    triggers.add(new TriggerDefinition(rs.getString(1), rs.getString(2)));
                }
            }
        }
        return triggers;
    }

    private static List<String> strings(Array array) throws SQLException {
        List<String> list = new ArrayList<>();
        if (array != null) {
            for (Object o : (Object[]) array.getArray()) {
                list.add((String) o);
            }
        }
        return list;
    }
}
