package org.pgingest.load;

import org.pgingest.workload.Table;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Every ingest path by name, each creating its loader from the common knobs and declaring which of them it
 * uses ({@link #knobs()}). This is what benchmark parameters and tests iterate over.
 */
public enum LoadMethod {
    /** One row per statement, autocommit: a commit (and WAL flush) per row. */
    AUTOCOMMIT_ROW {
        @Override
        public Loader create(Knobs k) {
            return new AutocommitRowLoader();
        }
    },
    /** One row per statement, committed every {@code commitEvery} rows (0: once per call). */
    ROW_COMMIT_EVERY(Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new SingleRowLoader());
        }
    },
    /** addBatch/executeBatch, pipelined by pgjdbc; one transaction, or one per {@code commitEvery} rows. */
    BATCH(Knob.BATCH_SIZE, Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(BatchLoader.plain(k.batchSize()));
        }
    },
    /** The same with reWriteBatchedInserts=true: multi-row statements built by the driver. */
    BATCH_REWRITTEN(Knob.BATCH_SIZE, Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(BatchLoader.rewritten(k.batchSize()));
        }
    },
    /** One multi-row INSERT ... VALUES per {@code batchSize} rows (0: the most the parameter ceiling allows). */
    MULTI_ROW_VALUES(Knob.ROWS_PER_STATEMENT, Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new MultiRowValuesLoader(k.batchSize()));
        }
    },
    /** INSERT ... SELECT FROM unnest(arrays), {@code batchSize} rows per statement (0: all). */
    UNNEST(Knob.ROWS_PER_STATEMENT, Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new UnnestLoader(k.batchSize()));
        }
    },
    COPY_TEXT(Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(copyFormat().orElseThrow()));
        }
    },
    COPY_CSV(Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(copyFormat().orElseThrow()));
        }
    },
    COPY_BINARY(Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(copyFormat().orElseThrow()));
        }
    },
    /** TRUNCATE + COPY (FREEZE): replaces the table's contents. */
    COPY_FREEZE {
        @Override
        public Loader create(Knobs k) {
            return new CopyFreezeLoader(CopyFormat.BINARY);
        }
    },
    /** COPY into a TEMP table, INSERT ... ON CONFLICT DO NOTHING (rows whose key exists, or repeats, skipped). */
    STAGED_DEDUPE {
        @Override
        public Loader create(Knobs k) {
            return new StagedDedupeLoader();
        }
    },
    /** COPY into a TEMP table, INSERT ... ON CONFLICT DO UPDATE. */
    COPY_UPSERT {
        @Override
        public Loader create(Knobs k) {
            return new CopyUpsertLoader();
        }
    },
    /** INSERT ... ON CONFLICT DO UPDATE per row, in batches. */
    BATCH_UPSERT(Knob.BATCH_SIZE) {
        @Override
        public Loader create(Knobs k) {
            return BatchUpsertLoader.plain(k.batchSize());
        }
    },
    /** COPY into a TEMP table, then MERGE (PostgreSQL 15+). */
    MERGE_UPSERT {
        @Override
        public Loader create(Knobs k) {
            return new MergeUpsertLoader();
        }
    },
    /** INSERT ... SELECT FROM jsonb_to_recordset(one JSON array per {@code batchSize} rows; 0: all). */
    JSONB_RECORDSET(Knob.ROWS_PER_STATEMENT, Knob.COMMIT_EVERY) {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new JsonRecordsetLoader(k.batchSize()));
        }
    },
    /** Multi-row VALUES with RETURNING ids, in input order. */
    RETURNING_VALUES {
        @Override
        public Loader create(Knobs k) {
            return new ReturningValuesLoader();
        }
    },
    /** Batch with generated keys, in input order. */
    RETURNING_BATCH(Knob.BATCH_SIZE) {
        @Override
        public Loader create(Knobs k) {
            return new ReturningBatchLoader(k.batchSize());
        }
    },
    /** UNNEST WITH ORDINALITY and RETURNING ids, in input order. */
    RETURNING_UNNEST {
        @Override
        public Loader create(Knobs k) {
            return new ReturningUnnestLoader();
        }
    };

    /**
     * A knob a method uses, by the name benchmark parameters and {@link Knobs} give it, with the least value
     * that works. Knobs a method does not declare are ignored by it.
     */
    public enum Knob {
        /** Rows per executeBatch: at least one, or no batch is ever full enough to send. */
        BATCH_SIZE("batchSize", Knobs::batchSize, 1, "rows per executeBatch"),
        /** Rows per statement; 0 = as many as one statement takes (the whole call, or the bind-parameter ceiling). */
        ROWS_PER_STATEMENT("batchSize", Knobs::batchSize, 0, "rows per statement, 0 = as many as one statement takes"),
        /** Rows per transaction; 0 = one transaction per call. */
        COMMIT_EVERY("commitEvery", Knobs::commitEvery, 0, "rows per transaction, 0 = one per call");

        private final String parameter;
        private final ToIntFunction<Knobs> value;
        private final int least;
        private final String meaning;

        Knob(String parameter, ToIntFunction<Knobs> value, int least, String meaning) {
            this.parameter = parameter;
            this.value = value;
            this.least = least;
            this.meaning = meaning;
        }

        /** The name of the benchmark parameter (and {@link Knobs} component) that sets it. */
        public String parameter() {
            return parameter;
        }

        /** The least value that works. */
        int least() {
            return least;
        }

        /** What the value means, for messages and docs/methods.md. */
        String meaning() {
            return meaning;
        }

        int valueIn(Knobs knobs) {
            return value.applyAsInt(knobs);
        }
    }

    private final Set<Knob> knobs;

    LoadMethod(Knob... knobs) {
        this.knobs = knobs.length == 0 ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(Arrays.asList(knobs)));
    }

    /** The format a plain COPY method streams (COPY_TEXT, COPY_CSV, COPY_BINARY); empty for every other method. */
    public Optional<CopyFormat> copyFormat() {
        return switch (this) {
            case COPY_TEXT -> Optional.of(CopyFormat.TEXT);
            case COPY_CSV -> Optional.of(CopyFormat.CSV);
            case COPY_BINARY -> Optional.of(CopyFormat.BINARY);
            default -> Optional.empty();
        };
    }

    /** The knobs this method's loader is built from; the others do not change what it does. */
    public Set<Knob> knobs() {
        return knobs;
    }

    /**
     * What is wrong with {@code values} for this method, in one line naming the knob, the value and what works;
     * empty when this method can be built from them.
     */
    public Optional<String> knobProblem(Knobs values) {
        for (Knob knob : knobs) {
            int value = knob.valueIn(values);
            if (value < knob.least()) {
                return Optional.of(name() + " needs " + knob.parameter() + " of " + knob.least() + " or more ("
                        + knob.meaning() + "), was " + value);
            }
        }
        return Optional.empty();
    }

    /**
     * Transactions one call commits on a connection in autocommit mode: one per row for AUTOCOMMIT_ROW, one per
     * {@code commitEvery} rows where the method takes that knob and it is set, otherwise one (atomic loaders).
     */
    public long commitsPerCall(long rows, Knobs values) {
        if (this == AUTOCOMMIT_ROW) {
            return rows;
        }
        if (knobs.contains(Knob.COMMIT_EVERY) && values.commitEvery() > 0) {
            return (rows + values.commitEvery() - 1) / values.commitEvery();
        }
        return 1;
    }

    /**
     * Whether a call inserts no rows but the ones it is given: false where rows go through a staging or
     * temporary table first (those rows, and a temporary table's catalog rows, are inserted too).
     */
    public boolean insertsOnlyItsRows() {
        return this != STAGED_DEDUPE && this != COPY_UPSERT && this != MERGE_UPSERT;
    }

    /** Whether one call replaces the table's contents (truncate first) instead of adding to them. */
    public boolean replacesTableContents() {
        return create() instanceof AtomicLoader atomic && atomic.replacesTableContents();
    }

    /**
     * The common knobs.
     *
     * @param batchSize   rows per executeBatch or per statement (0 where allowed: as many as possible)
     * @param commitEvery rows per transaction; 0 = one transaction per call
     */
    public record Knobs(int batchSize, int commitEvery) {
        public static final Knobs DEFAULT = new Knobs(1000, 0);

        Loader withCommits(AtomicLoader loader) {
            return commitEvery > 0 ? new CommitEveryLoader(loader, commitEvery) : loader;
        }

        public Knobs {
            if (batchSize < 0 || commitEvery < 0) {
                throw new IllegalArgumentException("batchSize and commitEvery must be 0 or more, were "
                        + batchSize + " and " + commitEvery);
            }
        }
    }

    /** Creates this method's loader. */
    public abstract Loader create(Knobs knobs);

    /** This method's loader with the default knobs: batches of 1,000, one transaction per call. */
    public Loader create() {
        return create(Knobs.DEFAULT);
    }

    /** What a table must offer this method's loader. */
    Set<TableNeed> needs() {
        return create().needs();
    }

    /** Why this method cannot write {@code table}; empty when it can. */
    public Optional<String> cannotWrite(Table table) {
        return create().cannotWrite(table);
    }

    /** Parses a user-supplied name; an unknown name is an error listing the valid ones. */
    public static LoadMethod parse(String name) {
        for (LoadMethod m : values()) {
            if (m.name().equalsIgnoreCase(name.trim().replace('-', '_'))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown load method '" + name + "': valid methods are "
                + Arrays.stream(values()).map(m -> m.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")));
    }
}
