package org.pgingest.workload.definition;

import java.util.List;

/**
 * One partition of a partitioned table.
 *
 * @param name            its name (its schema is the parent's in a copy)
 * @param bound           "FOR VALUES ..." or "DEFAULT", as {@code pg_get_expr(relpartbound)} prints it
 * @param constraint      the rows it accepts as a boolean expression over the root's columns
 *                        ({@code pg_get_partition_constraintdef}, ancestors' included); null for a partition that
 *                        accepts every row its parent routes to it without one
 * @param subpartitioning how it is partitioned itself; null for a leaf
 */
public record PartitionDefinition(String name, String bound, String constraint, Partitioning subpartitioning) {

    /**
     * How a table is partitioned.
     *
     * @param key        {@code pg_get_partkeydef}: "RANGE (paid_at)", "LIST (lower(region))"
     * @param columns    the columns the key reads
     * @param partitions its partitions
     */
    public record Partitioning(String key, List<String> columns, List<PartitionDefinition> partitions) {
        public Partitioning {
            columns = List.copyOf(columns);
            partitions = List.copyOf(partitions);
        }

        /** The leaf partitions, depth first. */
        public List<PartitionDefinition> leaves() {
            List<PartitionDefinition> leaves = new java.util.ArrayList<>();
            for (PartitionDefinition p : partitions) {
                if (p.subpartitioning() == null) {
                    leaves.add(p);
                } else {
                    leaves.addAll(p.subpartitioning().leaves());
                }
            }
            return leaves;
        }
    }
}
