package org.pgingest.report;

import org.pgingest.results.RateRecord;
import org.pgingest.results.ResultFile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A results page (docs/results/&lt;preset&gt;.md) whose tables are rendered from the result JSON committed beside it,
 * so that a page's numbers are the JSON's. The prose is the author's; each table sits between two marker lines,
 * <pre>
 * &lt;!-- table: ranked --&gt;
 * ...rendered Markdown...
 * &lt;!-- end table --&gt;
 * </pre>
 * where the name is {@value #RANKED} (the ranked table and its lines, as a run prints them) or the id of one of the
 * report's charts (its exact numbers: {@code rows-per-second}, {@code wal-bytes-per-row}, {@code wal-fsyncs-per-row},
 * {@code share-of-ceiling}, {@code allocation-per-row}; {@code rate-achieved}, {@code rate-latency-p99} for fixed-rate
 * runs). {@link #fill} writes the tables; {@link #differences} is what the test of the pages checks.
 */
public final class ResultsPage {
    static final String RANKED = "ranked";
    static final String END = "<!-- end table -->";
    private static final Pattern START = Pattern.compile("<!-- table: ([\\w-]+) -->");
    private static final Pattern BLOCK = Pattern.compile("<!-- table: ([\\w-]+) -->\\r?\\n(.*?)" + Pattern.quote(END),
            Pattern.DOTALL);

    private ResultsPage() {
    }

    /** The report of one result file, JMH's JSON or {@code ./bench rate}'s, as {@code ./bench report} reads it. */
    public static Report reportOf(Path json) {
        return RateRecord.holdsRateResults(json) ? Report.of(List.of(), RateRecord.read(json))
                : Report.of(List.of(ResultFile.read(json)));
    }

    /** Every table a page can hold, by marker name, rendered from {@code report}. */
    static Map<String, String> tables(Report report) {
        Map<String, String> tables = new LinkedHashMap<>();
        if (!report.rankings().isEmpty()) {
            StringBuilder ranked = new StringBuilder();
            report.rankings().forEach(r -> ranked.append(ranked.isEmpty() ? "" : "\n").append(r.markdown()));
            tables.put(RANKED, ranked.toString());
        }
        report.charts().forEach(c -> tables.put(c.id(), MarkdownReport.table(c)));
        return tables;
    }

    /**
     * The page with every marked table rendered from {@code report}; a page without one gets the ranked table
     * appended. A marker naming no table of this report is an {@link IllegalArgumentException} naming the valid ones.
     */
    public static String fill(String page, Report report) {
        Map<String, String> tables = tables(report);
        long starts = START.matcher(page).results().count();
        if (starts != BLOCK.matcher(page).results().count()) {
            // a start with no end after it: filled as if there were none, the page got a second table and kept the old
            throw new IllegalArgumentException("a <!-- table: NAME --> marker has no " + END + " after it: end each "
                    + "table with that line");
        }
        if (!BLOCK.matcher(page).find()) {
            if (!tables.containsKey(RANKED)) {
                throw new IllegalArgumentException("the result holds no entry to rank");
            }
            return page + (page.isEmpty() || page.endsWith("\n") ? "" : "\n") + "\n" + block(RANKED, tables.get(RANKED)) + "\n";
        }
        Matcher m = BLOCK.matcher(page);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String table = tables.get(m.group(1));
            if (table == null) {
                throw new IllegalArgumentException("<!-- table: " + m.group(1) + " -->: no such table in this result; "
                        + "valid: " + String.join(", ", tables.keySet()));
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(block(m.group(1), table)));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /**
     * What differs between the page's marked tables and the tables {@code report} renders, one line each; empty when
     * they agree. A page with no marked table, or a marker naming no table of the report, is a difference too.
     */
    static List<String> differences(String page, Report report) {
        Map<String, String> tables = tables(report);
        List<String> differences = new ArrayList<>();
        Matcher m = BLOCK.matcher(page);
        int found = 0;
        while (m.find()) {
            found++;
            String name = m.group(1);
            String table = tables.get(name);
            if (table == null) {
                differences.add("table '" + name + "': no such table in the result (valid: "
                        + String.join(", ", tables.keySet()) + ")");
            } else if (!m.group(2).strip().equals(table.strip())) {
                differences.add("table '" + name + "' differs from the result's: first differing line: "
                        + firstDifference(m.group(2).strip(), table.strip()));
            }
        }
        if (found == 0) {
            differences.add("no marked table (<!-- table: " + RANKED + " --> ... " + END + ")");
        }
        return differences;
    }

    private static String block(String name, String table) {
        return "<!-- table: " + name + " -->\n" + table.strip() + "\n" + END;
    }

    private static String firstDifference(String page, String rendered) {
        String[] a = page.split("\n", -1);
        String[] b = rendered.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "(nothing)";
            String y = i < b.length ? b[i] : "(nothing)";
            if (!x.equals(y)) {
                return "page has \"" + x + "\", the result gives \"" + y + "\"";
            }
        }
        return "(none)";
    }
}
