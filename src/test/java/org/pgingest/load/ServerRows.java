package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Rows;
import org.pgingest.workload.Table;
import org.pgingest.workload.types.TypeCodec;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The exactness oracle, on the server's own text output: what a table holds ({@code col::text}) against what the
 * server makes of the values sent, read from their text forms ({@code (text)::type::text}, computed by the
 * server, not by the codec). A binary or bound value that the server stores differently from its text form fails
 * the comparison; a wrong text form is caught by the hand-written expected outputs of the codecs' own tests.
 */
final class ServerRows {
    private ServerRows() {
    }

    /** The table's rows, canonical and sorted. */
    static List<String> stored(Connection connection, Table table) throws SQLException {
        return Rows.canonicalSorted(Rows.readAll(connection, table));
    }

    /** What the server stores for {@code rows} of {@code table}'s columns, canonical and sorted. */
    static List<String> expected(Connection connection, Table table, List<Object[]> rows) throws SQLException {
        List<Column> columns = table.columns();
        List<String[]> texts = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            texts.add(new String[columns.size()]);
        }
        for (int c = 0; c < columns.size(); c++) {
            TypeCodec codec = columns.get(c).codec();
            String[] sent = new String[rows.size()];
            for (int r = 0; r < sent.length; r++) {
                Object v = rows.get(r)[c];
                sent[r] = v == null ? null : codec.text(codec.checked(v));
            }
            List<String> read = serverTexts(connection, codec.sqlType(), sent);
            for (int r = 0; r < sent.length; r++) {
                texts.get(r)[c] = read.get(r);
            }
        }
        return Rows.canonicalSorted(texts);
    }

    /** The server's text output of each text input read as {@code sqlType}, in order (null stays null). */
    static List<String> serverTexts(Connection connection, String sqlType, String[] inputs) throws SQLException {
        List<String> result = new ArrayList<>(inputs.length);
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT v::" + sqlType + "::text FROM unnest(?::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i")) {
            Array array = connection.createArrayOf("text", inputs);
            ps.setArray(1, array);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    result.add(rs.getString(1));
                }
            }
        }
        return result;
    }
}
