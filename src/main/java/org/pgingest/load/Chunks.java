package org.pgingest.load;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Rows taken in chunks as they are iterated, so only one chunk is in memory at a time. */
final class Chunks {
    private Chunks() {
    }

    /** Writes one chunk, given the index of its first row in the whole input; returns rows written. */
    interface Writer {
        long write(List<Object[]> chunk, long offset) throws SQLException;
    }

    /**
     * Hands {@code rows} to {@code writer} in chunks of {@code size} (0: all in one) and sums what it wrote.
     * Each chunk is a fresh list (of checked rows, a range of them that nothing changes), so a writer may keep it.
     */
    static long write(Iterable<Object[]> rows, int size, Writer writer) throws SQLException {
        return write(rows, size, writer, false);
    }

    /**
     * The same, where each chunk is one statement: a failure is thrown as a {@link ChunkFailure} naming the
     * chunk, so the search for the offending row can stay within it.
     */
    static long statements(Iterable<Object[]> rows, int size, Writer writer) throws SQLException {
        return write(rows, size, writer, true);
    }

    private static long write(Iterable<Object[]> rows, int size, Writer writer, boolean nameChunk) throws SQLException {
        if (rows instanceof CheckedRows checked) {
            return writeRanges(checked, size, writer, nameChunk);
        }
        long written = 0;
        long offset = 0;
        List<Object[]> chunk = new ArrayList<>(size == 0 ? 16 : Math.min(size, 65_536));
        for (Object[] row : rows) {
            chunk.add(row);
            if (chunk.size() == size) {
                written += writeChunk(writer, chunk, offset, nameChunk);
                offset += chunk.size();
                chunk = new ArrayList<>(chunk.size());
            }
        }
        if (!chunk.isEmpty()) {
            written += writeChunk(writer, chunk, offset, nameChunk);
        }
        return written;
    }

    /**
     * Chunks of checked rows as ranges of them: still {@link CheckedRows}, so a loader that checks each chunk it is
     * given (the atomic loader under CommitEveryLoader) does not check them again.
     */
    private static long writeRanges(CheckedRows rows, int size, Writer writer, boolean nameChunk) throws SQLException {
        int step = size == 0 ? Math.max(rows.size(), 1) : size;
        long written = 0;
        for (int from = 0; from < rows.size(); from += step) {
            written += writeChunk(writer, rows.subList(from, Math.min(rows.size(), from + step)), from, nameChunk);
        }
        return written;
    }

    private static long writeChunk(Writer writer, List<Object[]> chunk, long offset, boolean nameChunk)
            throws SQLException {
        try {
            return writer.write(chunk, offset);
        } catch (SQLException e) {
            throw nameChunk && !(e instanceof LocatedFailure) ? new ChunkFailure(offset, chunk, e) : e;
        }
    }
}
