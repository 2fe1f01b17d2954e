package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.types.TypeCodec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The three COPY formats and their row encoders, which write straight into a {@link CopyBuffer}. Escaping
 * follows the COPY documentation exactly; the tests feed every character the formats treat specially through
 * each. Each value's text form is appended to one reused scratch builder by its codec and escaped and
 * UTF-8-encoded from there in one pass, and the buffer itself is reused by every call on a thread, because on a
 * two-core machine the client's encoding CPU and garbage are taken from the server ({@code EncoderBenchmark}
 * measures each format's cost per row).
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
                if (v == null) {
                    out.writeAscii("\\N");
                } else {
                    scratch.setLength(0);
                    columns.get(i).codec().appendText(scratch, v);
                    out.writeTextEscaped(scratch);
                }
            }
            out.writeByte('\n');
            return 0;
        }
    },
    /**
     * Comma-separated; NULL is an unquoted empty field and every other value that could hold a delimiter, a
     * quote, a line break or a backslash, or is empty, is quoted (quotes doubled), so the empty string stays
     * distinct from NULL and a quoted {@code \.} is data, not end-of-data ({@link CopyBuffer#writeCsvField}).
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
                if (v != null) {
                    scratch.setLength(0);
                    columns.get(i).codec().appendText(scratch, v);
                    lineBreaks += out.writeCsvField(scratch);
                }
            }
            out.writeByte('\n');
            return lineBreaks;
        }
    },
    /**
     * PostgreSQL's binary tuple format: 11-byte signature, flags and header-extension length, then per row
     * a field count and per field its length (-1 for NULL) and send form ({@link TypeCodec#writeBinary}); trailer
     * -1. Types must match the columns exactly (int4 is not int8). pgjdbc does not encode rows; the encoder is the
     * suite's own because the format is small, where the library alternative (pgbulkinsert, last released for
     * Java 11) brings a mapping model of its own. A column whose codec has no binary form makes the whole format
     * unusable for its table ({@link TypeCodec#binaryUnsupported}).
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
                    columns.get(i).codec().writeBinary(out, row[i]);
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
        Scratch scratch = Scratch.take();
        CopyBuffer out = scratch.buffer;
        try {
            long index = 0;
            writeHeader(out);
            for (Object[] row : rows) {
                int breaks = writeRow(out, columns, row, scratch.text);
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
        } finally {
            scratch.giveBack();
        }
    }

    /**
     * The COPY buffer and text builder of one thread, reused by every call on it: a buffer of about 72 kB allocated
     * per call was 151 of the 500-row binary COPY's bytes per row. Taken for the length of one stream and given back
     * after it, so a nested stream on the same thread gets buffers of its own; one that grew past
     * {@link #KEPT_BYTES} (rows of megabytes) is dropped rather than kept for the thread's life.
     */
    private static final class Scratch {
        private static final int KEPT_BYTES = 1 << 20;
        private static final ThreadLocal<Scratch> OF_THREAD = ThreadLocal.withInitial(Scratch::new);

        final CopyBuffer buffer = new CopyBuffer(FLUSH_BYTES + 8 * 1024);
        final StringBuilder text = new StringBuilder(64);
        private boolean inUse;

        static Scratch take() {
            Scratch own = OF_THREAD.get();
            Scratch taken = own.inUse ? new Scratch() : own;
            taken.inUse = true;
            return taken;
        }

        void giveBack() {
            buffer.reset();
            text.setLength(0);
            inUse = false;
            if ((buffer.bytes().length > KEPT_BYTES || text.capacity() > KEPT_BYTES) && OF_THREAD.get() == this) {
                OF_THREAD.remove();
            }
        }
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
}
