package org.pgingest.compare;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The launcher's end of the turn-taking ({@link TurnProfiler} is the forks' end). For one fork of each side it
 * waits until both have started, then hands out turns one iteration at a time, pair after pair, the pairs'
 * order alternating: baseline-candidate, candidate-baseline, baseline-candidate, ... (ABBA blocks), so that a
 * load that grows or shrinks steadily over a block weighs on both sides alike, and each side follows the other as
 * often as itself. A side that finishes its last iteration is held until the other has finished too: neither fork
 * ends its JVM (nor the next trial starts its own) while the other still measures.
 */
final class Referee implements AutoCloseable {
    /** How long a side may take to start its fork and reach its first iteration. */
    static final long START_TIMEOUT_MILLIS = 5 * 60 * 1000;
    private static final int ACCEPT_POLL_MILLIS = 200;
    /**
     * How long a side's end waits for the other's before it is blamed alone: of two jars that cannot start, the one
     * whose JVM failed first was blamed by a few hundred milliseconds, so that the outcome turned on it (CI, 2026-12-04).
     */
    private static final long BOTH_ENDED_GRACE_MILLIS = 2_000;

    private final ServerSocket server;

    Referee() throws IOException {
        server = new ServerSocket(0, 4, InetAddress.getLoopbackAddress());
        server.setSoTimeout(ACCEPT_POLL_MILLIS);
    }

    /** The value of {@link TurnProfiler#REFEREE_PROPERTY} for a side's forks. */
    String address(Side side) {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort() + ":" + side.id();
    }

    /** Which side goes first in the pair of iterations with this index (from 0, warm-up included). */
    static Side first(int pair) {
        return pair % 2 == 0 ? Side.BASELINE : Side.CANDIDATE;
    }

    /** A fork of one side, as the referee talks to it. */
    private record Player(Side side, String trial, Socket socket, BufferedReader in, PrintWriter out) {
        String read(String expecting) throws IOException {
            String line = in.readLine();
            if (line == null) {
                throw new RefereeException("the " + side.id() + " side's fork ended while the referee waited for '"
                        + expecting + "'", side);
            }
            return line;
        }
    }

    /**
     * Referees one fork of each side through every iteration.
     *
     * @param ended the sides whose launchers have ended: a side that never connects is not waited for
     * @return the sides' turns in the order they ran, one letter each (A baseline, B candidate), warm-up iterations
     * in lower case
     * @throws RefereeException when a side ends early, runs another trial than the other, or breaks the protocol;
     *                          both forks are told to stop
     */
    String round(Supplier<Set<Side>> ended) throws IOException {
        Map<Side, Player> players = new EnumMap<>(Side.class);
        try {
            accept(players, ended);
            Player a = players.get(Side.BASELINE);
            Player b = players.get(Side.CANDIDATE);
            if (!a.trial().equals(b.trial())) {
                throw new RefereeException("the sides run different trials: baseline " + a.trial() + ", candidate "
                        + b.trial(), null);
            }
            StringBuilder turns = new StringBuilder();
            Map<Side, Boolean> finished = new EnumMap<>(Side.class);
            for (int pair = 0; finished.size() < 2; pair++) {
                Side first = first(pair);
                for (Side side : new Side[] {first, first.other()}) {
                    if (finished.containsKey(side)) {
                        continue;
                    }
                    Player p = players.get(side);
                    String ready = p.read(TurnProfiler.READY);
                    if (!ready.startsWith(TurnProfiler.READY)) {
                        throw new RefereeException("the " + side.id() + " side said '" + ready + "' instead of '"
                                + TurnProfiler.READY + "'", side);
                    }
                    boolean warmup = ready.endsWith("WARMUP");
                    p.out().println(TurnProfiler.GO);
                    String done = TurnProfiler.status(p.read(TurnProfiler.DONE));
                    char letter = side.letter();
                    turns.append(warmup ? Character.toLowerCase(letter) : letter);
                    if (done.equals(TurnProfiler.DONE_LAST)) {
                        finished.put(side, true);
                    } else if (done.equals(TurnProfiler.DONE)) {
                        p.out().println(TurnProfiler.OK);
                    } else {
                        throw new RefereeException("the " + side.id() + " side said '" + done + "' instead of '"
                                + TurnProfiler.DONE + "'", side);
                    }
                }
            }
            players.values().forEach(p -> p.out().println(TurnProfiler.OK));
            return turns.toString();
        } catch (IOException e) {
            // The other side's fork waits for its turn or its release: tell it to fail its trial rather than hang.
            players.values().forEach(p -> p.out().println(TurnProfiler.STOP + " " + e.getMessage()));
            throw e;
        } finally {
            for (Player p : players.values()) {
                p.socket().close();
            }
        }
    }

    private void accept(Map<Side, Player> players, Supplier<Set<Side>> ended) throws IOException {
        long deadline = System.currentTimeMillis() + START_TIMEOUT_MILLIS;
        long blameAt = -1;
        while (players.size() < 2) {
            Set<Side> gone = ended.get();
            if (gone.size() == Side.values().length) {
                throw new RefereeException("both sides ended before their forks reached their first iteration", null);
            }
            if (!gone.isEmpty()) {
                blameAt = blameAt < 0 ? System.currentTimeMillis() + BOTH_ENDED_GRACE_MILLIS : blameAt;
                if (System.currentTimeMillis() >= blameAt) {
                    Side side = gone.iterator().next();
                    throw new RefereeException("the " + side.id() + " side ended before its fork reached its first "
                            + "iteration", side);
                }
            }
            if (System.currentTimeMillis() > deadline) {
                throw new RefereeException("a side's fork did not reach its first iteration within "
                        + START_TIMEOUT_MILLIS / 60_000 + " minutes", null);
            }
            Socket socket;
            try {
                socket = server.accept();
            } catch (SocketTimeoutException e) {
                continue;
            }
            socket.setSoTimeout(TurnProfiler.READ_TIMEOUT_MILLIS);
            socket.setTcpNoDelay(true);
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            PrintWriter out = new PrintWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8), true);
            String hello = in.readLine();
            String[] words = hello == null ? new String[0] : hello.split(" ", 3);
            if (words.length < 3 || !words[0].equals(TurnProfiler.HELLO)) {
                socket.close();
                throw new RefereeException("a fork connected to the referee without a hello: " + hello, null);
            }
            Side side;
            try {
                side = Side.ofId(words[1]);
            } catch (IllegalArgumentException e) {
                socket.close();
                throw new RefereeException("a fork connected to the referee as no side: " + hello, null);
            }
            if (players.containsKey(side)) {
                socket.close();
                throw new RefereeException("two forks of the " + side.id() + " side connected at once", side);
            }
            players.put(side, new Player(side, words[2], socket, in, out));
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    /** The turn-taking broke down: one line naming the side and what happened. */
    static final class RefereeException extends IOException {
        private static final long serialVersionUID = 1L;
        private final transient Side atFault;

        /** @param atFault the side that ended or broke the protocol; null when neither can be blamed */
        RefereeException(String message, Side atFault) {
            super(message);
            this.atFault = atFault;
        }

        Optional<Side> atFault() {
            return Optional.ofNullable(atFault);
        }
    }
}
