package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.pgingest.compare.RankStatistics.Claim;
import org.pgingest.load.LoadMethod;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What the verdict says on hand-made rankings: slices left out as compiling, the advice's projection, commits. */
class RankVerdictTest {
    /** COPY_BINARY and BATCH over 3 forks of 4 rounds; BATCH's second slice in each fork left out as compiling. */
    private static RankRun.Ranking ranking() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.BATCH));
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            boolean compiling = round % 4 == 1;
            double copy = 30_000 * (1 + 0.01 * Math.sin(round));
            double batch = compiling ? 1_000 : 10_000 * (1 + 0.01 * Math.cos(round));
            Map<Integer, Double> counted = new LinkedHashMap<>(Map.of(0, copy));
            if (!compiling) {
                counted.put(1, batch);
            }
            race.add(round / 4, counted);
            rounds.add(List.of(new RankRun.SliceRecord(0, 0, round / 4, Map.of("rows", copy, "jit.time", 3.0), false),
                    new RankRun.SliceRecord(1, 1, round / 4, Map.of("rows", batch, "jit.time", compiling ? 450.0 : 4.0),
                            compiling)));
        }
        race.look();
        return new RankRun.Ranking(500, candidates, race, rounds, Map.of(), 60, List.of(8.0, 3.0, 3.0));
    }

    private static RankVerdict verdict() {
        return new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(), RankOptions.parse(new String[0]),
                List.of(ranking()), Map.of(), 60));
    }

    /**
     * COPY_BINARY and {@code other} over six forks of two rounds, COPY_BINARY's rows/s e^(+-{@code spread}) times the
     * other's by turns, looked at once, finally.
     */
    private static RankRun.Ranking twoInSixForks(LoadMethod other, double spread) {
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        for (int round = 0; round < 12; round++) {
            int fork = round / 2;
            race.add(fork, Map.of(0, 20_000 * Math.exp(fork % 2 == 0 ? spread : -spread), 1, 20_000.0));
        }
        race.finalLook();
        return new RankRun.Ranking(500, List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(other)), race,
                List.of(), Map.of(), 60, List.of());
    }

    private static RankVerdict verdictOf(RankRun.Ranking ranking) {
        return new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(), RankOptions.parse(new String[0]),
                List.of(ranking), Map.of(), 60));
    }

    /**
     * Six forks of two rounds, COPY_BINARY's rows/s e^(+-0.05) times COPY_TEXT's by turns (fork sd 0.05 sqrt(6/5) =
     * 0.054772), looked at once, finally, with all of alpha: the tie's bounds, t(5, 0.95) = 2.015048 standard errors,
     * reach 0.0451, past ln(1.03) = 0.029559, so the budget left it open. Were later forks as spread, n forks would
     * tie it once t(n-1, 0.95) 0.054772 / sqrt(n) fits: at 11, t(10) = 1.812461 gives 0.02993; at 12, t(11) =
     * 1.795885 gives 0.02840 (tables). The ranking took 60 s for 6 forks: 12 forks are 2 minutes.
     */
    @Test
    void anUnsettledVerdictSaysHowManyForksWouldSettleIt() {
        RankRun.Ranking ranking = twoInSixForks(LoadMethod.COPY_TEXT, 0.05);
        RankVerdict v = verdictOf(ranking);
        assertThat(ranking.race().settled()).isFalse();
        assertThat(v.advice(ranking)).contains("**Not settled**")
                .contains("Were later forks as spread as these, about 12 forks in all would settle it (about 2 minutes")
                .as("two candidates, both open: nothing to narrow").doesNotContain("ranking only these");
    }

    /**
     * With others settled behind, ranking only the open ones gives them the budget's rounds: the verdict says so with
     * the option that does it (a new user's 2026-12-03, whose open verdict named only --budget and --delta).
     */
    @Test
    void anUnsettledVerdictWithOthersBehindNamesTheOpenOnesToRankAlone() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.COPY_TEXT),
                Candidate.of(LoadMethod.AUTOCOMMIT_ROW));
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        for (int round = 0; round < 12; round++) {
            int fork = round / 2;
            double spread = fork % 2 == 0 ? 0.05 : -0.05;
            race.add(fork, Map.of(0, 20_000 * Math.exp(spread), 1, 20_000.0, 2, 400 * Math.exp(spread / 2)));
        }
        race.finalLook();
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, List.of(), Map.of(), 60, List.of());
        assertThat(race.pair(0, 2).orElseThrow().claim()).isEqualTo(Claim.FASTER);
        assertThat(verdictOf(ranking).advice(ranking)).contains("**Not settled**").contains("a longer --budget, or a wider "
                + "--delta if a few per cent do not matter to you, settles more, and so does ranking only these "
                + "(`-p method=COPY_BINARY,COPY_TEXT`).");
        // what AUTOCOMMIT_ROW's rank 3-3 follows from, beside the claims against the leader
        assertThat(verdictOf(ranking).markdown()).contains("Among the others (every pair's interval: the JSON's pairs, "
                + "the report's matrix):\n\n- COPY_TEXT: faster than AUTOCOMMIT_ROW\n");
    }

    /**
     * A candidate left open beside the leader that does more than append is named with what it does: a reader
     * choosing for an append-only table must see that COPY_FREEZE is no choice for it (a new user's pass, 2026-12-03).
     */
    @Test
    void anOpenCandidateThatDoesMoreThanAppendSaysWhat() {
        RankRun.Ranking ranking = twoInSixForks(LoadMethod.COPY_FREEZE, 0.05);
        assertThat(verdictOf(ranking).advice(ranking)).contains("COPY_FREEZE (replaces the table's contents) is not told apart from it");
    }

    /** Two candidates tied: no "rest" for them to be ahead of (a new user's A/A, 2026-12-03, read "and ahead of the rest"). */
    @Test
    void aTieOfTheWholeFieldIsNotSaidToBeAheadOfARest() {
        RankRun.Ranking ranking = twoInSixForks(LoadMethod.COPY_TEXT, 0.001);
        RankVerdict v = verdictOf(ranking);
        assertThat(ranking.race().settled()).isTrue();
        assertThat(v.advice(ranking)).contains("are tied** within ±3 %").doesNotContain("ahead of the rest");
    }

    /**
     * A ranking where STAGED_DEDUPE counted 1.1 commits per call (the other candidates' idle sessions' catch-up
     * transactions, docs/results/catchup/) beside COPY_BINARY's 1: the verdict says whose commits hold others', and
     * says nothing when every stager counted one per call.
     */
    @Test
    void moreCommitsThanCallsOfATemporaryTableStagerAreSaidToBeOthers() {
        assertThat(staged(1.1).markdown()).contains("Commits/call of STAGED_DEDUPE count other sessions' empty "
                + "transactions too").doesNotContain("of COPY_BINARY, ");
        assertThat(staged(1.0).markdown()).doesNotContain("other sessions' empty transactions");
    }

    /**
     * A candidate that cannot write the table is "missing" in the JSON, as everywhere else, never "failed" (a new
     * user's pass, 2026-12-03); one whose run failed is "failed".
     */
    @Test
    void aCandidateThatCannotWriteTheTableIsMissingNotFailed() throws Exception {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.BATCH),
                Candidate.of(LoadMethod.COPY_FREEZE), Candidate.of(LoadMethod.UNNEST));
        Race race = new Race(4, new RankStatistics(0.95, 0.03));
        race.fail(2, "missing: COPY_FREEZE cannot write t: COPY FREEZE cannot load a partitioned table");
        race.fail(3, "its launcher ended with exit code 1");
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            race.add(round / 2, Map.of(0, 30_000.0 * (1 + 0.01 * round), 1, 10_000.0));
            rounds.add(List.of(new RankRun.SliceRecord(0, 0, round / 2, Map.of("rows", 30_000.0), false),
                    new RankRun.SliceRecord(1, 1, round / 2, Map.of("rows", 10_000.0), false)));
        }
        race.finalLook();
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, rounds, Map.of(), 30, List.of());
        JsonNode json = new ObjectMapper().readTree(new RankVerdict(new RankVerdict.Run("t", "PostgreSQL (test)",
                List.of(), RankOptions.parse(new String[0]), List.of(ranking), Map.of(), 30)).json());
        JsonNode listed = json.get("rankings").get(0).get("candidates");
        assertThat(listed.get(2).get("status").asText()).isEqualTo("missing");
        assertThat(listed.get(3).get("status").asText()).isEqualTo("failed");
    }

    private static RankVerdict staged(double stagerCommitsPerCall) {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.STAGED_DEDUPE));
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            race.add(round / 2, Map.of(0, 30_000.0 * (1 + 0.01 * round), 1, 20_000.0));
            rounds.add(List.of(new RankRun.SliceRecord(0, 0, round / 2, Map.of("rows", 30_000.0, "commits/op", 1.0), false),
                    new RankRun.SliceRecord(1, 1, round / 2, Map.of("rows", 20_000.0, "commits/op", stagerCommitsPerCall),
                            false)));
        }
        race.finalLook();
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, rounds, Map.of(), 30, List.of());
        return new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(), RankOptions.parse(new String[0]),
                List.of(ranking), Map.of(), 30));
    }

    /** The seed, drawn when not given, is in the verdict a reader has, not only in the JSON (a new user's pass). */
    @Test
    void theHeaderSaysTheSeedThatRepeatsTheRounds() throws Exception {
        RankVerdict v = verdict();
        long seed = new ObjectMapper().readTree(v.json()).get("seed").asLong();
        assertThat(v.markdown()).contains("(seed " + seed + ": --seed " + seed + " plays the same orders)");
    }

    /** A ranking on 200,000 existing rows said nothing of them (a new user's, 2026-12-03). */
    @Test
    void theHeaderAndTheJsonSayTheParametersEveryCandidateRanWith() throws Exception {
        RankVerdict v = new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(),
                RankOptions.parse(new String[] {"-p", "method=COPY_BINARY,BATCH", "-p", "existingRows=200000"}),
                List.of(ranking()), Map.of(), 60));
        assertThat(v.header()).contains("plays the same orders), every candidate with -p existingRows=200000; ");
        assertThat(new ObjectMapper().readTree(v.json()).get("params").get("existingRows").asText()).isEqualTo("200000");
        assertThat(verdict().header()).doesNotContain("every candidate with");
    }

    /** The notes a table run printed (the rows' source, the columns that take the suite's values) are in the verdict. */
    @Test
    void aTablesNotesAreInTheMarkdownAndTheJson() throws Exception {
        String note = "--rows o.csv's customer_id take the suite's values, not the file's";
        RankVerdict v = new RankVerdict(new RankVerdict.Run("orders", "PostgreSQL (test)", List.of(), List.of(note),
                RankOptions.parse(new String[0]), List.of(ranking()), Map.of(), 60));
        assertThat(v.markdown()).contains("- " + RankVerdict.escape(note) + "\n");
        assertThat(new ObjectMapper().readTree(v.json()).get("tableNotes").get(0).asText()).isEqualTo(note);
    }

    @Test
    void theTableCountsTheSlicesLeftOutBesideThoseCounted() {
        assertThat(verdict().markdown()).contains("| 9 (+3 compiling) |").contains("| 12 |");
    }

    /** The headline counts the rounds of its pair, as the pair's claim line does: BATCH's 9, not the ranking's 12. */
    @Test
    void theHeadlineCountsThePairsOwnRounds() {
        String md = verdict().markdown();
        assertThat(md).contains("**COPY_BINARY is fastest** at 500 rows per call: ").contains("at 95 % over 3 forks (9 rounds).")
                .contains("over 3 forks (9 rounds): faster");
    }

    @Test
    void theJsonMarksEachSliceAndCountsThemPerCandidate() throws Exception {
        JsonNode v = new ObjectMapper().readTree(verdict().json());
        JsonNode batch = null;
        for (JsonNode c : v.get("candidates")) {
            if (c.get("name").asText().equals("BATCH")) {
                batch = c;
            }
        }
        assertThat(batch).isNotNull();
        assertThat(batch.get("slices").asInt()).isEqualTo(9);
        assertThat(batch.get("slicesCompiling").asInt()).isEqualTo(3);
        assertThat(batch.get("rowsPerSecond").asDouble()).as("over its counted slices").isGreaterThan(9_000);
        assertThat(v.get("rounds").get(1).get("slices").get(1).get("compiling").asBoolean()).isTrue();
        assertThat(v.get("rounds").get(0).get("slices").get(1).get("compiling").asBoolean()).isFalse();
    }

    /**
     * The leader listed first though one more of its pairs is open than of the next: COPY_BINARY leads, its fork means
     * spread by e^(+-1) so that neither pair of it is settled (rank 1-3), while COPY_TEXT, steady, is claimed 3.2x
     * COPY_CSV (rank 1-2). Ordered by worst rank too, COPY_TEXT would come first.
     */
    /** A bound near 1 shows which side of 1 it lies ([1.00, 1.90] was said "faster"; a new user's reading). */
    @Test
    void aRatioNearOneShowsWhichSideOfOneItLies() {
        assertThat(RankVerdict.ratio(1.0043)).isEqualTo("1.004");
        assertThat(RankVerdict.ratio(0.99993)).isEqualTo("0.9999");
        assertThat(RankVerdict.ratio(1.0)).isEqualTo("1.00");
        assertThat(RankVerdict.ratio(1.2345)).isEqualTo("1.23");
        assertThat(RankVerdict.ratio(1.0000001)).as("past six decimals").isEqualTo("1.00");
    }

    /** --confidence 99.99 was said as 100.0 %, a certainty the options refuse (an adversarial pass, 2026-12-03). */
    @Test
    void anOptionsShareIsSaidWithItsOwnDigits() {
        assertThat(RankVerdict.pct(0.9999)).isEqualTo("99.99");
        assertThat(RankVerdict.pct(0.95)).isEqualTo("95");
        assertThat(RankVerdict.pct(0.03)).isEqualTo("3");
        assertThat(RankVerdict.pct(0.025)).isEqualTo("2.5");
        for (String given : List.of("99.99", "99.9")) {
            assertThat(RankVerdict.pct(RankOptions.parse(new String[] {"--confidence", given}).confidence()))
                    .isEqualTo(given);
        }
    }

    @Test
    void theLeaderComesFirstEvenWithAWiderRank() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_CSV), Candidate.of(LoadMethod.COPY_TEXT),
                Candidate.of(LoadMethod.COPY_BINARY));
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        for (int round = 0; round < 24; round++) {
            int fork = round / 4;
            double wobble = 1 + 0.001 * (round % 4);
            race.add(fork, Map.of(0, 10_000.0 * wobble, 1, 32_000.0 * wobble,
                    2, 33_500 * Math.exp(fork % 2 == 0 ? 1.0 : -1.0)));
        }
        race.finalLook();
        assertThat(race.rank(2)).containsExactly(1, 3);
        assertThat(race.rank(1)).containsExactly(1, 2);
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, List.of(), Map.of(), 60, List.of());
        assertThat(RankVerdict.ordered(ranking)).containsExactly(2, 1, 0);
    }

    /**
     * A slow candidate told apart from the leader alone is listed below a faster one told apart from two (a new user
     * read the table by best rank, 2026-12-03): COPY_BINARY 200,000 rows/s, COPY_TEXT 52,000 and COPY_CSV 18,000 steady,
     * BATCH 15,000 times e^1 or e^-1 by forks, its scatter pooled into every pair's interval: BATCH is told apart from
     * the leader alone ([2, 4]), COPY_CSV from the leader and COPY_TEXT ([3, 4]). By best rank BATCH came first.
     */
    @Test
    void aFasterCandidateComesBeforeASlowerOneWithFewerClaims() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.COPY_TEXT),
                Candidate.of(LoadMethod.COPY_CSV), Candidate.of(LoadMethod.BATCH));
        Race race = new Race(4, new RankStatistics(0.95, 0.03));
        for (int round = 0; round < 24; round++) {
            int fork = round / 4;
            double wobble = 1 + 0.001 * (round % 4);
            race.add(fork, Map.of(0, 200_000.0 * wobble, 1, 52_000.0 * wobble, 2, 18_000.0 * wobble,
                    3, 15_000 * Math.exp(fork % 2 == 0 ? 1.0 : -1.0)));
        }
        race.finalLook();
        assertThat(race.rank(1)).containsExactly(2, 3);
        assertThat(race.rank(2)).containsExactly(3, 4);
        assertThat(race.rank(3)).containsExactly(2, 4);
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, List.of(), Map.of(), 60, List.of());
        assertThat(RankVerdict.ordered(ranking)).containsExactly(0, 1, 2, 3);
    }

    /**
     * "The next" in the headline is the candidate the table lists second. COPY_BINARY leads at 30,000 rows/s; over
     * forks of 4, 4, 4 and 16 rounds COPY_CSV runs at 22,000 throughout and COPY_TEXT at 20,000, then 24,000 in the
     * long fork: over forks (each weighing the same) COPY_TEXT's geometric mean is 20,000 * 1.2^(1/4) = 20,933, the
     * farther from the leader, while over its 28 slices it is 20,000 * 1.2^(16/28) = 22,196, the nearer.
     */
    @Test
    void theNextInTheHeadlineIsTheOneListedSecond() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.COPY_TEXT),
                Candidate.of(LoadMethod.COPY_CSV));
        Race race = new Race(3, new RankStatistics(0.95, 0.03));
        for (int round = 0; round < 28; round++) {
            int fork = Math.min(round / 4, 3);
            double wobble = 1 + 0.002 * Math.sin(round);
            race.add(fork, Map.of(0, 30_000.0 * wobble, 1, (fork == 3 ? 24_000.0 : 20_000.0) / wobble,
                    2, 22_000.0 * (1 + 0.002 * Math.cos(round))));
        }
        race.finalLook();
        assertThat(race.settled()).isTrue();
        assertThat(race.meanLog(1)).as("COPY_TEXT's own mean rate is the higher").isGreaterThan(race.meanLog(2));
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, List.of(), Map.of(), 60, List.of());
        assertThat(RankVerdict.ordered(ranking)).containsExactly(0, 2, 1);
        RankVerdict v = new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(),
                RankOptions.parse(new String[0]), List.of(ranking), Map.of(), 60));
        assertThat(v.advice(ranking)).contains("**COPY_BINARY is fastest**").contains("the next, COPY_CSV [");
    }

    /**
     * An open verdict says how far its rounds scattered: three forks of four rounds, COPY_BINARY's ln ratio to
     * COPY_TEXT its fork's 0.02, 0.3 or -0.26, +- 0.4 by turns, so the twelve rounds lie 0.4 off their forks' means,
     * with 12 - 3 = 9 degrees of freedom: sqrt(12 * 0.16 / 9) = 0.4619, beyond twice a quiet machine's 0.16.
     */
    @Test
    void anOpenVerdictSaysHowFarItsRoundsScattered() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.COPY_TEXT));
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            int fork = round / 4;
            double copy = 20_000 * Math.exp(new double[] {0.02, 0.3, -0.26}[fork] + (round % 2 == 0 ? 0.4 : -0.4));
            race.add(fork, Map.of(0, copy, 1, 20_000.0));
            rounds.add(List.of(new RankRun.SliceRecord(0, 0, fork, Map.of("rows", copy), false),
                    new RankRun.SliceRecord(1, 1, fork, Map.of("rows", 20_000.0), false)));
        }
        race.finalLook();
        RankRun.Ranking ranking = new RankRun.Ranking(500, candidates, race, rounds, Map.of(), 60, List.of());
        assertThat(RankVerdict.roundSpread(ranking, 0, 1).orElseThrow())
                .isCloseTo(0.4619, org.assertj.core.api.Assertions.within(1e-4));
        RankVerdict v = new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(),
                RankOptions.parse(new String[0]), List.of(ranking), Map.of(), 60));
        RankStatistics.Pair pair = race.pair(0, 1).orElseThrow();
        assertThat(pair.low()).as("open: its interval holds 1").isLessThan(1);
        assertThat(v.advice(ranking)).contains("Chosen now, COPY_BINARY loads at least " + RankVerdict.ratio(pair.low())
                + "× as fast as any of them (the low ends of its intervals, at 95 % with every claim).");
        assertThat(v.advice(ranking)).contains("**Not settled**").contains("A round's ln ratio of COPY_BINARY to "
                + "COPY_TEXT spread by 0.46 about its fork's mean (standard deviation), against 0.06–0.16 on quiet 2-vCPU "
                + "VMs (docs/rank.md, Measured): another job on this machine, or a noisy host, widens every interval");
    }

    /** Methods refused for one reason are one line, the reason once (five upserts and RETURNING loaders, 2026-12-03). */
    @Test
    void candidatesNotRankedForOneReasonAreOneLine() {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.BATCH),
                Candidate.of(LoadMethod.COPY_UPSERT), Candidate.of(LoadMethod.BATCH_UPSERT),
                Candidate.of(LoadMethod.COPY_FREEZE));
        Map<Integer, String> missing = new java.util.TreeMap<>(Map.of(
                2, "missing: COPY_UPSERT cannot write t: it has no unique key",
                3, "missing: BATCH_UPSERT cannot write t: it has no unique key",
                4, "missing: COPY_FREEZE cannot write t: COPY FREEZE cannot load a partitioned table"));
        RankRun.Ranking twoRun = ranking();
        RankRun.Ranking r = new RankRun.Ranking(500, candidates, twoRun.race(), twoRun.rounds(), missing, 60, List.of());
        assertThat(RankVerdict.notRanked(r)).containsExactly(
                "COPY_UPSERT, BATCH_UPSERT: missing: each of them cannot write t: it has no unique key",
                "COPY_FREEZE: missing: COPY_FREEZE cannot write t: COPY FREEZE cannot load a partitioned table");
        assertThat(verdictOf(r).markdown()).containsOnlyOnce("it has no unique key")
                .contains("- Not ranked: COPY_UPSERT, BATCH_UPSERT: missing: each of them cannot write t");
    }

    /** Two candidates over {@code rounds} rounds, both at {@code after} times their pace from round {@code from} on. */
    private static RankRun.Ranking paced(int rounds, int from, double after) {
        Race race = new Race(2, new RankStatistics(0.95, 0.03));
        List<List<RankRun.SliceRecord>> recorded = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            double pace = (round < from ? 1 : after) * (round % 2 == 0 ? 1.03 : 0.97);
            race.add(round / 8, Map.of(0, 30_000 * pace, 1, 20_000 * pace));
            recorded.add(List.of(new RankRun.SliceRecord(0, 0, round / 8, Map.of("rows", 30_000 * pace), false),
                    new RankRun.SliceRecord(1, 1, round / 8, Map.of("rows", 20_000 * pace), false)));
        }
        race.finalLook();
        return new RankRun.Ranking(500, List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.BATCH)),
                race, recorded, Map.of(), 60, List.of());
    }

    /**
     * Every candidate slower from round 16 of 32 (a new user's strip chart fell from 50,000 to 30,000 rows/s there, and
     * the verdict said nothing): the verdict says by how much, and that the ratios are taken within a round.
     */
    @Test
    void aDriftOfTheMachinesPaceIsSaid() {
        RankRun.Ranking fell = paced(32, 16, 0.6);
        assertThat(RankVerdict.drift(fell)).hasValueSatisfying(note -> assertThat(note)
                .startsWith("The machine's pace drifted: the last quarter's rounds ran at 0.60× the first quarter's"));
        assertThat(verdictOf(fell).markdown()).contains("The machine's pace drifted");
        assertThat(RankVerdict.drift(paced(32, 16, 1.3))).hasValueSatisfying(note -> assertThat(note).contains(" 1.30× "));
        assertThat(RankVerdict.drift(paced(32, 16, 0.9))).as("within a factor of 1.25").isEmpty();
        assertThat(RankVerdict.drift(paced(15, 8, 0.5))).as("fewer than 16 rounds").isEmpty();
    }
}
