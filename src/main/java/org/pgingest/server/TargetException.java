package org.pgingest.server;

/**
 * A problem the user can fix (bad parameter, unreachable server, missing Docker), carrying one line that
 * says what was wrong and how to fix it. Launchers print {@link #getMessage()} alone and exit non-zero.
 */
public class TargetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TargetException(String message) {
        super(oneLine(message));
    }

    public TargetException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    /** Folds a multi-line text (server messages carry "Detail:" and "Hint:" lines) onto one line. */
    public static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
