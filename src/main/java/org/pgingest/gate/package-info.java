/**
 * The CI regression gate: compares a current JMH result with a baseline, metric by metric, and says what
 * regressed. Counted figures (WAL bytes, records and fsyncs per row, commits and statements per op) are judged
 * by a relative threshold; timed figures (scores, rows/s, planning and execution time, CPU) only when the change
 * is large enough and Welch's t-test on the per-iteration values rejects "same". Entry point: {@link Gate};
 * command line: {@code org.pgingest.cli.GateMain}.
 */
package org.pgingest.gate;
