package org.pgingest.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class AxisTest {
    private static Chart chart(boolean counted, Figure... figures) {
        List<String> categories = new ArrayList<>();
        Figure[][] rows = new Figure[figures.length][];
        for (int i = 0; i < figures.length; i++) {
            categories.add("entry " + i);
            rows[i] = new Figure[] {figures[i]};
        }
        return new Chart("c", "Chart", "x/s", "", categories, List.of("run.json"), rows, counted);
    }

    /** 10 ± 60 beside 40 ± 1: JMH's interval at 3 iterations can be several times the score, as in real runs. */
    @Test
    void theAxisReachesEveryWhiskersEnd_andEachWhiskerHasBothCaps() {
        Chart chart = chart(false, new Figure(10, 60), new Figure(40, 1));
        Axis axis = Axis.of(chart);
        assertThat(axis.log()).isFalse();
        assertThat(axis.ticks()).containsExactly(0, 20, 40, 60, 80);
        String svg = SvgBarChart.render(chart);
        assertThat(count(svg, "class=\"whisker\"")).isEqualTo(2);
        assertThat(count(svg, "class=\"cap\"")).isEqualTo(4);
        List<String> ticks = texts(svg, "tick");
        assertThat(ticks.get(ticks.size() - 1)).isEqualTo("80");
    }

    /**
     * Figures near Double's end (a hand-made JSON, an adversarial pass, 2026-12-03): the axis ran out of memory (a
     * whisker's end overflowed to infinity) or drew bars NaN wide; it now ends at 1e300 with every share a number.
     */
    @Test
    void figuresNearDoublesEnd_getAFiniteAxis() {
        for (Chart chart : List.of(chart(false, new Figure(1.5e308, 1.5e308), new Figure(100, 1)),
                chart(false, new Figure(1.5e308, 1), new Figure(1e307, 1)))) {
            Axis axis = Axis.of(chart);
            assertThat(java.util.Arrays.stream(axis.ticks()).allMatch(Double::isFinite)).isTrue();
            assertThat(axis.at(1.5e308)).isEqualTo(1);
            assertThat(axis.at(100)).isBetween(0.0, 1.0);
            assertThat(SvgBarChart.render(chart)).doesNotContain("NaN", "Infinity");
        }
    }

    /** WAL fsyncs per row of docs/results/quick.json: 0.00202 for binary COPY's ceiling, 1 for a commit per row. */
    @Test
    void figuresTwoOrdersOfMagnitudeApart_getALogAxisInDecades() {
        Chart chart = chart(true, new Figure(0.0020211, Double.NaN), new Figure(0.0020557, Double.NaN),
                new Figure(1.00001, Double.NaN));
        Axis axis = Axis.of(chart);
        assertThat(axis.log()).isTrue();
        assertThat(axis.ticks()).containsExactly(0.001, 0.01, 0.1, 1);
        assertThat(axis.at(0.0020211)).isCloseTo(Math.log10(2.0211) / 3, within(1e-9));
        assertThat(axis.at(1.00001)).isEqualTo(1);
        assertThat(texts(SvgBarChart.render(chart), "tick")).containsExactly("0.001", "0.01", "0.1", "1");
    }

    /** Rows/s of quick.json: 2,842 for a commit per row beside 210,040, 74 times: a linear axis from 0. */
    @Test
    void figuresUnderTwoOrdersApart_keepALinearAxisFromZero() {
        Axis axis = Axis.of(chart(false, new Figure(2_842, 872), new Figure(210_040, 8_349)));
        assertThat(axis.log()).isFalse();
        assertThat(axis.ticks()[0]).isZero();
        assertThat(axis.at(105_000)).isCloseTo(105_000 / axis.ticks()[axis.ticks().length - 1], within(1e-9));
    }

    private static int count(String s, String what) {
        return s.split(Pattern.quote(what), -1).length - 1;
    }

    private static List<String> texts(String svg, String cssClass) {
        Matcher m = Pattern.compile("<text class=\"" + cssClass + "\"[^>]*>([^<]*)</text>").matcher(svg);
        List<String> texts = new ArrayList<>();
        while (m.find()) {
            texts.add(m.group(1));
        }
        return texts;
    }
}
