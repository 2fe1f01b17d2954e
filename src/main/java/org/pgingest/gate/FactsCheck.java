package org.pgingest.gate;

import org.pgingest.results.ResultFile;
import org.pgingest.results.TrialFacts;
import org.pgingest.workload.definition.PublishedShapes;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Whether two runs ran on comparable servers: the decisive facts ({@link TrialFacts#DECISIVE}) of every trial of
 * one run against those of the other.
 *
 * @param differences one line per decisive fact whose values differ, e.g. "synchronous_commit: baseline on, current off"
 * @param notes       what could not be checked (a run without a facts file)
 */
public record FactsCheck(List<String> differences, List<String> notes) {

    public FactsCheck {
        differences = List.copyOf(differences);
        notes = List.copyOf(notes);
    }

    public boolean comparable() {
        return differences.isEmpty();
    }

    public static FactsCheck of(ResultFile baseline, ResultFile current) {
        List<String> notes = new ArrayList<>();
        for (ResultFile f : List.of(baseline, current)) {
            Path facts = f.factsPath();
            if (f.facts().isEmpty()) {
                notes.add("no server facts for " + f.name() + " (" + facts.getFileName() + (!Files.exists(facts)
                        ? " absent" : !Files.isRegularFile(facts) ? " not a regular file" : " holds none")
                        + "): server versions and settings were not compared");
            } else {
                // an edited or cut facts file: the trials it lacks were run on servers nobody can compare
                long without = f.results().stream().filter(r -> f.facts().stream().noneMatch(t ->
                        t.benchmark().equals(r.benchmark()) && t.params().equals(r.params()))).count();
                if (without > 0) {
                    notes.add(facts.getFileName() + " holds no server facts for " + without + " of the "
                            + f.results().size() + " entries of " + f.name() + ": their servers were not compared");
                }
            }
        }
        List<String> differences = new ArrayList<>();
        if (notes.isEmpty()) {
            for (String fact : TrialFacts.DECISIVE) {
                Set<String> b = values(baseline, fact);
                Set<String> c = values(current, fact);
                if (!b.equals(c)) {
                    differences.add(fact + ": baseline " + String.join("/", b) + ", current " + String.join("/", c));
                }
            }
            differences.addAll(tableDifferences(baseline, current));
        }
        return new FactsCheck(differences, notes);
    }

    /**
     * One line per table label whose definitions differ between the runs (by fingerprint): the same label over
     * different columns, keys, indexes or triggers measures a different table. The label is what the params name:
     * {@code shape} and, where it is not the shape's own, its index profile ({@code indexes}), so that a comparison
     * across index profiles ({@code --ignore-param indexes}) judges what the extra index costs instead of stopping.
     */
    private static List<String> tableDifferences(ResultFile baseline, ResultFile current) {
        Map<String, Set<String>> b = fingerprints(baseline);
        Map<String, Set<String>> c = fingerprints(current);
        List<String> lines = new ArrayList<>();
        for (String label : b.keySet()) {
            if (c.containsKey(label) && !b.get(label).equals(c.get(label))) {
                lines.add("table definition of shape " + label + ": baseline " + String.join("/", b.get(label))
                        + ", current " + String.join("/", c.get(label)) + " (different tables under one label)");
            }
        }
        return lines;
    }

    private static Map<String, Set<String>> fingerprints(ResultFile file) {
        Map<String, Set<String>> byLabel = new TreeMap<>();
        for (TrialFacts t : file.facts()) {
            String fingerprint = t.get(TrialFacts.TABLE_FINGERPRINT);
            String shape = t.params().get("shape");
            String indexes = t.params().get("indexes");
            String label = shape == null || indexes == null || indexes.equals(PublishedShapes.STANDARD) ? shape
                    : shape + " indexes=" + indexes;
            if (fingerprint != null && label != null) {
                byLabel.computeIfAbsent(label, l -> new TreeSet<>()).add(fingerprint);
            }
        }
        return byLabel;
    }

    private static Set<String> values(ResultFile file, String fact) {
        Set<String> values = new TreeSet<>();
        for (TrialFacts t : file.facts()) {
            values.add(Objects.requireNonNullElse(t.get(fact), "unknown"));
        }
        return values;
    }
}
