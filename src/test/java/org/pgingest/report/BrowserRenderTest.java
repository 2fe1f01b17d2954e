package org.pgingest.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opens the report in a real headless Chromium, offline, at the narrowest and widest page the report is made for
 * (1,000 and 2,000 px), and checks from the browser's own layout boxes ({@link PageLayout}) that no text of any chart
 * (legend, labels, values, ticks, reasons) reaches outside its SVG or overlaps another, and that each chart has a
 * label per entry and a bar per measured figure.
 * Screenshots are left in {@code target/report-1000.png} and {@code target/report-2000.png} to look at. Skipped, with
 * the reason, where no Chromium can be had.
 */
@RequiresPart(Part.CHROMIUM)
class BrowserRenderTest {
    private static final String LOAD = "org.pgingest.bench.IngestBenchmark.load";
    private static final List<Integer> WIDTHS = List.of(1000, 2000);

    @TempDir
    Path dir;

    /**
     * A real run (ceiling, binary COPY and batch at 500 rows: {@link RankingTest#realRun()}) beside a hand-made one
     * whose labels and reasons are as long as a user's params can make them.
     */
    private Path page() throws Exception {
        String longShape = "shape=A_TABLE_WITH_A_VERY_LONG_NAME_THAT_A_USER_MIGHT_REALLY_HAVE_IN_A_SCHEMA_OF_THEIR_OWN_"
                + "WITH_MORE_WORDS_THAN_ANYONE_WOULD_TYPE_TWICE";
        HandMadeJmh wide = new HandMadeJmh();
        for (String method : List.of("BATCH", "COPY_BINARY", "MULTI_ROW_VALUES")) {
            wide.entry(LOAD, "thrpt", "method=" + method, "rows=500", longShape, "indexes=PK_UNIQUE_BTREE_GIN")
                    .primary("ops/s", 100, 110, 105).secondary("rows", "ops/s", 1_234_567, 1_334_567, 1_434_567)
                    .secondary("wal.bytes/row", "B/row", 330, 331, 332)
                    .facts(170011, "on", "on", "on", "off");
        }
        wide.missing("org.pgingest.bench.CeilingBenchmark.load", "role app_loader_with_a_long_name is neither superuser "
                + "nor a member of pg_read_server_files, which COPY FROM a file needs; grant it or run as a superuser",
                "method=COPY_BINARY", "rows=500", longShape);
        Report report = Report.of(List.of(RankingTest.realRun(), ResultFile.read(wide.write(dir.resolve("wide.json")))));
        return Files.writeString(dir.resolve("report.html"), HtmlReport.render(report, "report run.json wide.json"));
    }

    /**
     * What each chart must show, worked out from the two runs: entries (labels) and measured figures (bars). The real
     * run has a ceiling and two methods, all with rows/s, WAL and fsyncs, allocation for the two methods and a share
     * of the ceiling for binary COPY; the wide run three methods with rows/s and WAL, and binary COPY's ceiling
     * missing with a reason.
     */
    private static Map<String, int[]> expected() {
        Map<String, int[]> charts = new LinkedHashMap<>();
        // {labels, bars}: entries of both runs in one chart are the union of their labels, one bar per run that has it
        charts.put("answer", new int[] {5, 2 * (2 + 3)});
        charts.put("rows-per-second", new int[] {6, 6});
        charts.put("wal-bytes-per-row", new int[] {6, 6});
        charts.put("wal-fsyncs-per-row", new int[] {3, 3});
        charts.put("share-of-ceiling", new int[] {2, 1});
        charts.put("allocation-per-row", new int[] {2, 2});
        return charts;
    }

    private HeadlessChromium chromium() {
        return new HeadlessChromium(Part.chromium().orElseThrow(), dir);
    }

    @Test
    void atEveryWidth_noTextLeavesItsChartOrOverlapsAnother_andEveryEntryHasItsLabelAndBars() throws Exception {
        HeadlessChromium chromium = chromium();
        Path page = page();
        for (int width : WIDTHS) {
            PageLayout layout = PageLayout.of(chromium, page, width);
            assertThat(layout.svgs()).as("charts at %d px", width).isEqualTo(expected().size());
            assertThat(layout.problems()).as("texts outside their chart or over another at %d px", width).isEmpty();
            expected().forEach((chart, counts) -> {
                assertThat(layout.labels("svg-" + chart)).as("labels of %s at %d px", chart, width)
                        .isEqualTo(counts[0]);
                assertThat(layout.bars("svg-" + chart)).as("bars of %s at %d px", chart, width).isEqualTo(counts[1]);
            });
        }
    }

    /**
     * One real run (docs/results/quick.json, the suite's quick selection): one series, so one legend entry above the
     * first label, and fsyncs per row from 0.002 (batched) to 1 (a commit per row) in one chart.
     */
    @Test
    void aCommittedRun_atEveryWidth_noTextLeavesItsChartOrOverlapsAnother_andEveryFsyncBarIsSeen() throws Exception {
        HeadlessChromium chromium = chromium();
        Report report = Report.of(List.of(ResultFile.read(Path.of("docs/results/quick.json"))));
        Path page = Files.writeString(dir.resolve("quick.html"), HtmlReport.render(report, "report quick.json"));
        for (int width : WIDTHS) {
            PageLayout layout = PageLayout.of(chromium, page, width);
            assertThat(layout.problems()).as("texts outside their chart or over another at %d px", width).isEmpty();
            // 9 entries with fsyncs, the smallest 0.00202 beside 1: every bar at least a few px long
            assertThat(layout.bars("svg-wal-fsyncs-per-row")).as("fsync bars at %d px", width).isEqualTo(9);
            assertThat(layout.narrowestBar("svg-wal-fsyncs-per-row")).as("narrowest fsync bar at %d px", width)
                    .isGreaterThan(20);
        }
    }

    @Test
    void screenshotsAtBothWidths_showEachRunsColour_andUseThePageWidth() throws Exception {
        HeadlessChromium chromium = chromium();
        Path page = page();
        Files.createDirectories(Path.of("target"));
        for (int width : WIDTHS) {
            BufferedImage shot = ImageIO.read(chromium.screenshot(page, Path.of("target", "report-" + width + ".png"),
                    width, 2400).toFile());
            assertThat(shot.getWidth()).isEqualTo(width);
            assertThat(pixels(shot, SvgBarChart.PALETTE[0], 0, width)).as("first run's colour").isGreaterThan(1000);
            assertThat(pixels(shot, SvgBarChart.PALETTE[1], 0, width)).as("second run's colour").isGreaterThan(1000);
            assertThat(pixels(shot, SvgBarChart.PALETTE[2], 0, width)).as("no third run").isZero();
            // Bars reach into the right half of the page: the charts are as wide as the page, not a fixed 860 px.
            assertThat(pixels(shot, SvgBarChart.PALETTE[0], width / 2, width)).as("bars in the right half at %d px", width)
                    .isGreaterThan(100);
        }
    }

    private static int pixels(BufferedImage image, String hex, int fromX, int toX) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = fromX; x < toX; x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    count++;
                }
            }
        }
        return count;
    }
}
