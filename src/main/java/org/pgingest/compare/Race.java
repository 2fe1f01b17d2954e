package org.pgingest.compare;

import org.pgingest.compare.RankStatistics.Claim;
import org.pgingest.compare.RankStatistics.Pair;
import org.pgingest.compare.RankStatistics.Round;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The state of one ranking between rounds, on numbers alone: each round's rows/s per candidate and the fork it ran in,
 * who still runs, and the latest interval of every pair. Interim looks come at the end of a fork: after
 * {@link RankStatistics#forksBeforeFirstLook} forks, then each time the forks have grown by a quarter (few looks: each spends its
 * share of the error rate); the final look comes when the budget ends the ranking unsettled. At a look the candidate
 * with the highest mean log rows/s leads; a candidate the leader is claimed faster than stops running (racing); the
 * top is settled when the leader is claimed faster than, or tied with, every candidate still running. A pair keeps
 * the interval of the look at which either of its candidates stopped.
 */
final class Race {
    /** Why a candidate stopped running. */
    enum Status { RUNNING, BEHIND, FAILED }

    private final int size;
    private final RankStatistics statistics;
    private final List<Round> rounds = new ArrayList<>();
    private final Set<Integer> running = new LinkedHashSet<>();
    private final Map<Integer, Status> status = new LinkedHashMap<>();
    private final Map<Integer, String> why = new LinkedHashMap<>();
    /** The rounds played when each candidate racing stopped was claimed behind. */
    private final Map<Integer, Integer> behindAt = new LinkedHashMap<>();
    private final Pair[][] pairs;
    private int looks;
    private int nextLook;
    private int leader = -1;
    private boolean settled;
    private boolean finalLooked;

    Race(int candidates, RankStatistics statistics) {
        this.size = candidates;
        this.statistics = statistics;
        this.pairs = new Pair[candidates][candidates];
        this.nextLook = RankStatistics.forksBeforeFirstLook(candidates);
        for (int i = 0; i < candidates; i++) {
            running.add(i);
            status.put(i, Status.RUNNING);
        }
    }

    /** The statistics this race's looks claim with (the advice projects from them too). */
    RankStatistics statistics() {
        return statistics;
    }

    /** Candidates that still take turns, in index order. */
    List<Integer> running() {
        return List.copyOf(running);
    }

    /** One round's rows/s by candidate (those that ran it), in the given generation of forks (from 0, rising). */
    void add(int fork, Map<Integer, Double> round) {
        if (!rounds.isEmpty() && fork < rounds.get(rounds.size() - 1).fork()) {
            throw new IllegalArgumentException("fork " + fork + " after fork " + rounds.get(rounds.size() - 1).fork());
        }
        rounds.add(new Round(fork, round));
    }

    int rounds() {
        return rounds.size();
    }

    /** Generations of forks that ran a measured round. */
    int forks() {
        return (int) rounds.stream().mapToInt(Round::fork).distinct().count();
    }

    List<Round> roundFigures() {
        return Collections.unmodifiableList(rounds);
    }

    /**
     * A candidate failed: it stops, and its slices leave every round (a failed candidate's partial figures are no
     * result, and its pairs are not claimed).
     */
    void fail(int candidate, String reason) {
        running.remove(candidate);
        status.put(candidate, Status.FAILED);
        why.put(candidate, reason);
        for (int i = 0; i < rounds.size(); i++) {
            Map<Integer, Double> without = new LinkedHashMap<>(rounds.get(i).rowsPerSecond());
            without.remove(candidate);
            rounds.set(i, new Round(rounds.get(i).fork(), without));
        }
        for (int j = 0; j < size; j++) {
            pairs[candidate][j] = null;
            pairs[j][candidate] = null;
        }
        if (leader == candidate) {
            leader = -1;
            settled = false;
        }
        if (looks == 0) {
            // Before the first look, it comes when the candidates left can claim: three pool after two forks, two
            // need three (a table some asked methods cannot write, or a fork that failed early, leaves fewer).
            nextLook = RankStatistics.forksBeforeFirstLook(running.size());
        }
    }

    /** Whether the forks so far call for a look (asked when a generation of forks has ended). */
    boolean lookDue() {
        return forks() >= nextLook && running.size() > 0;
    }

    /** An interim look: every pair with a running candidate gets its interval; racing and settling follow. */
    void look() {
        if (finalLooked) {
            throw new IllegalStateException("no look after the final one");
        }
        look(statistics.alphaAtLook(looks + 1));
    }

    /**
     * The final look, when no fork follows: the same, spending all the error rate the interim looks left. Once only;
     * no look follows it.
     */
    void finalLook() {
        if (finalLooked) {
            throw new IllegalStateException("the final look was taken already");
        }
        double rest = statistics.alphaAtFinalLook(looks);
        finalLooked = true;
        look(rest);
    }

    boolean finalLooked() {
        return finalLooked;
    }

    private record Due(int a, int b) {
    }

