package org.pgingest.workload.types;

/**
 * Where binary COPY fields are written, big-endian as PostgreSQL's send functions write them.
 * {@code org.pgingest.load.CopyBuffer} implements it (workload must not import load).
 */
public interface BinarySink {
    void writeByte(int b);

    void writeShort(int v);

    void writeInt(int v);

    void writeLong(long v);

    void write(byte[] bytes);

    /** UTF-8 of valid UTF-16 (no U+0000), with no length before it: the caller has reserved one. */
    void writeUtf8(CharSequence s);

    /** Binary COPY's text field: its length in bytes (int32), then its UTF-8 (valid UTF-16 only, no U+0000). */
    void writeLengthPrefixedUtf8(CharSequence s);

    /**
     * Writes a placeholder int32 and returns its mark, for a field whose length is known only once it is
     * written (numeric, arrays, ranges); {@link #fillLength} then sets it. The sink must not hand bytes on
     * between the two calls (COPY buffers drain between rows only).
     */
    int reserveLength();

    /** Sets the int32 at {@code mark} to the number of bytes written after it. */
    void fillLength(int mark);
}
