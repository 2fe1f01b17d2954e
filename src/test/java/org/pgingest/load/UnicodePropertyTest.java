package org.pgingest.load;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.workload.Table;

import java.sql.Connection;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Thousands of rows of random Unicode text (any scalar value but U+0000, which PostgreSQL text cannot
 * hold; all planes, so 4-byte UTF-8 too) and random doubles, through every loader: zero differences.
 * Seeded, so a failure repeats.
 */
class UnicodePropertyTest {
    private static final int ROWS = 3000;

    /** Every method that writes the sensors shape (text, timestamp, float8): all but the keyed ones. */
    static Stream<LoadMethod> methodsForSensors() {
        return Arrays.stream(LoadMethod.values()).filter(m -> LoaderTestServer.shapesFor(m).contains("sensors"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methodsForSensors")
    void randomUnicodeRoundTripsExactly(LoadMethod method) throws Exception {
        for (long seed : new long[] {1, 2}) {
            Table table = LoaderTestServer.newTable("sensors");
            List<Object[]> rows = randomRows(seed + method.ordinal() * 100L);
            Loader loader = method.create();
            try (Connection c = LoaderTestServer.connect(loader)) {
                assertThat(loader.load(c, table, rows)).isEqualTo(ROWS);
                assertThat(ServerRows.stored(c, table)).as("seed %d", seed)
                        .containsExactlyElementsOf(ServerRows.expected(c, table, rows));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("methodsForSensors")
    void randomTextWithALoneSurrogateIsRejectedAtItsRow(LoadMethod method) throws Exception {
        SplittableRandom random = new SplittableRandom(method.ordinal());
        List<Object[]> rows = randomRows(method.ordinal() + 500L);
        int first = Integer.MAX_VALUE;
        for (int k = 0; k < 3; k++) {
            int at = random.nextInt(ROWS);
            Object[] row = rows.get(at).clone();
            String text = (String) row[0];
            int cut = random.nextInt(text.length() + 1);
            char lone = (char) random.nextInt(0xD800, 0xE000);
            row[0] = text.substring(0, cut) + lone + text.substring(cut);
            rows.set(at, row);
            first = Math.min(first, at);
        }
        int expected = first;
        Table table = LoaderTestServer.newTable("sensors");
        Loader loader = method.create();
        try (Connection c = LoaderTestServer.connect(loader)) {
            assertThatThrownBy(() -> loader.load(c, table, rows))
                    .isInstanceOfSatisfying(LoadException.class, e -> {
                        assertThat(e.rowIndex()).isEqualTo(expected);
                        assertThat(e.getSQLState()).isEqualTo("22021");
                    });
            assertThat(table.count(c)).isZero();
        }
    }

    static List<Object[]> randomRows(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Object[]> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            rows.add(new Object[] {randomText(random, random.nextInt(0, 40)),
                    OffsetDateTime.ofInstant(Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 253_000_000_000L),
                            random.nextInt(0, 1_000_000) * 1000L), ZoneOffset.UTC),
                    random.nextInt(10) == 0 ? null : Double.longBitsToDouble(random.nextLong())});
        }
        return rows;
    }

    static String randomText(SplittableRandom random, int length) {
        StringBuilder sb = new StringBuilder();
        while (sb.codePointCount(0, sb.length()) < length) {
            int cp = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(1, 0x80);          // ASCII, controls and COPY specials included
                case 1 -> random.nextInt(0x80, 0x800);      // 2-byte UTF-8
                case 2 -> random.nextInt(0x800, 0x10000);   // 3-byte
                default -> random.nextInt(0x10000, 0x110000); // 4-byte
            };
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                continue; // surrogates are not scalar values
            }
            sb.appendCodePoint(cp);
        }
        return sb.toString();
    }
}
