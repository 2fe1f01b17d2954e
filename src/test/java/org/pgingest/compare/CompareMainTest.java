package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.ProcessTrees;
import org.pgingest.RunDirectories;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ./bench compare} refusing bad input as a user meets it: a child JVM, exit code 2 and one line, with nothing
 * started (or, where the server had to answer, nothing left behind). The jars are stand-ins that hold this build's
 * benchmark list and launcher ({@link SuiteJars}); nothing here runs a benchmark.
 */
class CompareMainTest {
    private static final String PREFIX = "pg-ingest-bench compare: ";
    @TempDir
    Path dir;

    record Outcome(int exit, String stdout, String stderr, long pid) {
        List<String> errorLines() {
            return stderr.lines().filter(l -> l.startsWith("pg-ingest-bench")).toList();
        }
    }

    private Outcome compare(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CompareMain.class.getName(), "-Djmh.ignoreLock=true"));
        command.addAll(List.of(args));
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("PGIB_"));
        Process p = pb.start();
        p.getOutputStream().close();
        try {
            assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("finished").isTrue();
            return new Outcome(p.exitValue(), Files.readString(out), Files.readString(err), p.pid());
        } finally {
            ProcessTrees.stop(p);
        }
    }

    private static void assertRefused(Outcome o, String line) {
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo(PREFIX + line + "\n");
        assertThat(o.stdout()).as("nothing started").isEmpty();
    }

    private Path suiteJar(String name) throws IOException {
        return SuiteJars.write(dir.resolve(name), line -> true);
    }

    @Test
    void helpPrintsTheUsage() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        assertThat(CompareMain.run(new String[] {"--baseline", "a.jar", "--help"}, new java.io.PrintStream(out, true,
                java.nio.charset.StandardCharsets.UTF_8), quiet)).isZero();
        assertThat(out.toString(java.nio.charset.StandardCharsets.UTF_8)).startsWith(CompareOptions.USAGE);
    }

    @Test
    void aMissingJarIsOneLine() throws Exception {
        Path missing = dir.resolve("main.jar");
        assertRefused(compare("--baseline", missing.toString(), "--candidate", suiteJar("b.jar").toString()),
                "--baseline " + missing + ": no such file (give the target/benchmarks.jar of a build of this suite)");
    }

    @Test
    void aJarThatIsNoBenchmarkJarIsOneLine() throws Exception {
        Path plain = SuiteJars.write(dir.resolve("plain.jar"), null, true);
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", plain.toString()),
                "--candidate " + plain + ": no JMH benchmark list inside (META-INF/BenchmarkList); give the "
                        + "target/benchmarks.jar that ./mvnw package builds");
    }

    /** A benchmark list JMH cannot parse (another version's, or garbage): one line, not a stack trace. */
    @Test
    void aBenchmarkListThatCannotBeReadIsOneLine() throws Exception {
        Path garbled = SuiteJars.write(dir.resolve("garbled.jar"), "garbage line without structure\n", true);
        Outcome o = compare("--baseline", garbled.toString(), "--candidate", suiteJar("b.jar").toString());
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).startsWith(PREFIX + "--baseline " + garbled + ": its JMH benchmark list cannot be read (")
                .endsWith("); give the target/benchmarks.jar of a build of this suite\n").hasLineCount(1);
        assertThat(o.stdout()).isEmpty();
    }

    @Test
    void aMissingSideIsOneLine() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString()),
                "--candidate JAR is required (the target/benchmarks.jar of the build to judge); " + CompareOptions.USAGE);
    }

    @Test
    void jarsWithNothingInCommonAreOneLine() throws Exception {
        Path roundTripOnly = SuiteJars.write(dir.resolve("a.jar"), line -> line.contains("RoundTripBenchmark"));
        Path ingestOnly = SuiteJars.write(dir.resolve("b.jar"), line -> line.contains("IngestBenchmark"));
        assertRefused(compare("--baseline", roundTripOnly.toString(), "--candidate", ingestOnly.toString(), "RoundTrip",
                "Ingest", "-p", "method=BATCH"), "nothing in common: no trial of the selection is in both jars (1 in the "
                + "baseline, 1 in the candidate)");
    }

    @Test
    void aSelectionThatMatchesNothingSaysSo() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "NoSuchBenchmark"), "nothing in common: no trial of the selection is in both jars (0 in the baseline, 0 in "
                + "the candidate; no benchmark matches the selection: list them with ./bench -l)");
    }

    /** The launcher's own check of the value (BenchmarkParameters, whose wording its own tests pin down). */
    @Test
    void aParamValueTheSuiteRefusesIsItsOneLine() throws Exception {
        Outcome o = compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "Ingest", "-p", "rows=0");
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).startsWith(PREFIX + "-p rows=0: ").hasLineCount(1);
        assertThat(o.stdout()).as("nothing started").isEmpty();
    }

    @Test
    void aVerdictPathThatCannotBeWrittenIsOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("plain-file"), "");
        Path verdict = file.resolve("verdict.json");
        Outcome o = compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "--json", verdict.toString());
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.stderr()).startsWith(PREFIX + "--json " + verdict + ": cannot create the directory ").hasLineCount(1);
        assertThat(o.stdout()).as("nothing started").isEmpty();
    }

    /**
     * The results replace their directory whole: one that holds anything but an earlier comparison's is refused, and
     * nothing in it is touched (an adversarial pass, 2026-12-03: {@code --results .} emptied the jars' directory).
     */
    @Test
    void aResultsDirectoryHoldingOtherFilesIsRefusedAndKept() throws Exception {
        Path mine = Files.createDirectories(dir.resolve("mine"));
        Files.writeString(mine.resolve("NOTES.txt"), "keep me");
        Path a = suiteJar("mine/a.jar");
        assertRefused(compare("--baseline", a.toString(), "--candidate", suiteJar("b.jar").toString(),
                "--results", mine.toString()), "--results " + mine + ": holds files that are not a comparison's, and "
                + "the results replace the directory whole: name a new or empty directory, or an earlier comparison's");
        assertThat(mine.resolve("NOTES.txt")).hasContent("keep me");
        assertThat(a).exists();

        Path earlier = Files.createDirectories(dir.resolve("earlier"));
        Files.writeString(earlier.resolve("verdict.json"), "{}");
        Files.writeString(earlier.resolve("verdict.md"), "");
        Files.createDirectories(earlier.resolve("baseline"));
        assertThat(CompareMain.replaceable(earlier)).isTrue();
        assertThat(CompareMain.replaceable(Files.createDirectories(dir.resolve("empty")))).isTrue();
        assertThat(CompareMain.replaceable(dir.resolve("new"))).isTrue();
        Path link = Files.createSymbolicLink(dir.resolve("link"), earlier);
        assertThat(CompareMain.replaceable(link)).as("a link is replaced, not what it names: refused").isFalse();
    }

    @Test
    void anOddIterationCountIsOneLine() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "-i", "5"), "-i 5: give an even number of measured iterations (pairs alternate their order, baseline "
                + "first then candidate first, so that drift cancels in each two)");
    }

    @Test
    void aJarGivenTwiceForOneSideIsOneLine() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "--baseline", suiteJar("c.jar").toString()), "--baseline is given twice: give it once");
    }

    /** JMH writes a time of 0 as "single-shot", which both sides' launchers then refused (an adversarial pass). */
    @Test
    void aTimeOfZeroIsOneLine() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "-r", "0s"), "-r 0s: give a time above 0, e.g. 1s or 500ms");
    }

    /**
     * Jars whose launchers cannot start (no JMH in them): the baseline fails every trial, which is no comparison, so
     * the earlier comparison in --results stays as it was (an adversarial pass, 2026-12-03: it was replaced by an empty
     * one), and the sides' logs are kept and named. On an external server, the run says where the sides' schemas stay.
     */
    @Test
    void aComparisonInWhichNothingRanReplacesNoEarlierOne() throws Exception {
        Path earlier = Files.createDirectories(dir.resolve("earlier"));
        Files.writeString(earlier.resolve("verdict.json"), "{\"earlier\": true}");
        Files.writeString(earlier.resolve("verdict.md"), "earlier");
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults())) {
            Outcome o = compare("-Dpg.target=external", "-Dpg.url=" + server.endpoint().jdbcUrl(),
                    "-Dpg.user=" + server.endpoint().user(), "-Dpg.schema=kept", "--baseline",
                    suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(), "Ingest", "-p",
                    "method=BATCH", "-p", "rows=10", "-i", "2", "--results", earlier.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.errorLines()).last().asString().startsWith(PREFIX + "UNUSABLE: nothing was measured, the "
                    + "baseline side failed in every trial; " + earlier + " left as it was, the sides' logs kept in "
                    + dir.resolve("earlier.partial-"));
            assertThat(o.stdout()).contains(PREFIX + "schemas kept_baseline and kept_candidate kept on the server with "
                    + "the sides' tables, for the next comparison; DROP SCHEMA \"kept_baseline\", \"kept_candidate\" "
                    + "CASCADE drops them");
        }
        assertThat(earlier.resolve("verdict.json")).hasContent("{\"earlier\": true}");
        assertThat(earlier.resolve("verdict.md")).hasContent("earlier");
    }

    /**
     * On an external server a side's schema that is not the suite's is refused by the launcher, before any fork and
     * with nothing made (a side's fork found it 24 s in, after the other side's schema had been made).
     */
    @Test
    void aSidesSchemaThatIsNotTheSuitesIsRefusedBeforeAnyFork() throws Exception {
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults())) {
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("CREATE SCHEMA mine_baseline");
                st.execute("CREATE TABLE mine_baseline.notes (id int)");
            }
            Outcome o = compare("-Dpg.target=external", "-Dpg.url=" + server.endpoint().jdbcUrl(),
                    "-Dpg.user=" + server.endpoint().user(), "-Dpg.schema=mine", "--baseline",
                    suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(2);
            assertThat(o.errorLines()).containsExactly(PREFIX + "schema 'mine_baseline' exists but was not created by "
                    + "pg-ingest-bench; the suite will not touch it: choose another schema with -Dpg.schema=NAME or "
                    + "PGIB_SCHEMA");
            assertThat(o.stdout()).doesNotContain("trial 1");
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*) FROM pg_namespace WHERE nspname = 'mine_candidate'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("the other side's schema not made").isZero();
            }
        }
    }

    @Test
    void jmhOptionsThatWouldMakeTheSidesDifferAreRefused() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "-jvmArgs", "-Xmx1g"), "unknown option -jvmArgs (JMH options other than -e, -p, -f, -wi, -w, -i, -r and -t "
                + "are not taken: both sides must run alike); " + CompareOptions.USAGE);
    }

    @Test
    void aServerOptionPerSideIsOneLine() throws Exception {
        assertRefused(compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "--candidate-opt", "-Dpg.version=16"), "--candidate-opt -Dpg.version=16: both sides share one server, so "
                + "-Dpg.version cannot differ between them; give it once before --baseline (only session settings, "
                + "-Dpg.conf.NAME=VALUE, can be given per side)");
    }

    /** A side's option named like a secret, in each form a user may type it: refused without its value. */
    @Test
    void aSecretInASidesOptionIsRefusedWithoutItsValue() throws Exception {
        String why = ": named like a secret; a side's options reach its JMH forks' command lines, which JMH prints and "
                + "records; the suite takes only the password, from PGIB_PASSWORD in the environment";
        String a = suiteJar("a.jar").toString();
        String b = suiteJar("b.jar").toString();
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opt", "-Dpg.password=Hunter2-side"),
                "--candidate-opt -Dpg.password=***" + why);
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opt=-Dapp.dbPassword=Hunter2-side"),
                "--candidate-opt -Dapp.dbPassword=***" + why);
        assertRefused(compare("--baseline", a, "--candidate", b, "--baseline-opt", "password=Hunter2-side"),
                "--baseline-opt password=***: give -Dpg.conf.NAME=VALUE (a server setting for this side's sessions) or "
                        + "-DNAME=VALUE (a Java system property for this side's JVMs)");
        // a mistyped option's value after "=" is an argument of its own (OptionArgs), here a -D option for both sides
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opts=-Dpg.password=Hunter2-side"),
                "-Dpg.password is named like a secret: options reach every JMH fork's command line, which JMH prints "
                        + "and records in its JSON; the suite takes only the password, from PGIB_PASSWORD in the environment");
        // a secret inside a value: a setting's conninfo, a URL's user:password@ (an adversarial pass, 2026-12-03)
        String inside = ", a secret; a side's options reach its JMH forks' command lines, which JMH prints and "
                + "records; the suite takes only the password, from PGIB_PASSWORD in the environment";
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opt",
                "-Dpg.conf.primary_conninfo=host=db password=Hunter2-side"),
                "--candidate-opt -Dpg.conf.primary_conninfo holds password=…" + inside);
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opt",
                "-Dpg.url=jdbc:postgresql://bench:Hunter2-side@db/x"),
                "--candidate-opt -Dpg.url holds a user:password@ before a host" + inside);
        assertRefused(compare("--baseline", a, "--candidate", b, "--candidate-opts", "x"),
                "unknown option --candidate-opts (JMH options other than -e, -p, -f, -wi, -w, -i, -r "
                        + "and -t are not taken: both sides must run alike); " + CompareOptions.USAGE);
    }

    /** shared_buffers is sized at server start: one server cannot give two sides two values. */
    @Test
    void aServerWideSettingPerSideIsRefusedAndTheServerIsGone() throws Exception {
        Outcome o = compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "--candidate-opt", "-Dpg.conf.shared_buffers=1GB");
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.errorLines()).containsExactly(PREFIX + "--candidate-opt -Dpg.conf.shared_buffers=1GB: shared_buffers "
                + "is set for the whole server (context postmaster) and both sides share one server; give it once before "
                + "--baseline for both, or compare two servers' runs with ./bench gate");
        RunDirectories.assertNoneOf(o.pid());
    }

    @Test
    void aSessionSettingTheServerRefusesIsItsOwnComplaint() throws Exception {
        Outcome o = compare("--baseline", suiteJar("a.jar").toString(), "--candidate", suiteJar("b.jar").toString(),
                "--candidate-opt", "-Dpg.conf.commit_delay=soon");
        assertThat(o.exit()).as(o.stderr()).isEqualTo(2);
        assertThat(o.errorLines()).singleElement().asString()
                .startsWith(PREFIX + "--candidate-opt {commit_delay=soon}: the server refused a session with these "
                        + "settings: FATAL: invalid value for parameter \"commit_delay\": \"soon\"");
        RunDirectories.assertNoneOf(o.pid());
    }
}
