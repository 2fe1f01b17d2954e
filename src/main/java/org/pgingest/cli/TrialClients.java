package org.pgingest.cli;

import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The most client connections one trial of a run opens at once: its JMH threads ({@code -t}, or the benchmark's
 * own {@code @Threads}) times its writers ({@code -p workers}, for the benchmarks that have them), each with a
 * connection of its own. Trials run one after the other, so the run needs what its largest trial needs.
 *
 * @param count  connections
 * @param asked  what the user asked that makes them, for a message ("-t 250", "-p workers=300")
 * @param option the option to lower, written so that a number can follow ("-t ", "-p workers=")
 */
record TrialClients(int count, String asked, String option) {
    private static final String WORKERS = "workers";

    static TrialClients of(Collection<BenchmarkListEntry> selected, CommandLineOptions cmd, Map<String, List<String>> given) {
        TrialClients most = new TrialClients(0, "", "-t ");
        for (BenchmarkListEntry entry : selected) {
            int threads = cmd.getThreads().orElse(entry.getThreads().orElse(1));
            if (threads == Threads.MAX) {
                threads = Runtime.getRuntime().availableProcessors();
            }
            int workers = 1;
            if (entry.getParams().hasValue() && entry.getParams().get().containsKey(WORKERS)) {
                Collection<String> values = given.containsKey(WORKERS) ? given.get(WORKERS)
                        : List.of(entry.getParams().get().get(WORKERS));
                workers = values.stream().mapToInt(v -> Integer.parseInt(v.trim())).max().orElse(1);
            }
            // One overflow-safe product: both were checked to be 1 or more.
            int count = (int) Math.min(Integer.MAX_VALUE, (long) threads * workers);
            if (count > most.count) {
                most = workers > 1 ? new TrialClients(count, "-p workers=" + workers + (threads > 1 ? " with -t " + threads : ""),
                        "-p workers=") : new TrialClients(count, "-t " + threads, "-t ");
            }
        }
        return most;
    }
}
