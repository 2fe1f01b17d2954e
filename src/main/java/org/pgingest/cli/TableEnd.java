package org.pgingest.cli;

import org.pgingest.report.TableAdvice;
import org.pgingest.workload.definition.ResolvedTable;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * How a run on a user's table ends: the ranked table of every run ({@link RunEnd}), with the paragraph on what its
 * figures say for this table ({@link TableAdvice}) after the ranking's own lines (the methods that could not run are
 * among those, with their reasons, as missing trials).
 */
final class TableEnd {
    private TableEnd() {
    }

    static void finish(Path result, ResolvedTable table, boolean report, int trials, Duration took, Optional<Path> log) {
        RunEnd.finish(result, report, trials, took, log, System.out, System.err,
                ranking -> TableAdvice.paragraph(ranking, table.label()).map(List::of).orElse(List.of()));
    }
}
