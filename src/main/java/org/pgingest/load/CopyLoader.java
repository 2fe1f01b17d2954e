package org.pgingest.load;

import org.pgingest.workload.Table;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;

/**
 * {@code COPY ... FROM STDIN} in text, CSV or binary format, streamed from the rows as they are iterated
 * (constant client memory), in one transaction. Binary skips the server's text parsing; text and CSV
 * skip nothing but are the formats other tools write.
 */
public class CopyLoader extends AtomicLoader {
    private final CopyFormat format;

    public CopyLoader(CopyFormat format) {
        this.format = format;
    }

    /** Binary COPY needs a binary form of every column; text and CSV carry any type's text. */
    @Override
    public Set<TableNeed> needs() {
        return format == CopyFormat.BINARY ? Set.of(TableNeed.BINARY_CODECS) : Set.of();
    }

    @Override
    public String name() {
        return "copy-" + format.name().toLowerCase(Locale.ROOT);
    }

    @Override
    protected long write(Connection connection, Table table, Iterable<Object[]> rows) throws SQLException {
        return CopyWriter.copy(connection, table.qualifiedName(), table.name(), table, format, rows, copyOptions());
    }

    /** COPY options beyond the format's own. */
    String[] copyOptions() {
        return new String[0];
    }
}
