package org.pgingest.server;

import org.netcrusher.core.reactor.NioReactor;
import org.netcrusher.core.throttle.Throttler;
import org.netcrusher.tcp.TcpCrusher;
import org.netcrusher.tcp.TcpCrusherBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.SelectionKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * An in-process TCP proxy on 127.0.0.1 that adds a round-trip time between the client and a server
 * (netcrusher-core): every reply from the server is held for the delay before the client sees it, so each
 * request that waits for its answer pays it once, as on a network. Clients connect to {@link #route(Endpoint)}.
 *
 * <p>It also counts round trips: on each connection, a reply that follows bytes the client sent is one.
 * A pipelined batch (pgjdbc sends every Bind/Execute before one Sync) is a handful whatever its size; one
 * statement per row is one per row.
 *
 * <p>Precision: netcrusher (0.10, its last release, 2016) releases a held buffer only when its selector wakes, at
 * its next tick ({@value #TICK_MS} ms, the finest it offers) or on other I/O, so on its own a hold is rounded up to
 * whole ticks and no correction can add, say, 1.0 ms rather than 1.2. The proxy therefore wakes the selector itself
 * when each held reply is due ({@link DueTimes}), and {@link RoundTripCheck} corrects the hold by the forwarding
 * cost it measures (about 0.2 ms here), then verifies the delay it got.
 */
public final class LatencyProxy implements AutoCloseable {
    /**
     * Longest round trip the proxy is asked to add, in milliseconds: a second is far beyond any network between an
     * application and its database, and connecting through more than the driver's connect timeout (5 s) fails.
     */
    public static final double MAX_RTT_MS = 1000;
    static final long TICK_MS = 1;
    private static final String LOOPBACK = "127.0.0.1";

    private final double delayMs;
    private final NioReactor reactor;
    private final TcpCrusher crusher;
    private final int port;
    private final AtomicLong roundTrips = new AtomicLong();
    /** Replies (netcrusher buffers) held for the delay. */
    private final AtomicLong held = new AtomicLong();
    /** Wakes the selector when each held reply is due; none without a delay. */
    private final DueTimes dueTimes;
    /** How long each reply is held; starts at the delay, corrected by {@link #correctHold}. */
    private volatile long holdNs;
    /** Per client connection: whether the client has sent bytes since the server last answered. */
    private final Map<InetSocketAddress, Boolean> awaitingReply = new ConcurrentHashMap<>();

    private LatencyProxy(double delayMs, String host, int serverPort) throws IOException {
        if (!(delayMs >= 0) || Double.isInfinite(delayMs)) {
            throw new IllegalArgumentException("the proxy's delay must be 0 ms or more, was " + delayMs);
        }
        this.delayMs = delayMs;
        this.holdNs = Math.max(1, Math.round(delayMs * 1_000_000));
        this.port = freePort();
        this.reactor = new NioReactor(TICK_MS);
        DueTimes wakes = null;
        try {
            wakes = delayMs == 0 ? null : new DueTimes(reactor);
            this.dueTimes = wakes;
            this.crusher = TcpCrusherBuilder.builder()
                    .withReactor(reactor)
                    .withBindAddress(LOOPBACK, port)
                    .withConnectAddress(host, serverPort)
                    .withTcpNoDelay(true)
                    // a writer that opens a connection per call would otherwise leave an entry per connection
                    .withDeletionListener((client, bytes) -> awaitingReply.remove(client))
                    .withOutgoingThrottlerFactory(client -> bytes -> {
                        awaitingReply.put(client, true);
                        return Throttler.NO_DELAY_NS;
                    })
                    .withIncomingThrottlerFactory(client -> bytes -> {
                        if (Boolean.TRUE.equals(awaitingReply.put(client, false))) {
                            roundTrips.incrementAndGet();
                        }
                        if (delayMs == 0) {
                            return Throttler.NO_DELAY_NS;
                        }
                        long hold = holdNs;
                        held.incrementAndGet();
                        dueTimes.wakeAt(System.nanoTime() + hold);
                        return hold;
                    })
                    .buildAndOpen();
        } catch (RuntimeException | IOException e) {
            if (wakes != null) {
                wakes.close();
            }
            reactor.close();
            throw e;
        }
    }

    /** A proxy to {@code host:port} that adds {@code delayMs} to every round trip (0: forwards only). */
    public static LatencyProxy start(String host, int port, double delayMs) {
        try {
            return new LatencyProxy(delayMs, host, port);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the latency proxy to " + host + ":" + port, e);
        }
    }

    /** A proxy in front of {@code server}. */
    public static LatencyProxy inFrontOf(Endpoint server, double delayMs) {
        return start(server.host(), server.port(), delayMs);
    }

    /**
     * Holds replies {@code overshootMs} less (more, when negative) from now on, within
     * [delay − {@value #MAX_CORRECTION_MS} ms, delay] and never less than 1 ns (a hold of 0 skips netcrusher's
     * scheduling altogether and the proxy would add nothing). Forwarding through the proxy costs 0.15 to 0.25 ms on
     * the 2-vCPU VM (two more loopback hops and a selector pass each way); an overshoot beyond that is the machine
     * being busy while it was measured, and holding less for it would leave too short a round trip once it is not.
     */
    void correctHold(double overshootMs) {
        long delayNs = Math.round(delayMs * 1_000_000);
        long corrected = holdNs - Math.round(overshootMs * 1_000_000);
        holdNs = Math.max(1, Math.max(delayNs - Math.round(MAX_CORRECTION_MS * 1_000_000), Math.min(delayNs, corrected)));
    }

    /** Largest correction of the hold, ms (see {@link #correctHold}). */
    static final double MAX_CORRECTION_MS = 0.3;

    long holdNs() {
        return holdNs;
    }

    /** {@code server} as reached through this proxy: same database, role and password, the proxy's address. */
    public Endpoint route(Endpoint server) {
        return new Endpoint(LOOPBACK, port, server.database(), server.user(), server.password());
    }

    public double delayMs() {
        return delayMs;
    }

    public int port() {
        return port;
    }

    /** Replies that followed a request, over every connection since the proxy started. */
    public long roundTrips() {
        return roundTrips.get();
    }

    /** Replies (netcrusher's buffers of them) held for the delay so far. */
    long held() {
        return held.get();
    }

    /** Times the proxy woke netcrusher's selector for a held reply: one per reply it held, once each is due. */
    long wakeups() {
        return dueTimes == null ? 0 : dueTimes.wakeups.get();
    }

    /**
     * Wakes netcrusher's selector when a held reply is due, so that it is released then and not at the selector's
     * next tick: a thread parks until the earliest due time (LockSupport.parkNanos: tens of microseconds late on
     * Linux, where a tick is a whole millisecond) and writes a byte into a pipe whose other end is registered with
     * the selector, through netcrusher's public {@code NioSelector.register}. Not {@code NioSelector.wakeup()}: in
     * 0.10 it casts {@code Selector.wakeup()}'s result to an Integer and throws a ClassCastException.
     */
    private static final class DueTimes implements AutoCloseable {
        /**
         * netcrusher stamps a buffer's release time a little after asking the throttler for the hold; a wake-up
         * before that stamp would find nothing due and the reply would wait for the next tick.
         */
        private static final long AFTER_DUE_NS = 20_000;
        private final PriorityBlockingQueue<Long> due = new PriorityBlockingQueue<>();
        private final Pipe pipe;
        private final Thread thread;
        private final AtomicLong wakeups = new AtomicLong();
        private volatile boolean open = true;

        DueTimes(NioReactor reactor) throws IOException {
            pipe = Pipe.open();
            try {
                pipe.source().configureBlocking(false);
                // never blocks the waker: with a byte still unread the selector is awake anyway
                pipe.sink().configureBlocking(false);
                ByteBuffer drain = ByteBuffer.allocate(64);
                reactor.getSelector().register(pipe.source(), SelectionKey.OP_READ, key -> {
                    while (pipe.source().read(drain.clear()) > 0) {
                        // the bytes mean nothing; waking the selector was their job
                    }
                });
            } catch (IOException | RuntimeException e) {
                pipe.source().close();
                pipe.sink().close();
                throw e;
            }
            thread = new Thread(this::run, "pg-ingest-latency-proxy-waker");
            thread.setDaemon(true);
            thread.start();
        }

        void wakeAt(long nanoTime) {
            due.add(nanoTime + AFTER_DUE_NS);
            LockSupport.unpark(thread);
        }

        private void run() {
            ByteBuffer one = ByteBuffer.allocate(1);
            while (open) {
                Long next = due.peek();
                long wait = next == null ? Long.MAX_VALUE : next - System.nanoTime();
                if (wait > 0) {
                    // an earlier due time added meanwhile unparks this thread
                    LockSupport.parkNanos(this, wait);
                    continue;
                }
                due.poll();
                try {
                    pipe.sink().write(one.clear());
                    wakeups.incrementAndGet();
                } catch (IOException e) {
                    // the pipe is closed only when the proxy is: nothing left to wake
                    return;
                }
            }
        }

        @Override
        public void close() {
            open = false;
            LockSupport.unpark(thread);
            try {
                pipe.sink().close();
                pipe.source().close();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot close the latency proxy's wake-up pipe", e);
            }
        }
    }

    /** netcrusher cannot report the port it bound when asked for port 0, so one is picked here. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(LOOPBACK))) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        try {
            crusher.close();
        } finally {
            try {
                if (dueTimes != null) {
                    dueTimes.close();
                }
            } finally {
                reactor.close();
            }
        }
    }
}
