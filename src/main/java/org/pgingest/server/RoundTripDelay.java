package org.pgingest.server;

import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A round-trip time added to connections on the client's side, without a proxy: pgjdbc opens their sockets through
 * {@link ObservedSocketFactory} (its {@code socketFactory} option), and each socket holds the first read after the
 * client has written until {@link #delayMs()} after the reply's first bytes arrived. So every exchange in which the
 * client waits for the server (a request, then its reply) pays the delay once, on top of the server's own time, as
 * on a network; a pipelined batch pays it once per wait for replies, not per statement.
 *
 * <p>Precision: the waiting thread is the client's own, so the only error is how late it wakes. It parks until
 * {@value #SPIN_MICROS} µs before the reply is due (Linux wakes a parked thread some 50-100 µs late: its timer
 * slack plus the wake-up) and spins the rest, so on an idle core a delay ends within a few microseconds of the asked
 * one; what remains is the scheduler, when every core is busy. A proxy would add two loopback hops and its selector's
 * wake-ups to every reply.
 *
 * <p>Closing a delay unregisters it: a connection opened after that fails to connect.
 */
public final class RoundTripDelay implements ExchangeObserver, AutoCloseable {
    /**
     * Longest round trip the delay is asked to add, in milliseconds: a second is far beyond any network between an
     * application and its database, and connecting through more than the driver's connect timeout (5 s) fails.
     */
    public static final double MAX_RTT_MS = 1000;
    static final long SPIN_MICROS = 200;

    private final String id;
    private final Map<String, String> driverOptions;
    private final double delayMs;
    private final long delayNs;
    private final AtomicLong roundTrips = new AtomicLong();

    private RoundTripDelay(double delayMs) {
        if (!(delayMs >= 0) || Double.isInfinite(delayMs)) {
            throw new IllegalArgumentException("the added round trip must be 0 ms or more, was " + delayMs);
        }
        this.id = "round-trip-delay-" + UUID.randomUUID();
        this.delayMs = delayMs;
        this.delayNs = Math.round(delayMs * 1_000_000);
        this.driverOptions = ObservedSocketFactory.register(id, this);
    }

    /** A delay of {@code delayMs} per round trip (0: none, round trips still counted), open until closed. */
    static RoundTripDelay open(double delayMs) {
        return new RoundTripDelay(delayMs);
    }

    /** pgjdbc options that open a connection's socket through this delay. */
    Map<String, String> driverOptions() {
        return driverOptions;
    }

    double delayMs() {
        return delayMs;
    }

    /** Replies that followed a request, over every connection through this delay so far. */
    long roundTrips() {
        return roundTrips.get();
    }

    /** Returns once the round trip has taken the delay since the reply's first bytes arrived. */
    @Override
    public void reply(long arrivedNanos) {
        roundTrips.incrementAndGet();
        if (delayNs > 0) {
            waitUntil(arrivedNanos + delayNs);
        }
    }

    /** Parks until shortly before {@code deadline} ({@link System#nanoTime()}), then spins to it. */
    static void waitUntil(long deadline) {
        long spinNs = SPIN_MICROS * 1000;
        long remaining;
        while ((remaining = deadline - System.nanoTime()) > spinNs) {
            LockSupport.parkNanos(remaining - spinNs);
        }
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }

    @Override
    public void close() {
        ObservedSocketFactory.unregister(id);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "+%.2f ms round trip", delayMs);
    }
}
