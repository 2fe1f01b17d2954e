package org.pgingest.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A command's output files, checked together before it reads or writes anything: each must take a result
 * ({@link ResultPath#problem}), no two may be one file (one would be lost), and none may be one of the command's inputs
 * or an input's facts file (an adversarial pass, 2026-12-03: {@code gate base.json cur.json --markdown cur.json}
 * replaced the run it judged).
 */
public final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * The first problem, as one line naming its option ({@code --json v.json: ...}), or empty.
     *
     * @param outputs each output file with the option that names it ({@code Map.entry("--json", path)})
     * @param inputs  the files the command reads
     */
    public static Optional<String> problem(List<Map.Entry<String, Path>> outputs, List<Path> inputs) {
        List<Map.Entry<String, Path>> seen = new ArrayList<>();
        for (Map.Entry<String, Path> output : outputs) {
            String named = output.getKey() + " " + output.getValue() + ": ";
            Optional<String> problem = ResultPath.problem(output.getValue());
            if (problem.isPresent()) {
                return Optional.of(named + problem.get());
            }
            for (Path input : inputs) {
                for (Path read : List.of(input, input.resolveSibling(input.getFileName() + ResultFile.FACTS_SUFFIX))) {
                    if (same(read, output.getValue())) {
                        return Optional.of(named + "the command reads " + read + ", which this would replace; name "
                                + "another file");
                    }
                }
            }
            for (Map.Entry<String, Path> earlier : seen) {
                if (same(earlier.getValue(), output.getValue())) {
                    return Optional.of(named + "the same file as " + earlier.getKey() + " " + earlier.getValue()
                            + "; give each its own");
                }
            }
            seen.add(output);
        }
        return Optional.empty();
    }

    /** Whether two paths name one file: the file system says for files that exist, their normalized names else. */
    public static boolean same(Path a, Path b) {
        if (Files.exists(a) && Files.exists(b)) {
            try {
                return Files.isSameFile(a, b);
            } catch (IOException e) {
                // unreadable for the check: the names decide
            }
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }
}
