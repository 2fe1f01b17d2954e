package org.pgingest.stats;

/**
 * What one node of a cluster spent in a window: its own counters ({@link ServerCosts}, read on that node) and the
 * two-phase commits in its WAL ({@link TwoPhaseRecords}).
 */
public record NodeCosts(ServerCosts costs, TwoPhaseRecords twoPhase) {
}
