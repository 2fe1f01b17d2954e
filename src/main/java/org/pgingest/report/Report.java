package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;
import org.pgingest.results.TrialFacts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a report shows, built from one or more runs: first the answer (each run's {@link Ranking} and one chart of
 * every method's rows/s beside its WAL per row, fastest first), then the charts of each figure (rows/s, WAL bytes and
 * fsyncs per row, share of the ceiling, allocation per row; each only when some run has the figure) with one series
 * per run, and each run's server facts. In every chart the bars are sorted best first and labelled only by what
 * varies among that chart's entries; what they share is said in its note.
 *
 * @param runs     run names (file names), in the order given
 * @param facts    per run: fact name to its values over the run's trials ("17.11", "on", ...)
 * @param rankings the ranked table of the JMH runs and of the fixed-rate runs, where there are any
 * @param answer   rows/s and WAL bytes per row of every method, side by side, same categories (empty: no rows/s)
 * @param charts   the charts that have data
 * @param rates    fixed-rate runs ({@code ./bench rate}), in the order given; their charts are among {@code charts}
 */
public record Report(List<String> runs, List<Map<String, String>> facts, List<Ranking> rankings, List<Chart> answer,
                     List<Chart> charts, List<RateRecord> rates) {
    /** Facts shown per run: version and where the server came from, then the decisive settings. */
    static final List<String> SHOWN_FACTS = List.of("serverVersion", "target", "fsync", "synchronous_commit",
            "full_page_writes", "data_checksums", "wal_compression");
    private static final String TIMED = " Whiskers and ±: JMH's 99.9 % interval.";
    private static final String COUNTED = " Counted per iteration; the table gives the lowest and highest iteration.";

    public static Report of(List<ResultFile> files) {
        return of(files, List.of());
    }

    /** A report of JMH runs and fixed-rate runs; either list may be empty. */
    public static Report of(List<ResultFile> files, List<RateRecord> rates) {
        List<String> runs = Ranking.runNames(files);
        List<BenchmarkResult> all = files.stream().flatMap(f -> f.results().stream()).toList();
        boolean loadersOwn = all.stream().anyMatch(e -> Figure.allocationPerRow(e).getValue());
        Map<ResultFile, Ceilings> ceilings = Ceilings.of(files);

        List<Chart> answer = new ArrayList<>();
        Predicate<BenchmarkResult> methods = e -> !Ceilings.isCeiling(e) && Figure.rowsPerSecond(e).present();
        Optional<Chart> fastest = chart(files, runs, methods, "answer-rows-per-second", "Rows per second", "rows/s",
                "", (e, file) -> Figure.rowsPerSecond(e), true, false, null);
        fastest.ifPresent(rowsPerSecond -> {
            answer.add(rowsPerSecond);
            chart(files, runs, methods, "answer-wal-bytes-per-row", "WAL bytes per row", "B/row", "",
                    (e, file) -> Figure.metric(e, "wal.bytes/row"), false, true, rowsPerSecond.categories())
                    .ifPresent(answer::add);
        });

        List<Chart> charts = new ArrayList<>();
        Predicate<BenchmarkResult> every = e -> true;
        chart(files, runs, every, "rows-per-second", "Rows per second", "rows/s",
                "Rows committed per second (higher is better); \"Ceiling\" bars are the server loading the same rows "
                        + "from a file it reads itself." + TIMED, (e, file) -> Figure.rowsPerSecond(e), true, false, null)
                .ifPresent(charts::add);
        chart(files, runs, every, "wal-bytes-per-row", "WAL bytes per row", "B/row",
                "WAL written per row, from the insert LSN (lower is better)." + COUNTED,
                (e, file) -> Figure.metric(e, "wal.bytes/row"), false, true, null).ifPresent(charts::add);
        chart(files, runs, every, "wal-fsyncs-per-row", "WAL fsyncs per row", "fsyncs/row",
                "WAL fsyncs by every server process per row: commit flushes, walwriter flushes, segment ends "
                        + "(lower is better)." + COUNTED, (e, file) -> Figure.metric(e, "wal.fsyncs/row"), false, true, null)
                .ifPresent(charts::add);
        chart(files, runs, e -> !Ceilings.isCeiling(e), "share-of-ceiling", "Share of the ceiling", "× ceiling",
                "Rows/s over the rows/s of the server loading the same rows from a file it reads itself, same run "
                        + "(1 = as fast as the server alone; missing where this target could not measure the ceiling)."
                        + TIMED, (e, file) -> ceilings.get(file).share(e), true, false, null).ifPresent(charts::add);
        chart(files, runs, every, "allocation-per-row", "Client allocation per row", "B/row",
                (loadersOwn ? "Bytes the loader allocated per row, measured around the call (lower is better)."
                        : "JMH's gc.alloc.rate.norm over rows per operation: everything the iteration allocated, "
                        + "row generation included (lower is better).") + COUNTED,
                (e, file) -> Figure.allocationPerRow(e).getKey(), false, true, null).ifPresent(charts::add);

        addRateCharts(charts, rates);
        List<Ranking> rankings = new ArrayList<>();
        if (!files.isEmpty()) {
            rankings.add(Ranking.of(files));
        }
        if (!rates.isEmpty()) {
            rankings.add(Ranking.ofRates(rates));
        }
        List<Map<String, String>> facts = files.stream().map(Report::facts).toList();
        return new Report(runs, facts, rankings, answer, charts, List.copyOf(rates));
    }

    /** Whether each rate was held (achieved over asked) and what its calls waited (p99 latency), best first. */
    private static void addRateCharts(List<Chart> charts, List<RateRecord> rates) {
        if (rates.isEmpty()) {
            return;
        }
        Map<String, Figure[]> achieved = new LinkedHashMap<>();
        Map<String, Figure[]> p99 = new LinkedHashMap<>();
        Map<String, Integer> repeats = new java.util.HashMap<>();
        for (RateRecord r : rates) {
            String cell = unique(achieved.keySet(), r.label() + (r.held() ? "" : " (not held)"), repeats);
            achieved.put(cell, new Figure[] {new Figure(r.achievedRowsPerSecond() / r.askedRowsPerSecond(), Double.NaN)});
            p99.put(cell, new Figure[] {new Figure(r.latencyMs()[2], Double.NaN)});
        }
        charts.add(chart("rate-achieved", "Fixed rate: achieved share of the asked rate", "× asked",
                "Rows committed per second over the rows per second asked (1 = kept up); a rate is held when 99 % of "
                        + "the calls due had started by the end.", List.of("achieved ÷ asked"), achieved,
                sorted(achieved, true), false));
        charts.add(chart("rate-latency-p99", "Fixed rate: p99 call latency", "ms",
                "Latency of a call from its scheduled start to its commit, 99th percentile (lower is better): a "
                        + "writer that falls behind shows here, not as a lower rate.", List.of("p99 latency"), p99,
                sorted(p99, false), false));
    }

    private interface Reader {
        Figure read(BenchmarkResult entry, ResultFile file);
    }

    /**
     * The chart of one figure over the entries {@code include} admits that have it (or a recorded reason for its
     * absence), labelled by what varies among them, sorted best first, or in {@code order} where given.
     */
    private static Optional<Chart> chart(List<ResultFile> files, List<String> runs, Predicate<BenchmarkResult> include,
                                         String id, String title, String unit, String note, Reader reader,
                                         boolean higherIsBetter, boolean counted, List<String> order) {
        List<BenchmarkResult> charted = new ArrayList<>();
        // By identity, not a list's contains(): a report of 100,000 entries took minutes on that scan alone.
        Set<BenchmarkResult> isCharted = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (ResultFile file : files) {
            for (BenchmarkResult e : file.results()) {
                Figure f = include.test(e) ? reader.read(e, file) : Figure.NONE;
                if (f.present() || f.missing() != null || order != null && include.test(e)) {
                    charted.add(e);
                    isCharted.add(e);
                }
            }
        }
        if (charted.isEmpty()) {
            return Optional.empty();
        }
        EntryLabels labels = new EntryLabels(false, charted, List.of());
        Map<String, Figure[]> byCategory = new LinkedHashMap<>();
        Map<BenchmarkResult, String> category = new java.util.IdentityHashMap<>();
        Map<String, Integer> repeats = new java.util.HashMap<>();
        for (int r = 0; r < files.size(); r++) {
            for (BenchmarkResult e : files.get(r).results()) {
                if (isCharted.contains(e)) {
                    String label = labels.phrase(e);
                    Figure[] row = byCategory.computeIfAbsent(label, k -> new Figure[files.size()]);
                    if (row[r] != null) {
                        // Two entries of one run with one label (they differ in nothing this chart shows): keep both.
                        label = unique(byCategory.keySet(), label, repeats);
                        row = byCategory.computeIfAbsent(label, k -> new Figure[files.size()]);
                    }
                    row[r] = reader.read(e, files.get(r));
                    category.put(e, label);
                }
            }
        }
        if (byCategory.values().stream().flatMap(java.util.Arrays::stream)
                .noneMatch(f -> f != null && (f.present() || f.missing() != null))) {
            return Optional.empty();
        }
        String shared = labels.sharedText();
        String fullNote = (note + (shared.isEmpty() ? "" : " Every bar that has them: " + shared + ".")).strip();
        List<String> categories = order != null ? order : sorted(byCategory, higherIsBetter);
        return Optional.of(chart(id, title, unit, fullNote, runs, byCategory, categories, counted));
    }

    private static Chart chart(String id, String title, String unit, String note, List<String> series,
                               Map<String, Figure[]> byCategory, List<String> categories, boolean counted) {
        Figure[][] figures = new Figure[categories.size()][series.size()];
        for (int c = 0; c < categories.size(); c++) {
            Figure[] row = byCategory.getOrDefault(categories.get(c), new Figure[series.size()]);
            for (int s = 0; s < series.size(); s++) {
                figures[c][s] = Objects.requireNonNullElse(row[s], Figure.NONE);
            }
        }
        return new Chart(id, title, unit, note, categories, series, figures, counted);
    }

    /** Best first by the first run that has the figure; categories without one last, in the order found. */
    private static List<String> sorted(Map<String, Figure[]> byCategory, boolean higherIsBetter) {
        Comparator<Map.Entry<String, Figure[]>> byValue = Comparator.comparingDouble(e -> {
            double v = firstPresent(e.getValue());
            return Double.isNaN(v) ? Double.POSITIVE_INFINITY : higherIsBetter ? -v : v;
        });
        return byCategory.entrySet().stream().sorted(byValue).map(Map.Entry::getKey).toList();
    }

    private static double firstPresent(Figure[] row) {
        for (Figure f : row) {
            if (f != null && f.present()) {
                return f.value();
            }
        }
        return Double.NaN;
    }

    /** The label with the next free " #n": counted per label, so many repeats of one label stay linear. */
    private static String unique(Collection<String> taken, String label, Map<String, Integer> repeats) {
        if (!taken.contains(label)) {
            return label;
        }
        int n = repeats.getOrDefault(label, 1);
        String candidate;
        do {
            candidate = label + " #" + ++n;
        } while (taken.contains(candidate));
        repeats.put(label, n);
        return candidate;
    }

    private static Map<String, String> facts(ResultFile file) {
        Map<String, String> facts = new LinkedHashMap<>();
        if (file.facts().isEmpty()) {
            facts.put("server facts", "not recorded (" + file.factsPath().getFileName() + " absent)");
            return facts;
        }
        for (String name : SHOWN_FACTS) {
            facts.put(name, String.join(" / ", values(file.facts(), name)));
        }
        facts.put("trials", String.valueOf(file.facts().size()));
        if (!file.missing().isEmpty()) {
            // JMH's JSON has no entry for them: without this a reader sees only absent rows.
            facts.put("missing trials", file.missing().size() + ": " + String.join("; ",
                    file.missing().stream().map(m -> m.trial() + ": " + m.reason()).toList()));
        }
        return facts;
    }

    private static Collection<String> values(List<TrialFacts> trials, String name) {
        Set<String> values = new TreeSet<>();
        trials.forEach(t -> values.add(Objects.requireNonNullElse(t.get(name), "unknown")));
        return values;
    }
}
