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
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The launcher's end of {@code ./bench rank}'s turn-taking with N players ({@link TurnProfiler} is each candidate
 * fork's end, the same protocol as a comparison's). A player is a candidate's current fork; the ranking decides who
 * goes when ({@link #turn}), one iteration (a slice) at a time, or every new fork's first warm-up at once
 * ({@link #together}), and gets each slice's figures back. A fork that ran its
 * last iteration is held until {@link #letLastGo} (every fork of the generation done: none ends its JVM, tears down
 * its trial or lets JMH start the next while another still measures), and the candidate's next fork connects under
 * the same name ({@link #accept}). A player that ends early or breaks the protocol is that candidate's failure
 * ({@link PlayerGone}), not the ranking's.
 */
final class RoundReferee implements AutoCloseable {
    private static final int ACCEPT_POLL_MILLIS = 200;

    /**
     * One slice as its fork reported it: whether it was a warm-up, whether it was the fork's last (the fork then waits
     * for {@link #letLastGo}), and its figures by label (JMH's).
     */
    record Slice(boolean warmup, boolean last, Map<String, Double> figures) {
        double rowsPerSecond() {
            return figures.getOrDefault("rows", Double.NaN);
        }
    }

    private record Player(Socket socket, BufferedReader in, PrintWriter out) {
    }

    private final ServerSocket server;
    private final Map<String, Player> players = new LinkedHashMap<>();
    /** Forks that ran their last slice, waiting for their answer. */
    private final Map<String, Player> leaving = new LinkedHashMap<>();

    RoundReferee() throws IOException {
        server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        server.setSoTimeout(ACCEPT_POLL_MILLIS);
    }

    /** The value of {@link TurnProfiler#REFEREE_PROPERTY} for a player's fork. */
    String address(String player) {
        return server.getInetAddress().getHostAddress() + ":" + server.getLocalPort() + ":" + player;
    }

    /**
     * Waits until every expected player has connected, or has ended ({@code ended} says so) or the deadline passed;
     * returns those that connected.
     */
    Set<String> accept(Set<String> expected, Predicate<String> ended, long deadlineNanos) throws IOException {
        while (!players.keySet().containsAll(expected.stream().filter(p -> !ended.test(p)).toList())
                && System.nanoTime() < deadlineNanos) {
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
            if (words.length == 3 && words[0].equals(TurnProfiler.HELLO) && !expected.contains(words[1])) {
                // The next fork of a candidate the ranking no longer runs, started before its launcher was stopped.
                out.println(TurnProfiler.STOP + " the ranking needs no more of this candidate");
                socket.close();
                continue;
            }
            if (words.length < 3 || !words[0].equals(TurnProfiler.HELLO) || players.containsKey(words[1])) {
                socket.close();
                throw new IOException("a fork connected to the ranking's referee with an unexpected hello: " + hello);
            }
            players.put(words[1], new Player(socket, in, out));
        }
        return Set.copyOf(players.keySet());
    }

    /** Gives the player one turn: it runs one iteration, and its figures come back. */
    Slice turn(String player) throws PlayerGone {
        Player p = player(player);
        try {
            String ready = ready(player, p);
            p.out().println(TurnProfiler.GO);
            return done(player, p, ready);
        } catch (IOException e) {
            throw gone(player, e.getMessage());
        }
    }

    private Player player(String player) {
        Player p = players.get(player);
        if (p == null) {
            throw new IllegalStateException("no player " + player);
        }
        return p;
    }

    /** Reads the player's "ready" line, which says the kind of iteration it is about to run. */
    private String ready(String player, Player p) throws IOException, PlayerGone {
        String ready = read(player, p);
        if (!ready.startsWith(TurnProfiler.READY)) {
            throw gone(player, "said '" + ready + "' instead of '" + TurnProfiler.READY + "'");
        }
        return ready;
    }

    /**
     * Reads the player's "done" line for the iteration it was let go with after saying {@code ready}: a fork that ran
     * its last slice is held, any other is answered at once.
     */
    private Slice done(String player, Player p, String ready) throws IOException, PlayerGone {
        String done = read(player, p);
        String status = TurnProfiler.status(done);
        boolean last = status.equals(TurnProfiler.DONE_LAST);
        if (!last && !status.equals(TurnProfiler.DONE)) {
            throw gone(player, "said '" + status + "' instead of '" + TurnProfiler.DONE + "'");
        }
        if (last) {
            players.remove(player);
            leaving.put(player, p);
        } else {
            p.out().println(TurnProfiler.OK);
        }
        return new Slice(ready.endsWith("WARMUP"), last, figures(done));
    }

    /**
     * What a slice played by several players at once gave: each player's slice, and why each that left did.
     */
    record Together(Map<String, Slice> slices, Map<String, String> gone) {
    }

    /**
     * Gives the players one turn at the same time: each runs one iteration, all started once every one has said it is
     * ready, and their figures come back once every one is done. For slices that count for nothing (a new fork's first
     * warm-up, which holds its trial's setup): they load each other's machine and server. A player that breaks the
     * protocol or ends leaves ({@link Together#gone}); the others play on.
     */
    Together together(Collection<String> names) {
        Map<String, String> gone = new LinkedHashMap<>();
        Map<String, String> ready = new LinkedHashMap<>();
        for (String player : names) {
            try {
                ready.put(player, ready(player, player(player)));
            } catch (IOException e) {
                gone.put(player, gone(player, e.getMessage()).getMessage());
            } catch (PlayerGone e) {
                gone.put(player, e.getMessage());
            }
        }
        ready.keySet().forEach(player -> players.get(player).out().println(TurnProfiler.GO));
        Map<String, Slice> slices = new LinkedHashMap<>();
        ready.forEach((player, line) -> {
            try {
                slices.put(player, done(player, players.get(player), line));
            } catch (IOException e) {
                gone.put(player, gone(player, e.getMessage()).getMessage());
            } catch (PlayerGone e) {
                gone.put(player, e.getMessage());
            }
        });
        return new Together(slices, gone);
    }

    /**
     * Answers every fork held after its last slice: each ends, and its launcher starts the candidate's next one, which
     * says hello anew.
     */
    void letLastGo() {
        leaving.values().forEach(p -> {
            p.out().println(TurnProfiler.OK);
            closeQuietly(p);
        });
        leaving.clear();
    }

    /** Tells the player to stop (its fork fails its trial at once) and forgets it. */
    void release(String player) {
        Player held = leaving.remove(player);
        if (held != null) {
            held.out().println(TurnProfiler.STOP + " the ranking needs no more of this candidate");
            closeQuietly(held);
        }
        Player p = players.remove(player);
        if (p != null) {
            p.out().println(TurnProfiler.STOP + " the ranking needs no more of this candidate");
            closeQuietly(p);
        }
    }

    private String read(String player, Player p) throws IOException, PlayerGone {
        String line = p.in().readLine();
        if (line == null) {
            throw gone(player, "its fork ended");
        }
        return line;
    }

    private PlayerGone gone(String player, String why) {
        Player p = players.remove(player);
        if (p != null) {
            closeQuietly(p);
        }
        return new PlayerGone(player, why);
    }

    /** The figures of a "done" line: {@code label=value} after tabs. */
    static Map<String, Double> figures(String doneLine) {
        Map<String, Double> figures = new LinkedHashMap<>();
        String[] fields = doneLine.split("\t");
        for (int i = 1; i < fields.length; i++) {
            int eq = fields[i].lastIndexOf('=');
            if (eq > 0) {
                try {
                    figures.put(fields[i].substring(0, eq), Double.parseDouble(fields[i].substring(eq + 1)));
                } catch (NumberFormatException e) {
                    // kept as not a number rather than guessed
                    figures.put(fields[i].substring(0, eq), Double.NaN);
                }
            }
        }
        return figures;
    }

    private static void closeQuietly(Player p) {
        try {
            p.socket().close();
        } catch (IOException e) {
            // The fork is being stopped either way; a socket that will not close changes nothing for it.
            System.err.println("pg-ingest-bench rank: closing a fork's connection: " + e.getMessage());
        }
    }

    @Override
    public void close() throws IOException {
        for (String player : Set.copyOf(players.keySet())) {
            release(player);
        }
        for (String player : Set.copyOf(leaving.keySet())) {
            release(player);
        }
        server.close();
    }

    /** A player's fork ended or broke the protocol: that candidate failed. */
    static final class PlayerGone extends Exception {
        private static final long serialVersionUID = 1L;
        private final String player;

        PlayerGone(String player, String why) {
            super(why);
            this.player = player;
        }

        String player() {
            return player;
        }
    }
}
