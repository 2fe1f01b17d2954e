package org.pgingest.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration as the command line writes it: {@code 90s}, {@code 10m}, {@code 1.5h}, {@code 2m30s}, {@code 500ms}. */
public final class DurationText {
    /**
     * The longest run any command takes. Deadlines are {@code System.nanoTime()} plus a duration, which wraps past
     * 292 years (an adversarial pass ran {@code 99999999999h} as -17213 s).
     */
    public static final Duration LONGEST = Duration.ofHours(168);

    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s)");
    private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:\\.\\d+)?(?:h|ms|m|s))+");
    private static final Pattern BARE = Pattern.compile("\\d+(?:\\.\\d+)?");
    private static final List<String> UNITS = List.of("h", "m", "s", "ms");
    private static final long[] UNIT_MILLIS = {3_600_000, 60_000, 1000, 1};

    private DurationText() {
    }

    /**
     * The duration {@code text} writes, to the millisecond: parts with units from hours down, each unit once, or a
     * bare number of seconds; empty when it is none of those, or more milliseconds than a {@code long} holds. The
     * caller bounds it (by {@link #LONGEST} at most).
     */
    public static Optional<Duration> parse(String text) {
        String t = text.trim();
        if (BARE.matcher(t).matches()) {
            return millis(new BigDecimal(t).movePointRight(3));
        }
        if (!WHOLE.matcher(t).matches()) {
            return Optional.empty();
        }
        BigDecimal millis = BigDecimal.ZERO;
        int lastUnit = -1;
        Matcher m = PART.matcher(t);
        while (m.find()) {
            int unit = UNITS.indexOf(m.group(2));
            if (unit <= lastUnit) {
                return Optional.empty();
            }
            lastUnit = unit;
            millis = millis.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(UNIT_MILLIS[unit])));
        }
        return millis(millis);
    }

    private static Optional<Duration> millis(BigDecimal millis) {
        BigDecimal whole = millis.setScale(0, RoundingMode.HALF_UP);
        return whole.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 ? Optional.empty()
                : Optional.of(Duration.ofMillis(whole.longValueExact()));
    }
}
