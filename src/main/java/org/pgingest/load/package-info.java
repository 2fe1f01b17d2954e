/**
 * Ingest paths: one loader class per path, behind {@link org.pgingest.load.Loader}, created by name through
 * {@link org.pgingest.load.LoadMethod}.
 *
 * <p><b>Loaders</b> (public, what an application calls): {@code AutocommitRowLoader}, {@code SingleRowLoader},
 * {@code CommitEveryLoader} (wraps any atomic loader), {@code BatchLoader}, {@code BatchUpsertLoader},
 * {@code MultiRowValuesLoader}, {@code UnnestLoader}, {@code LiteralValuesLoader} and {@code LiteralUnnestLoader}
 * (values written into the SQL text, made by {@code SqlText}), {@code CopyLoader}, {@code CopyFreezeLoader},
 * {@code StagedDedupeLoader}, {@code CopyUpsertLoader}, {@code MergeUpsertLoader}, {@code JsonRecordsetLoader},
 * {@code ReturningValuesLoader}, {@code ReturningBatchLoader}, {@code ReturningUnnestLoader},
 * {@code QuarantineLoader} (wraps an atomic loader); their bases {@code AtomicLoader},
 * {@code ReturningLoader} and {@code LiteralLoader}; {@code CopyFormat}; {@code Preparation} (pgjdbc's prepareThreshold as an axis);
 * {@code LoadException}, the one exception a rejected row gives; {@code CheckedRows}, rows checked before a call.
 *
 * <p><b>Helpers</b> (package-private, one concern each): {@code RowCheck} (the check every row passes before
 * encoding, unless {@link org.pgingest.load.CheckedRows} passed it before the call), {@code Failures} (which
 * failures a row caused), {@code Transactions} (all or nothing),
 * {@code Statements} (INSERT text and binding), {@code SqlLiterals} (values quoted into SQL text),
 * {@code Chunks} (chunking as rows are iterated),
 * {@code BatchWriter}, {@code CopyWriter}, {@code StagedInput} (the temp table of staged upserts),
 * {@code Returned} (reading ids back), {@code LocatedFailure} and {@code ChunkFailure} (a failure that knows
 * its row, or its chunk).
 *
 * <p>SQL fragments have one home each: the INSERT prefix and the column definition list in
 * {@link org.pgingest.workload.Table}, per-type SQL in the type's codec ({@link org.pgingest.workload.types.TypeCodec}), the VALUES
 * statement in {@code Statements}, the unnest select in {@code UnnestLoader}, the RETURNING-in-order statement
 * in {@code ReturningLoader}.
 */
package org.pgingest.load;
