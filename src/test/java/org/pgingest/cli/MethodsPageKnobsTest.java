package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/methods.md's loader table shows the knobs each method declares, and names every method once. */
class MethodsPageKnobsTest {
    private static final Pattern CODE = Pattern.compile("`([A-Za-z_]+)`");

    @Test
    void theKnobsColumnMatchesWhatEachMethodDeclares() throws Exception {
        List<String> rows = Files.readAllLines(Path.of("docs/methods.md")).stream()
                .dropWhile(l -> !l.startsWith("| `LoadMethod` |")).skip(2)
                .takeWhile(l -> l.startsWith("| `")).toList();
        Set<LoadMethod> seen = EnumSet.noneOf(LoadMethod.class);
        for (String row : rows) {
            String[] cells = row.split(" \\| ");
            Set<LoadMethod> methods = codes(cells[0].substring(2)).stream().map(LoadMethod::valueOf)
                    .collect(Collectors.toCollection(() -> EnumSet.noneOf(LoadMethod.class)));
            seen.addAll(methods);
            String knobsCell = cells[cells.length - 1];
            Set<String> declared = methods.stream().flatMap(m -> m.knobs().stream()).map(LoadMethod.Knob::parameter)
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> shown = codes(knobsCell).stream().filter(c -> !c.equals(c.toUpperCase()))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(shown).as(row).isEqualTo(declared);
            boolean atLeastOne = methods.stream().anyMatch(m -> m.knobs().contains(LoadMethod.Knob.BATCH_SIZE));
            boolean zeroMeansAll = methods.stream().anyMatch(m -> m.knobs().contains(LoadMethod.Knob.ROWS_PER_STATEMENT));
            assertThat(knobsCell.contains("≥ 1")).as(row).isEqualTo(atLeastOne);
            assertThat(knobsCell.contains("(0:")).as(row).isEqualTo(zeroMeansAll);
        }
        assertThat(seen).containsExactlyInAnyOrder(LoadMethod.values());
    }

    private static List<String> codes(String cell) {
        Matcher m = CODE.matcher(cell);
        List<String> result = new ArrayList<>();
        while (m.find()) {
            result.add(m.group(1));
        }
        return result;
    }
}
