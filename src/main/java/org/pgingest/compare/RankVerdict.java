package org.pgingest.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.pgingest.compare.RankStatistics.Claim;
import org.pgingest.compare.RankStatistics.Pair;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * What {@code ./bench rank} concludes, from its rankings alone: the JSON scripts read (field names fixed by issue 28:
 * {@code candidates} with {@code name}, {@code rank} as [best, worst], {@code rowsPerSecond}; {@code pairs} with
 * {@code a}, {@code b}, {@code ratio}, {@code low}, {@code high}, {@code claim}; {@code settled}; {@code elapsedSeconds};
 * and every round's slices, so the verdict can be recomputed), the Markdown verdict and the advice paragraph.
 */
final class RankVerdict {
    /** Counted figures shown per candidate: JMH labels of ServerCostProfiler, with their column heads. */
    static final Map<String, String> COUNTED = countedFigures();
    /** The most forks the advice projects an unsettled pair to need before it says only a wider margin would do. */
    private static final int PROJECTION_LIMIT = 1000;
    /**
     * A COPY pair's round spread (ln ratio about its fork's mean) in the shop dump's rankings on quiet 2-vCPU VMs
     * (docs/rank.md, Measured: 0.06-0.16 on the second VM, 0.06-0.07 on the fourth; 0.15-0.58 beside other work).
     */
    private static final double QUIET_SPREAD_LOW = 0.06;
    private static final double QUIET_SPREAD_HIGH = 0.16;

    private static Map<String, String> countedFigures() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("wal.bytes/row", "WAL B/row");
        m.put("wal.fsyncs/row", "WAL fsyncs/row");
        m.put("commits/op", "commits/call");
        m.put("statements/op", "statements/call");
        m.put("plans/op", "plans/call");
        m.put("server.cpu/row", "server CPU µs/row");
        m.put("alloc.bytes/row", "loader alloc B/row");
        return m;
    }

    /**
     * The run as a whole.
     *
     * @param table      what was loaded ("users", or the user's table and its source)
     * @param server     the server's one-line summary
     * @param warnings   what the server's facts say a reader must not miss (durability off, a setting that
     *                   differs, the user's event triggers): printed above the rankings
     * @param rankings   one per rows per call
     * @param effective  each candidate's session settings as its sessions read them back
     * @param seconds    the whole run, setup included
     */
    /** @param tableNotes what a reader of a user's table should know (its rows' source, the columns the suite fills) */
    record Run(String table, String server, List<String> warnings, List<String> tableNotes, RankOptions options,
               List<RankRun.Ranking> rankings, Map<String, Map<String, String>> effective, double seconds) {
        /** A ranking of a published shape: no notes on its table. */
        Run(String table, String server, List<String> warnings, RankOptions options, List<RankRun.Ranking> rankings,
            Map<String, Map<String, String>> effective, double seconds) {
            this(table, server, warnings, List.of(), options, rankings, effective, seconds);
        }
    }

    /** What the intervals count, said once in every verdict: forks, not rounds (docs/rank.md says why). */
    static String unit(RankOptions options) {
        return "Each candidate ran in a series of forks (a new JVM and server connection every " + options.roundsPerFork()
                + " rounds, " + RankRun.FORK_GROWTH + "); the intervals count forks, not rounds, because a fork keeps a"
                + " speed of its own for its life (each fork weighing the same; with three candidates or more, the forks'"
                + " variance is pooled over the candidates that ran the same rounds). A slice in which its fork's JVM"
                + " was still compiling for more than " + Math.round(RankRun.COMPILING_SHARE * 100) + " % of it counts"
                + " as warm-up, left out of the rows/s (unless every slice of the fork was). A candidate's rows/s is the"
                + " geometric mean of its counted slices, as the ratios are of their rounds. A tie's interval is two"
                + " one-sided tests (TOST), each end a bound at the claim's share of the error rate: narrower than an"
                + " order's interval at the same confidence.";
    }

    private final Run run;

    RankVerdict(Run run) {
        this.run = run;
    }

    /** What was ranked, on which server, how: the report's heading and its first paragraphs. */
    Run run() {
        return run;
    }

    /** Mean of a counted figure over a candidate's measured slices (NaN where no slice had it). */
    static double counted(RankRun.Ranking r, int candidate, String label) {
        double sum = 0;
        int n = 0;
        for (List<RankRun.SliceRecord> round : r.rounds()) {
            for (RankRun.SliceRecord s : round) {
                Double v = s.figures().get(label);
                if (s.candidate() == candidate && v != null && !v.isNaN()) {
                    sum += v;
                    n++;
                }
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** A candidate's slices left out of its rows/s because its fork was still compiling in them. */
    static int compiling(RankRun.Ranking r, int candidate) {
        return (int) r.rounds().stream().flatMap(List::stream).filter(s -> s.candidate() == candidate && s.compiling())
                .count();
    }

    String json() {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("table", run.table());
        root.put("server", run.server());
        ArrayNode serverWarnings = root.putArray("serverWarnings");
        run.warnings().forEach(serverWarnings::add);
        ArrayNode tableNotes = root.putArray("tableNotes");
        run.tableNotes().forEach(tableNotes::add);
        root.put("confidence", run.options().confidence());
        root.put("delta", run.options().delta());
        root.put("budgetSeconds", run.options().budget().toMillis() / 1000.0);
        root.put("sliceSeconds", run.options().slice().toMillis() / 1000.0);
        root.put("seed", run.options().seed());
        ObjectNode params = root.putObject("params");
        run.options().params().forEach(params::put);
        root.put("roundsPerFork", run.options().roundsPerFork());
        root.put("warmupSeconds", run.options().warmup().toMillis() / 1000.0);
        root.put("method", "randomized interleaved rounds in forks replaced every roundsPerFork rounds ("
                + RankRun.FORK_GROWTH + "); per pair the mean log ratio of each fork's rounds, Student's t interval "
                + "over forks (each weighing the same) with the fork variance pooled over the candidates that ran every "
                + "round the pair ran (randomized complete block, generations of forks as blocks; a pair's own when "
                + "larger; forkSd, degreesOfFreedom); the k-th interim look spends (alpha/2)*5/((k+4)(k+5)), the final "
                + "look (no fork follows) all the interim looks left; Bonferroni across the pairs each look computes "
                + "(its share, each pair's level); tie when both one-sided bounds at the share lie within ±delta (TOST: "
                + "the interval at level 1 - 2 share), else faster or slower when the interval at 1 - share excludes 1; "
                + "a slice whose jit.time exceeds " + RankRun.COMPILING_SHARE + " of its time (calls over calls per "
                + "second, as JMH measured it) is left out (compiling), unless every slice of the candidate's fork is; "
                + "counted figures cover every slice");
        root.put("settled", run.rankings().stream().allMatch(r -> r.race().settled()));
        root.put("elapsedSeconds", Math.round(run.seconds() * 10) / 10.0);
        ArrayNode rankings = root.putArray("rankings");
        for (RankRun.Ranking r : run.rankings()) {
            rankings.add(ranking(mapper, r));
        }
        // With one ranking, its fields stand at the top too: what scripts read first.
        if (run.rankings().size() == 1) {
            ObjectNode only = (ObjectNode) rankings.get(0);
            root.set("candidates", only.get("candidates"));
            root.set("pairs", only.get("pairs"));
            root.set("rounds", only.get("rounds"));
        }
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("the verdict cannot be written as JSON", e);
        }
    }

    private ObjectNode ranking(ObjectMapper mapper, RankRun.Ranking r) {
        Race race = r.race();
        ObjectNode node = mapper.createObjectNode();
        node.put("rows", r.rows());
        node.put("settled", race.settled());
        node.put("measuredRounds", race.rounds());
        node.put("forks", race.forks());
        ArrayNode starts = node.putArray("forkStartSeconds");
        r.forkStarts().forEach(x -> starts.add(Math.round(x * 100) / 100.0));
        node.put("looks", race.looks());
        node.put("finalLook", race.finalLooked());
        node.put("leader", race.leader() < 0 ? null : name(r, race.leader()));
        node.put("elapsedSeconds", Math.round(r.seconds() * 10) / 10.0);
        ArrayNode tie = node.putArray("tieGroup");
        if (race.leader() >= 0) {
            race.tieGroup().forEach(c -> tie.add(name(r, c)));
        }
        ArrayNode open = node.putArray("unsettled");
        race.unsettled().forEach(c -> open.add(name(r, c)));
        ArrayNode candidates = node.putArray("candidates");
        for (int c = 0; c < r.candidates().size(); c++) {
            Candidate cand = r.candidates().get(c);
            ObjectNode n = candidates.addObject();
            n.put("name", cand.name());
            n.put("method", cand.method().name());
            n.put("does", cand.semantics());
            cand.knobs().forEach((k, v) -> n.with("knobs").put(k, v));
            cand.settings().forEach((k, v) -> n.with("settings").put(k, v));
            Optional.ofNullable(run.effective().get(cand.name())).filter(m -> !m.isEmpty())
                    .ifPresent(m -> m.forEach((k, v) -> n.with("effectiveSettings").put(k, v)));
            // a candidate the target cannot measure (it cannot write the table) is missing, never failed
            boolean missing = race.status(c) == Race.Status.FAILED && race.why(c).filter(w -> w.startsWith(RankRun.MISSING))
                    .isPresent();
            n.put("status", missing ? "missing" : race.status(c).name().toLowerCase(Locale.ROOT));
            race.why(c).ifPresent(w -> n.put("why", w));
            if (race.status(c) != Race.Status.FAILED && race.slices(c) > 0) {
                int[] rank = race.rank(c);
                n.putArray("rank").add(rank[0]).add(rank[1]);
                n.put("rowsPerSecond", Math.round(race.rowsPerSecond(c)));
                n.put("slices", race.slices(c));
                n.put("slicesCompiling", compiling(r, c));
                ObjectNode counted = n.putObject("counted");
                for (String label : COUNTED.keySet()) {
                    double v = counted(r, c, label);
                    if (!Double.isNaN(v)) {
                        counted.put(label, v);
                    }
                }
            }
        }
        ArrayNode pairs = node.putArray("pairs");
        for (int a : race.ranked()) {
            for (int b : race.ranked()) {
                if (a < b) {
                    Optional<Pair> p = race.pair(a, b);
                    ObjectNode n = pairs.addObject();
                    n.put("a", name(r, a));
                    n.put("b", name(r, b));
                    n.put("rounds", p.map(Pair::rounds).orElse(0));
                    n.put("forks", p.map(Pair::forks).orElse(0));
                    putNumber(n, "ratio", p.map(Pair::ratio).orElse(Double.NaN));
                    putNumber(n, "low", p.map(Pair::low).orElse(Double.NaN));
                    putNumber(n, "high", p.map(Pair::high).orElse(Double.NaN));
                    putNumber(n, "level", p.map(Pair::level).orElse(Double.NaN));
                    putNumber(n, "forkSd", p.map(Pair::sd).orElse(Double.NaN));
                    n.put("degreesOfFreedom", p.map(Pair::df).orElse(0));
                    n.put("claim", p.map(Pair::claim).orElse(Claim.UNSETTLED).id());
                }
            }
        }
        ArrayNode rounds = node.putArray("rounds");
        for (int i = 0; i < r.rounds().size(); i++) {
            ObjectNode round = rounds.addObject();
            round.put("round", i + 1);
            r.rounds().get(i).stream().findFirst().ifPresent(s -> round.put("fork", s.fork() + 1));
            ArrayNode slices = round.putArray("slices");
            for (RankRun.SliceRecord s : r.rounds().get(i)) {
                ObjectNode slice = slices.addObject();
                slice.put("candidate", name(r, s.candidate()));
                slice.put("position", s.position());
                slice.put("compiling", s.compiling());
                Double rows = s.figures().get("rows");
                putNumber(slice, "rowsPerSecond", rows == null ? Double.NaN : rows);
                ObjectNode figures = slice.putObject("figures");
                s.figures().forEach((k, v) -> putNumber(figures, k, v));
            }
        }
        return node;
    }

    private static void putNumber(ObjectNode n, String field, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            n.putNull(field);
        } else {
            n.put(field, v);
        }
    }

    private static String name(RankRun.Ranking r, int c) {
        return r.candidates().get(c).name();
    }

    /**
     * How to read the table's order and ranks (a new user read a method at 12,000 rows/s listed above two at 19,000 as
     * a mistake).
     */
    static final String ORDER = "Rank a–b: the best and the worst place the claims below allow (1: established first). "
            + "Rows fastest first by the ratio to the leader over the rounds both ran, one claimed faster than another "
            + "above it; not the order of rows/s where a candidate stopped early or had slices left out.";

    /** The verdict in Markdown: per ranking, the ranked table, the claims against the leader, and the advice. */
    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Ranking: ").append(run.table()).append("\n\n");
        md.append(header()).append("\n\n");
        run.warnings().forEach(w -> md.append("**Warning:** ").append(w).append("\n\n"));
        run.tableNotes().forEach(n -> md.append("- ").append(escape(n)).append('\n'));
        md.append(run.tableNotes().isEmpty() ? "" : "\n").append(unit(run.options())).append("\n\n");
        for (RankRun.Ranking r : run.rankings()) {
            md.append("## ").append(r.rows()).append(" rows per call\n\n");
            md.append(advice(r)).append("\n\n");
            md.append(table(r)).append('\n').append(ORDER).append("\n\n");
            List<String> claims = claims(r);
            if (!claims.isEmpty()) {
                md.append("Against the leader:\n\n");
                claims.forEach(c -> md.append("- ").append(c).append('\n'));
                md.append('\n');
            }
            List<String> others = otherClaims(r);
            if (!others.isEmpty()) {
                md.append("Among the others (every pair's interval: the JSON's pairs, the report's matrix):\n\n");
                others.forEach(c -> md.append("- ").append(c).append('\n'));
                md.append('\n');
            }
            notRanked(r).forEach(line -> md.append("- Not ranked: ").append(line).append('\n'));
            if (!r.missing().isEmpty()) {
                md.append('\n');
            }
            drift(r).ifPresent(note -> md.append(note).append("\n\n"));
            catchUps(r).ifPresent(note -> md.append(note).append("\n\n"));
        }
        return md.toString();
    }

    /**
     * The server, the confidence, the margin, the slices, the parameters every candidate ran with and the run's time:
     * one line above every ranking (a new user's ranking on 200,000 existing rows read as one on an empty table).
     */
    String header() {
        return String.format(Locale.ROOT, "%s; confidence %s %% (family-wise, every claim below together), ties within "
                        + "±%s %%, slices of %d ms in randomized rounds (seed %d: --seed %d plays the same orders)%s; %s in "
                        + "all.", run.server(), pct(run.options().confidence()), pct(run.options().delta()),
                run.options().slice().toMillis(), run.options().seed(), run.options().seed(), withParams(),
                CompareMain.minutes(run.seconds()));
    }

    /** ", every candidate with -p existingRows=200000" for the parameters given beyond the table's; else nothing. */
    private String withParams() {
        List<String> given = run.options().params().entrySet().stream().filter(e -> !e.getKey().equals("shape"))
                .map(e -> "-p " + e.getKey() + "=" + e.getValue()).toList();
        return given.isEmpty() ? "" : ", every candidate with " + String.join(" ", given);
    }

    /**
     * A candidate's name, with what it does when it does more than append ("COPY_FREEZE (replaces the table's
     * contents)"): in a list of candidates not told apart, a reader choosing for an append-only table must see which
     * are no choice for it (a new user's pass, 2026-12-03).
     */
    private static String withSemantics(RankRun.Ranking r, int c) {
        String does = r.candidates().get(c).semantics();
        return escape(name(r, c)) + (does.equals("appends") ? "" : " (" + escape(does) + ")");
    }

    /**
     * What the commits of the candidates that stage rows in a temporary table hold besides their own, when they
     * counted more than a commit per call: each CREATE and DROP of the table queues catalog invalidations that every
     * other session reads, and an idle session far enough behind reads them in an empty transaction of its own
     * (sinval.c's ProcessCatchupInterrupt; the same in 14-17's sources, seen on 15: docs/results/catchup/). Here the
     * idle sessions are the other candidates' connections, so how many depends on the ranking, not on the method.
     */
    static Optional<String> catchUps(RankRun.Ranking r) {
        List<String> names = r.race().ranked().stream()
                .filter(c -> !r.candidates().get(c).method().insertsOnlyItsRows() && counted(r, c, "commits/op") > 1)
                .map(c -> escape(name(r, c))).toList();
        if (names.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Commits/call of " + String.join(", ", names) + " count other sessions' empty transactions "
                + "too: each call creates and drops a temporary table, whose catalog changes every other session must "
                + "read, and an idle one (here the other candidates' connections) reads them in a transaction of its "
                + "own once far enough behind (PostgreSQL's sinval catch-up). Those write no WAL and flush nothing; "
                + "each call commits once.");
    }

    /**
     * "COPY_UPSERT, BATCH_UPSERT: missing: each of them cannot write ...": the candidates not ranked, one line per
     * reason (a table without a usable unique key gave five methods the same long reason, printed five times).
     */
    static List<String> notRanked(RankRun.Ranking r) {
        // RankMain's reason: "missing: METHOD cannot write TABLE: why"; grouped by what follows the method
        Map<String, List<Integer>> byReason = new LinkedHashMap<>();
        r.missing().forEach((c, why) -> {
            String method = RankRun.MISSING + r.candidates().get(c).method().name() + " ";
            String key = why.startsWith(method) ? why.substring(method.length()) : why;
            byReason.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
        });
        List<String> lines = new ArrayList<>();
        byReason.forEach((key, cs) -> {
            String names = cs.stream().map(c -> name(r, c)).collect(Collectors.joining(", "));
            String first = r.missing().get(cs.get(0));
            // several: the reason once, said of each of them where it named the method
            String why = cs.size() == 1 || first.equals(key) ? first : RankRun.MISSING + "each of them " + key;
            lines.add(escape(names + ": " + why));
        });
        return lines;
    }

    /**
     * How far the machine's pace may drift across a ranking's rounds before the verdict says so, either way: rare enough
     * to be read (docs/rank.md, Output: how often it would have spoken).
     */
    private static final double DRIFT_NOTED = 1.25;

    /**
     * "The machine's pace drifted ...": the rounds of the last quarter against those of the first, each round's pace the
     * mean over its candidates of ln(rows/s) about that candidate's own mean, so that the strip chart's fall or rise is
     * explained beside it (a new user saw every candidate drop from 50,000 to 30,000 rows/s at round 16 with no word).
     * Empty with fewer than 16 rounds, or within {@link #DRIFT_NOTED} either way.
     */
    static Optional<String> drift(RankRun.Ranking r) {
        // the race holds each candidate's counted slices: its mean is the one their ratios are taken from
        double[] meanLog = java.util.stream.IntStream.range(0, r.candidates().size()).mapToDouble(r.race()::meanLog)
                .toArray();
        List<Double> paces = new ArrayList<>();
        for (List<RankRun.SliceRecord> round : r.rounds()) {
            round.stream().filter(x -> !x.compiling() && x.rowsPerSecond() > 0)
                    .mapToDouble(x -> Math.log(x.rowsPerSecond()) - meanLog[x.candidate()]).average()
                    .ifPresent(paces::add);
        }
        int quarter = paces.size() / 4;
        if (quarter < 4) {
            return Optional.empty();
        }
        double first = paces.subList(0, quarter).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double last = paces.subList(paces.size() - quarter, paces.size()).stream().mapToDouble(Double::doubleValue)
                .average().orElseThrow();
        double change = Math.exp(last - first);
        if (change < DRIFT_NOTED && change > 1 / DRIFT_NOTED) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "The machine's pace drifted: the last quarter's rounds ran at "
                + "%.2f× the first quarter's speed (each candidate's rows/s against its own mean; the report's strip "
                + "chart shows it). Every ratio above is taken within a round, where a drift as slow as this cancels; "
                + "the rows/s column mixes the rounds each candidate ran.", change));
    }

    private String table(RankRun.Ranking r) {
        Race race = r.race();
        StringBuilder md = new StringBuilder("| rank | candidate | does | rows/s | slices |");
        COUNTED.values().forEach(h -> md.append(' ').append(h).append(" |"));
        md.append("\n|---|---|---|---:|---:|");
        COUNTED.values().forEach(h -> md.append("---:|"));
        md.append('\n');
        for (int c : ordered(r)) {
            int[] rank = race.rank(c);
            if (race.slices(c) == 0) {
                md.append("| – | ").append(escape(r.candidates().get(c).describe())).append(" | ")
                        .append(r.candidates().get(c).semantics()).append(" | – | 0 |")
                        .append(" |".repeat(COUNTED.size())).append('\n');
                continue;
            }
            md.append("| ").append(rank[0] == rank[1] ? Integer.toString(rank[0]) : rank[0] + "–" + rank[1])
                    .append(" | ").append(escape(r.candidates().get(c).describe())).append(escape(stopped(r, c)))
                    .append(" | ").append(r.candidates().get(c).semantics())
                    .append(" | ").append(String.format(Locale.ROOT, "%,d", Math.round(race.rowsPerSecond(c))))
                    .append(" | ").append(slices(r, c)).append(" |");
            for (String label : COUNTED.keySet()) {
                md.append(' ').append(figure(counted(r, c, label))).append(" |");
            }
            md.append('\n');
        }
        return md.toString();
    }

    /**
     * " (stopped: behind after 3 forks (12 rounds))" for a candidate racing stopped while others played on, else
     * nothing (one claimed behind at the last look played to the end: a new user read it as dropped early).
     */
    private static String stopped(RankRun.Ranking r, int c) {
        return r.race().stoppedEarly(c) ? " (stopped: " + r.race().why(c).orElse("") + ")" : "";
    }

    /** "18 (+2 compiling)": the slices counted in a candidate's rows/s, and those left out as compiling. */
    static String slices(RankRun.Ranking r, int c) {
        int compiling = compiling(r, c);
        return r.race().slices(c) + (compiling > 0 ? " (+" + compiling + " compiling)" : "");
    }

    /**
     * The ranked candidates fastest first by their ratio to the leader, except that one claimed faster than another
     * always comes before it. The ratio compares them over the same rounds (a candidate's own mean rate covers only the
     * rounds it ran, earlier ones for one that stopped early). Ordered by best rank instead, a slow candidate stopped
     * early, with few pairs settled, sat above faster ones (a new user's reading, 2026-12-03).
     */
    static List<Integer> ordered(RankRun.Ranking r) {
        Race race = r.race();
        java.util.function.ToDoubleFunction<Integer> toLeader = c -> c == race.leader() ? Double.POSITIVE_INFINITY
                : race.leader() < 0 ? race.meanLog(c) : race.pair(race.leader(), c).map(p -> 1 / p.ratio()).orElse(0.0);
        List<Integer> left = new ArrayList<>(race.ranked());
        left.sort(java.util.Comparator.comparingDouble(toLeader).reversed());
        List<Integer> order = new ArrayList<>();
        while (!left.isEmpty()) {
            // the first that none still unplaced is claimed faster than (the first at all, were claims ever circular)
            int next = left.stream().filter(c -> left.stream().noneMatch(o -> race.pair(o, c)
                    .map(p -> p.claim() == Claim.FASTER).orElse(false))).findFirst().orElse(left.get(0));
            order.add(next);
            left.remove(Integer.valueOf(next));
        }
        return order;
    }

    /** "COPY_BINARY 1.24× UNNEST [1.18, 1.31]: faster", one line per candidate against the leader. */
    static List<String> claims(RankRun.Ranking r) {
        Race race = r.race();
        List<String> lines = new ArrayList<>();
        int leader = race.leader();
        if (leader < 0) {
            return lines;
        }
        for (int c : ordered(r)) {
            if (c == leader) {
                continue;
            }
            race.pair(leader, c).ifPresent(p -> lines.add(String.format(Locale.ROOT, "%s %s× %s [%s, %s] over %s (%d "
                    + "rounds): %s", escape(name(r, leader)), ratio(p.ratio()), escape(name(r, c)), ratio(p.low()),
                    ratio(p.high()), forks(p.forks()), p.rounds(), describe(p.claim()))));
        }
        return lines;
    }

    /**
     * The claims between candidates other than the leader, one line per candidate that has one ("BATCH_REWRITTEN:
     * faster than BATCH, AUTOCOMMIT_ROW; tied with UNNEST"), each tie once: with the claims against the leader, what
     * every rank range follows from (a new user could not check "4–6" from the console).
     */
    static List<String> otherClaims(RankRun.Ranking r) {
        Race race = r.race();
        int leader = race.leader();
        List<Integer> order = ordered(r).stream().filter(c -> c != leader).toList();
        List<String> lines = new ArrayList<>();
        for (int a : order) {
            List<String> faster = new ArrayList<>();
            List<String> tied = new ArrayList<>();
            for (int b : order) {
                Claim claim = a == b ? Claim.UNSETTLED
                        : race.pair(a, b).map(RankStatistics.Pair::claim).orElse(Claim.UNSETTLED);
                if (claim == Claim.FASTER) {
                    faster.add(escape(name(r, b)));
                } else if (claim == Claim.TIE && order.indexOf(b) > order.indexOf(a)) {
                    tied.add(escape(name(r, b)));
                }
            }
            List<String> said = new ArrayList<>();
            if (!faster.isEmpty()) {
                said.add("faster than " + String.join(", ", faster));
            }
            if (!tied.isEmpty()) {
                said.add("tied with " + String.join(", ", tied));
            }
            if (!said.isEmpty()) {
                lines.add(escape(name(r, a)) + ": " + String.join("; ", said));
            }
        }
        return lines;
    }

    /** "1 fork", "31 forks". */
    private static String forks(int n) {
        return n + (n == 1 ? " fork" : " forks");
    }

    private static String describe(Claim claim) {
        return switch (claim) {
            case FASTER -> "faster";
            case SLOWER -> "slower";
            case TIE -> "tie (within the margin)";
            case UNSETTLED -> "not settled";
        };
    }

    /** The paragraph a reader acts on, written from the verdict alone. */
    String advice(RankRun.Ranking r) {
        Race race = r.race();
        String conf = pct(run.options().confidence()) + " %";
        if (race.rounds() == 0) {
            return "**Nothing measured** at " + r.rows() + " rows per call: " + (race.ranked().isEmpty()
                    ? "every candidate failed or is missing (listed below)."
                    : "the budget ended before the first measured round; give a longer --budget.");
        }
        if (race.leader() < 0) {
            return "No candidate was measured at " + r.rows() + " rows per call: every one failed or is missing (listed "
                    + "below).";
        }
        if (race.ranked().size() == 1) {
            return "Only " + escape(r.candidates().get(race.leader()).name()) + " could be measured at " + r.rows()
                    + " rows per call (the others are listed below): nothing to rank it against.";
        }
        Candidate lead = r.candidates().get(race.leader());
        StringBuilder sb = new StringBuilder();
        List<Integer> tie = race.tieGroup();
        List<Integer> open = race.unsettled();
        if (race.settled() && tie.size() == 1) {
            Optional<Integer> next = secondBest(r);
            sb.append("**").append(escape(lead.name())).append(" is fastest** at ").append(r.rows()).append(" rows per call");
            Optional<RankStatistics.Pair> nextPair = next.flatMap(n -> race.pair(race.leader(), n));
            nextPair.ifPresent(p -> sb.append(String.format(Locale.ROOT, ": %s× the next, %s [%s, %s]", ratio(p.ratio()),
                    escape(name(r, p.b())), ratio(p.low()), ratio(p.high()))));
            // the pair's own forks and rounds, as its claim line says them (rounds both ran, slices left out excepted)
            sb.append(", at ").append(conf).append(" over ").append(forks(nextPair.map(RankStatistics.Pair::forks)
                    .orElse(race.forks()))).append(" (").append(nextPair.map(RankStatistics.Pair::rounds)
                    .orElse(race.rounds())).append(" rounds).");
        } else if (race.settled()) {
            sb.append("**").append(tie.stream().map(c -> withSemantics(r, c)).collect(Collectors.joining(", ")))
                    .append(" are tied** within ±").append(pct(run.options().delta())).append(" % at ").append(r.rows())
                    .append(" rows per call (at ").append(conf).append(", ").append(forks(race.forks())).append(", ")
                    .append(race.rounds()).append(" rounds)").append(tie.size() < race.ranked().size()
                            ? ", and ahead of the rest" : "").append(": choose among them on the counted figures and on "
                            + "what each call must do.");
        } else if (race.forks() < RankStatistics.forksBeforeFirstLook(race.ranked().size())) {
            sb.append("**Not settled** at ").append(r.rows()).append(" rows per call: its share of the budget held ")
                    .append(forks(race.forks())).append(" of each candidate, fewer than the ")
                    .append(RankStatistics.forksBeforeFirstLook(race.ranked().size())).append(" any claim needs (")
                    .append(escape(lead.name()))
                    .append(" measured fastest so far); give a longer --budget, fewer candidates (-p method=...) or one "
                            + "-p rows value per run.");
        } else {
            sb.append("**Not settled** at ").append(r.rows()).append(" rows per call when the budget ran out (")
                    .append(forks(race.forks())).append(", ").append(race.rounds()).append(" rounds): ").append(escape(lead.name()))
                    .append(" leads, ");
            sb.append(open.isEmpty() ? "" : open.stream().map(c -> withSemantics(r, c)).collect(Collectors.joining(", "))
                    + (open.size() == 1 ? " is" : " are") + " not told apart from it");
            sb.append("; a longer --budget, or a wider --delta if a few per cent do not matter to you, settles more");
            if (!open.isEmpty() && open.size() + 1 < race.ranked().size()) {
                // the others are settled: ranking only the open ones gives each of them the whole budget's rounds
                List<Integer> narrowed = new ArrayList<>(List.of(race.leader()));
                narrowed.addAll(open);
                sb.append(run.options().variants().isEmpty()
                        ? ", and so does ranking only these (`-p method=" + narrowed.stream()
                        .map(c -> r.candidates().get(c).method().name()).collect(Collectors.joining(",")) + "`)"
                        : ", and so does ranking only these (their --variant options alone)");
            }
            sb.append('.');
            // What choosing the leader now risks: every interval holds at once at the stated confidence, so its pairs'
            // low ends bound it against all the open ones together.
            open.stream().map(c -> race.pair(race.leader(), c)).flatMap(Optional::stream)
                    .mapToDouble(RankStatistics.Pair::low).min().ifPresent(low -> sb.append(" Chosen now, ")
                            .append(escape(lead.name())).append(" loads at least ").append(ratio(low))
                            .append("× as fast as any of them (the low ends of its intervals, at ").append(conf)
                            .append(" with every claim)."));
            projection(r).ifPresent(sb::append);
            ordered(r).stream().filter(open::contains).findFirst().ifPresent(c -> roundSpread(r, race.leader(), c)
                    .ifPresent(sd -> sb.append(noise(r, race.leader(), c, sd))));
        }
        if (!lead.semantics().equals("appends")) {
            Optional<Integer> appender = race.ranked().stream()
                    .filter(c -> r.candidates().get(c).semantics().equals("appends"))
                    .max((x, y) -> Double.compare(race.meanLog(x), race.meanLog(y)));
            sb.append(" Note: ").append(escape(lead.name())).append(' ').append(lead.semantics())
                    .append(", which not every table's load may do");
            appender.ifPresent(c -> sb.append("; the fastest that appends is ").append(escape(name(r, c))));
            sb.append('.');
        }
        return sb.toString();
    }

    /**
     * " A round's ln ratio ... spread by 0.58": how far a pair's rounds scattered about their fork's mean, beside a quiet
     * machine's, so that a verdict left open by a busy machine says so.
     */
    private static String noise(RankRun.Ranking r, int a, int b, double sd) {
        return String.format(Locale.ROOT, " A round's ln ratio of %s to %s spread by %.2f about its fork's mean "
                        + "(standard deviation), against %.2f–%.2f on quiet 2-vCPU VMs (docs/rank.md, Measured)%s.",
                escape(name(r, a)), escape(name(r, b)), sd, QUIET_SPREAD_LOW, QUIET_SPREAD_HIGH,
                sd > 2 * QUIET_SPREAD_HIGH ? ": another job on this machine, or a noisy host, widens every interval "
                        + "this much; the counted figures are exact all the same" : "");
    }

    /**
     * The standard deviation of ln(a's rows/s / b's) over the rounds both ran without compiling, about each fork's mean
     * (its fork's own speed taken out), or empty with fewer than 2 degrees of freedom.
     */
    static OptionalDouble roundSpread(RankRun.Ranking r, int a, int b) {
        Map<Integer, List<Double>> byFork = new java.util.TreeMap<>();
        for (List<RankRun.SliceRecord> round : r.rounds()) {
            Optional<RankRun.SliceRecord> first = counted(round, a);
            Optional<RankRun.SliceRecord> second = counted(round, b);
            if (first.isPresent() && second.isPresent()) {
                byFork.computeIfAbsent(first.get().fork(), f -> new ArrayList<>())
                        .add(Math.log(first.get().rowsPerSecond() / second.get().rowsPerSecond()));
            }
        }
        double squares = 0;
        int n = 0;
        for (List<Double> logs : byFork.values()) {
            double mean = logs.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            for (double x : logs) {
                squares += (x - mean) * (x - mean);
            }
            n += logs.size();
        }
        int df = n - byFork.size();
        return df < 2 ? OptionalDouble.empty() : OptionalDouble.of(Math.sqrt(squares / df));
    }

    private static Optional<RankRun.SliceRecord> counted(List<RankRun.SliceRecord> round, int candidate) {
        return round.stream().filter(x -> x.candidate() == candidate && !x.compiling()).findFirst();
    }

    /**
     * " Were later forks as spread as these, ..." for the pairs the budget left open against the leader: the most
     * forks any of them would need ({@link RankStatistics#forksToSettle}) and their time at this ranking's pace.
     */
    private Optional<String> projection(RankRun.Ranking r) {
        Race race = r.race();
        List<Pair> open = race.unsettled().stream().flatMap(c -> race.pair(race.leader(), c).stream())
                .filter(p -> !Double.isNaN(p.level())).toList();
        if (open.isEmpty() || race.forks() == 0) {
            return Optional.empty();
        }
        int most = 0;
        for (Pair p : open) {
            OptionalInt n = race.statistics().forksToSettle(p, PROJECTION_LIMIT);
            if (n.isEmpty()) {
                return Optional.of(String.format(Locale.ROOT, " Were later forks as spread as these, %,d in all would "
                        + "not settle %s: at this noise only a wider --delta would.", PROJECTION_LIMIT,
                        open.size() == 1 ? "it" : "them"));
            }
            most = Math.max(most, n.getAsInt());
        }
        double minutes = r.seconds() / race.forks() * most / 60;
        return Optional.of(String.format(Locale.ROOT, " Were later forks as spread as these, about %s in all would "
                + "settle %s (about %.0f minutes at this ranking's pace).", forks(most), open.size() == 1 ? "it" : "them",
                Math.ceil(minutes)));
    }

    /** The candidate the table lists after the leader (by the ratio to it, not by its own mean rate). */
    private static Optional<Integer> secondBest(RankRun.Ranking r) {
        return ordered(r).stream().filter(c -> c != r.race().leader()).findFirst();
    }

    /** One line for the terminal's last word. */
    String summary() {
        return run.rankings().stream().map(r -> {
            Race race = r.race();
            if (race.leader() < 0) {
                return r.rows() + " rows: nothing ranked";
            }
            String head = race.tieGroup().stream().map(c -> name(r, c)).collect(Collectors.joining(" = "));
            return r.rows() + " rows: " + head + (race.settled() ? " (settled)" : " leads (not settled)");
        }).collect(Collectors.joining("; "));
    }

    /**
     * Two decimals, or as many as it takes (up to six) for a value near but not at 1 to show which side of 1 it lies:
     * [1.00, 1.90] said "faster" beside [1.00, 1.22] "not settled" (low ends 1.0043 and 0.9999; a new user's reading).
     */
    static String ratio(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        String shown = String.format(Locale.ROOT, "%.2f", v);
        for (int decimals = 3; decimals <= 6 && shown.equals("1.00") && v != 1; decimals++) {
            String finer = String.format(Locale.ROOT, "%." + decimals + "f", v);
            shown = Double.parseDouble(finer) == 1 ? shown : finer;
        }
        return shown;
    }

    /** A counted figure as the verdict's tables show it (one home: Markdown and HTML). */
    static String figure(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : a >= 1 ? String.format(Locale.ROOT, "%.2f", v)
                : String.format(Locale.ROOT, "%.3g", v);
    }

    /** A share an option gave (--confidence, --delta) in per cent, with its own digits: "95", "99.99", "2.5". */
    static String pct(double share) {
        // the option's own digits: 99.99 rounded to one decimal read as 100.0 %, a certainty the options refuse
        return java.math.BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString();
    }

    /** Markdown-safe text: the characters that would start markup, escaped; line breaks as spaces. */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.replace('\n', ' ').replace('\r', ' ').toCharArray()) {
            if ("\\`*[]|<>".indexOf(ch) >= 0) {
                sb.append('\\');
            }
            sb.append(ch);
        }
        return sb.toString();
    }
}
