package org.pgingest.load;

import org.pgingest.workload.types.BinarySink;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The bytes of a COPY stream while they are encoded: a growable array that the encoders write PostgreSQL's
 * big-endian integers and UTF-8 text into in place, and that is handed to the driver (or a file) and reused.
 * It replaces a DataOutputStream over a ByteArrayOutputStream, which took a lock for every byte of every integer,
 * and {@code String.getBytes} and {@code StringBuilder.toString}, which copied every value and row once more
 * before it reached the buffer ({@code EncoderBenchmark} measures what each encoder costs per row).
 *
 * <p>Text is encoded from valid UTF-16 only: {@link RowCheck} has refused lone surrogates and U+0000 before a
 * value gets here, so every surrogate is half of a pair and becomes one 4-byte sequence.
 */
final class CopyBuffer implements BinarySink {
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** UTF-8 takes at most three bytes per UTF-16 char (a pair: four for two), and so does any escape below. */
    private static final int MAX_BYTES_PER_CHAR = 3;

    private byte[] bytes;
    private int size;

    CopyBuffer(int capacity) {
        bytes = new byte[capacity];
    }

    /** The array itself (not a copy); bytes 0 to {@link #size()} are the encoded ones. */
    byte[] bytes() {
        return bytes;
    }

    int size() {
        return size;
    }

    void reset() {
        size = 0;
    }

    private void reserve(int more) {
        if (more > bytes.length - size) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }

    @Override
    public void writeByte(int b) {
        reserve(1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void writeShort(int v) {
        reserve(2);
        SHORT.set(bytes, size, (short) v);
        size += 2;
    }

    @Override
    public void writeInt(int v) {
        reserve(4);
        INT.set(bytes, size, v);
        size += 4;
    }

    @Override
    public void writeLong(long v) {
        reserve(8);
        LONG.set(bytes, size, v);
        size += 8;
    }

    @Override
    public void write(byte[] b) {
        reserve(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    @Override
    public int reserveLength() {
        int mark = size;
        writeInt(0);
        return mark;
    }

    @Override
    public void fillLength(int mark) {
        INT.set(bytes, mark, size - mark - 4);
    }

    /** Characters below U+0080 only (digits, signs, keywords), one byte each. */
    void writeAscii(CharSequence s) {
        int n = s.length();
        reserve(n);
        for (int i = 0; i < n; i++) {
            bytes[size++] = (byte) s.charAt(i);
        }
    }

    /** Binary COPY's text field: its length in bytes (int32), then its UTF-8. */
    @Override
    public void writeLengthPrefixedUtf8(CharSequence s) {
        int length = reserveLength();
        writeUtf8(s);
        fillLength(length);
    }

    @Override
    public void writeUtf8(CharSequence s) {
        reserve(s.length() * MAX_BYTES_PER_CHAR);
        for (int i = 0, n = s.length(); i < n; i++) {
            i = putChar(s, i);
        }
    }

    /**
     * COPY text format's field: backslash, newline, carriage return and tab backslash-escaped, so no data byte is
     * a delimiter and {@code \.} can never stand alone on a line.
     */
    void writeTextEscaped(CharSequence s) {
        reserve(s.length() * MAX_BYTES_PER_CHAR);
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> putEscape('\\');
                case '\n' -> putEscape('n');
                case '\r' -> putEscape('r');
                case '\t' -> putEscape('t');
                default -> i = putChar(s, i);
            }
        }
    }

    /**
     * A CSV field for a non-null value: as it is when it holds nothing CSV treats specially, otherwise quoted with
     * quotes doubled. Quoted are: the empty string (an unquoted empty field is NULL), a delimiter, quote, carriage
     * return or line feed, and a backslash (so {@code \.} is never the end-of-data marker). Numbers, timestamps and
     * most identifiers go unquoted. Returns the newlines inside it, which the server counts as lines.
     */
    int writeCsvField(CharSequence s) {
        int n = s.length();
        boolean plain = n > 0;
        for (int i = 0; i < n && plain; i++) {
            char c = s.charAt(i);
            plain = c != ',' && c != '"' && c != '\n' && c != '\r' && c != '\\';
        }
        if (!plain) {
            return writeCsvQuoted(s);
        }
        reserve(n * MAX_BYTES_PER_CHAR);
        for (int i = 0; i < n; i++) {
            i = putChar(s, i);
        }
        return 0;
    }

    /**
     * A quoted CSV field, quotes doubled: quoted even when empty, which keeps the empty string apart from NULL
     * (an unquoted empty field). Returns the newlines inside it, which the server counts as lines.
     */
    int writeCsvQuoted(CharSequence s) {
        reserve(2 + s.length() * MAX_BYTES_PER_CHAR);
        int newlines = 0;
        bytes[size++] = '"';
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c == '"') {
                bytes[size++] = '"';
            } else if (c == '\n') {
                newlines++;
            }
            i = putChar(s, i);
        }
        bytes[size++] = '"';
        return newlines;
    }

    private void putEscape(char c) {
        bytes[size++] = '\\';
        bytes[size++] = (byte) c;
    }

    /** Puts the character at {@code i} (both halves of a pair) as UTF-8; returns the index of the last char used. */
    private int putChar(CharSequence s, int i) {
        char c = s.charAt(i);
        if (c < 0x80) {
            bytes[size++] = (byte) c;
        } else if (c < 0x800) {
            bytes[size++] = (byte) (0xC0 | c >> 6);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
        } else if (Character.isHighSurrogate(c)) {
            int cp = Character.toCodePoint(c, s.charAt(++i));
            bytes[size++] = (byte) (0xF0 | cp >> 18);
            bytes[size++] = (byte) (0x80 | cp >> 12 & 0x3F);
            bytes[size++] = (byte) (0x80 | cp >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | cp & 0x3F);
        } else {
            bytes[size++] = (byte) (0xE0 | c >> 12);
            bytes[size++] = (byte) (0x80 | c >> 6 & 0x3F);
            bytes[size++] = (byte) (0x80 | c & 0x3F);
        }
        return i;
    }
}
