package org.pgingest.workload.types;

/**
 * A value PostgreSQL could not store exactly, or of a Java type its column does not take. Carries the
 * SQLSTATE the server itself would use for such a value, so a loader can report it like a server error.
 */
public final class ValueRejectedException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    /** A Java type the column does not take, or a row of the wrong length (invalid_parameter_value). */
    public static final String WRONG_TYPE = "22023";
    /** A timestamp outside PostgreSQL's range (datetime_field_overflow). */
    static final String OUT_OF_RANGE = "22008";
    /** Text that is not a sequence of Unicode scalar values, or holds U+0000 (character_not_in_repertoire). */
    static final String NOT_IN_REPERTOIRE = "22021";
    /** A number outside its type's range, or more digits than numeric(p,s) holds (numeric_value_out_of_range). */
    static final String NUMERIC_OUT_OF_RANGE = "22003";
    /** Text longer than varchar(n)/char(n) or a bit string of the wrong length (string_data_right_truncation). */
    static final String TOO_LONG = "22001";
    /** A value its type cannot read, e.g. a cidr with host bits set or JSON that does not parse (invalid_text_representation). */
    public static final String INVALID_TEXT = "22P02";
    /** feature_not_supported: a value the server stores but the suite cannot carry, said as the suite's limit. */
    public static final String SUITE_LIMIT = "0A000";

    private final String sqlState;

    public ValueRejectedException(String sqlState, String message) {
        super(message);
        this.sqlState = sqlState;
    }

    public String sqlState() {
        return sqlState;
    }
}
