package org.pgingest.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The server facts of one trial, one line of {@code <json>.server.jsonl} (written by the benchmark harness).
 *
 * @param benchmark full benchmark name
 * @param params    the trial's params
 * @param facts     {@link #DECISIVE} facts first, then the rest of the recorded settings; null = not recorded
 * @param warnings  what the server's facts said a run must print prominently ({@code ServerFacts.warnings()}: fsync
 *                  off, durability or a setting that differs from the suite's file); empty where none were recorded
 */
public record TrialFacts(String benchmark, SortedMap<String, String> params, Map<String, String> facts,
                         List<String> warnings) {
    /**
     * Facts that change what a row costs, so results taken under different values are not comparable:
     * the major version (WAL format and statistics views change between majors), fsync and
     * synchronous_commit (whether a commit waits for a flush), full_page_writes and data_checksums (full-page
     * images and hint-bit WAL), and the pooler between loaders and server with its mode (a hop each way, and
     * statements of its own).
     */
    /**
     * The fingerprint of the trial's table definition ({@code ResolvedTable.fingerprint}), where its fork recorded
     * one: results of different definitions under one {@code shape} label are not comparable.
     */
    public static final String TABLE_FINGERPRINT = "table.fingerprint";

    public static final List<String> DECISIVE = List.of("major", "fsync", "synchronous_commit", "full_page_writes",
            "data_checksums", "pooler");
    /** The server settings among them (the major comes from the version, the pooler from its own fact). */
    static final List<String> DECISIVE_SETTINGS = DECISIVE.subList(1, DECISIVE.size() - 1);

    public TrialFacts {
        params = Collections.unmodifiableSortedMap(new TreeMap<>(params));
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts));
        warnings = List.copyOf(warnings);
    }

    public String get(String name) {
        return facts.get(name);
    }
}
