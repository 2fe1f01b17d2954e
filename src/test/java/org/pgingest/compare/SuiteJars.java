package org.pgingest.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Predicate;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;

/**
 * Jars that look like a build's {@code target/benchmarks.jar} to the comparison's checks (before Maven's package phase
 * builds the real one): this build's JMH benchmark list, filtered, and its launcher class. They run nothing.
 */
final class SuiteJars {
    private SuiteJars() {
    }

    /** This build's benchmark list, one benchmark per line. */
    static String benchmarkList() throws IOException {
        try (InputStream in = SuiteJars.class.getResourceAsStream("/" + BenchmarkJar.BENCHMARK_LIST)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A jar holding the list's benchmarks whose lines pass {@code keep}, and the suite's launcher. */
    static Path write(Path jar, Predicate<String> keep) throws IOException {
        String list = Arrays.stream(benchmarkList().split("\n")).filter(keep).collect(Collectors.joining("\n", "", "\n"));
        return write(jar, list, true);
    }

    static Path write(Path jar, String list, boolean withLauncher) throws IOException {
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            if (list != null) {
                out.putNextEntry(new JarEntry(BenchmarkJar.BENCHMARK_LIST));
                out.write(list.getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
            if (withLauncher) {
                String launcher = BenchmarkJar.LAUNCHER.replace('.', '/') + ".class";
                out.putNextEntry(new JarEntry(launcher));
                try (InputStream in = SuiteJars.class.getResourceAsStream("/" + launcher)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }
}
