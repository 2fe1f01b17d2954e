package org.pgingest.server;

/**
 * Sees the exchanges of connections opened through {@link ObservedSocketFactory}, on the connection's own thread:
 * it may hold that thread (a round trip's delay) or look at the client's state at that moment (its heap).
 */
public interface ExchangeObserver {
    /** The client starts a request: its first write since it last read. */
    default void request() {
    }

    /** A reply's first bytes arrived at {@code arrivedNanos} ({@link System#nanoTime()}), before the client sees them. */
    default void reply(long arrivedNanos) {
    }
}
