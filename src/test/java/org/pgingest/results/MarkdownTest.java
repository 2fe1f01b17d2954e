package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.pgingest.ChildProcess;
import org.pgingest.Part;
import org.pgingest.RequiresPart;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Text from results in Markdown, checked by rendering it with GitHub's own renderer (cmark-gfm with its table
 * extension, as a pull-request comment is rendered): each value shows as written, in its own cell.
 */
class MarkdownTest {
    /** Values a param or a name can hold that Markdown or HTML would otherwise read as markup. */
    private static final List<String> HOSTILE = List.of("a\\|b", "a|b", "a\\\\|b", "</details>", "<img src=x onerror=alert(1)>",
            "&amp; &lt;", "*em* _em_ **strong**", "`code`", "[link](target)", "~~gone~~", "back\\slash\\",
            "COPY_BINARY", "_leading", "trailing_", "line\nbreak", "# not a heading", "| starts with a pipe");

    @Test
    void theEscapesAreTheOnesGitHubsTableRulesNeed() {
        // a backslash doubled, the pipe escaped: cmark-gfm turns "\|" into "|" before reading "\\" as one backslash
        assertThat(Markdown.text("a\\|b")).isEqualTo("a\\\\\\|b");
        assertThat(Markdown.text("</details>")).isEqualTo("&lt;/details&gt;");
        assertThat(Markdown.text("COPY_BINARY")).isEqualTo("COPY_BINARY");
        assertThat(Markdown.text("_x_")).isEqualTo("\\_x\\_");
        assertThat(Markdown.code("a ``b`` c")).isEqualTo("```a ``b`` c```");
        assertThat(Markdown.code("`x")).isEqualTo("`` `x ``");
    }

    @Test
    @RequiresPart(Part.CMARK_GFM)
    void everyValueShowsAsWrittenInItsOwnCell() throws Exception {
        StringBuilder md = new StringBuilder("<details><summary>folded</summary>\n\n| value | next |\n|---|---|\n");
        HOSTILE.forEach(v -> md.append("| ").append(Markdown.text(v)).append(" | after |\n"));
        md.append("\n</details>\n");
        String html = render(md.toString());
        Matcher rows = Pattern.compile("<tr>\\s*<td>(.*?)</td>\\s*<td>(.*?)</td>\\s*</tr>", Pattern.DOTALL).matcher(html);
        for (String value : HOSTILE) {
            assertThat(rows.find()).as("a row for " + value + " in\n" + html).isTrue();
            assertThat(unescapeHtml(rows.group(1))).as(html).isEqualTo(value.replace('\n', ' '));
            assertThat(rows.group(2)).isEqualTo("after");
        }
        assertThat(rows.find()).isFalse();
        // the one </details> closing the fold is the one written after the table
        assertThat(html.indexOf("</details>")).isEqualTo(html.lastIndexOf("</details>")).isGreaterThan(html.indexOf("</table>"));
        assertThat(html).doesNotContain("<img", "<em>", "<strong>", "<del>", "<a ", "<code>");
    }

    @Test
    @RequiresPart(Part.CMARK_GFM)
    void inlineCodeShowsAsWritten() throws Exception {
        for (String value : List.of("main.json", "a ``b`` c", "`x", "<b>|</b>")) {
            String html = render("File " + Markdown.code(value) + " here.\n");
            Matcher code = Pattern.compile("<code>(.*?)</code>", Pattern.DOTALL).matcher(html);
            assertThat(code.find()).as(html).isTrue();
            assertThat(unescapeHtml(code.group(1))).isEqualTo(value);
        }
    }

    /** The HTML cmark-gfm renders, as GitHub does for comments: tables on, raw HTML passed through. */
    static String render(String markdown) throws Exception {
        Path in = Files.createTempFile("markdown", ".md");
        try {
            Files.writeString(in, markdown);
            ChildProcess.Finished cmark = ChildProcess.run(new ProcessBuilder(Part.cmarkGfm().orElseThrow().toString(),
                    "--unsafe", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", in.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD), Duration.ofSeconds(30));
            assertThat(cmark.exitCode()).isZero();
            return cmark.output();
        } finally {
            Files.delete(in);
        }
    }

    private static String unescapeHtml(String html) {
        return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    }
}
