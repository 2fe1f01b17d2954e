package org.pgingest.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;
import org.pgingest.RunDirectories;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./bench rank} as a user meets it, in a child JVM: bad input is one line and exit 2 before anything starts (or,
 * where only the server can answer, with nothing left behind), and a real ranking on the embedded server writes a
 * verdict whose rounds hold every running candidate once, in orders that vary, and from which its ratios follow.
 */
class RankMainTest {
    private static final String PREFIX = "pg-ingest-bench rank: ";
    @TempDir
    Path dir;

    record Outcome(int exit, String stdout, String stderr, long pid) {
    }

    private Outcome rank(long seconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"), RankMain.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        Process p = pb.start();
        p.getOutputStream().close();
        try {
            assertThat(p.waitFor(seconds, TimeUnit.SECONDS)).as("finished").isTrue();
            return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err), p.pid());
        } finally {
            ProcessTrees.stop(p);
        }
    }

    private void assertRefused(String line, String... args) throws IOException, InterruptedException {
        Outcome o = rank(60, args);
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo(PREFIX + line + "\n");
        assertThat(o.stdout()).as("nothing started").isEmpty();
        RunDirectories.assertNoneOf(o.pid());
    }

    @Test
    void badInputIsOneLineBeforeAnythingStarts() throws Exception {
        assertRefused("--variant a=NOPE: no method NOPE; valid: " + String.join(", ",
                        java.util.Arrays.stream(org.pgingest.load.LoadMethod.values()).map(Enum::name).toList()),
                "--variant", "a=NOPE", "--variant", "b=BATCH");
        assertRefused("--variant a=COPY_BINARY,batchSize=10: COPY_BINARY has no knob batchSize; its knobs: commitEvery, "
                        + "and session settings are written pg.conf.NAME=VALUE",
                "--variant", "a=COPY_BINARY,batchSize=10", "--variant", "b=COPY_BINARY");
        assertRefused("--variant a=COPY_BINARY,pg.conf.password=***,batchSize=x: pg.conf.password is named like a secret; "
                        + "a variant's settings reach its JMH forks' command lines, which JMH prints and records; the suite "
                        + "takes only the password, from PGIB_PASSWORD in the environment",
                "--variant", "a=COPY_BINARY,pg.conf.password=S3cretX,batchSize=x", "--variant", "b=COPY_BINARY");
        assertRefused("--variant a=BATCH,batchSize=5,batchSize=6: batchSize given twice; give it once",
                "--variant", "a=BATCH,batchSize=5,batchSize=6", "--variant", "b=BATCH");
        // an adversarial pass (2026-12-03): a setting's second spelling silently won; a URL's password was shown
        assertRefused("--variant b=BATCH,pg.conf.work_mem=4MB,pg.conf.WORK_MEM=8MB: pg.conf.WORK_MEM given twice; give "
                + "it once", "--variant", "a=BATCH", "--variant", "b=BATCH,pg.conf.work_mem=4MB,pg.conf.WORK_MEM=8MB");
        assertRefused("--variant a=COPY_BINARY,pg.conf.application_name=postgres://…@h/db: pg.conf.application_name "
                        + "holds a user:password@ before a host, a secret; a variant's settings reach its JMH forks' command "
                        + "lines, which JMH prints and records; the suite takes only the password, from PGIB_PASSWORD in the "
                        + "environment",
                "--variant", "a=COPY_BINARY,pg.conf.application_name=postgres://bob:S3cretX@h/db", "--variant",
                "b=COPY_BINARY");
        assertRefused("--variant a=COPY_BINARY,postgres://…@h/db: 'postgres://…@h/db' is not PARAM=VALUE",
                "--variant", "a=COPY_BINARY,postgres://bob:S3cretX@h/db", "--variant", "b=COPY_BINARY");
        assertRefused("--budget 99999999999999999999s: give a duration such as 90s, 10m, 1h or 2m30s",
                "-p", "method=COPY_BINARY,BATCH", "--budget", "99999999999999999999s");
        assertRefused("--budget 3000000000000000h: give a duration such as 90s, 10m, 1h or 2m30s",
                "-p", "method=COPY_BINARY,BATCH", "--budget", "3000000000000000h");
        assertRefused("--markdown ./same.out: the same file as --json same.out; give each its own",
                "-p", "method=COPY_BINARY,BATCH", "--json", "same.out", "--markdown", "./same.out");
        // the verdict replaced the dump it ranked (a leftover of 2026-12-03)
        Files.writeString(dir.resolve("t.sql"), "CREATE TABLE t (id bigint, note text);\n");
        assertRefused("--json ./t.sql: the command reads t.sql, which this would replace; name another file",
                "--ddl", "t.sql", "--table", "t", "--json", "./t.sql");
        assertRefused("--delta 0: give a percentage above 0 and below 50, e.g. --delta 3",
                "-p", "method=COPY_BINARY,BATCH", "--delta", "0");
        assertRefused("--delta 0: give a percentage above 0 and below 50, e.g. --delta 3",
                "-p", "method=COPY_BINARY,BATCH", "--delta=0");
        assertRefused("--confidence 100: give a percentage above 50 and below 100, e.g. --confidence 95",
                "-p", "method=COPY_BINARY,BATCH", "--confidence", "100");
        assertRefused("--delta 0.05: a bare number is a percentage here (0.05 %), and one below 1 may be meant as a "
                + "fraction: write 0.05% for 0.05 percent, or 5 for 5 percent", "-p", "method=COPY_BINARY,BATCH", "--delta", "0.05");
        assertRefused("one --variant ranks nothing: give two or more (two of the same method, one with a setting "
                + "changed, is an A/A or a planted difference)", "--variant", "a=BATCH");
        assertRefused("--variant a given twice: give each variant a name of its own",
                "--variant", "a=BATCH", "--variant", "a=UNNEST");
        assertRefused("--frobnicate is no option of rank (--help lists them); valid: -p, --variant, --budget, --delta, --confidence, "
                + "--slice, --warmup, --seed, --rounds, --rounds-per-fork, --json, --markdown, --no-report, a table (--ddl FILE --table NAME, or --table NAME on "
                + "an external server; with --rows FILE.csv, --sample N, --drop-foreign-keys, --keep-schema) and leading -D options", "--frobnicate");
        assertRefused("--variant a: BATCH needs batchSize of 1 or more (rows per executeBatch), was 0; change that -p value or narrow -p method",
                "--variant", "a=BATCH,batchSize=0", "--variant", "b=BATCH");
        assertRefused("-p method=: write -p NAME=VALUE[,VALUE...]; methods: " + String.join(", ",
                java.util.Arrays.stream(org.pgingest.load.LoadMethod.values()).map(Enum::name).toList()), "-p", "method=");
        assertRefused("--warmup 0s: give 200ms to 5m (each new fork's warm-up per candidate, before its measured "
                + "rounds)", "-p", "method=COPY_BINARY,BATCH", "--warmup", "0s");
        assertRefused("--warmup 100ms: give 200ms to 5m (each new fork's warm-up per candidate, before its measured "
                + "rounds)", "-p", "method=COPY_BINARY,BATCH", "--warmup", "100ms");
        // a flag given twice, as an option with a value given twice (an adversarial pass saw "no option of rank")
        assertRefused("--keep-schema given twice: give it once", "--table", "orders", "--keep-schema", "--keep-schema");
        // the report, written after the verdict, would replace it (an adversarial pass)
        assertRefused("--json target/report.md is where the report goes: give another file, or --no-report", "-p",
                "method=COPY_BINARY,BATCH", "--json", "target/report.md");
        // a deadline past the clock's range wrapped, and an empty verdict replaced the last (an adversarial pass)
        assertRefused("--budget 2562048h: give at most 168h (a week)", "-p", "method=COPY_BINARY,BATCH", "--budget",
                "2562048h");
        assertRefused("--rounds-per-fork 1: give a whole number from 2 to 100 (measured rounds each candidate's fork "
                + "plays before a new one replaces it)", "-p", "method=COPY_BINARY,BATCH", "--rounds-per-fork", "1");
        assertRefused("--rounds 5: give a whole number of 6 or more (3 forks of 2 rounds, the fewest in which two "
                        + "candidates can claim anything; measured rounds at most, rounded up to whole forks; the budget still ends the run first)",
                "-p", "method=COPY_BINARY,BATCH", "--rounds-per-fork", "2", "--rounds", "5");
    }

    /**
     * --help, wherever it stands, lists every option the parser takes with the ranges it refuses outside of (the same
     * constants), exits 0 and starts nothing; the ranges it states are the ones the parser holds to.
     */
    @Test
    void helpListsEveryOptionAndItsRangeAndStartsNothing() throws Exception {
        Outcome o = rank(60, "-p", "method=COPY_BINARY,BATCH", "--help");
        assertThat(o.exit()).as(o.stderr()).isZero();
        assertThat(o.stderr()).isEmpty();
        for (String option : List.of("-p method=", "--variant NAME=", "-p rows=", "--budget", "--delta", "--confidence",
                "--slice", "--warmup", "--rounds-per-fork", "--rounds N", "--seed", "--json", "--markdown", "--no-report",
                "--ddl FILE --table NAME", "--rows FILE.csv", "--sample N", "--drop-foreign-keys", "--keep-schema")) {
            assertThat(o.stdout()).as(option).contains(option);
        }
        assertThat(o.stdout()).contains("100ms to 1m (default 500ms)").contains("200ms to 5m (default 4s)")
                .contains("2 to 100 (default 12").contains("above 0 and below 50 (default 3)")
                .contains("above 50 and below 100 (default 95)").contains("(default 10m, 5m for ./bench alone;");
        RunDirectories.assertNoneOf(o.pid());
        assertRefused("--slice 99ms: give 100ms to 1m (one candidate's measured time per round)",
                "-p", "method=COPY_BINARY,BATCH", "--slice", "99ms");
        assertRefused("--slice 61s: give 100ms to 1m (one candidate's measured time per round)",
                "-p", "method=COPY_BINARY,BATCH", "--slice", "61s");
    }

    @Test
    void aBudgetTooShortForTheMinimumRoundsIsOneLine() throws Exception {
        Outcome o = rank(60, "-p", "method=COPY_BINARY,BATCH,UNNEST", "--budget", "20s", "--json", "new/verdicts/r.json");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(dir.resolve("new")).as("a refused run leaves no directory for its --json").doesNotExist();
        assertThat(o.stderr()).startsWith(PREFIX + "--budget 20 s is too short: 3 candidates need about ").contains("; give at least --budget ").endsWith("s, fewer candidates (./bench rank -p method=A,B,...), a shorter --warmup or --slice, or fewer --rounds-per-fork\n");
        assertThat(o.stdout()).isEmpty();
    }

    /**
     * On a user's table the budget is checked for the candidates that can write it, once it is read (a new user's
     * 2026-12-03: "18 candidates need about 8 min 32 s" where 13 could run), and before any fork starts.
     */
    @Test
    void theBudgetOfATableIsCheckedForTheCandidatesThatCanWriteIt() throws Exception {
        Path ddl = dir.resolve("parted.sql");
        Files.writeString(ddl, "CREATE TABLE public.p (id bigint, at date) PARTITION BY RANGE (at);\n"
                + "CREATE TABLE public.p_all PARTITION OF public.p FOR VALUES FROM ('2000-01-01') TO ('2100-01-01');\n");
        // enough for two candidates, too little for the five that can write it
        String[] args = {"--ddl", ddl.toString(), "--table", "p", "-p",
                "method=COPY_FREEZE,COPY_BINARY,COPY_TEXT,COPY_CSV,BATCH,UNNEST"};
        long budget = (long) Math.ceil(RankMain.minimumSeconds(RankOptions.parse(args), 2)) + 1;
        assertThat((double) budget).isLessThan(RankMain.minimumSeconds(RankOptions.parse(args).forCandidates(5), 5));
        Outcome o = rank(120, java.util.stream.Stream.concat(java.util.Arrays.stream(args),
                java.util.stream.Stream.of("--budget", budget + "s")).toArray(String[]::new));
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).startsWith(PREFIX + "--budget " + CompareMain.minutes(budget) + " is too short: 5 "
                + "candidates need about ");
        RunDirectories.assertNoneOf(o.pid());

        // Too short for any ranking, before the table is read: no budget advised that the read might refuse again (a
        // new user, 2026-12-03: told 1m20s for 2 candidates, then 6m17s for the 13 that could write the table)
        Outcome floor = rank(120, "--ddl", ddl.toString(), "--table", "p", "--budget", "20s");
        assertThat(floor.exit()).isEqualTo(2);
        assertThat(floor.stderr()).startsWith(PREFIX + "--budget 20 s is too short for a ranking: two candidates alone "
                + "need about ").endsWith(", and a table's candidates (up to 18) are counted once it is read; give a "
                + "longer --budget (10m by default)\n");
    }

    /** Only the server knows its settings: it starts, answers, and is gone again. */
    @Test
    void aSettingTheServerDoesNotHaveIsOneLineWithNothingLeft() throws Exception {
        Outcome o = rank(90, "--variant", "a=COPY_BINARY,pg.conf.no_such_setting=1", "--variant", "b=COPY_BINARY");
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo(PREFIX + "--variant a -Dpg.conf.no_such_setting=1: this server has no setting "
                + "no_such_setting\n");
        RunDirectories.assertNoneOf(o.pid());
        assertThat(dir.resolve("target").toFile().list()).as("no working files left").isNullOrEmpty();
    }

    /**
     * Settings that would leave a candidate unable to write, or change who its sessions are, are refused in one line
     * before any fork (an adversarial pass, 2026-12-03: a read-only default was accepted and failed mid-run).
     */
    @Test
    void aVariantThatCouldNotWriteOrChangesTheRoleIsOneLine() throws Exception {
        Outcome readOnly = rank(90, "--variant", "a=COPY_BINARY,pg.conf.default_transaction_read_only=on",
                "--variant", "b=COPY_BINARY");
        assertThat(readOnly.exit()).as(readOnly.stderr()).isEqualTo(2);
        assertThat(readOnly.stderr()).isEqualTo(PREFIX + "--variant a {default_transaction_read_only=on}: a session "
                + "with these settings is read-only (transaction_read_only is on), so no loader could write; leave out "
                + "what makes it so\n");
        Outcome role = rank(90, "--variant", "a=COPY_BINARY,pg.conf.role=pg_monitor", "--variant", "b=COPY_BINARY");
        assertThat(role.exit()).as(role.stderr()).isEqualTo(2);
        assertThat(role.stderr()).startsWith(PREFIX + "--variant a -Dpg.conf.role=pg_monitor: every candidate runs as "
                + "the role the suite connects as, a limit of the suite;");
        assertThat(role.stdout()).doesNotContain("fork");
        RunDirectories.assertNoneOf(readOnly.pid());
        RunDirectories.assertNoneOf(role.pid());
    }

    /**
     * Two copies of binary COPY and two of a row-at-a-time method many times slower: once the slow pair is claimed
     * slower, half the field has stopped, and the next generation's forks play twice the rounds, from launchers started
     * anew. The claim usually comes at the first look (after two forks); on a noisy machine the copies' forks can differ
     * enough to widen the pooled fork variance and put it off to a later look, so the test finds the round where the
     * field halved rather than assuming it.
     */
    @Test
    void forksPlayMoreRoundsOnceHalfTheFieldHasStopped() throws Exception {
        Path json = dir.resolve("grown.json");
        Outcome o = rank(600, "--variant", "a=COPY_BINARY", "--variant", "b=COPY_BINARY", "--variant", "c=AUTOCOMMIT_ROW",
                "--variant", "d=AUTOCOMMIT_ROW", "--confidence", "80", "--slice", "200ms", "--warmup", "400ms",
                "--rounds-per-fork", "2", "--rounds", "12", "--seed", "5", "--json", json.toString(), "--no-report");
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        JsonNode rounds = new ObjectMapper().readTree(json.toFile()).get("rounds");
        List<Integer> forks = new ArrayList<>();
        List<Integer> running = new ArrayList<>();
        rounds.forEach(r -> {
            forks.add(r.get("fork").asInt());
            running.add(r.get("slices").size());
        });
        int halved = running.indexOf(2);
        assertThat(halved).as("the slow pair stops at a look, after two forks or more: " + running + "\n" + o.stdout())
                .isGreaterThanOrEqualTo(4).isEven();
        assertThat(running.subList(0, halved)).as("four run until then (three once one of the pair has stopped)")
                .allSatisfy(n -> assertThat(n).isBetween(3, 4));
        for (int i = 0; i < halved; i++) {
            assertThat(forks.get(i)).as("round %d: forks of two rounds", i + 1).isEqualTo(i / 2 + 1);
        }
        int next = halved / 2 + 1;
        assertThat(forks.subList(halved, Math.min(forks.size(), halved + 4))).as("the next generation's forks play "
                + "twice the rounds").containsExactly(next, next, next, next);
        for (int i = halved; i < rounds.size(); i++) {
            assertThat(rounds.get(i).get("slices")).hasSize(2).allSatisfy(s -> assertThat(s.get("candidate").asText())
                    .isIn("a", "b"));
        }
        RunDirectories.assertNoneOf(o.pid());
    }

    /**
     * A candidate whose loader fails mid-run leaves with the server's reason (an adversarial pass, 2026-12-02, saw
     * "NoSuchElementException" from the fork's turn profiler in its place, the cause in no line of the ranking's).
     */
    @Test
    void aCandidateWhoseLoaderFailsLeavesWithTheReason() throws Exception {
        Path ddl = dir.resolve("failing.sql");
        Files.writeString(ddl, "CREATE SEQUENCE public.calls;\n"
                + "CREATE TABLE public.t (id integer PRIMARY KEY, v text);\n"
                + "CREATE FUNCTION public.fail_later() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                + "IF pg_catalog.nextval('public.calls') > 2000 THEN RAISE EXCEPTION 'planted failure after 2000 rows'; "
                + "END IF; RETURN NEW; END $$;\n"
                + "CREATE TRIGGER t_fail BEFORE INSERT ON public.t FOR EACH ROW EXECUTE FUNCTION public.fail_later();\n");
        Outcome o = rank(300, "--ddl", ddl.toString(), "--table", "t", "-p", "method=BATCH,COPY_TEXT", "--budget", "2m",
                "--slice", "200ms", "--warmup", "400ms", "--rounds-per-fork", "2", "--no-report");
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        List<String> left = o.stdout().lines().filter(l -> l.contains(" left the ranking: ")).toList();
        assertThat(left).as(o.stdout()).isNotEmpty().allSatisfy(l -> assertThat(l).contains("planted failure after 2000 rows")
                .doesNotContain("NoSuchElementException"));
        RunDirectories.assertNoneOf(o.pid());
    }

    @Test
    void aRankingsRoundsHoldEveryRunningCandidateOnceInOrdersThatVary() throws Exception {
        Path json = dir.resolve("verdict.json");
        // Three copies of one method at 99.9 % confidence: no pair can be claimed at the look after two forks (t(2) at
        // that level is about 190), so the race plays all three forks whatever this machine's noise. Different methods
        // could (CI saw COPY_BINARY, UNNEST and COPY_TEXT all claimed after two forks).
        // synchronous_commit off for the whole server (a leading -D option): a setting the verdict must say is not
        // production's, on the console and in the JSON.
        Outcome o = rank(600, "-Dpg.conf.synchronous_commit=off", "--variant", "a=COPY_BINARY", "--variant", "b=COPY_BINARY",
                "--variant", "c=COPY_BINARY", "--confidence", "99.9", "--slice", "200ms", "--warmup", "400ms", "--rounds-per-fork", "2", "--rounds", "6",
                "--seed", "11", "--json", json.toString(), "--no-report");
        assertThat(o.exit()).as(o.stdout() + o.stderr()).isZero();
        // a line at every fork, also before the first look (a new user saw none for the first three minutes)
        assertThat(o.stdout()).contains(PREFIX + "500 rows per call, 1 fork (2 rounds): no look yet, 3 still running, about ");
        assertThat(o.stdout()).contains("# Ranking: USERS", "## 500 rows per call", "| rank | candidate | does | rows/s |")
                .contains(PREFIX + "WARNING: Durability differs from production: synchronous_commit=off")
                .contains("**Warning:** Durability differs from production: synchronous_commit=off");
        JsonNode v = new ObjectMapper().readTree(json.toFile());
        assertThat(v.get("serverWarnings")).singleElement().satisfies(w -> assertThat(w.asText())
                .startsWith("Durability differs from production: synchronous_commit=off"));
        assertThat(v.get("settled").isBoolean()).isTrue();
        assertThat(v.get("elapsedSeconds").asDouble()).isPositive();
        assertThat(v.get("candidates")).hasSize(3).allSatisfy(c -> {
            assertThat(c.get("name").asText()).isIn("a", "b", "c");
            assertThat(c.get("rank")).hasSize(2);
            assertThat(c.get("rank").get(0).asInt()).isBetween(1, 3);
            assertThat(c.get("rank").get(1).asInt()).isBetween(c.get("rank").get(0).asInt(), 3);
            assertThat(c.get("rowsPerSecond").asDouble()).isPositive();
            // Counted per candidate, over its own slices.
            assertThat(c.get("counted").get("wal.bytes/row").asDouble()).isPositive();
            assertThat(c.get("counted").get("commits/op").asDouble()).isEqualTo(1.0);
        });
        assertThat(v.get("pairs")).hasSize(3).allSatisfy(p -> {
            assertThat(p.get("claim").asText()).isIn("faster", "slower", "tie", "unsettled");
            assertThat(p.get("low").asDouble()).isLessThanOrEqualTo(p.get("ratio").asDouble());
            assertThat(p.get("high").asDouble()).isGreaterThanOrEqualTo(p.get("ratio").asDouble());
        });
        JsonNode rounds = v.get("rounds");
        // Three forks of two rounds; no candidate stops at the interim look after two forks, so every round holds all three.
        assertThat(rounds.size()).isEqualTo(6);
        assertThat(rounds).allSatisfy(r -> assertThat(r.get("slices")).hasSize(3).allSatisfy(s -> assertThat(
                s.path("figures").path("jit.time").asDouble(-1)).as("the fork's compile time in the slice, in ms")
                .isGreaterThanOrEqualTo(0)));
        for (int i = 0; i < rounds.size(); i++) {
            assertThat(rounds.get(i).get("fork").asInt()).as("two rounds per fork, forks in order").isEqualTo(i / 2 + 1);
        }
        Set<String> orders = new HashSet<>();
        Set<String> previous = null;
        for (JsonNode round : rounds) {
            List<String> order = new ArrayList<>();
            round.get("slices").forEach(s -> order.add(s.get("position").asInt() + ":" + s.get("candidate").asText()));
            Set<String> who = new HashSet<>();
            round.get("slices").forEach(s -> who.add(s.get("candidate").asText()));
            assertThat(who).as("each candidate once per round").hasSize(round.get("slices").size());
            if (previous != null) {
                assertThat(previous).as("a candidate that stopped does not come back").containsAll(who);
            }
            previous = who;
            if (who.size() == 3) {
                orders.add(String.join(",", order));
            }
        }
        assertThat(orders).as("orders drawn anew each round").hasSizeGreaterThan(1);
        // The verdict follows from the rounds: a pair's ratio is the geometric mean over forks of each fork's geometric
        // mean of per-round ratios (a pair of the leader's: its level is the looks').
        String leader = v.get("rankings").get(0).get("leader").asText();
        JsonNode pair = java.util.stream.StreamSupport.stream(v.get("pairs").spliterator(), false)
                .filter(p -> p.get("a").asText().equals(leader) || p.get("b").asText().equals(leader))
                .findFirst().orElseThrow();
        java.util.Map<Integer, List<Double>> byFork = new java.util.TreeMap<>();
        for (JsonNode round : rounds) {
            Double a = null;
            Double b = null;
            for (JsonNode s : round.get("slices")) {
                if (s.get("compiling").asBoolean()) {
                    continue; // left out: its fork was still compiling in it
                }
                if (s.get("candidate").asText().equals(pair.get("a").asText())) {
                    a = s.get("rowsPerSecond").asDouble();
                } else if (s.get("candidate").asText().equals(pair.get("b").asText())) {
                    b = s.get("rowsPerSecond").asDouble();
                }
            }
            if (a != null && b != null) {
                byFork.computeIfAbsent(round.get("fork").asInt(), f -> new ArrayList<>()).add(Math.log(a / b));
            }
        }
        assertThat(byFork.values().stream().mapToInt(List::size).sum()).isEqualTo(pair.get("rounds").asInt());
        assertThat(byFork).hasSize(pair.get("forks").asInt());
        double forkMean = byFork.values().stream().mapToDouble(l -> l.stream().mapToDouble(Double::doubleValue)
                .average().orElseThrow()).average().orElseThrow();
        assertThat(pair.get("ratio").asDouble()).isCloseTo(Math.exp(forkMean), org.assertj.core.api.Assertions.within(1e-9));
        // Its interval: Student's t over the fork means at the pair's level. Three candidates look first after two forks
        // (alpha/12); with --rounds 6 no fork follows the third, so the final look spends the rest over the 3 pairs. The
        // variance: pooled over the candidates counted in every round the pair was (twice the residual mean square of
        // their fork means, (members-1)(generations-1) degrees of freedom), or the pair's own when larger.
        assertThat(v.get("rankings").get(0).get("finalLook").asBoolean()).isTrue();
        // A tie's interval is its two one-sided tests' (1 - 2 share), any other claim's 1 - share.
        double share = (0.001 - 0.001 / 12) / 3;
        assertThat(pair.get("level").asDouble()).isCloseTo(pair.get("claim").asText().equals("tie") ? 1 - 2 * share
                : 1 - share, org.assertj.core.api.Assertions.within(1e-12));
        double[] means = byFork.values().stream().mapToDouble(l -> l.stream().mapToDouble(Double::doubleValue)
                .average().orElseThrow()).toArray();
        double own = java.util.Arrays.stream(means).map(m -> (m - forkMean) * (m - forkMean)).sum() / (means.length - 1);
        // The pool: the candidates counted in every round the pair was (a slice left out as compiling leaves its
        // candidate out of the pool for that pair); per candidate, its mean log rows/s per fork over those rounds.
        String pa = pair.get("a").asText();
        String pb = pair.get("b").asText();
        List<java.util.Map<String, Double>> counted = new ArrayList<>();
        List<Integer> countedFork = new ArrayList<>();
        for (JsonNode round : rounds) {
            java.util.Map<String, Double> logOf = new java.util.TreeMap<>();
            round.get("slices").forEach(s -> {
                if (!s.get("compiling").asBoolean()) {
                    logOf.put(s.get("candidate").asText(), Math.log(s.get("rowsPerSecond").asDouble()));
                }
            });
            if (logOf.containsKey(pa) && logOf.containsKey(pb)) {
                counted.add(logOf);
                countedFork.add(round.get("fork").asInt() - 1);
            }
        }
        Set<String> members = new java.util.TreeSet<>(counted.get(0).keySet());
        counted.forEach(r -> members.retainAll(r.keySet()));
        List<Integer> generations = countedFork.stream().distinct().sorted().toList();
        int gs = generations.size();
        java.util.Map<String, double[]> logs = new java.util.TreeMap<>(); // per member, its mean log per generation
        for (int i = 0; i < counted.size(); i++) {
            int g = generations.indexOf(countedFork.get(i));
            long inG = countedFork.stream().filter(countedFork.get(i)::equals).count();
            for (String m : members) {
                logs.computeIfAbsent(m, c -> new double[gs])[g] += counted.get(i).get(m) / inG;
            }
        }
        double grand = logs.values().stream().flatMapToDouble(java.util.Arrays::stream).average().orElseThrow();
        double residual = 0;
        for (double[] m : logs.values()) {
            double candidate = java.util.Arrays.stream(m).average().orElseThrow();
            for (int g = 0; g < gs; g++) {
                int fork = g;
                double generation = logs.values().stream().mapToDouble(x -> x[fork]).average().orElseThrow();
                residual += Math.pow(m[g] - candidate - generation + grand, 2);
            }
        }
        // Fewer than two members or generations: no pool, the pair's own variance over its forks.
        boolean pooled = members.size() >= 2 && gs >= 2;
        int df = pooled ? (members.size() - 1) * (gs - 1) : byFork.size() - 1;
        double variance = pooled ? Math.max(own, 2 * residual / df) : own;
        assertThat(pair.get("degreesOfFreedom").asInt()).isEqualTo(df);
        assertThat(pair.get("forkSd").asDouble()).isCloseTo(Math.sqrt(variance), org.assertj.core.api.Assertions.within(1e-9));
        double t = org.apache.commons.statistics.distribution.TDistribution.of(df)
                .inverseCumulativeProbability(1 - (1 - pair.get("level").asDouble()) / 2);
        assertThat(pair.get("low").asDouble()).isCloseTo(Math.exp(forkMean - t * Math.sqrt(variance / byFork.size())),
                org.assertj.core.api.Assertions.within(1e-9));
        RunDirectories.assertNoneOf(o.pid());
        try (var left = Files.list(dir.resolve("target"))) {
            assertThat(left.filter(Files::isDirectory)).as("the run's working directory is removed").isEmpty();
        }
    }
}
