package org.pgingest.load;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Values that break naive encoders, for the loader tests: every character COPY text and CSV treat specially, the
 * end-of-data marker, 4-byte UTF-8, empty string next to NULL, and the edges of timestamps and floats. (The codecs
 * have hostile values of their own, which the generators use; these are the tests' fixed cases.)
 */
public final class HostileValues {
    /** Text that must survive every path unchanged. PostgreSQL text cannot hold U+0000, so it is absent. */
    public static final List<String> TEXT = List.of(
            "tab\there",
            "new\nline",
            "carriage\rreturn",
            "crlf\r\nend",
            "back\\slash",
            "\\N",
            "\\.",
            "\n\\.\n",
            "single'quote",
            "double\"quote",
            "comma,separated",
            "{braces,\"and\"}",
            "NULL",
            "",
            " padded ",
            "emoji \uD83D\uDE00 clef \uD834\uDD1E",
            "\u00e9\u00e8\u00ea \u4e2d\u6587 \u0416",
            "\u0001\u001f controls",
            "\\\\double backslash\\\\");

    /**
     * Timestamps at microsecond precision that every path must store exactly: PostgreSQL's first and last
     * instants, years before 1 AD (ISO year 0 is 1 BC, a leap year) and past 9999, offsets with seconds (as
     * historic zones have), and the ordinary edges.
     */
    public static final List<OffsetDateTime> TIMESTAMPS = List.of(
            OffsetDateTime.of(-4713, 11, 24, 0, 0, 0, 0, ZoneOffset.UTC),
            OffsetDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC),
            OffsetDateTime.of(0, 2, 29, 12, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(5, 17, 32)),
            OffsetDateTime.of(-1000, 6, 1, 0, 0, 0, 1_000, ZoneOffset.ofHoursMinutesSeconds(-3, -2, -1)),
            OffsetDateTime.of(1900, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(0, 19, 32)),
            OffsetDateTime.of(10_000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            OffsetDateTime.of(1, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            OffsetDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC),
            OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            OffsetDateTime.of(1999, 12, 31, 23, 59, 59, 999_999_000, ZoneOffset.UTC),
            OffsetDateTime.of(2024, 2, 29, 12, 0, 0, 1_000, ZoneOffset.UTC));

    /** Floats whose text forms are easy to get wrong. */
    public static final List<Double> DOUBLES = List.of(Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1, 1e-300);

    public static final List<Float> FLOATS = List.of(Float.NaN, Float.POSITIVE_INFINITY,
            Float.NEGATIVE_INFINITY, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE, 0.1f);

    public static final List<Integer> INTS = List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1);

    private HostileValues() {
    }
}
