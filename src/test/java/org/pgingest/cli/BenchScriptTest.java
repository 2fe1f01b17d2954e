package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two {@code ./bench} at once in one checkout (issue 19, item 4): one build at a time, the second says so in one
 * line, and target/benchmarks.jar is never missing. The script runs as it is; Maven is a stand-in here (a build of
 * this project inside its own test run would share its target/), which does what the shade plugin does to the
 * jar: deletes it, then writes it under the name the build gives ({@code -Dbench.jar.name}, the pom's
 * {@code finalName}), slowly. While it builds, it looks for target/benchmarks.jar itself (jar-seen.log): the gap a
 * build into that name would leave is while the stand-in runs, not at a moment a poll from outside might miss.
 */
class BenchScriptTest {
    private static final String STAND_IN_MAVEN = """
            #!/usr/bin/env bash
            name=benchmarks
            for a in "$@"; do case "$a" in -Dbench.jar.name=*) name="${a#*=}" ;; esac; done
            mkdir -p target
            echo "start $$" >> target/builds.log
            rm -f "target/$name.jar"
            if [ -e target/benchmarks.jar ]; then echo present; else echo missing; fi >> target/jar-seen.log
            sleep 2
            if [ -e target/benchmarks.jar ]; then echo present; else echo missing; fi >> target/jar-seen.log
            echo "jar of build $$" > "target/$name.jar"
            echo "end $$" >> target/builds.log
            """;

    /** {@code ./bench --help} answers without a build (a newcomer's first try was refused), naming every command. */
    @Test
    void helpNeedsNoBuildAndNamesEveryCommand(@TempDir Path checkout) throws Exception {
        Path script = checkout.resolve("bench");
        Files.copy(Path.of("bench"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process p = new ProcessBuilder(script.toString(), "--help").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(out).contains("./bench rank ", "./bench --ddl schema.sql --table orders", "./bench --preset",
                "./bench gate ", "./bench rate ", "./bench COMMAND --help").doesNotContain("# ");
        assertThat(checkout.resolve("target")).as("nothing built").doesNotExist();
    }

    /**
     * Called from another directory, the script runs in its checkout, where relative paths are then read: it says so
     * first (an adversarial pass, 2026-12-03, read "base.json: no such file" of a file in the directory it was in).
     */
    @Test
    void calledFromAnotherDirectoryItSaysWhereRelativePathsAreRead(@TempDir Path checkout, @TempDir Path elsewhere)
            throws Exception {
        Path script = withStandInMaven(checkout);
        Process p = new ProcessBuilder(script.toString(), "gate", "base.json", "current.json")
                .directory(elsewhere.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(err.lines().findFirst()).hasValue("pg-ingest-bench: running in " + checkout.toRealPath()
                + ", where ./bench is: relative paths are read and written there, not in " + elsewhere.toRealPath());
    }

    @Test
    void twoRunsAtOnceBuildOneAfterTheOtherAndTheJarIsNeverMissing(@TempDir Path checkout) throws Exception {
        Path script = withStandInMaven(checkout);
        Path jar = checkout.resolve("target").resolve("benchmarks.jar");
        Files.createDirectories(jar.getParent());
        Files.writeString(jar, "an earlier build's jar");

        List<Process> runs = new ArrayList<>();
        List<Path> errs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path err = checkout.resolve("err" + i + ".txt");
            errs.add(err);
            // "gate": the script then runs GateMain from the jar, which this stand-in jar is not: that part fails.
            runs.add(new ProcessBuilder(script.toString(), "gate").directory(checkout.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start());
        }
        for (Process p : runs) {
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }

        assertThat(Files.readAllLines(checkout.resolve("target").resolve("jar-seen.log")))
                .as("target/benchmarks.jar present throughout both builds").containsExactly("present", "present", "present", "present");
        assertThat(Files.readString(jar)).startsWith("jar of build ");
        List<String> builds = Files.readAllLines(checkout.resolve("target").resolve("builds.log"));
        assertThat(builds).hasSize(4);
        assertThat(builds.get(0).replace("start", "end")).as("the first build ends before the second starts").isEqualTo(builds.get(1));
        assertThat(builds.get(2).replace("start", "end")).isEqualTo(builds.get(3));
        String waited = "pg-ingest-bench: another ./bench is building in this checkout; waiting for it to finish, then "
                + "building if its jar is not up to date";
        long saying = 0;
        for (Path err : errs) {
            saying += Files.readAllLines(err).stream().filter(waited::equals).count();
        }
        assertThat(saying).as("the second says why it waits, once").isEqualTo(1);
        try (Stream<Path> left = Files.list(jar.getParent())) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("benchmarks.jar", "benchmarks.jar.mvn-args", "builds.log",
                    "jar-seen.log");
        }
    }

    /**
     * A jar newer than everything it is built from, built with the same MVN_ARGS, is used as it is (a typo's refusal
     * then comes in a second); an edited source, or other MVN_ARGS, build again.
     */
    @Test
    void anUpToDateJarIsNotBuiltAgain(@TempDir Path checkout) throws Exception {
        withStandInMaven(checkout);
        Files.writeString(checkout.resolve("pom.xml"), "<project/>");
        Path source = Files.createDirectories(checkout.resolve("src")).resolve("A.java");
        Files.writeString(source, "class A {}");
        Path builds = checkout.resolve("target").resolve("builds.log");

        runGate(checkout, Map.of());
        assertThat(Files.readAllLines(builds)).as("no jar yet: built").hasSize(2);
        runGate(checkout, Map.of());
        assertThat(Files.readAllLines(builds)).as("nothing changed: not built again").hasSize(2);
        Path jar = checkout.resolve("target").resolve("benchmarks.jar");
        Files.setLastModifiedTime(source, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 1));
        runGate(checkout, Map.of());
        assertThat(Files.readAllLines(builds)).as("a source newer than the jar: built").hasSize(4);
        runGate(checkout, Map.of("MVN_ARGS", "-Dpg.version=16.15.0"));
        assertThat(Files.readAllLines(builds)).as("other MVN_ARGS: built").hasSize(6);
        runGate(checkout, Map.of("MVN_ARGS", "-Dpg.version=16.15.0"));
        assertThat(Files.readAllLines(builds)).as("the same MVN_ARGS again: not built").hasSize(6);
    }

    /** The bench script in {@code checkout} beside the stand-in Maven, both executable; the script's path. */
    private static Path withStandInMaven(Path checkout) throws IOException {
        Path script = checkout.resolve("bench");
        Files.copy(Path.of("bench"), script);
        Path mvnw = Files.writeString(checkout.resolve("mvnw"), STAND_IN_MAVEN);
        for (Path p : List.of(script, mvnw)) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return script;
    }

    private static void runGate(Path checkout, Map<String, String> environment) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(checkout.resolve("bench").toString(), "gate").directory(checkout.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().remove("MVN_ARGS");
        pb.environment().putAll(environment);
        assertThat(pb.start().waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
}
