package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An adversarial pass (2026-12-03): outputs named as an input, its facts, or each other replaced them unasked. */
class OutputFilesTest {
    @TempDir
    Path dir;

    @Test
    void anOutputThatIsAnInputOrItsFactsIsRefused() throws Exception {
        Path current = Files.writeString(dir.resolve("cur.json"), "[]");
        Path other = dir.resolve("sub/../cur.json");
        assertThat(OutputFiles.problem(List.of(Map.entry("--markdown", other)), List.of(current)))
                .hasValue("--markdown " + other + ": the command reads " + current + ", which this would replace; name "
                        + "another file");
        Path facts = dir.resolve("cur.json.server.jsonl");
        assertThat(OutputFiles.problem(List.of(Map.entry("--json", facts)), List.of(current)))
                .hasValue("--json " + facts + ": the command reads " + facts + ", which this would replace; name "
                        + "another file");
        Path hardLink = Files.createLink(dir.resolve("again.json"), current);
        assertThat(OutputFiles.problem(List.of(Map.entry("--json", hardLink)), List.of(current))).isPresent();
    }

    @Test
    void twoOutputsInOneFileAreRefusedAndDistinctOnesPass() {
        Path v = dir.resolve("v.out");
        assertThat(OutputFiles.problem(List.of(Map.entry("--json", v), Map.entry("--markdown", v)), List.of()))
                .hasValue("--markdown " + v + ": the same file as --json " + v + "; give each its own");
        assertThat(OutputFiles.problem(List.of(Map.entry("--json", dir.resolve("v.json")),
                Map.entry("--markdown", dir.resolve("v.md"))), List.of(dir.resolve("in.json")))).isEmpty();
    }

    @Test
    void anOutputThatCannotTakeAResultIsNamedByItsOption() {
        assertThat(OutputFiles.problem(List.of(Map.entry("--html", dir)), List.of()))
                .hasValue("--html " + dir + ": " + dir + " is a directory; name a file");
    }
}
