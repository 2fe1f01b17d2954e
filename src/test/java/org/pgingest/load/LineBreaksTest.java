package org.pgingest.load;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LineBreaksTest {

    @Test
    void serverLinesMapBackToRowsWhenValuesHoldLineBreaks() {
        // row 0 spans lines 1-3 (two breaks), rows 1 and 2 lines 4 and 5, row 3 lines 6-7, row 4 line 8
        CopyWriter.LineBreaks breaks = new CopyWriter.LineBreaks();
        breaks.add(0, 2);
        breaks.add(1, 0);
        breaks.add(2, 0);
        breaks.add(3, 1);
        breaks.add(4, 0);
        long[] rowOfLine = {-1, 0, 0, 0, 1, 2, 3, 3, 4, 5};
        for (int line = 1; line < rowOfLine.length; line++) {
            assertThat(breaks.rowOfLine(line)).as("line %d", line).isEqualTo(rowOfLine[line]);
        }
    }

    @Test
    void withoutBreaksLineNIsRowNMinusOne() {
        CopyWriter.LineBreaks none = new CopyWriter.LineBreaks();
        assertThat(none.rowOfLine(1)).isZero();
        assertThat(none.rowOfLine(1_000_000)).isEqualTo(999_999);
    }
}
