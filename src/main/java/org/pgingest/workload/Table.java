package org.pgingest.workload;

import org.pgingest.workload.definition.CatalogReader;
import org.pgingest.workload.definition.ColumnDefinition;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.UniqueKey;
import org.pgingest.workload.types.ColumnTypeFacts;
import org.pgingest.workload.types.TypeCodec;
import org.pgingest.workload.types.TypeCodecs;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A table in the suite's schema that loaders write to: its definition as the catalog holds it and, for each column
 * the loaders write, the codec of its type. Built by {@link #read} from the table itself, so what loaders and
 * generators see is what the server has.
 *
 * @param schema     the suite's schema
 * @param name       the table's name (unqualified)
 * @param definition its definition
 * @param columns    the columns loaders write, in order, with their codecs; a row is an Object[] of these
 */
public record Table(SuiteSchema schema, String name, TableDefinition definition, List<Column> columns) {

    public Table {
        columns = List.copyOf(columns);
    }

    /** The table {@code name} of the suite's schema as its catalog describes it, with a codec per written column. */
    public static Table read(Connection connection, SuiteSchema schema, String name) throws SQLException {
        TableDefinition definition = CatalogReader.read(connection, new QualifiedName(schema.name(), name), null);
        Map<Integer, ColumnTypeFacts> facts = ColumnTypeFacts.readTable(connection, schema.qualify(name));
        List<Column> columns = new ArrayList<>();
        Iterator<ColumnTypeFacts> typeFacts = facts.values().iterator();
        for (ColumnDefinition c : definition.columns()) {
            ColumnTypeFacts type = typeFacts.next();
            if (!type.formatted().equals(c.type())) {
                // both read by attnum: a mismatch is the suite's own bug, never a value's codec taken from another column
                throw new IllegalStateException("column " + c.name() + " of " + name + " is " + c.type()
                        + ", but its type facts are " + type.formatted());
            }
            if (c.written()) {
                TypeCodec codec = TypeCodecs.forColumn(connection, type);
                boolean domainNotNull = type.domainNotNull();
                columns.add(new Column(c.name(), codec, !c.notNull() && !domainNotNull, type));
            }
        }
        return new Table(schema, name, definition, columns);
    }

    /** The same table under another name (for a table that does not exist, or a staging twin). */
    public Table named(String otherName) {
        return new Table(schema, otherName, definition, columns);
    }

    /** "schema"."table". */
    public String qualifiedName() {
        return schema.qualify(name);
    }

    /** "col1", "col2", ... of the columns loaders write, quoted. */
    public String columnList() {
        return columns.stream().map(Column::quoted).collect(Collectors.joining(", "));
    }

    /** INSERT INTO schema.table (col1, col2, ...): the start of every INSERT a loader sends. */
    public String insertInto() {
        return "INSERT INTO " + qualifiedName() + " (" + columnList() + ")";
    }

    /**
     * "col1 type1, col2 type2, ..." without constraints: the column definition list of jsonb_to_recordset and
     * of staging tables, which must read values exactly as the table's own columns do.
     */
    public String columnDefinitions() {
        return columns.stream().map(c -> c.quoted() + " " + c.codec().sqlType()).collect(Collectors.joining(", "));
    }

    /** The columns of the key upserts conflict on and RETURNING joins back on, if the table has one. */
    public Optional<List<String>> conflictKey() {
        return definition.conflictKey().map(UniqueKey::plainColumns);
    }

    /** The integer column the server fills from a sequence, which RETURNING hands back. */
    public Optional<String> idColumn() {
        return definition.idColumn().map(ColumnDefinition::name);
    }

    /** Empties the table (its partitions too) and restarts the sequences of its identity columns. */
    public void truncate(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("TRUNCATE " + qualifiedName() + (idColumn().isPresent() ? " RESTART IDENTITY" : ""));
        }
    }

    public long count(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM " + qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
