package org.pgingest.workload.types;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A test's own {@link BinarySink}: a growable byte array, big-endian, with length marks filled in place. */
final class ByteArraySink implements BinarySink {
    private byte[] bytes = new byte[1024];
    private int size;

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void reserve(int more) {
        if (size + more > bytes.length) {
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
        writeByte(v >>> 8);
        writeByte(v);
    }

    @Override
    public void writeInt(int v) {
        writeShort(v >>> 16);
        writeShort(v);
    }

    @Override
    public void writeLong(long v) {
        writeInt((int) (v >>> 32));
        writeInt((int) v);
    }

    @Override
    public void write(byte[] b) {
        reserve(b.length);
        System.arraycopy(b, 0, bytes, size, b.length);
        size += b.length;
    }

    @Override
    public void writeUtf8(CharSequence s) {
        write(s.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void writeLengthPrefixedUtf8(CharSequence s) {
        byte[] utf8 = s.toString().getBytes(StandardCharsets.UTF_8);
        writeInt(utf8.length);
        write(utf8);
    }

    @Override
    public int reserveLength() {
        int mark = size;
        writeInt(0);
        return mark;
    }

    @Override
    public void fillLength(int mark) {
        int length = size - mark - 4;
        bytes[mark] = (byte) (length >>> 24);
        bytes[mark + 1] = (byte) (length >>> 16);
        bytes[mark + 2] = (byte) (length >>> 8);
        bytes[mark + 3] = (byte) length;
    }
}
