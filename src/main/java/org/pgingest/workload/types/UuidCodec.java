package org.pgingest.workload.types;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;

/** uuid: Java UUID; binary its 16 bytes, most significant first (uuid_send). */
final class UuidCodec extends BaseCodec {
    UuidCodec(String sqlType) {
        super(sqlType, UUID.class);
    }

    /** pgjdbc sends a UUID as binary uuid. */
    @Override
    public void bind(PreparedStatement statement, int index, Object value) throws SQLException {
        statement.setObject(index, value);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append(value);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        UUID uuid = (UUID) value;
        out.writeInt(16);
        out.writeLong(uuid.getMostSignificantBits());
        out.writeLong(uuid.getLeastSignificantBits());
    }

    /** uuid_out's form, and uuid_in's others: upper case, braces, no hyphens. */
    @Override
    public Object parse(String text) {
        String hex = text.trim().replace("-", "");
        if (hex.startsWith("{") && hex.endsWith("}")) {
            hex = hex.substring(1, hex.length() - 1);
        }
        if (hex.length() != 32) {
            throw notText(text);
        }
        try {
            return new UUID(Long.parseUnsignedLong(hex, 0, 16, 16), Long.parseUnsignedLong(hex, 16, 32, 16));
        } catch (NumberFormatException e) {
            throw notText(text);
        }
    }

    /** A version 4 (random) UUID from the random source. */
    @Override
    public Object generate(SplittableRandom random) {
        long most = (random.nextLong() & ~0xF000L) | 0x4000L;
        long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48);
        return new UUID(most, least);
    }

    /** A version 8 UUID with n in its low bits: distinct for every n, ascending like a time-ordered key. */
    @Override
    public Optional<Object> distinct(long n) {
        long most = ((n >>> 62) << 16) | 0x8000L; // version 8 in bits 12-15
        long least = (0x8000L << 48) | (n & 0x3FFF_FFFF_FFFF_FFFFL); // variant 10 in the top bits
        return Optional.of(new UUID(most, least));
    }

    @Override
    public List<Object> hostileValues() {
        return List.of(new UUID(0, 0), new UUID(-1, -1), new UUID(Long.MIN_VALUE, 1), UUID.fromString("00000000-0000-0000-0000-000000000001"));
    }
}
