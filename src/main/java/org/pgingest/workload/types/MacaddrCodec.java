package org.pgingest.workload.types;


import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * macaddr (6 bytes) and macaddr8 (8 bytes), one family: Java byte[] of that length; text "08:00:2b:01:02:03";
 * binary the bytes (macaddr_send, macaddr8_send).
 */
final class MacaddrCodec extends BaseCodec {
    private final int length;

    private MacaddrCodec(String sqlType, int length) {
        super(sqlType, byte[].class);
        this.length = length;
    }

    static MacaddrCodec macaddr(String sqlType) {
        return new MacaddrCodec(sqlType, 6);
    }

    static MacaddrCodec macaddr8(String sqlType) {
        return new MacaddrCodec(sqlType, 8);
    }

    @Override
    Object checkedValue(Object value) {
        byte[] bytes = (byte[]) value;
        if (bytes.length != length) {
            throw outOfRange(ValueRejectedException.INVALID_TEXT, "takes " + length + " bytes, not " + bytes.length);
        }
        return bytes;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        byte[] bytes = (byte[]) value;
        for (int i = 0; i < bytes.length; i++) {
            out.append(i > 0 ? ":" : "").append(Character.forDigit((bytes[i] >> 4) & 0xF, 16))
                    .append(Character.forDigit(bytes[i] & 0xF, 16));
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeInt(length);
        out.write((byte[]) value);
    }

    /** macaddr_out's form and macaddr_in's others: ':', '-' or '.' between the hexadecimal digits, or none. */
    @Override
    public Object parse(String text) {
        String hex = text.trim().replace(":", "").replace("-", "").replace(".", "");
        if (hex.length() != 2 * length) {
            throw notText(text);
        }
        byte[] bytes = new byte[length];
        try {
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
            }
        } catch (NumberFormatException e) {
            throw notText(text);
        }
        return bytes;
    }

    /** A locally administered unicast address. */
    @Override
    public Object generate(SplittableRandom random) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        bytes[0] = (byte) ((bytes[0] & 0xFC) | 0x02);
        return bytes;
    }

    /** n in the low bytes (2^48 addresses for macaddr). */
    @Override
    public Optional<Object> distinct(long n) {
        if (length == 6 && n >= 1L << 48) {
            return Optional.empty();
        }
        byte[] bytes = new byte[length];
        for (int i = 0; i < Math.min(length, 8); i++) {
            bytes[length - 1 - i] = (byte) (n >>> (8 * i));
        }
        return Optional.of(bytes);
    }

    @Override
    public List<Object> hostileValues() {
        byte[] ones = new byte[length];
        java.util.Arrays.fill(ones, (byte) 0xFF);
        byte[] mixed = new byte[length];
        for (int i = 0; i < length; i++) {
            mixed[i] = (byte) (0x0A + i * 0x11);
        }
        return List.of(new byte[length], ones, mixed);
    }
}
