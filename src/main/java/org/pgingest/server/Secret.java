package org.pgingest.server;

import java.util.Objects;

/**
 * A password. It has no way to be printed: {@link #toString()} is a mask, and {@link #scrub(String)}
 * removes it from any text (for example a driver message) before that text is shown or recorded.
 */
public final class Secret {
    private static final Secret NONE = new Secret("");
    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    static Secret of(String value) {
        return value == null || value.isEmpty() ? NONE : new Secret(value);
    }

    static Secret none() {
        return NONE;
    }

    /** The clear text, for handing to the driver and nothing else. */
    public String reveal() {
        return value;
    }

    public boolean isPresent() {
        return !value.isEmpty();
    }

    public String scrub(String text) {
        if (text == null || value.isEmpty()) {
            return text;
        }
        return text.replace(value, "********");
    }

    @Override
    public String toString() {
        return value.isEmpty() ? "(none)" : "********";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Secret other && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
