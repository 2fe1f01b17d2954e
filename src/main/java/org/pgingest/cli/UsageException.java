package org.pgingest.cli;

/** A mistake on the command line, found before anything started: one line, exit code 2. */
public final class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
