package org.pgingest.workload.types;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * bytea: Java byte[]; text form the hex format ({@code \x0a1b}, read by byteain whatever bytea_output says);
 * binary the raw bytes (byteasend).
 */
final class ByteaCodec extends BaseCodec {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    ByteaCodec(String sqlType) {
        super(sqlType, byte[].class);
    }

    @Override
    public void bindNull(PreparedStatement statement, int index) throws SQLException {
        statement.setNull(index, Types.BINARY);
    }

    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setBytes(index, (byte[]) value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        byte[] bytes = (byte[]) value;
        out.ensureCapacity(out.length() + 2 + bytes.length * 2);
        out.append("\\x");
        for (byte b : bytes) {
            out.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        byte[] bytes = (byte[]) value;
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /** bytea_out's hex form "\\x0a1b" (bytea_output = hex, the default) or its escape form "ab\\001\\\\". */
    @Override
    public Object parse(String text) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(text.length() / 2);
        try {
            if (text.startsWith("\\x")) {
                for (int i = 2; i < text.length(); i += 2) {
                    out.write(Integer.parseInt(text, i, i + 2, 16));
                }
                return out.toByteArray();
            }
            byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < utf8.length; i++) {
                if (utf8[i] != '\\') {
                    out.write(utf8[i]);
                } else if (utf8[i + 1] == '\\') {
                    out.write('\\');
                    i++;
                } else {
                    out.write(Integer.parseInt(new String(utf8, i + 1, 3, java.nio.charset.StandardCharsets.US_ASCII), 8));
                    i += 3;
                }
            }
            return out.toByteArray();
        } catch (RuntimeException e) {
            throw notText(text);
        }
    }

    /** 16 to 64 random bytes, like a hash, a token or a small thumbnail's header. */
    @Override
    public Object generate(SplittableRandom random) {
        byte[] bytes = new byte[random.nextInt(16, 65)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    /** n as 8 bytes, big-endian. */
    @Override
    public Optional<Object> distinct(long n) {
        byte[] bytes = new byte[8];
        for (int i = 7; i >= 0; i--) {
            bytes[i] = (byte) n;
            n >>>= 8;
        }
        return Optional.of(bytes);
    }

    @Override
    public List<Object> hostileValues() {
        byte[] everyByte = new byte[256];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = (byte) i;
        }
        return List.of(new byte[0], new byte[] {0}, everyByte, "\\x41\\\\N\t\n".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF}, new byte[10_000]);
    }
}
