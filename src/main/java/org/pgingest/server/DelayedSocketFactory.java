package org.pgingest.server;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The sockets of connections through a {@link RoundTripDelay}: pgjdbc instantiates this class by name (its
 * {@code socketFactory} option) with the delay's id ({@code socketFactoryArg}), then calls {@link #createSocket()}
 * and connects the socket itself (pgjdbc 42.x). Public only because pgjdbc must reach it.
 */
public final class DelayedSocketFactory extends SocketFactory {
    private final RoundTripDelay delay;

    /** @param delayId the id of an open {@link RoundTripDelay} */
    public DelayedSocketFactory(String delayId) {
        this.delay = RoundTripDelay.of(delayId);
    }

    @Override
    public Socket createSocket() {
        return new DelayedSocket(delay);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new java.net.InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket socket = new DelayedSocket(delay);
        socket.bind(new java.net.InetSocketAddress(localHost, localPort));
        socket.connect(new java.net.InetSocketAddress(host, port));
        return socket;
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new java.net.InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        Socket socket = new DelayedSocket(delay);
        socket.bind(new java.net.InetSocketAddress(localAddress, localPort));
        socket.connect(new java.net.InetSocketAddress(address, port));
        return socket;
    }

    private Socket connected(java.net.InetSocketAddress address) throws IOException {
        Socket socket = new DelayedSocket(delay);
        socket.connect(address);
        return socket;
    }

    /**
     * A plain TCP socket whose input holds the first read after a write, one round trip per request. pgjdbc uses a
     * connection from one thread at a time, so the flag between the two streams needs visibility only.
     */
    private static final class DelayedSocket extends Socket {
        private final RoundTripDelay delay;
        private volatile boolean awaitingReply;
        private InputStream in;
        private OutputStream out;

        DelayedSocket(RoundTripDelay delay) {
            this.delay = delay;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        if (b >= 0) {
                            arrived();
                        }
                        return b;
                    }

                    @Override
                    public int read(byte[] buffer, int offset, int length) throws IOException {
                        // blocks until the reply's first bytes are here; a timeout leaves the reply awaited
                        int n = super.read(buffer, offset, length);
                        if (n > 0) {
                            arrived();
                        }
                        return n;
                    }
                };
            }
            return in;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        awaitingReply = true;
                        super.out.write(b);
                    }

                    @Override
                    public void write(byte[] buffer, int offset, int length) throws IOException {
                        awaitingReply = true;
                        super.out.write(buffer, offset, length);
                    }
                };
            }
            return out;
        }

        private void arrived() {
            if (awaitingReply) {
                awaitingReply = false;
                delay.reply(System.nanoTime());
            }
        }
    }
}
