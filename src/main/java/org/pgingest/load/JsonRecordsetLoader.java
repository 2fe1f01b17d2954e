package org.pgingest.load;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code INSERT INTO t SELECT ... FROM jsonb_to_recordset(?::jsonb) AS r(col type, ...)}: the rows as one JSON
 * array of objects per statement, the way ORMs and services that already hold JSON send them. Every value
 * travels as a JSON string of its PostgreSQL text form (or JSON null), because JSON numbers cannot carry
 * NaN or Infinity and jsonb_to_recordset reads a string through the column type's own input function.
 */
final class JsonRecordsetLoader extends AtomicLoader {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final int rowsPerStatement;

    /** @param rowsPerStatement rows per JSON document; 0 = all rows in one */
    JsonRecordsetLoader(int rowsPerStatement) {
        if (rowsPerStatement < 0) {
            throw new IllegalArgumentException("rowsPerStatement must be 0 (all) or more, was " + rowsPerStatement);
        }
        this.rowsPerStatement = rowsPerStatement;
    }

    @Override
    public String name() {
        return "jsonb-recordset" + (rowsPerStatement == 0 ? "" : "-" + rowsPerStatement);
    }

    /**
     * A json or jsonb column (or a domain over one) is declared text in the record and cast: jsonb_to_recordset
     * takes a JSON value as it is for a json-typed field, so the JSON string of the value's text would be stored
     * as a string ({@code "{\"a\":1}"}), and embedding the value itself would pass json's text through jsonb
     * (whitespace and duplicate keys lost). Text cast to json reads it with json's own input function.
     */
    static String sql(Table table) {
        List<String> selects = new ArrayList<>();
        List<String> definitions = new ArrayList<>();
        for (Column c : table.columns()) {
            if (isJson(c)) {
                selects.add(c.quoted() + "::" + c.codec().castType());
                definitions.add(c.quoted() + " text");
            } else {
                selects.add(c.quoted());
                definitions.add(c.quoted() + " " + c.codec().sqlType());
            }
        }
        return table.insertInto() + " SELECT " + String.join(", ", selects) + " FROM jsonb_to_recordset(?::jsonb) AS r("
                + String.join(", ", definitions) + ")";
    }

    private static boolean isJson(Column column) {
        String cast = column.codec().castType();
        return cast.equals("json") || cast.equals("jsonb");
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(sql(table))) {
            return Chunks.statements(rows, rowsPerStatement, (chunk, offset) -> execute(ps, table, chunk));
        }
    }

    private static long execute(PreparedStatement ps, Table table, List<Object[]> chunk) throws SQLException {
        ps.setString(1, toJson(table.columns(), chunk));
        return ps.executeUpdate();
    }

    static String toJson(List<Column> columns, List<Object[]> rows) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartArray();
            for (Object[] row : rows) {
                json.writeStartObject();
                for (int i = 0; i < row.length; i++) {
                    json.writeFieldName(columns.get(i).name());
                    if (row[i] == null) {
                        json.writeNull();
                    } else {
                        json.writeString(columns.get(i).codec().text(row[i]));
                    }
                }
                json.writeEndObject();
            }
            json.writeEndArray();
        } catch (IOException e) {
            // Writing to a StringWriter does no I/O.
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }
}
