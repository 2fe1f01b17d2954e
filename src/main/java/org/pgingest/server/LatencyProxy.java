package org.pgingest.server;

import org.netcrusher.core.reactor.NioReactor;
import org.netcrusher.core.throttle.Throttler;
import org.netcrusher.tcp.TcpCrusher;
import org.netcrusher.tcp.TcpCrusherBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-process TCP proxy on 127.0.0.1 that adds a round-trip time between the client and a server
 * (netcrusher-core): every reply from the server is held for the delay before the client sees it, so each
 * request that waits for its answer pays it once, as on a network. Clients connect to {@link #route(Endpoint)}.
 *
 * <p>It also counts round trips: on each connection, a reply that follows bytes the client sent is one.
 * A pipelined batch (pgjdbc sends every Bind/Execute before one Sync) is a handful whatever its size; one
 * statement per row is one per row.
 *
 * <p>Precision: netcrusher releases a held buffer at the first tick of its selector after the buffer is due
 * (ticks of {@value #TICK_MS} ms, the finest it offers, and later on a busy machine), and forwarding costs a
 * little too; the proxy starts by holding half a tick less than asked, and {@link RoundTripCheck} corrects the
 * hold from what it measures, then verifies the delay it got.
 */
public final class LatencyProxy implements AutoCloseable {
    static final long TICK_MS = 1;
    private static final String LOOPBACK = "127.0.0.1";

    private final double delayMs;
    private final NioReactor reactor;
    private final TcpCrusher crusher;
    private final int port;
    private final AtomicLong roundTrips = new AtomicLong();
    /** How long each reply is held; starts half a tick under the delay, corrected by {@link #correctHold}. */
    private volatile long holdNs;
    /** Per client connection: whether the client has sent bytes since the server last answered. */
    private final Map<InetSocketAddress, Boolean> awaitingReply = new ConcurrentHashMap<>();

    private LatencyProxy(double delayMs, String host, int serverPort) throws IOException {
        if (!(delayMs >= 0) || Double.isInfinite(delayMs)) {
            throw new IllegalArgumentException("the proxy's delay must be 0 ms or more, was " + delayMs);
        }
        this.delayMs = delayMs;
        this.holdNs = Math.max(1, Math.round((delayMs - TICK_MS / 2.0) * 1_000_000));
        this.port = freePort();
        this.reactor = new NioReactor(TICK_MS);
        try {
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
                        return delayMs == 0 ? Throttler.NO_DELAY_NS : holdNs;
                    })
                    .buildAndOpen();
        } catch (RuntimeException e) {
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
     * Holds replies {@code overshootMs} less (more, when negative) from now on; never less than 1 ns, because a
     * hold of 0 skips netcrusher's scheduling altogether and the proxy would add nothing.
     */
    void correctHold(double overshootMs) {
        holdNs = Math.max(1, holdNs - Math.round(overshootMs * 1_000_000));
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
            reactor.close();
        }
    }
}
