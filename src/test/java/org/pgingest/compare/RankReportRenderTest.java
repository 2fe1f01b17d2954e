package org.pgingest.compare;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.load.LoadMethod;
import org.pgingest.report.HeadlessChromium;
import org.pgingest.report.PageLayout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rank report in a real headless Chromium: no text of its heat map or strip chart over another or outside its svg,
 * with four candidates, one of them a variant with the longest name a variant may have (40 characters). Screenshots
 * are left in {@code target/rank-report-1000.png} and {@code target/rank-report-2000.png} to look at.
 */
@RequiresPart(Part.CHROMIUM)
class RankReportRenderTest {
    @TempDir
    Path dir;

    /**
     * A hand-made ranking: 12 rounds in 3 forks, each candidate's rows/s a few per cent from its own level, turns
     * rotating, and one slice of BATCH's per fork left out as compiling.
     */
    private static RankRun.Ranking ranking() {
        return ranking(List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.UNNEST),
                Candidate.of(LoadMethod.BATCH), new Candidate("batch_with_synchronous_commit_off_and_2k", LoadMethod.BATCH,
                        Map.of(), Map.of("synchronous_commit", "off"))));
    }

    /** Every method, as a ranking without -p method has them: long names in capitals, more lines than colours. */
    private static RankRun.Ranking everyMethod() {
        return ranking(java.util.Arrays.stream(LoadMethod.values()).map(Candidate::of).toList());
    }

    private static RankRun.Ranking ranking(List<Candidate> candidates) {
        return ranking(candidates, Map.of());
    }

    /** {@code missing}: candidates that cannot write the table, failed before the first round as a ranking's are. */
    private static RankRun.Ranking ranking(List<Candidate> candidates, Map<Integer, String> missing) {
        double[] level = new double[candidates.size()];
        for (int c = 0; c < level.length; c++) {
            // a row per statement, autocommitted, about 75 times slower than COPY: the strip chart's axis goes log
            level[c] = candidates.get(c).method() == LoadMethod.AUTOCOMMIT_ROW ? 2_100 : 160_000 / (1 + 0.25 * c);
        }
        Race race = new Race(candidates.size(), new RankStatistics(0.95, 0.03));
        missing.forEach(race::fail);
        List<List<RankRun.SliceRecord>> rounds = new ArrayList<>();
        for (int round = 0; round < 12; round++) {
            Map<Integer, Double> figures = new LinkedHashMap<>();
            List<RankRun.SliceRecord> slices = new ArrayList<>();
            for (int position = 0; position < candidates.size(); position++) {
                int c = (position + round) % candidates.size();
                if (missing.containsKey(c)) {
                    continue;
                }
                // BATCH's second slice in each fork stalls while its JVM compiles: left out, circled in the chart.
                boolean compiling = c == 2 && round % 4 == 1;
                double rows = level[c] * (compiling ? 0.2 : 1 + 0.02 * Math.sin(round * 1.7 + c));
                if (!compiling) {
                    figures.put(c, rows);
                }
                slices.add(new RankRun.SliceRecord(c, position, round / 4, Map.of("rows", rows), compiling));
            }
            race.add(round / 4, figures);
            rounds.add(slices);
        }
        race.look();
        return new RankRun.Ranking(500, candidates, race, rounds, missing, 600, List.of(8.0, 3.0, 3.0));
    }

    @Test
    void heatMapAndStripChart_atEveryWidth_noTextOverAnotherOrOutsideItsSvg() throws Exception {
        check(ranking(), "rank-report-");
    }

    @Test
    void everyMethodRanked_noNameClippedAndTheCaptionClearOfTheLegend() throws Exception {
        String html = Files.readString(check(everyMethod(), "rank-report-every-method-"));
        // AUTOCOMMIT_ROW 75 times slower than COPY: on a linear axis it lay flat on zero (a new user's report)
        assertThat(html).contains("; rows/s on a log scale)").contains(">1,000</text>").contains(">160,000</text>");
        assertThat(html).as("the heat map's key").contains("tied within the margin").contains("not settled, whatever the ratio");
    }

    /**
     * The page holds what the verdict's Markdown says beside the figures: the server and confidence, each candidate's
     * slices, the claims against the leader and who was not ranked, with why.
     */
    @Test
    void theReportSaysWhatTheMarkdownSays() throws Exception {
        List<Candidate> candidates = List.of(Candidate.of(LoadMethod.COPY_BINARY), Candidate.of(LoadMethod.UNNEST),
                Candidate.of(LoadMethod.BATCH), Candidate.of(LoadMethod.COPY_FREEZE));
        RankRun.Ranking r = ranking(candidates, Map.of(3, "missing: COPY_FREEZE cannot write t: <partitioned>"));
        String html = Files.readString(check(r, "rank-report-whole-"));
        assertThat(html).contains("<h1>Ranking: users</h1>").contains("PostgreSQL (test); confidence 95 %")
                .contains("<th>slices</th>").contains("9 (+3 compiling)").contains("Against the leader:")
                .contains("<li>COPY_BINARY ").contains("Not ranked:")
                .contains("<li>COPY_FREEZE: missing: COPY_FREEZE cannot write t: &lt;partitioned&gt;</li>");
        // the advice's Markdown as HTML: its backticks stood in the page, an advised option broken over two lines
        assertThat(html).contains("<p class=\"advice\"><strong>").doesNotContain("`").doesNotContain("**");
    }

    /** Writes the whole report of {@code r}, checks its layout at two widths and returns the page. */
    private Path check(RankRun.Ranking r, String screenshot) throws Exception {
        RankVerdict verdict = new RankVerdict(new RankVerdict.Run("users", "PostgreSQL (test)", List.of(),
                RankOptions.parse(new String[0]), List.of(r), Map.of(), 600));
        Path page = dir.resolve("report.html");
        RankReport.write(verdict, List.of(r), page, dir.resolve("report.md"));
        HeadlessChromium chromium = new HeadlessChromium(Part.chromium().orElseThrow(), dir);
        Files.createDirectories(Path.of("target"));
        for (int width : List.of(1000, 2000)) {
            chromium.screenshot(page, Path.of("target", screenshot + width + ".png"), width, 4000);
            PageLayout layout = PageLayout.of(chromium, page, width);
            assertThat(layout.svgs()).isEqualTo(2);
            assertThat(layout.problems()).as("texts over another or outside their svg at %d px", width).isEmpty();
        }
        return page;
    }
}
