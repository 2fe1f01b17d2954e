package org.pgingest.gate;

/** Which way of a metric is better; UNKNOWN metrics are shown, never judged. */
public enum Direction {
    HIGHER_IS_BETTER("higher is better"),
    LOWER_IS_BETTER("lower is better"),
    UNKNOWN("direction unknown");

    private final String text;

    Direction(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }
}
