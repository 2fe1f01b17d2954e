package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.ParamColumns;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;
import org.pgingest.results.TrialFacts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What a report shows, built from one or more runs: the charts (rows/s, WAL bytes and fsyncs per row, share of
 * the ceiling, allocation per row; each only when some run has the figure) with one series per run, and each
 * run's server facts.
 *
 * @param runs   run names (file names), in the order given
 * @param facts  per run: fact name to its values over the run's trials ("17.11", "on", ...)
 * @param charts the charts that have data
 * @param rates  fixed-rate runs ({@code ./bench rate}), in the order given; their charts are among {@code charts}
 */
public record Report(List<String> runs, List<Map<String, String>> facts, List<Chart> charts, List<RateRecord> rates) {
    /** Facts shown per run: version and where the server came from, then the decisive settings. */
    static final List<String> SHOWN_FACTS = List.of("serverVersion", "target", "fsync", "synchronous_commit",
            "full_page_writes", "data_checksums", "wal_compression");

    public static Report of(List<ResultFile> files) {
        return of(files, List.of());
    }

    /** A report of JMH runs and fixed-rate runs; either list may be empty. */
    public static Report of(List<ResultFile> files, List<RateRecord> rates) {
        List<String> runs = runNames(files);
        List<BenchmarkResult> all = files.stream().flatMap(f -> f.results().stream()).toList();
        ParamColumns params = new ParamColumns(all);
        boolean severalBenchmarks = all.stream().map(BenchmarkResult::shortName).distinct().count() > 1;
        Function<BenchmarkResult, String> label = e -> {
            String distinct = params.distinct(e);
            String name = severalBenchmarks || distinct.isEmpty() ? e.shortName() + " " : "";
            return (name + distinct + (e.threads() == 1 ? "" : " t=" + e.threads())).trim();
        };

        List<Chart> charts = new ArrayList<>();
        String common = params.common().isEmpty() ? "" : " Params of every entry: " + params.common() + ".";
        add(charts, files, runs, label, "rows-per-second", "Rows per second", "rows/s",
                "Rows committed per second (higher is better); whiskers: JMH's 99.9 % interval." + common,
                (e, file) -> Figure.rowsPerSecond(e));
        add(charts, files, runs, label, "wal-bytes-per-row", "WAL bytes per row", "B/row",
                "WAL written per row, from the insert LSN (lower is better).",
                (e, file) -> Figure.metric(e, "wal.bytes/row"));
        add(charts, files, runs, label, "wal-fsyncs-per-row", "WAL fsyncs per row", "fsyncs/row",
                "WAL fsyncs by every server process per row: commit flushes, walwriter flushes, segment ends "
                        + "(lower is better).", (e, file) -> Figure.metric(e, "wal.fsyncs/row"));
        add(charts, files, runs, label, "share-of-ceiling", "Share of the ceiling", "× ceiling",
                "Rows/s over the rows/s of the server loading the same rows from a file it reads itself, same run "
                        + "(1 = as fast as the server alone; missing where this target could not measure the ceiling).",
                (e, file) -> Ceilings.share(e, file));
        boolean loadersOwn = all.stream().anyMatch(e -> Figure.allocationPerRow(e).getValue());
        add(charts, files, runs, label, "allocation-per-row", "Client allocation per row", "B/row",
                loadersOwn ? "Bytes the loader allocated per row, measured around the call (lower is better)."
                        : "JMH's gc.alloc.rate.norm over rows per operation: everything the iteration allocated, "
                        + "row generation included (lower is better).",
                (e, file) -> Figure.allocationPerRow(e).getKey());

        addRateCharts(charts, rates);
        List<Map<String, String>> facts = files.stream().map(Report::facts).toList();
        return new Report(runs, facts, charts, List.copyOf(rates));
    }

    /** Whether each rate was held (achieved over asked) and what its calls waited (p99 latency). */
    private static void addRateCharts(List<Chart> charts, List<RateRecord> rates) {
        if (rates.isEmpty()) {
            return;
        }
        List<String> cells = rates.stream().map(r -> r.label() + (r.held() ? "" : " (not held)")).toList();
        double[][] achieved = new double[rates.size()][1];
        double[][] p99 = new double[rates.size()][1];
        double[][] none = new double[rates.size()][1];
        for (int i = 0; i < rates.size(); i++) {
            achieved[i][0] = rates.get(i).achievedRowsPerSecond() / rates.get(i).askedRowsPerSecond();
            p99[i][0] = rates.get(i).latencyMs()[2];
            none[i][0] = Double.NaN;
        }
        charts.add(new Chart("rate-achieved", "Fixed rate: achieved share of the asked rate", "× asked",
                "Rows committed per second over the rows per second asked (1 = kept up); a rate is held when 99 % of "
                        + "the calls due had started by the end.", cells, List.of("achieved ÷ asked"), achieved, none,
                new String[rates.size()][1]));
        charts.add(new Chart("rate-latency-p99", "Fixed rate: p99 call latency", "ms",
                "Latency of a call from its scheduled start to its commit, 99th percentile (lower is better): a "
                        + "writer that falls behind shows here, not as a lower rate.", cells, List.of("p99 latency"),
                p99, none, new String[rates.size()][1]));
    }

    private interface Reader {
        Figure read(BenchmarkResult entry, ResultFile file);
    }

    private static void add(List<Chart> charts, List<ResultFile> files, List<String> runs,
                            Function<BenchmarkResult, String> label, String id, String title, String unit, String note,
                            Reader reader) {
        Map<String, Figure[]> byCategory = new LinkedHashMap<>();
        for (int r = 0; r < files.size(); r++) {
            ResultFile file = files.get(r);
            for (BenchmarkResult e : file.results()) {
                if (Ceilings.isCeiling(e) && id.equals("share-of-ceiling")) {
                    continue;
                }
                Figure f = reader.read(e, file);
                if (f.present() || f.missing() != null) {
                    Figure[] row = byCategory.computeIfAbsent(label.apply(e), k -> new Figure[files.size()]);
                    row[r] = f;
                }
            }
        }
        if (byCategory.isEmpty()) {
            return;
        }
        double[][] values = new double[byCategory.size()][files.size()];
        double[][] errors = new double[byCategory.size()][files.size()];
        String[][] missing = new String[byCategory.size()][files.size()];
        int c = 0;
        for (Figure[] row : byCategory.values()) {
            for (int r = 0; r < row.length; r++) {
                Figure f = Objects.requireNonNullElse(row[r], Figure.NONE);
                values[c][r] = f.value();
                errors[c][r] = f.error();
                missing[c][r] = f.missing();
            }
            c++;
        }
        charts.add(new Chart(id, title, unit, note, new ArrayList<>(byCategory.keySet()), runs, values, errors, missing));
    }

    /** File names; a name given twice gets its position appended. */
    private static List<String> runNames(List<ResultFile> files) {
        List<String> names = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < files.size(); i++) {
            String name = files.get(i).name();
            names.add(seen.add(name) ? name : name + " #" + (i + 1));
        }
        return names;
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
