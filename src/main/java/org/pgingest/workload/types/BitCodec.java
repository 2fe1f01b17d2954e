package org.pgingest.workload.types;


import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * bit(n) and bit varying [(n)], one family: Java String of '0' and '1'. bit(n) takes exactly n bits and varbit(n)
 * at most n (the server refuses others on assignment, and so does {@link #checked}). Binary (bit_send,
 * varbit_send): int32 bit count, then the bits packed into bytes, most significant first, the last byte padded
 * with zeros. Cast to "bit varying": an explicit cast to bit(n) pads or cuts silently, assignment refuses.
 */
final class BitCodec extends TextValuedCodec {
    /** bit_length_mismatch's SQLSTATE (string_data_length_mismatch). */
    private static final String LENGTH_MISMATCH = "22026";

    private final boolean fixed;
    /** n, or -1 for varbit without a limit. */
    private final int length;

    private BitCodec(String sqlType, int typmod, boolean fixed) {
        super(sqlType);
        this.fixed = fixed;
        this.length = typmod < 0 ? (fixed ? 1 : -1) : typmod;
    }

    /** bit(n): the typmod is n itself (bit without a length in DDL means bit(1)). */
    static BitCodec bit(String sqlType, int typmod) {
        return new BitCodec(sqlType, typmod, true);
    }

    static BitCodec varbit(String sqlType, int typmod) {
        return new BitCodec(sqlType, typmod, false);
    }

    @Override
    public String castType() {
        return "bit varying";
    }

    @Override
    Object checkedValue(Object value) {
        String bits = (String) value;
        for (int i = 0; i < bits.length(); i++) {
            char c = bits.charAt(i);
            if (c != '0' && c != '1') {
                throw outOfRange(ValueRejectedException.INVALID_TEXT, "\"" + c + "\" is not a valid binary digit");
            }
        }
        if (fixed && bits.length() != length) {
            throw outOfRange(LENGTH_MISMATCH, "bit string length " + bits.length() + " does not match type bit(" + length + ")");
        }
        if (!fixed && length >= 0 && bits.length() > length) {
            throw outOfRange(ValueRejectedException.TOO_LONG, "bit string too long for type bit varying(" + length + ")");
        }
        return bits;
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        String bits = (String) value;
        int bytes = (bits.length() + 7) / 8;
        out.writeInt(4 + bytes);
        out.writeInt(bits.length());
        for (int b = 0; b < bytes; b++) {
            int v = 0;
            for (int i = 0; i < 8; i++) {
                int at = b * 8 + i;
                v = v << 1 | (at < bits.length() && bits.charAt(at) == '1' ? 1 : 0);
            }
            out.writeByte(v);
        }
    }

    /** Random bits: n of them for bit(n), up to n (or 64) for varbit. */
    @Override
    public Object generate(SplittableRandom random) {
        int n = fixed ? length : random.nextInt(0, (length < 0 ? 64 : length) + 1);
        StringBuilder out = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            out.append(random.nextBoolean() ? '1' : '0');
        }
        return out.toString();
    }

    /** n in binary, padded with zeros to n bits for bit(n); empty once n needs more bits than the type holds. */
    @Override
    public Optional<Object> distinct(long n) {
        String binary = Long.toBinaryString(n);
        int width = fixed ? length : binary.length();
        if (length >= 0 && binary.length() > length) {
            return Optional.empty();
        }
        return Optional.of("0".repeat(width - binary.length()) + binary);
    }

    @Override
    public List<Object> hostileValues() {
        int n = fixed ? length : length < 0 ? 67 : length;
        List<Object> values = new java.util.ArrayList<>(List.of("0".repeat(n), "1".repeat(n),
                "10".repeat(n).substring(0, n), "1" + "0".repeat(Math.max(0, n - 1))));
        if (!fixed) {
            values.add("");
            values.add("1");
        }
        return values.stream().distinct().toList();
    }
}