    private void look(double lookAlpha) {
        looks++;
        nextLook = Math.max(forks() + 1, (int) Math.ceil(forks() * 1.25));
        // Every pair between running candidates, not only the leader's: the leader is the highest of the means, and
        // its pairs alone, chosen by the data, would not hold at a level shared among them (simulated: 9.6 % of
        // 12-way A/A rankings claimed an order; docs/rank.md). A candidate that stopped gets no more rounds: its pairs
        // keep the look at which it stopped (a later look would only widen the same data's interval).
        List<Due> due = new ArrayList<>();
        for (int a : ranked()) {
            for (int b : ranked()) {
                if (a < b && ((running.contains(a) && running.contains(b)) || pairs[a][b] == null)) {
                    due.add(new Due(a, b));
                }
            }
        }
        compute(due, lookAlpha);
        // The leader is the candidate whose paired ratios put it at or above every other running one, as the verdict
        // states them (its own mean covers other rounds: a slice left out as compiling, forks of other lengths, so an
        // A/A's leader by mean was 0.98x its twin); the highest mean where ratios are circular. A candidate without a
        // counted round has no mean (NaN), which Double.compare would put above every other.
        List<Integer> measured = running.stream().filter(c -> !Double.isNaN(meanLog(c))).toList();
        List<Integer> aheadOfAll = measured.stream().filter(c -> measured.stream()
                .allMatch(o -> o == c || pairs[c][o] == null || pairs[c][o].ratio() >= 1)).toList();
        leader = (aheadOfAll.isEmpty() ? measured : aheadOfAll).stream()
                .max((x, y) -> Double.compare(meanLog(x), meanLog(y))).orElse(-1);
        if (leader < 0) {
            settled = false;
            return;
        }
        for (int c : List.copyOf(running)) {
            if (c != leader && pairs[leader][c].claim() == Claim.FASTER) {
                running.remove(c);
                status.put(c, Status.BEHIND);
                why.put(c, "behind after " + forks() + " forks (" + rounds.size() + " rounds)");
                behindAt.put(c, rounds.size());
            }
        }
        // One candidate left of those asked (the others failed) is no settled top: nothing was compared with it
        settled = ranked().size() > 1 && running.stream().allMatch(c -> c == leader
                || pairs[leader][c].claim() == Claim.TIE || pairs[leader][c].claim() == Claim.FASTER);
    }

    /**
     * Intervals for the given pairs, sharing {@code alpha} evenly (Bonferroni): every interval ever reported is in the
     * union bound once, at the level of the look that computed it.
     */
    private void compute(List<Due> due, double alpha) {
        for (Due d : due) {
            Pair p = statistics.pair(rounds, d.a(), d.b(), alpha, due.size());
            pairs[d.a()][d.b()] = p;
            pairs[d.b()][d.a()] = p.reversed();
        }
    }

    /** The candidates that are ranked: every one that did not fail. */
    List<Integer> ranked() {
        List<Integer> ranked = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (status.get(i) != Status.FAILED) {
                ranked.add(i);
            }
        }
        return ranked;
    }

    /** Mean log rows/s of a candidate over the rounds it ran (NaN when none). */
    double meanLog(int candidate) {
        double sum = 0;
        int n = 0;
        for (Round round : rounds) {
            Double x = round.rowsPerSecond().get(candidate);
            if (x != null && x > 0) {
                sum += Math.log(x);
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The geometric mean of a candidate's rows/s over its rounds. */
    double rowsPerSecond(int candidate) {
        return Math.exp(meanLog(candidate));
    }

    int slices(int candidate) {
        return (int) rounds.stream().filter(r -> r.rowsPerSecond().containsKey(candidate)).count();
    }

    /** The latest interval of a against b, if the pair has been looked at. */
    Optional<Pair> pair(int a, int b) {
        return Optional.ofNullable(pairs[a][b]);
    }

    /** The leader at the last look (-1 before any, or when none runs). */
    int leader() {
        return leader;
    }

    boolean settled() {
        return settled;
    }

    int looks() {
        return looks;
    }

    Status status(int candidate) {
        return status.get(candidate);
    }

    /**
     * Whether racing stopped the candidate while others played on: claimed behind at a look that was not the ranking's
     * last (one claimed behind at the last look played every round).
     */
    boolean stoppedEarly(int candidate) {
        return status.get(candidate) == Status.BEHIND && behindAt.get(candidate) < rounds.size();
    }

    Optional<String> why(int candidate) {
        return Optional.ofNullable(why.get(candidate));
    }

    /**
     * The ranks a candidate may hold, from the claims: best is one more than the candidates claimed faster than it,
     * worst the number ranked less those it is claimed faster than.
     */
    int[] rank(int candidate) {
        List<Integer> ranked = ranked();
        int faster = 0;
        int slower = 0;
        for (int other : ranked) {
            if (other != candidate && pairs[other][candidate] != null) {
                if (pairs[other][candidate].claim() == Claim.FASTER) {
                    faster++;
                } else if (pairs[other][candidate].claim() == Claim.SLOWER) {
                    slower++;
                }
            }
        }
        return new int[] {1 + faster, ranked.size() - slower};
    }

    /** The candidates tied with the leader at the last look (the leader first); just the leader when none is. */
    List<Integer> tieGroup() {
        List<Integer> group = new ArrayList<>();
        if (leader < 0) {
            return group;
        }
        group.add(leader);
        for (int c : ranked()) {
            if (c != leader && pairs[leader][c] != null && pairs[leader][c].claim() == Claim.TIE) {
                group.add(c);
            }
        }
        return group;
    }

    /** Running candidates the leader is neither faster than nor tied with: what the budget left open. */
    List<Integer> unsettled() {
        List<Integer> open = new ArrayList<>();
        for (int c : running) {
            if (c != leader && leader >= 0 && (pairs[leader][c] == null || pairs[leader][c].claim() == Claim.UNSETTLED)) {
                open.add(c);
            }
        }
        return open;
    }
}
