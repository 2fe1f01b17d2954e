/**
 * JMH result files as the gate and the report read them: every benchmark entry with its params, primary and
 * secondary metrics and per-iteration values, and the server facts recorded beside the file
 * ({@code <json>.server.jsonl}). Shared by {@code org.pgingest.gate} and {@code org.pgingest.report}, so both read
 * JMH 1.37's quirks (params as strings, "NaN" errors, sample-mode histograms) in one place.
 */
package org.pgingest.results;
