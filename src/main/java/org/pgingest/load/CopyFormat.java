package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.ColumnType;

import java.io.IOException;
import java.io.OutputStream;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The three COPY formats and their row encoders, which write straight into a {@link CopyBuffer}. Escaping
 * follows the COPY documentation exactly; the tests feed every character the formats treat specially through
 * each. Integers and timestamps are written as digits without a String in between, and text is escaped and
 * UTF-8-encoded in one pass, because on a two-core machine the client's encoding CPU is taken from the server
 * ({@code EncoderBenchmark} measures each format's cost per row).
 */
public enum CopyFormat {
    /**
     * Tab-separated, {@code \N} for NULL; backslash, newline, carriage return and tab are backslash-escaped
     * (so the end-of-data marker {@code \.} can never appear on a line of its own).
     */
    TEXT("") {
        @Override
        int writeRow(CopyBuffer out, List<Column> columns, Object[] row, StringBuilder scratch) {
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    out.writeByte('\t');
                }
                Object v = row[i];
                ColumnType type = columns.get(i).type();
                if (v == null) {
                    out.writeAscii("\\N");
                } else if (!writePlain(out, type, v, scratch)) {
                    out.writeTextEscaped(type.text(v));
                }
            }
            out.writeByte('\n');
            return 0;
        }
    },
    /**
     * Comma-separated; NULL is an unquoted empty field and every other value that could hold a delimiter, a
     * quote or a line break, or be empty, is quoted (quotes doubled), so the empty string stays distinct from
     * NULL and a quoted {@code \.} is data, not end-of-data. Numbers and timestamps hold none of these and go
     * unquoted.
     */
    CSV("FORMAT csv") {
        @Override
        int writeRow(CopyBuffer out, List<Column> columns, Object[] row, StringBuilder scratch) {
            int lineBreaks = 0;
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                Object v = row[i];
                ColumnType type = columns.get(i).type();
                if (v != null && !writePlain(out, type, v, scratch)) {
                    lineBreaks += out.writeCsvQuoted(type.text(v));
                }
            }
            out.writeByte('\n');
            return lineBreaks;
        }
    },
    /**
     * PostgreSQL's binary tuple format: 11-byte signature, flags and header-extension length, then per row
     * a field count and per field its length (-1 for NULL) and send form; trailer -1. Types must match the
     * columns exactly (int4 is not int8). pgjdbc does not encode rows; the encoder is the suite's own
     * because the format is small and the types few, where the library alternative (pgbulkinsert, last released
     * for Java 11) brings a mapping model of its own.
     */
    BINARY("FORMAT binary") {
        private final byte[] signature = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

        @Override
        void writeHeader(CopyBuffer out) {
            out.write(signature);
            out.writeInt(0); // flags: no OIDs
            out.writeInt(0); // header extension length
        }

        @Override
        int writeRow(CopyBuffer out, List<Column> columns, Object[] row, StringBuilder scratch) {
            out.writeShort(row.length);
            for (int i = 0; i < row.length; i++) {
                if (row[i] == null) {
                    out.writeInt(-1);
                } else {
                    writeBinary(out, columns.get(i).type(), row[i]);
                }
            }
            return 0;
        }

        @Override
        void writeTrailer(CopyBuffer out) {
            out.writeShort(-1);
        }
    };

    /** Bytes gathered before they are handed on: the driver sends each hand-over as one CopyData message. */
    static final int FLUSH_BYTES = 64 * 1024;
    /** pg_type oid of float4, the element type of a binary real[]. */
    private static final int FLOAT4_OID = 700;

    private final String option;

    CopyFormat(String option) {
        this.option = option;
    }

    /** Where encoded bytes go: the driver's COPY stream or a file. */
    @FunctionalInterface
    interface Drain<E extends Exception> {
        void write(byte[] bytes, int length) throws E;
    }

    /** Told of every row that holds line breaks the server counts as lines (only CSV's quoted newlines). */
    @FunctionalInterface
    interface LineBreakSink {
        void add(long row, int breaks);
    }

    /**
     * Encodes {@code rows} of {@code columns} in this format, header and trailer included, to {@code out}: what a
     * COPY loader sends and a {@link CopyFile} holds, without a server. Each row is checked first ({@link RowCheck});
     * a row that cannot be stored exactly is a {@link LoadException} naming it. Returns the rows written.
     */
    public long encode(List<Column> columns, Iterable<Object[]> rows, OutputStream out) throws IOException, LoadException {
        try {
            return stream(columns, RowCheck.checking(columns, rows), (bytes, length) -> out.write(bytes, 0, length),
                    (row, breaks) -> { });
        } catch (RowCheck.Rejected e) {
            throw new LoadException(e.failure().rowIndex(), e.failure().original());
        }
    }

    /**
     * Encodes checked rows into one reused buffer of about {@link #FLUSH_BYTES} and drains it whenever it is that
     * full, so memory does not grow with the rows; returns the rows written.
     */
    <E extends Exception> long stream(List<Column> columns, Iterable<Object[]> rows, Drain<E> drain,
                                      LineBreakSink lineBreaks) throws E {
        CopyBuffer out = new CopyBuffer(FLUSH_BYTES + 8 * 1024);
        StringBuilder scratch = new StringBuilder(40);
        long index = 0;
        writeHeader(out);
        for (Object[] row : rows) {
            int breaks = writeRow(out, columns, row, scratch);
            if (breaks > 0) {
                lineBreaks.add(index, breaks);
            }
            index++;
            if (out.size() >= FLUSH_BYTES) {
                drain.write(out.bytes(), out.size());
                out.reset();
            }
        }
        writeTrailer(out);
        if (out.size() > 0) {
            drain.write(out.bytes(), out.size());
        }
        return index;
    }

    /** COPY table (cols) FROM STDIN with this format and any extra options (e.g. FREEZE). */
    String copySql(String qualifiedTable, String columnList, String... extraOptions) {
        return copyFromSql(qualifiedTable, columnList, "STDIN", extraOptions);
    }

    /** The same from {@code source}: STDIN, or a quoted file name the server opens itself. */
    String copyFromSql(String qualifiedTable, String columnList, String source, String... extraOptions) {
        StringBuilder options = new StringBuilder(option);
        for (String extra : extraOptions) {
            if (!options.isEmpty()) {
                options.append(", ");
            }
            options.append(extra);
        }
        return "COPY " + qualifiedTable + " (" + columnList + ") FROM " + source + (options.isEmpty() ? "" : " (" + options + ")");
    }

    void writeHeader(CopyBuffer out) {
    }

    /**
     * Writes one row and returns how many line breaks PostgreSQL will count inside it (beyond the one that
     * ends it): only CSV's quoted newlines count, and they shift the "line N" of the server's errors.
     */
    abstract int writeRow(CopyBuffer out, List<Column> columns, Object[] row, StringBuilder scratch);

    void writeTrailer(CopyBuffer out) {
    }

    /**
     * Writes a value whose text form never holds a delimiter, quote, backslash or line break and is never empty
     * (numbers and timestamps), as it is, and returns true; returns false for any other value, which the format
     * must escape or quote.
     */
    private static boolean writePlain(CopyBuffer out, ColumnType type, Object v, StringBuilder scratch) {
        switch (type) {
            case INT4 -> out.writeDecimal((Integer) v);
            case INT8 -> out.writeDecimal((Long) v);
            case FLOAT8 -> out.writeAscii(type.text(v));
            case TIMESTAMPTZ -> {
                scratch.setLength(0);
                out.writeAscii(ColumnType.appendTimestampText(scratch, (OffsetDateTime) v));
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A non-null value's binary COPY field: int32 length, then the type's send format. */
    private static void writeBinary(CopyBuffer out, ColumnType type, Object v) {
        switch (type) {
            case INT4 -> {
                out.writeInt(4);
                out.writeInt((Integer) v);
            }
            case INT8 -> {
                out.writeInt(8);
                out.writeLong((Long) v);
            }
            case TEXT, VARCHAR_64 -> out.writeLengthPrefixedUtf8((String) v);
            case TIMESTAMPTZ -> {
                out.writeInt(8);
                out.writeLong(ColumnType.postgresMicros((OffsetDateTime) v));
            }
            case FLOAT8 -> {
                out.writeInt(8);
                out.writeLong(Double.doubleToRawLongBits((Double) v));
            }
            case REAL_ARRAY -> {
                // Binary array: ndim, has-nulls flag, element type oid, then per dimension its length and lower
                // bound, then each element as length + float4 bits.
                float[] floats = (float[]) v;
                out.writeInt(20 + floats.length * 8);
                out.writeInt(1);
                out.writeInt(0);
                out.writeInt(FLOAT4_OID);
                out.writeInt(floats.length);
                out.writeInt(1);
                for (float f : floats) {
                    out.writeInt(4);
                    out.writeInt(Float.floatToRawIntBits(f));
                }
            }
            default -> throw new IllegalStateException("no binary COPY form for " + type);
        }
    }
}
