package org.pgingest.load;

import org.pgingest.workload.TableShape;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every ingest path by name, each creating its loader from the common knobs. This is what benchmark
 * parameters and tests iterate over.
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
    ROW_COMMIT_EVERY {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new SingleRowLoader());
        }
    },
    /** addBatch/executeBatch, pipelined by pgjdbc; one transaction, or one per {@code commitEvery} rows. */
    BATCH {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(BatchLoader.plain(k.batchSize()));
        }
    },
    /** The same with reWriteBatchedInserts=true: multi-row statements built by the driver. */
    BATCH_REWRITTEN {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(BatchLoader.rewritten(k.batchSize()));
        }
    },
    /** One multi-row INSERT ... VALUES per {@code batchSize} rows (0: the most the parameter ceiling allows). */
    MULTI_ROW_VALUES {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new MultiRowValuesLoader(k.batchSize()));
        }
    },
    /** INSERT ... SELECT FROM unnest(arrays), {@code batchSize} rows per statement (0: all). */
    UNNEST {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new UnnestLoader(k.batchSize()));
        }
    },
    COPY_TEXT {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(CopyFormat.TEXT));
        }
    },
    COPY_CSV {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(CopyFormat.CSV));
        }
    },
    COPY_BINARY {
        @Override
        public Loader create(Knobs k) {
            return k.withCommits(new CopyLoader(CopyFormat.BINARY));
        }
    },
    /** TRUNCATE + COPY (FREEZE): replaces the table's contents. */
    COPY_FREEZE {
        @Override
        public Loader create(Knobs k) {
            return new CopyFreezeLoader(CopyFormat.BINARY);
        }
    },
    /** COPY into UNLOGGED staging, INSERT ... ON CONFLICT DO NOTHING, TRUNCATE staging. */
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
    BATCH_UPSERT {
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
    JSONB_RECORDSET {
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
    RETURNING_BATCH {
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

    /** Shapes this method's loader supports. */
    public Set<TableShape> shapes() {
        return create().shapes();
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
