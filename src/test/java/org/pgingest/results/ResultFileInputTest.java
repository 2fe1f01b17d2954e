package org.pgingest.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What gate, report and export say about an input that is no result file (found by the adversarial pass). */
class ResultFileInputTest {

    @Test
    void aDirectoryOrADeviceIsNamedForWhatItIs(@TempDir Path dir) {
        assertThatThrownBy(() -> ResultFile.read(dir)).isInstanceOf(ResultFileException.class)
                .hasMessage(dir + " is a directory, not a result file");
        assertThatThrownBy(() -> ResultFile.read(Path.of("/dev/null"))).isInstanceOf(ResultFileException.class)
                .hasMessage("/dev/null is not a regular file");
        assertThatThrownBy(() -> ResultFile.read(dir.resolve("none.json"))).isInstanceOf(ResultFileException.class)
                .hasMessage(dir.resolve("none.json") + ": no such file");
    }

    /** The suite's other JSON outputs, as committed from real runs, are named for what they are. */
    @Test
    void aRankingsOrAComparisonsVerdictIsNamedForWhatItIs() {
        Path ranking = Path.of("docs/results/rank-tost/fifth-vm/later/table-shop-29.json");
        assertThatThrownBy(() -> ResultFile.read(ranking)).isInstanceOf(ResultFileException.class)
                .hasMessageEndingWith("; it is a ranking's verdict (./bench rank --json), whose report the ranking "
                        + "writes itself (target/report.html, unless --no-report)");
        Path comparison = Path.of("docs/results/prepared-calls/compare/verdict.json");
        assertThatThrownBy(() -> ResultFile.read(comparison)).isInstanceOf(ResultFileException.class)
                .hasMessageEndingWith("; it is a paired comparison's verdict (./bench compare), whose JMH results are "
                        + "baseline.json and candidate.json beside it");
    }
}
