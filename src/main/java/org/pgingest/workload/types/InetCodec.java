package org.pgingest.workload.types;


import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * inet and cidr, one family: Java {@link PgInet}. A cidr has no bits set right of its prefix (the server refuses
 * one that has, and so does {@link #checked}). Text "a.b.c.d/n" or eight hexadecimal groups "/n"; binary
 * (inet_send): family (2 IPv4, 3 IPv6), prefix length, is-cidr flag, address length, address bytes.
 */
final class InetCodec extends BaseCodec {
    private static final int PGSQL_AF_INET = 2;
    private static final int PGSQL_AF_INET6 = 3;

    private final boolean cidr;

    private InetCodec(String sqlType, boolean cidr) {
        super(sqlType, PgInet.class);
        this.cidr = cidr;
    }

    static InetCodec inet(String sqlType) {
        return new InetCodec(sqlType, false);
    }

    static InetCodec cidr(String sqlType) {
        return new InetCodec(sqlType, true);
    }

    @Override
    Object checkedValue(Object value) {
        PgInet v = (PgInet) value;
        if (cidr && v.hasHostBits()) {
            throw outOfRange(ValueRejectedException.INVALID_TEXT, "invalid cidr value " + v
                    + ": it has bits set to the right of the mask");
        }
        return v;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        PgInet v = (PgInet) value;
        appendAddress(out, v).append('/').append(v.bits());
    }

    /** Dotted quad, or eight groups of hexadecimal without "::" shortening (every form inet_in reads). */
    static StringBuilder appendAddress(StringBuilder out, PgInet v) {
        if (!v.isIpv6()) {
            for (int i = 0; i < 4; i++) {
                out.append(i > 0 ? "." : "").append(v.byteAt(i) & 0xFF);
            }
            return out;
        }
        for (int i = 0; i < 16; i += 2) {
            out.append(i > 0 ? ":" : "").append(Integer.toHexString((v.byteAt(i) & 0xFF) << 8 | v.byteAt(i + 1) & 0xFF));
        }
        return out;
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        PgInet v = (PgInet) value;
        out.writeInt(4 + v.length());
        out.writeByte(v.isIpv6() ? PGSQL_AF_INET6 : PGSQL_AF_INET);
        out.writeByte(v.bits());
        out.writeByte(cidr ? 1 : 0);
        out.writeByte(v.length());
        for (int i = 0; i < v.length(); i++) {
            out.writeByte(v.byteAt(i));
        }
    }

    /**
     * inet_out's and network_show's forms: dotted quad or IPv6 (with "::" and a trailing dotted quad), then
     * "/bits"; without it, all bits.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        String address = slash < 0 ? t : t.substring(0, slash);
        try {
            byte[] bytes = address.contains(":") ? ipv6(address) : ipv4(address);
            return new PgInet(bytes, slash < 0 ? bytes.length * 8 : Integer.parseInt(t.substring(slash + 1)));
        } catch (RuntimeException e) {
            throw notText(text);
        }
    }

    private static byte[] ipv4(String address) {
        String[] parts = address.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException(address);
        }
        byte[] bytes = new byte[4];
        for (int i = 0; i < 4; i++) {
            int v = Integer.parseInt(parts[i]);
            if (v < 0 || v > 255) {
                throw new IllegalArgumentException(address);
            }
            bytes[i] = (byte) v;
        }
        return bytes;
    }

    /** Eight groups of hexadecimal, "::" standing for a run of zero groups, the last 32 bits possibly dotted. */
    private static byte[] ipv6(String address) {
        int gap = address.indexOf("::");
        String head = gap < 0 ? address : address.substring(0, gap);
        String tail = gap < 0 ? "" : address.substring(gap + 2);
        java.util.List<Integer> front = groups(head);
        java.util.List<Integer> back = groups(tail);
        int missing = 8 - front.size() - back.size();
        if (missing < 0 || gap < 0 && missing != 0) {
            throw new IllegalArgumentException(address);
        }
        byte[] bytes = new byte[16];
        int at = 0;
        for (int g : front) {
            bytes[at++] = (byte) (g >> 8);
            bytes[at++] = (byte) g;
        }
        at += missing * 2;
        for (int g : back) {
            bytes[at++] = (byte) (g >> 8);
            bytes[at++] = (byte) g;
        }
        return bytes;
    }

    private static java.util.List<Integer> groups(String part) {
        java.util.List<Integer> groups = new java.util.ArrayList<>();
        if (part.isEmpty()) {
            return groups;
        }
        for (String g : part.split(":", -1)) {
            if (g.contains(".")) {
                byte[] v4 = ipv4(g);
                groups.add((v4[0] & 0xFF) << 8 | v4[1] & 0xFF);
                groups.add((v4[2] & 0xFF) << 8 | v4[3] & 0xFF);
            } else {
                int v = Integer.parseInt(g, 16);
                if (g.length() > 4 || v < 0) {
                    throw new IllegalArgumentException(part);
                }
                groups.add(v);
            }
        }
        return groups;
    }

    /** inet: a host in 10.0.0.0/8, or one in ten in 2001:db8::/32; cidr: a /24 network in 10.0.0.0/8. */
    @Override
    public Object generate(SplittableRandom random) {
        if (cidr) {
            return new PgInet(new byte[] {10, (byte) random.nextInt(256), (byte) random.nextInt(256), 0}, 24);
        }
        if (random.nextInt(10) == 0) {
            byte[] address = new byte[16];
            address[0] = 0x20;
            address[1] = 0x01;
            address[2] = 0x0d;
            address[3] = (byte) 0xb8;
            for (int i = 8; i < 16; i++) {
                address[i] = (byte) random.nextInt(256);
            }
            return PgInet.host(address);
        }
        return PgInet.host((byte) 10, (byte) random.nextInt(256), (byte) random.nextInt(256), (byte) random.nextInt(256));
    }

    /** IPv4 host n while n fits 32 bits, then IPv6 host n. */
    @Override
    public Optional<Object> distinct(long n) {
        if (n < 1L << 32) {
            return Optional.of(PgInet.host((byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n));
        }
        byte[] address = new byte[16];
        for (int i = 0; i < 8; i++) {
            address[15 - i] = (byte) (n >>> (8 * i));
        }
        return Optional.of(PgInet.host(address));
    }

    @Override
    public List<Object> hostileValues() {
        byte[] allOnes6 = new byte[16];
        java.util.Arrays.fill(allOnes6, (byte) 0xFF);
        byte[] mapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xFF, (byte) 0xFF, 1, 2, 3, 4};
        byte[] loopback6 = new byte[16];
        loopback6[15] = 1;
        List<Object> common = List.of(new PgInet(new byte[4], 0), PgInet.host((byte) 255, (byte) 255, (byte) 255, (byte) 255),
                new PgInet(new byte[16], 0), PgInet.host(allOnes6), PgInet.host(mapped), PgInet.host(loopback6),
                new PgInet(new byte[] {(byte) 192, (byte) 168, 0, 0}, 16),
                new PgInet(new byte[] {0x20, 0x01, 0x0d, (byte) 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 32));
        if (cidr) {
            return common;
        }
        return java.util.stream.Stream.concat(common.stream(), java.util.stream.Stream.of(
                new PgInet(new byte[] {(byte) 192, (byte) 168, 1, 5}, 24), new PgInet(allOnes6, 1))).toList();
    }
}
