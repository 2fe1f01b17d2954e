package org.pgingest.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.results.HandMadeJmh;
import org.pgingest.results.ResultFile;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opens the report in a real headless Chromium, offline, and checks that every chart was laid out with every bar,
 * and that each run's colour is on the screen.
 */
@RequiresPart(Part.CHROMIUM)
class BrowserRenderTest {
    private static final String LOAD = "org.pgingest.bench.IngestBenchmark.load";

    @TempDir
    Path dir;

    private Path page() throws IOException {
        HandMadeJmh main = new HandMadeJmh();
        HandMadeJmh pr = new HandMadeJmh();
        for (String method : List.of("BATCH", "UNNEST", "COPY_BINARY")) {
            main.entry(LOAD, "thrpt", "method=" + method, "rows=500").primary("ops/s", 100, 110, 105)
                    .secondary("wal.bytes/row", "B/row", 330, 331, 332)
                    .secondary("wal.fsyncs/row", "fsyncs/row", 0.0021, 0.0020, 0.0021)
                    .facts(170011, "on", "on", "on", "off");
            pr.entry(LOAD, "thrpt", "method=" + method, "rows=500").primary("ops/s", 90, 95, 92)
                    .secondary("wal.bytes/row", "B/row", 390, 391, 392)
                    .secondary("wal.fsyncs/row", "fsyncs/row", 0.0021, 0.0022, 0.0021)
                    .facts(170011, "on", "on", "on", "off");
        }
        Report report = Report.of(List.of(ResultFile.read(main.write(dir.resolve("main.json"))),
                ResultFile.read(pr.write(dir.resolve("pr.json")))));
        assertThat(report.charts()).hasSize(3);
        return Files.writeString(dir.resolve("report.html"), HtmlReport.render(report, "report main.json pr.json"));
    }

    private HeadlessChromium chromium() {
        return new HeadlessChromium(Part.chromium().orElseThrow(), dir);
    }

    @Test
    void everyBarOfEveryChartIsLaidOut() throws Exception {
        HeadlessChromium chromium = chromium();
        String dom = chromium.dumpDom(page());
        // 3 charts x 3 methods x 2 runs, counted by the page's own load handler from the browser's layout boxes
        assertThat(attribute(dom, "body", "data-rendered-charts")).isEqualTo("3");
        assertThat(attribute(dom, "body", "data-rendered-bars")).isEqualTo("18");
        assertThat(dom).contains("<svg class=\"chart\" id=\"svg-wal-bytes-per-row\"");
    }

    @Test
    void eachRunsColourIsOnTheScreen() throws Exception {
        HeadlessChromium chromium = chromium();
        BufferedImage shot = ImageIO.read(chromium.screenshot(page(), dir.resolve("report.png"), 1400).toFile());
        assertThat(shot.getWidth()).isEqualTo(900);
        // legend swatches are 12 x 12 = 144 pixels per chart; bars add hundreds more
        assertThat(pixels(shot, SvgBarChart.PALETTE[0])).isGreaterThan(1000);
        assertThat(pixels(shot, SvgBarChart.PALETTE[1])).isGreaterThan(1000);
        assertThat(pixels(shot, SvgBarChart.PALETTE[2])).isZero();
    }

    private static String attribute(String dom, String element, String name) {
        Matcher m = Pattern.compile("<" + element + "[^>]*\\s" + name + "=\"([^\"]*)\"").matcher(dom);
        assertThat(m.find()).as(name + " on <" + element + "> in the DOM after load").isTrue();
        return m.group(1);
    }

    private static int pixels(BufferedImage image, String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        int count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    count++;
                }
            }
        }
        return count;
    }
}
