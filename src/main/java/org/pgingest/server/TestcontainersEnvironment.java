package org.pgingest.server;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two settings the container target needs from Testcontainers (2.0), which reads them from the environment
 * only (ResourceReaper reads TESTCONTAINERS_RYUK_DISABLED with System.getenv; no system property or class-path
 * file stands in):
 * <ul>
 *   <li>{@code TESTCONTAINERS_RYUK_DISABLED=true}: Ryuk's image cannot be pulled where no registry answers, and its
 *       pull is retried for minutes; the suite removes its own containers (labels, shutdown hook, sweep);</li>
 *   <li>{@code TESTCONTAINERS_HOST_OVERRIDE=localhost}, with a local engine (no DOCKER_HOST): in a JVM that itself
 *       runs in a container Testcontainers otherwise finds the engine's address by running alpine, another pull.</li>
 * </ul>
 * A JVM cannot set its own environment, and JMH forks inherit the launcher's: so a command started without them
 * ({@code java -cp target/benchmarks.jar ...} rather than {@code ./bench}) runs itself once more as a child with
 * them added. A value the user set is kept.
 */
public final class TestcontainersEnvironment {
    private TestcontainersEnvironment() {
    }

    /**
     * The variables to add for a command line: none unless it runs on the container target ({@code -Dpg.target}, the
     * last one given, or PGIB_TARGET); an unknown target adds none and is refused by the command itself.
     */
    public static Map<String, String> missingFor(String[] args) {
        String target = System.getenv().getOrDefault("PGIB_TARGET", "");
        for (String arg : args) {
            if (arg.startsWith("-Dpg.target=")) {
                target = arg.substring("-Dpg.target=".length());
            }
        }
        return target.trim().equalsIgnoreCase(TargetKind.CONTAINER.id()) ? missing(System.getenv()) : Map.of();
    }

    /** The variables to add to {@code environment}; empty when it has them. */
    static Map<String, String> missing(Map<String, String> environment) {
        Map<String, String> missing = new LinkedHashMap<>();
        if (!environment.containsKey("TESTCONTAINERS_RYUK_DISABLED")) {
            missing.put("TESTCONTAINERS_RYUK_DISABLED", "true");
        }
        if (!environment.containsKey("DOCKER_HOST") && !environment.containsKey("TESTCONTAINERS_HOST_OVERRIDE")) {
            missing.put("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        }
        return missing;
    }

    /**
     * Runs {@code mainClass} with {@code args} in a child JVM like this one (same Java, JVM options and class path)
     * whose environment has {@code added}; its output is this one's. Ctrl-C reaches the child directly (same
     * process group) and is ignored here; SIGTERM to this JVM is passed on to the child. Returns its exit code.
     */
    @SuppressWarnings("restriction")
    public static int rerun(Class<?> mainClass, String[] args, Map<String, String> added) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass.getName());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().putAll(added);
        Process child = builder.start();
        sun.misc.Signal.handle(new sun.misc.Signal("INT"), sun.misc.SignalHandler.SIG_IGN);
        sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> child.destroy());
        return child.waitFor();
    }
}
