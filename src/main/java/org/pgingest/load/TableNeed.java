package org.pgingest.load;

import org.pgingest.workload.Column;
import org.pgingest.workload.Table;

import java.util.Optional;

/**
 * What a table must offer a loader: loaders declare their needs ({@link Loader#needs()}), and a table that does not
 * meet one gets that loader reported missing with {@link #unmetBy}'s reason, never failed and never zero.
 */
public enum TableNeed {
    /** An integer column the server fills from a sequence, handed back by RETURNING. */
    RETURNABLE_ID {
        @Override
        public Optional<String> unmetBy(Table table) {
            return table.idColumn().isPresent() ? Optional.empty() : Optional.of(table.definition().idColumnAbsence());
        }
    },
    /** A unique key of plain columns the loader writes: what upserts conflict on and RETURNING joins back on. */
    UNIQUE_KEY {
        @Override
        public Optional<String> unmetBy(Table table) {
            return table.conflictKey().isPresent() ? Optional.empty() : Optional.of(table.definition().conflictKeyAbsence());
        }
    },
    /** A binary COPY form for every column the loader writes. */
    BINARY_CODECS {
        @Override
        public Optional<String> unmetBy(Table table) {
            for (Column c : table.columns()) {
                Optional<String> why = c.codec().binaryUnsupported();
                if (why.isPresent()) {
                    return Optional.of("binary COPY cannot carry column " + c.name() + " (" + c.codec().sqlType() + "): "
                            + why.get());
                }
            }
            return Optional.empty();
        }
    },
    /** A table that is not partitioned: COPY FREEZE refuses partitioned ones (PostgreSQL 14-18). */
    PLAIN_TABLE {
        @Override
        public Optional<String> unmetBy(Table table) {
            return table.definition().partitioning() == null ? Optional.empty()
                    : Optional.of("COPY FREEZE cannot load a partitioned table");
        }
    };

    /** Why {@code table} does not offer this; empty when it does. */
    public abstract Optional<String> unmetBy(Table table);
}
