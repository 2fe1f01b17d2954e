package org.pgingest.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every results page that has its result JSON beside it (docs/results/NAME.md with NAME.json, and its
 * NAME.json.server.jsonl facts) holds, between its table markers, exactly what the report renders from that JSON:
 * a page's numbers are the JSON's. Pages without a JSON beside them are not checked (nothing to check them against);
 * no pages at all is no failure. Regenerate a page's tables with
 * {@code ./bench report docs/results/NAME.json --page docs/results/NAME.md}.
 */
class ResultsPagesTest {
    private static final Path PAGES = Path.of("docs", "results");

    @TempDir
    Path dir;

    @Test
    void everyPageWithItsJsonShowsTheJsonsNumbers() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Path page : pagesWithJson(PAGES)) {
            Path json = jsonOf(page);
            ResultsPage.differences(Files.readString(page), ResultsPage.reportOf(json))
                    .forEach(d -> problems.add(page + ": " + d + " (regenerate: ./bench report " + json + " --page " + page + ")"));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aPageFilledFromItsJsonAgrees_andOneChangedNumberIsFound() throws Exception {
        Path json = dir.resolve("quick.json");
        Path real = Path.of(RankingTest.class.getResource("/org/pgingest/results/ingest-ceiling-pg17.json").toURI());
        Files.copy(real, json);
        Files.copy(real.resolveSibling(real.getFileName() + ".server.jsonl"), dir.resolve("quick.json.server.jsonl"));
        Report report = ResultsPage.reportOf(json);
        String page = ResultsPage.fill("""
                # Preset `quick`

                Prose the author wrote.

                <!-- table: ranked -->
                <!-- end table -->

                More prose.

                <!-- table: wal-bytes-per-row -->
                old numbers
                <!-- end table -->
                """, report);
        Files.writeString(dir.resolve("quick.md"), page);
        assertThat(page).contains("Prose the author wrote.", "More prose.",
                "| Ingest | COPY_BINARY | 39,960 | ± 200 % | 0.99 | \\~279 | \\~0.00211 | 10 ± 24 | 151 |",
                "| Ingest BATCH | 318.1 | 317.66 – 318.57 |").doesNotContain("old numbers");
        assertThat(pagesWithJson(dir)).containsExactly(dir.resolve("quick.md"));
        assertThat(ResultsPage.differences(page, report)).isEmpty();

        String edited = page.replace("| 39,960 |", "| 41,000 |");
        assertThat(ResultsPage.differences(edited, report)).containsExactly("table 'ranked' differs from the result's: "
                + "first differing line: page has \"| Ingest | COPY_BINARY | 41,000 | ± 200 % | 0.99 | \\~279 | \\~0.00211 | "
                + "10 ± 24 | 151 |\", the result gives \"| Ingest | COPY_BINARY | 39,960 | ± 200 % | 0.99 | \\~279 | "
                + "\\~0.00211 | 10 ± 24 | 151 |\"");
        assertThat(ResultsPage.differences("# A page\n\nno tables\n", report))
                .containsExactly("no marked table (<!-- table: ranked --> ... <!-- end table -->)");
        assertThat(ResultsPage.differences("<!-- table: nope -->\n<!-- end table -->\n", report)).singleElement()
                .asString().startsWith("table 'nope': no such table in the result (valid: ranked, rows-per-second,");
        assertThatThrownBy(() -> ResultsPage.fill("<!-- table: nope -->\n<!-- end table -->\n", report))
                .hasMessageStartingWith("<!-- table: nope -->: no such table in this result; valid: ranked,");
        // a start without its end (an adversarial pass: the page got a second table and kept the stale one)
        assertThatThrownBy(() -> ResultsPage.fill("# Page\n\n<!-- table: ranked -->\nold numbers\n", report))
                .hasMessage("a <!-- table: NAME --> marker has no <!-- end table --> after it: end each table with that "
                        + "line");
    }

    /** A page saved with Windows line ends: its stale table is replaced, not kept beside a new one (an adversarial pass). */
    @Test
    void aPageWithCrlfLineEndsHasItsTableReplaced() throws Exception {
        Path json = dir.resolve("quick.json");
        Path real = Path.of(RankingTest.class.getResource("/org/pgingest/results/ingest-ceiling-pg17.json").toURI());
        Files.copy(real, json);
        Report report = ResultsPage.reportOf(json);
        String page = ResultsPage.fill("# Page\r\n\r\n<!-- table: ranked -->\r\nold numbers\r\n<!-- end table -->\r\n",
                report);
        assertThat(page).doesNotContain("old numbers").containsOnlyOnce("<!-- table: ranked -->");
    }

    @Test
    void noPagesDirectoryIsNoPages() throws IOException {
        assertThat(pagesWithJson(dir.resolve("absent"))).isEmpty();
    }

    /** Pages NAME.md with NAME.json beside them. */
    static List<Path> pagesWithJson(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".md") && Files.isRegularFile(jsonOf(p)))
                    .sorted().toList();
        }
    }

    private static Path jsonOf(Path page) {
        String name = page.getFileName().toString();
        return page.resolveSibling(name.substring(0, name.length() - ".md".length()) + ".json");
    }
}
