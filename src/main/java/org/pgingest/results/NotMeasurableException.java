package org.pgingest.results;

/**
 * Thrown by a trial's setup when this target cannot give the figure at all (for example a ceiling where the server
 * cannot read the client's file): the figure is missing, with {@link #getMessage()} as the reason, never zero and
 * not a failure. JMH 1.37 has no way for a trial to skip itself, so the trial ends as JMH's failed trials do (a
 * {@code <failure>} line and the exception printed); the launcher tells this type from any other by the printed
 * class name, counts the trial as missing, and records it as a {@link MissingTrial} beside the results.
 */
public final class NotMeasurableException extends RuntimeException {
    /** @param reason why; made one line (a server message can span several), as the launcher reads one line */
    public NotMeasurableException(String reason) {
        super(reason.strip().replaceAll("\\s*\\R\\s*", " "));
    }
}
