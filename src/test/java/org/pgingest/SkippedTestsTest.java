package org.pgingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * .ci/run's last check ({@code java .ci/SkippedTests.java DIR...}), run as .ci/run runs it, on hand-made Surefire
 * reports: a pass needs a report in every directory and no skipped test.
 */
class SkippedTestsTest {
    private static final String PASSED = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="org.example.ATest" tests="1" skipped="0" failures="0" errors="0">
              <testcase name="works" classname="org.example.ATest" time="0.1"/>
            </testsuite>
            """;
    private static final String SKIPPED = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="org.example.BTest" tests="2" skipped="1" failures="0" errors="0">
              <testcase name="works" classname="org.example.BTest" time="0.1"/>
              <testcase name="needsChromium" classname="org.example.BTest" time="0">
                <skipped message="needs Chromium: not on PATH"/>
              </testcase>
            </testsuite>
            """;

    record Outcome(int exit, String stdout) {
    }

    private static Outcome check(Path... dirs) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                Path.of(".ci", "SkippedTests.java").toString()));
        for (Path d : dirs) {
            command.add(d.toString());
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        try {
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("finished").isTrue();
            return new Outcome(p.exitValue(), out);
        } finally {
            ProcessTrees.stop(p);
        }
    }

    private static Path reports(Path parent, String name, String... reports) throws IOException {
        Path dir = Files.createDirectories(parent.resolve(name));
        for (int i = 0; i < reports.length; i++) {
            Files.writeString(dir.resolve("TEST-org.example.T" + i + ".xml"), reports[i]);
        }
        return dir;
    }

    @Test
    void reportsWithEveryTestRunPass(@TempDir Path tmp) throws Exception {
        Outcome o = check(reports(tmp, "surefire-reports", PASSED), reports(tmp, "failsafe-reports", PASSED));
        assertThat(o.exit()).as(o.stdout()).isZero();
        assertThat(o.stdout()).isEqualTo(".ci/run: 2 tests ran, 0 skipped\n");
    }

    @Test
    void aSkippedTestFailsWithItsReason(@TempDir Path tmp) throws Exception {
        Outcome o = check(reports(tmp, "surefire-reports", PASSED, SKIPPED), reports(tmp, "failsafe-reports", PASSED));
        assertThat(o.exit()).as(o.stdout()).isEqualTo(1);
        assertThat(o.stdout()).isEqualTo(".ci/run: 3 tests ran, 1 skipped\n"
                + ".ci/run: skipped org.example.BTest.needsChromium: needs Chromium: not on PATH\n");
    }

    @Test
    void aDirectoryWithoutReportsFails(@TempDir Path tmp) throws Exception {
        Path failsafe = tmp.resolve("failsafe-reports");
        Outcome o = check(reports(tmp, "surefire-reports", PASSED), failsafe);
        assertThat(o.exit()).as(o.stdout()).isEqualTo(1);
        assertThat(o.stdout()).isEqualTo(".ci/run: 1 tests ran, 0 skipped\n.ci/run: no test report in " + failsafe + "\n");

        Outcome none = check(reports(tmp, "empty"));
        assertThat(none.exit()).as(none.stdout()).isEqualTo(1);
        assertThat(none.stdout()).contains(".ci/run: no test report in " + tmp.resolve("empty"));
    }
}
