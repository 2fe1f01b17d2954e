package org.pgingest.workload.types;

import java.util.Arrays;

/**
 * An inet or cidr value: an IPv4 (4 bytes) or IPv6 (16 bytes) address and a prefix length. Bytes rather than
 * java.net.InetAddress, which turns an IPv4-mapped IPv6 address into IPv4 and has no prefix length.
 */
record PgInet(byte[] address, int bits) {
    PgInet {
        if (address.length != 4 && address.length != 16) {
            throw new IllegalArgumentException("an address has 4 or 16 bytes, not " + address.length);
        }
        if (bits < 0 || bits > address.length * 8) {
            throw new IllegalArgumentException("prefix length " + bits + " outside 0.." + address.length * 8);
        }
        address = address.clone();
    }

    /** The host address: all bits significant. */
    static PgInet host(byte... address) {
        return new PgInet(address, address.length * 8);
    }

    @Override
    public byte[] address() {
        return address.clone();
    }

    boolean isIpv6() {
        return address.length == 16;
    }

    /** True when a bit right of the prefix is set (a cidr must have none). */
    boolean hasHostBits() {
        for (int i = 0; i < address.length * 8; i++) {
            if (i >= bits && (address[i / 8] & (0x80 >> (i % 8))) != 0) {
                return true;
            }
        }
        return false;
    }

    byte byteAt(int i) {
        return address[i];
    }

    int length() {
        return address.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PgInet other && bits == other.bits && Arrays.equals(address, other.address);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(address) + bits;
    }

    @Override
    public String toString() {
        return InetCodec.appendAddress(new StringBuilder(), this).append('/').append(bits).toString();
    }
}
