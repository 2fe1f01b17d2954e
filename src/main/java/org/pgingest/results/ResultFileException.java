package org.pgingest.results;

/** A result file that cannot be used (missing, not JMH JSON); the message is one line naming the file. */
public class ResultFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ResultFileException(String message) {
        super(message);
    }

    ResultFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
