package org.pgingest.workload.types;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.postgresql.PGConnection;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * The ways the loaders carry a value to the server, written here against the codec alone (the loaders themselves
 * are ported to codecs elsewhere): a bound parameter, COPY text, CSV and binary, an UNNEST of text cast to the
 * codec's cast type, and jsonb_to_recordset of JSON strings cast the same way. Each writes rows (id, value) into
 * a two-column table; a null value is SQL NULL.
 */
enum LoadPath {
    BIND {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (" + idColumn + ", " + valueColumn
                    + ") VALUES (?, ?)")) {
                for (int i = 0; i < values.size(); i++) {
                    ps.setInt(1, i);
                    if (values.get(i) == null) {
                        codec.bindNull(ps, 2);
                    } else {
                        codec.bind(ps, 2, values.get(i));
                    }
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
    },
    COPY_TEXT {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < values.size(); i++) {
                out.append(i).append('\t');
                if (values.get(i) == null) {
                    out.append("\\N");
                } else {
                    for (char ch : codec.text(values.get(i)).toCharArray()) {
                        switch (ch) {
                            case '\\' -> out.append("\\\\");
                            case '\n' -> out.append("\\n");
                            case '\r' -> out.append("\\r");
                            case '\t' -> out.append("\\t");
                            default -> out.append(ch);
                        }
                    }
                }
                out.append('\n');
            }
            copy(c, "COPY " + table + " (" + idColumn + ", " + valueColumn + ") FROM STDIN",
                    out.toString().getBytes(StandardCharsets.UTF_8));
        }
    },
    COPY_CSV {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            StringBuilder out = new StringBuilder();
            for (int i = 0; i < values.size(); i++) {
                out.append(i).append(',');
                if (values.get(i) != null) {
                    out.append('"').append(codec.text(values.get(i)).replace("\"", "\"\"")).append('"');
                }
                out.append('\n');
            }
            copy(c, "COPY " + table + " (" + idColumn + ", " + valueColumn + ") FROM STDIN (FORMAT csv)",
                    out.toString().getBytes(StandardCharsets.UTF_8));
        }
    },
    COPY_BINARY {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            ByteArraySink out = new ByteArraySink();
            out.write(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0});
            out.writeInt(0);
            out.writeInt(0);
            for (int i = 0; i < values.size(); i++) {
                out.writeShort(2);
                out.writeInt(4);
                out.writeInt(i);
                if (values.get(i) == null) {
                    out.writeInt(-1);
                } else {
                    codec.writeBinary(out, values.get(i));
                }
            }
            out.writeShort(-1);
            copy(c, "COPY " + table + " (" + idColumn + ", " + valueColumn + ") FROM STDIN (FORMAT binary)", out.toByteArray());
        }
    },
    UNNEST {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            Integer[] ids = new Integer[values.size()];
            String[] texts = new String[values.size()];
            for (int i = 0; i < values.size(); i++) {
                ids[i] = i;
                texts[i] = values.get(i) == null ? null : codec.text(values.get(i));
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (" + idColumn + ", " + valueColumn
                    + ") SELECT u.i, u.v::" + codec.castType() + " FROM unnest(?::int4[], ?::text[]) AS u(i, v)")) {
                ps.setArray(1, c.createArrayOf("int4", ids));
                ps.setArray(2, c.createArrayOf("text", texts));
                ps.executeUpdate();
            }
        }
    },
    JSON_RECORDSET {
        @Override
        void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec, List<Object> values)
                throws SQLException {
            StringWriter json = new StringWriter();
            try (JsonGenerator g = new ObjectMapper().createGenerator(json)) {
                g.writeStartArray();
                for (int i = 0; i < values.size(); i++) {
                    g.writeStartObject();
                    g.writeNumberField("i", i);
                    g.writeFieldName("v");
                    if (values.get(i) == null) {
                        g.writeNull();
                    } else {
                        g.writeString(codec.text(values.get(i)));
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (" + idColumn + ", " + valueColumn
                    + ") SELECT r.i, r.v::" + codec.castType() + " FROM jsonb_to_recordset(?::jsonb) AS r(i int4, v text)")) {
                ps.setString(1, json.toString());
                ps.executeUpdate();
            }
        }
    };

    abstract void write(Connection c, String table, String idColumn, String valueColumn, TypeCodec codec,
                        List<Object> values) throws SQLException;

    private static void copy(Connection c, String sql, byte[] data) throws SQLException {
        try {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql, new ByteArrayInputStream(data));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
