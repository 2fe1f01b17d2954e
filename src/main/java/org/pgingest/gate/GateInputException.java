package org.pgingest.gate;

/** Input the gate cannot use (bad option, nothing in common, ambiguous match): one line, exit code 2. */
public class GateInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GateInputException(String message) {
        super(message);
    }
}
