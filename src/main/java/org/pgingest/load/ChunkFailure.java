package org.pgingest.load;

import java.sql.SQLException;
import java.util.List;

/**
 * A statement that wrote one chunk of the input failed: the offending row is within {@code chunk}, whose first
 * row has index {@code offset} in the write's input. Lets the search for the row look in that chunk only, and
 * lets it work on streamed input, where the rows before the chunk are gone.
 */
final class ChunkFailure extends SQLException {
    private static final long serialVersionUID = 1L;
    private final long offset;
    private final transient List<Object[]> chunk;

    ChunkFailure(long offset, List<Object[]> chunk, SQLException cause) {
        super(cause.getMessage(), cause.getSQLState(), cause);
        this.offset = offset;
        this.chunk = chunk;
    }

    long offset() {
        return offset;
    }

    List<Object[]> chunk() {
        return chunk;
    }

    SQLException original() {
        return (SQLException) getCause();
    }
}
