package org.pgingest.report;

import org.pgingest.results.BenchmarkResult;
import org.pgingest.results.Markdown;
import org.pgingest.results.Metric;
import org.pgingest.results.MissingTrial;
import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;
import org.pgingest.results.TrialFacts;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The answer a run ends with: every entry that has rows/s, fastest first, with what it cost (share of the same-rows
 * ceiling, WAL bytes and fsyncs per row, server CPU per row, the loader's allocation per row), then a few lines drawn
 * from those figures: the fastest and how sure that is, the cheapest on WAL, what is missing and why, and the
 * warnings a reader must not miss (fsync off, a setting that differs, other work on the server). One model, written
 * as terminal text ({@link #text}) or Markdown ({@link #markdown}), so a results page and the terminal show the same
 * table from the same JSON.
 *
 * <p>Times (rows/s, CPU) are shown with JMH's 99.9 % interval; counted figures (WAL bytes, fsyncs, allocation) as
 * counted, with "~" where the measured iterations counted different values (then the mean is shown).
 *
 * @param server       the servers the entries ran on, with their durability settings ("" where not recorded)
 * @param labelColumns the columns that tell entries apart (run, benchmark, method, the params that vary)
 * @param shared       params with the same value in every entry that has them, said once above the table
 * @param rows         entries with rows/s, fastest first
 * @param lines        findings drawn from the figures, in reading order
 */
public record Ranking(String server, List<String> labelColumns, SortedMap<String, String> shared, List<Row> rows,
                      List<String> lines) {
    /** A counted figure whose iterations spread wider than this share of it is marked approximate. */
    static final double COUNTED_TOLERANCE = 0.01;
    static final String APPROXIMATE = "~";

    public Ranking {
        labelColumns = List.copyOf(labelColumns);
        shared = new TreeMap<>(shared);
        rows = List.copyOf(rows);
        lines = List.copyOf(lines);
    }

    /**
     * One ranked entry: its label (one value per label column, "" where it has none) and its figures.
     *
     * @param ceiling whether it is a ceiling (the server loading the rows itself), not a way a client can load
     */
    record Row(List<String> label, String name, boolean ceiling, Figure rowsPerSecond, Figure share,
                      Figure walBytes, Figure walFsyncs, Figure cpu, Figure alloc) {
        Row {
            label = List.copyOf(label);
        }
    }

    /** A figure column of the table: its heading, what it reads from a row, and how its cells are written. */
    private enum Column {
        ROWS_PER_SECOND("rows/s", Row::rowsPerSecond) {
            @Override
            String cell(Figure f) {
                return Numbers.significant(f.value(), 4);
            }
        },
        INTERVAL("99.9 % interval", Row::rowsPerSecond) {
            @Override
            String cell(Figure f) {
                return Numbers.relative(f.error(), f.value());
            }
        },
        SHARE("× ceiling", Row::share) {
            @Override
            String cell(Figure f) {
                return f.present() ? String.format(java.util.Locale.ROOT, "%.2f", f.value())
                        : f.missing() != null ? "missing" : "";
            }
        },
        WAL_BYTES("WAL B/row", Row::walBytes) {
            @Override
            String cell(Figure f) {
                return counted(f);
            }
        },
        WAL_FSYNCS("WAL fsyncs/row", Row::walFsyncs) {
            @Override
            String cell(Figure f) {
                return counted(f);
            }
        },
        CPU("server CPU µs/row", Row::cpu) {
            @Override
            String cell(Figure f) {
                return f.present() ? Numbers.withError(f.value(), f.error(), 3) : "";
            }
        },
        ALLOC("loader alloc B/row", Row::alloc) {
            @Override
            String cell(Figure f) {
                return counted(f);
            }
        };

        final String heading;
        final Function<Row, Figure> figure;

        Column(String heading, Function<Row, Figure> figure) {
            this.heading = heading;
            this.figure = figure;
        }

        abstract String cell(Figure f);

        static String counted(Figure f) {
            if (!f.present()) {
                return "";
            }
            return (f.variesBeyond(COUNTED_TOLERANCE) ? APPROXIMATE : "") + Numbers.significant(f.value(), 3);
        }
    }

    /** The ranking of one or more JMH runs (each run's entries with its own ceilings and facts). */
    public static Ranking of(List<ResultFile> files) {
        List<String> runNames = runNames(files);
        Map<ResultFile, String> names = new java.util.IdentityHashMap<>();
        for (int i = 0; i < files.size(); i++) {
            names.put(files.get(i), runNames.get(i));
        }
        List<Located> all = new ArrayList<>();
        for (ResultFile file : files) {
            file.results().forEach(e -> all.add(new Located(file, e)));
        }
        List<Located> ranked = all.stream().filter(l -> Figure.rowsPerSecond(l.entry()).present())
                .sorted(Comparator.comparingDouble((Located l) -> -Figure.rowsPerSecond(l.entry()).value())).toList();
        List<MissingTrial> missing = files.stream().flatMap(f -> f.missing().stream()).toList();

        EntryLabels labels = new EntryLabels(files.size() > 1, ranked.stream().map(Located::entry).toList(), missing);
        Map<ResultFile, Ceilings> ceilings = Ceilings.of(files);
        List<Row> rows = new ArrayList<>();
        for (Located l : ranked) {
            BenchmarkResult e = l.entry();
            Map.Entry<Figure, Boolean> alloc = Figure.allocationPerRow(e);
            rows.add(new Row(labels.cells(names.get(l.file()), e), labels.phrase(names.get(l.file()), e), Ceilings.isCeiling(e),
                    Figure.rowsPerSecond(e), ceilings.get(l.file()).share(e), Figure.metric(e, "wal.bytes/row"),
                    Figure.metric(e, "wal.fsyncs/row"), Figure.metric(e, "server.cpu/row"),
                    alloc.getValue() ? alloc.getKey() : Figure.NONE));
        }

        List<String> lines = new ArrayList<>();
        List<Row> methods = rows.stream().filter(r -> !r.ceiling()).toList();
        fastest(methods).ifPresent(lines::add);
        leastWal(methods).ifPresent(lines::add);
        if (rows.stream().anyMatch(Row::ceiling)) {
            lines.add("Ceiling: the server loading the same rows in the same format from a file it reads itself; "
                    + "× ceiling is a method's rows/s over it.");
        }
        List<String> noInterval = rows.stream().filter(r -> !Double.isFinite(r.rowsPerSecond().error()))
                .map(Row::name).toList();
        if (!noInterval.isEmpty()) {
            lines.add("No interval for " + String.join(", ", noInterval)
                    + ": JMH gives one from 3 measured iterations (-i 3 or more).");
        }
        List<String> unranked = all.stream().filter(l -> !Figure.rowsPerSecond(l.entry()).present())
                .map(l -> l.entry().label() + " " + Numbers.withError(l.entry().primary().score(),
                        l.entry().primary().error(), 3) + " " + l.entry().primary().unit()).toList();
        if (!unranked.isEmpty()) {
            lines.add("Not ranked (no rows/s): " + String.join("; ", unranked) + ".");
        }
        missingLines(missing, labels).forEach(lines::add);
        contamination(all, labels, names).ifPresent(lines::add);
        warnings(files.stream().flatMap(f -> f.facts().stream()).toList()).forEach(lines::add);
        if (rows.stream().anyMatch(r -> Column.counted(r.walBytes()).startsWith(APPROXIMATE)
                || Column.counted(r.walFsyncs()).startsWith(APPROXIMATE)
                || Column.counted(r.alloc()).startsWith(APPROXIMATE))) {
            lines.add("~: a counted figure whose iterations differed by more than 1 % (the mean is shown; the range "
                    + "is in the report).");
        }
        return new Ranking(servers(files.stream().flatMap(f -> f.facts().stream()).toList()), labels.columns(),
                labels.shared(), rows, lines);
    }

    /**
     * Each run's name in tables and charts: its file name, or as many of its path's last parts as tell it from the
     * others ({@code main/jmh-result.json}, {@code pr/jmh-result.json}: a CI job's two runs have one file name); a
     * file given twice gets its position too.
     */
    static List<String> runNames(List<ResultFile> files) {
        List<Path> paths = files.stream().map(f -> f.path().toAbsolutePath().normalize()).toList();
        List<String> names = new ArrayList<>();
        for (Path path : paths) {
            int parts = 1;
            while (parts < path.getNameCount() && clashes(path, parts, paths)) {
                parts++;
            }
            names.add(path.subpath(path.getNameCount() - parts, path.getNameCount()).toString());
        }
        Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            if (!seen.add(names.get(i))) {
                names.set(i, names.get(i) + " #" + (i + 1));
            }
        }
        return names;
    }

    /** Whether another path, not the same, ends in the same last {@code parts} parts. */
    private static boolean clashes(Path path, int parts, List<Path> paths) {
        Path tail = path.subpath(path.getNameCount() - parts, path.getNameCount());
        return paths.stream().anyMatch(p -> !p.equals(path) && p.getNameCount() >= parts
                && p.subpath(p.getNameCount() - parts, p.getNameCount()).equals(tail));
    }

    /** Fixed-rate runs ({@code ./bench rate}), by achieved rows/s, with whether each rate was held. */
    public static Ranking ofRates(List<RateRecord> rates) {
        List<Map<String, String>> params = rates.stream().map(Ranking::rateParams).toList();
        SortedMap<String, String> shared = new TreeMap<>();
        List<String> varying = new ArrayList<>(List.of("method"));
        for (String name : List.of("rows per call", "workers", "connections", "asked rows/s", "held")) {
            Set<String> values = params.stream().map(p -> p.get(name)).collect(Collectors.toSet());
            if (values.size() > 1 || name.equals("held")) {
                varying.add(name);
            } else {
                shared.put(name, values.iterator().next());
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rates.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> -rates.get(i).achievedRowsPerSecond()));
        List<Row> rows = new ArrayList<>();
        for (int i : order) {
            RateRecord r = rates.get(i);
            // CPU as a share of one core over the run, per row: cpu% / 100 core-seconds per second over rows per second.
            double cpuMicrosPerRow = r.cpuPercent() / 100 * 1e6 / r.achievedRowsPerSecond();
            Map<String, String> p = params.get(i);
            rows.add(new Row(varying.stream().map(p::get).toList(), r.label(), false,
                    new Figure(r.achievedRowsPerSecond(), Double.NaN), Figure.NONE, new Figure(r.walBytesPerRow(), Double.NaN),
                    new Figure(r.walFsyncsPerRow(), Double.NaN), new Figure(cpuMicrosPerRow, Double.NaN), Figure.NONE));
        }
        List<String> lines = new ArrayList<>();
        List<String> notHeld = rates.stream().filter(r -> !r.held()).map(RateRecord::label).toList();
        lines.add(rates.size() == 1 ? (rates.get(0).held() ? "The rate was held." : "The rate was NOT held.")
                : "Held: " + (rates.size() - notHeld.size()) + " of " + rates.size() + " runs"
                + (notHeld.isEmpty() ? "." : "; not held: " + String.join("; ", notHeld) + "."));
        lines.add("Fixed-rate rows/s is what was achieved in one run (no interval); latency percentiles are in the report.");
        Set<String> warnings = new LinkedHashSet<>();
        rates.forEach(r -> warnings.addAll(r.warnings()));
        warnings.forEach(w -> lines.add(warningLine(w)));
        String servers = rates.stream().map(r -> "PostgreSQL " + r.serverVersion()).distinct()
                .collect(Collectors.joining(", "));
        return new Ranking(servers + ".", varying, shared, rows, lines);
    }

    private static Map<String, String> rateParams(RateRecord r) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("method", r.method());
        p.put("rows per call", String.valueOf(r.batch()));
        p.put("workers", String.valueOf(r.workers()));
        p.put("connections", r.connections());
        p.put("asked rows/s", Numbers.significant(r.askedRowsPerSecond(), 6));
        p.put("held", r.held() ? "yes" : "NO");
        return p;
    }

    /** The same ranking with more lines after its own (a caller's recommendation, say). */
    public Ranking withLines(List<String> more) {
        List<String> all = new ArrayList<>(lines);
        all.addAll(more);
        return new Ranking(server, labelColumns, shared, rows, all);
    }

    /** The figure columns that have something to show in this ranking. */
    private List<Column> columns() {
        List<Column> shown = new ArrayList<>();
        for (Column c : Column.values()) {
            if (rows.stream().anyMatch(r -> !c.cell(c.figure.apply(r)).isEmpty() && !c.cell(c.figure.apply(r)).equals("–"))) {
                shown.add(c);
            }
        }
        return shown;
    }

    /** The table's headings: the label columns, then the figure columns that have something to show. */
    List<String> headings() {
        List<String> h = new ArrayList<>(labelColumns);
        columns().forEach(c -> h.add(c.heading));
        return h;
    }

    /** The table's cells, one list per ranked row, as {@link #headings()} orders them. */
    List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows) {
            List<String> line = new ArrayList<>(r.label());
            columns().forEach(c -> line.add(c.cell(c.figure.apply(r))));
            cells.add(line);
        }
        return cells;
    }

    /** "Every entry that has them: k=v, ..."; empty when no param is shared. */
    String sharedSentence() {
        return shared.isEmpty() ? "" : "Every entry that has them: " + shared.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", ")) + ".";
    }

    /** {@link #text(boolean)} for this JVM's standard output: ASCII where its encoding cannot show ± and µ. */
    public String text() {
        String encoding = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        java.nio.charset.Charset charset = encoding != null && java.nio.charset.Charset.isSupported(encoding)
                ? java.nio.charset.Charset.forName(encoding) : java.nio.charset.Charset.defaultCharset();
        return text(charset.newEncoder().canEncode("±×µ–~"));
    }

    /**
     * The table in aligned columns (labels left, figures right), the shared params above it and the lines below.
     *
     * @param unicode whether the terminal can show ±, ×, µ, – and ~ (under a POSIX locale Java writes them as "?")
     */
    public String text(boolean unicode) {
        List<String> headings = headings();
        List<List<String>> cells = cells();
        int[] width = new int[headings.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = headings.get(i).length();
            for (List<String> row : cells) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        if (!server.isEmpty()) {
            sb.append(server).append('\n');
        }
        if (!shared.isEmpty()) {
            sb.append(sharedSentence()).append('\n');
        }
        appendAligned(sb, headings, width);
        for (List<String> row : cells) {
            appendAligned(sb, row, width);
        }
        if (rows.isEmpty()) {
            sb.append("(no entry has rows/s)\n");
        }
        lines.forEach(l -> sb.append("- ").append(l).append('\n'));
        return unicode ? sb.toString() : ascii(sb.toString());
    }

    private void appendAligned(StringBuilder sb, List<String> cells, int[] width) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean label = i < labelColumns.size();
            String pad = " ".repeat(width[i] - cell.length());
            line.append(i == 0 ? "" : "  ").append(label ? cell + pad : pad + cell);
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    /** The table as Markdown (labels left-aligned, figures right), the shared params above it, the lines as a list. */
    String markdown() {
        List<String> headings = headings();
        StringBuilder sb = new StringBuilder();
        if (!server.isEmpty() || !shared.isEmpty()) {
            sb.append(Markdown.text((server + " " + sharedSentence()).strip())).append("\n\n");
        }
        sb.append("| ").append(headings.stream().map(Markdown::text).collect(Collectors.joining(" | "))).append(" |\n|");
        for (int i = 0; i < headings.size(); i++) {
            sb.append(i < labelColumns.size() ? "---|" : "---:|");
        }
        sb.append('\n');
        for (List<String> row : cells()) {
            sb.append("| ").append(row.stream().map(Markdown::text).collect(Collectors.joining(" | "))).append(" |\n");
        }
        if (!lines.isEmpty()) {
            sb.append('\n');
            lines.forEach(l -> sb.append("- ").append(Markdown.text(l)).append('\n'));
        }
        return sb.toString();
    }

    /** What ASCII terminals can show: "+-" for ±, "x" for ×, "us" for µs, "-" for –. */
    static String ascii(String text) {
        return text.replace("±", "+-").replace("×", "x").replace("µ", "u").replace("–", "-");
    }

    // ---- findings ----

    private record Located(ResultFile file, BenchmarkResult entry) {
    }

    /** The fastest method and whether the next one is told apart from it (their 99.9 % intervals do not meet). */
    private static Optional<String> fastest(List<Row> methods) {
        if (methods.isEmpty()) {
            return Optional.empty();
        }
        Row first = methods.get(0);
        String head = "Fastest: " + first.name() + " at " + Numbers.significant(first.rowsPerSecond().value(), 4) + " rows/s";
        if (methods.size() == 1) {
            return Optional.of(head + " (the only method measured).");
        }
        Row second = methods.get(1);
        Figure a = first.rowsPerSecond();
        Figure b = second.rowsPerSecond();
        String ratio = Numbers.significant(a.value() / b.value(), 3) + "× the next, " + second.name() + " ("
                + Numbers.significant(b.value(), 4) + ")";
        String sure;
        if (!Double.isFinite(a.error()) || !Double.isFinite(b.error())) {
            sure = "without intervals the order is not established";
        } else if (a.value() - a.error() > b.value() + b.error()) {
            sure = "their 99.9 % intervals do not overlap";
        } else {
            sure = "their 99.9 % intervals overlap, so this order is not established";
        }
        return Optional.of(head + ", " + ratio + "; " + sure + ".");
    }

    /** The method writing the least WAL per row, against the most, and the fewest WAL fsyncs per row. */
    private static Optional<String> leastWal(List<Row> methods) {
        List<Row> withWal = methods.stream().filter(r -> r.walBytes().present())
                .sorted(Comparator.comparingDouble(r -> r.walBytes().value())).toList();
        if (withWal.size() < 2) {
            return Optional.empty();
        }
        Row least = withWal.get(0);
        Row most = withWal.get(withWal.size() - 1);
        StringBuilder sb = new StringBuilder("Least WAL: " + least.name() + " " + Column.counted(least.walBytes())
                + " B/row (most: " + most.name() + " " + Column.counted(most.walBytes()) + ")");
        methods.stream().filter(r -> r.walFsyncs().present()).min(Comparator.comparingDouble(r -> r.walFsyncs().value()))
                .ifPresent(r -> sb.append("; fewest WAL fsyncs: ").append(r.name()).append(' ')
                        .append(Column.counted(r.walFsyncs())).append("/row"));
        return Optional.of(sb.append('.').toString());
    }

    /** One line per reason: the trials the target could not measure. */
    private static List<String> missingLines(List<MissingTrial> missing, EntryLabels labels) {
        Map<String, List<String>> byReason = new LinkedHashMap<>();
        for (MissingTrial m : missing) {
            byReason.computeIfAbsent(m.reason(), r -> new ArrayList<>()).add(labels.phrase(m));
        }
        List<String> lines = new ArrayList<>();
        byReason.forEach((reason, trials) -> lines.add("Missing (this target cannot measure it): "
                + String.join(", ", trials) + ": " + reason + "."));
        return lines;
    }

    /** Entries whose server costs include other work on the server (the profiler's contamination flag). */
    private static Optional<String> contamination(List<Located> all, EntryLabels labels,
                                                  Map<ResultFile, String> names) {
        List<String> hit = new ArrayList<>();
        for (Located l : all) {
            Metric flag = l.entry().metrics().get(Metric.CONTAMINATED);
            if (flag != null) {
                long iterations = java.util.Arrays.stream(flag.presentIterations()).filter(v -> v > 0).count();
                if (iterations > 0) {
                    hit.add(labels.phrase(names.get(l.file()), l.entry()) + " (" + iterations + " of "
                            + flag.presentIterations().length + " iterations)");
                }
            }
        }
        return hit.isEmpty() ? Optional.empty() : Optional.of("CONTAMINATED: other work ran on the "
                + "server while measuring " + String.join(", ", hit) + "; their WAL, fsync and CPU figures include it "
                + "(the JMH log says what fired).");
    }

    /** "PostgreSQL 17.11 (embedded): fsync=on, synchronous_commit=on, full_page_writes=on." for each distinct server. */
    static String servers(List<TrialFacts> facts) {
        Set<String> servers = new LinkedHashSet<>();
        for (TrialFacts t : facts) {
            servers.add("PostgreSQL " + t.get("serverVersion") + " (" + t.get("target") + "): fsync=" + t.get("fsync")
                    + ", synchronous_commit=" + t.get("synchronous_commit") + ", full_page_writes=" + t.get("full_page_writes"));
        }
        return servers.isEmpty() ? "" : String.join("; ", servers) + ".";
    }

    /** The warnings the server facts recorded, each once; fsync off also from the setting where none were recorded. */
    static List<String> warnings(List<TrialFacts> facts) {
        Set<String> warnings = new LinkedHashSet<>();
        for (TrialFacts t : facts) {
            warnings.addAll(t.warnings());
            if (t.warnings().isEmpty() && "off".equalsIgnoreCase(t.get("fsync"))) {
                warnings.add("FSYNC IS OFF on this server (recorded setting fsync=off): fsync counts are 0 and methods "
                        + "that commit often look faster than in production.");
            }
        }
        return warnings.stream().map(Ranking::warningLine).toList();
    }

    private static String warningLine(String warning) {
        return "WARNING: " + warning;
    }

    @Override
    public String toString() {
        return text(true);
    }
}
