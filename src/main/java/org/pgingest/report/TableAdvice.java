package org.pgingest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The paragraph a run on a user's table ends with, drawn from its ranked figures alone: per rows per call, the
 * fastest method with its rows/s, share of its ceiling and WAL per row, whether the next is told apart from it, the
 * cheapest on WAL among those within a tenth of its speed, and what committing every row costs where it was measured.
 * Nothing in it is written ahead of the run: a method appears only with figures the run measured.
 */
public final class TableAdvice {
    /** Methods this close to the fastest (a tenth of its rows/s) count as its peers for the WAL comparison. */
    static final double PEERS = 0.9;

    private TableAdvice() {
    }

    /** The paragraph for {@code table} (as people name it), or empty when the ranking has no method with rows/s. */
    public static Optional<String> paragraph(Ranking ranking, String table) {
        Map<String, List<Ranking.Row>> byRows = new LinkedHashMap<>();
        int rowsColumn = ranking.labelColumns().indexOf("rows");
        for (Ranking.Row row : ranking.rows()) {
            if (row.ceiling()) {
                continue;
            }
            String rows = rowsColumn >= 0 ? row.label().get(rowsColumn) : ranking.shared().getOrDefault("rows", "?");
            byRows.computeIfAbsent(rows, r -> new ArrayList<>()).add(row);
        }
        if (byRows.isEmpty()) {
            return Optional.empty();
        }
        List<String> sentences = new ArrayList<>();
        byRows.entrySet().stream().sorted(Map.Entry.comparingByKey((a, b) -> Long.compare(number(a), number(b))))
                .forEach(e -> sentences.add(atRows(e.getKey(), e.getValue(), ranking)));
        perRowCommit(ranking).ifPresent(sentences::add);
        // The first sentence follows the colon; the others start with a capital.
        for (int i = 1; i < sentences.size(); i++) {
            String sentence = sentences.get(i);
            sentences.set(i, sentence.substring(0, 1).toUpperCase(Locale.ROOT) + sentence.substring(1));
        }
        return Optional.of("For " + table + ": " + String.join(" ", sentences));
    }

    private static String atRows(String rows, List<Ranking.Row> methods, Ranking ranking) {
        Ranking.Row best = methods.get(0);
        StringBuilder s = new StringBuilder("at " + grouped(rows) + " rows per call " + method(best, ranking) + " loads fastest, "
                + Numbers.significant(best.rowsPerSecond().value(), 3) + " rows/s");
        List<String> costs = new ArrayList<>();
        if (best.share().present()) {
            costs.add(String.format(Locale.ROOT, "%.2f", best.share().value()) + " × its ceiling");
        }
        if (best.walBytes().present()) {
            costs.add(Numbers.significant(best.walBytes().value(), 3) + " WAL B/row");
        }
        if (best.walFsyncs().present()) {
            costs.add(Numbers.significant(best.walFsyncs().value(), 2) + " WAL fsyncs/row");
        }
        if (!costs.isEmpty()) {
            s.append(" (").append(String.join(", ", costs)).append(')');
        }
        if (methods.size() > 1) {
            Ranking.Row next = methods.get(1);
            boolean apart = Double.isFinite(best.rowsPerSecond().error()) && Double.isFinite(next.rowsPerSecond().error())
                    && best.rowsPerSecond().value() - best.rowsPerSecond().error()
                    > next.rowsPerSecond().value() + next.rowsPerSecond().error();
            s.append(apart ? ", ahead of " : ", not told apart from ").append(method(next, ranking)).append(" (")
                    .append(Numbers.significant(next.rowsPerSecond().value(), 3)).append(")");
            methods.stream().filter(r -> r != best && r.rowsPerSecond().value() >= PEERS * best.rowsPerSecond().value())
                    .filter(r -> r.walBytes().present() && best.walBytes().present()
                            && r.walBytes().value() < 0.9 * best.walBytes().value())
                    .findFirst().ifPresent(r -> s.append("; ").append(method(r, ranking)).append(" is within a tenth of it")
                            .append(" and writes less WAL (").append(Numbers.significant(r.walBytes().value(), 3))
                            .append(" B/row)"));
        }
        return s.append('.').toString();
    }

    /** What committing every row cost, where a per-row-commit method was measured beside the fastest. */
    private static Optional<String> perRowCommit(Ranking ranking) {
        int methodColumn = ranking.labelColumns().indexOf("method");
        if (methodColumn < 0) {
            return Optional.empty();
        }
        return ranking.rows().stream().filter(r -> !r.ceiling() && r.label().get(methodColumn).equals("AUTOCOMMIT_ROW"))
                .findFirst().filter(r -> r.walFsyncs().present())
                .map(r -> "Committing every row (AUTOCOMMIT_ROW) loads " + Numbers.significant(r.rowsPerSecond().value(), 3)
                        + " rows/s at " + Numbers.significant(r.walFsyncs().value(), 2) + " WAL fsyncs/row.");
    }

    private static String method(Ranking.Row row, Ranking ranking) {
        int methodColumn = ranking.labelColumns().indexOf("method");
        return methodColumn >= 0 ? row.label().get(methodColumn) : ranking.shared().getOrDefault("method", row.name());
    }

    private static long number(String rows) {
        try {
            return Long.parseLong(rows);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String grouped(String rows) {
        long n = number(rows);
        return n == Long.MAX_VALUE ? rows : String.format(Locale.ROOT, "%,d", n);
    }
}
