package org.pgingest.server;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.SocketFactory;

/**
 * Sockets whose exchanges an {@link ExchangeObserver} sees: the first write after a read starts a request, the first
 * bytes read after a write are its reply. pgjdbc instantiates this class by name (its {@code socketFactory} option)
 * with the id of a registered observer ({@code socketFactoryArg}), then calls {@link #createSocket()} and connects
 * the socket itself (pgjdbc 42.x). pgjdbc makes the factory from a class name and one string, so observers are found
 * by id in a registry; an observer that was unregistered cannot be found, and a connection opened after that fails.
 * Public only because pgjdbc must reach it.
 */
public final class ObservedSocketFactory extends SocketFactory {
    private static final Map<String, ExchangeObserver> REGISTERED = new ConcurrentHashMap<>();
    private final ExchangeObserver observer;

    /** @param observerId the id {@link #register} gave; public because pgjdbc calls it by reflection */
    public ObservedSocketFactory(String observerId) {
        ExchangeObserver registered = REGISTERED.get(observerId);
        if (registered == null) {
            throw new IllegalStateException("no socket observer " + observerId + " (closed already?)");
        }
        this.observer = registered;
    }

    /** Registers {@code observer}; returns the pgjdbc options that open a connection's socket under its eyes. */
    public static Map<String, String> register(String id, ExchangeObserver observer) {
        REGISTERED.put(id, observer);
        return Map.of("socketFactory", ObservedSocketFactory.class.getName(), "socketFactoryArg", id);
    }

    /** Ends the registration: connections opened from now on with its options fail. */
    public static void unregister(String id) {
        REGISTERED.remove(id);
    }

    @Override
    public Socket createSocket() {
        return new ObservedSocket(observer);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new java.net.InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket socket = new ObservedSocket(observer);
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
        Socket socket = new ObservedSocket(observer);
        socket.bind(new java.net.InetSocketAddress(localAddress, localPort));
        socket.connect(new java.net.InetSocketAddress(address, port));
        return socket;
    }

    private Socket connected(java.net.InetSocketAddress address) throws IOException {
        Socket socket = new ObservedSocket(observer);
        socket.connect(address);
        return socket;
    }

    /**
     * A plain TCP socket that tells its observer when a request starts and when its reply arrives. pgjdbc uses a
     * connection from one thread at a time, so the flag between the two streams needs visibility only.
     */
    private static final class ObservedSocket extends Socket {
        private final ExchangeObserver observer;
        private volatile boolean awaitingReply;
        private InputStream in;
        private OutputStream out;

        ObservedSocket(ExchangeObserver observer) {
            this.observer = observer;
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
                        requesting();
                        super.out.write(b);
                    }

                    @Override
                    public void write(byte[] buffer, int offset, int length) throws IOException {
                        requesting();
                        super.out.write(buffer, offset, length);
                    }
                };
            }
            return out;
        }

        private void requesting() {
            if (!awaitingReply) {
                awaitingReply = true;
                observer.request();
            }
        }

        private void arrived() {
            if (awaitingReply) {
                awaitingReply = false;
                observer.reply(System.nanoTime());
            }
        }
    }
}
