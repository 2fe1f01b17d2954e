package org.pgingest.cli;

import org.pgingest.gate.Exports;
import org.pgingest.gate.GateInputException;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;
import org.pgingest.results.ResultPath;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code ./bench export RESULT.json DIR}: one JMH result in the formats dashboards read (github-action-benchmark's
 * customBiggerIsBetter and customSmallerIsBetter, Bencher Metric Format), params in every name. Prints each file
 * written and each thing left out. Exit code 2 with one line on bad input, names that would collide, or a
 * directory that cannot be written (checked before the result is read).
 */
public final class ExportMain {
    static final String USAGE = "usage: export RESULT.json DIR";

    private ExportMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, Console.stdout(), System.err));
    }

    /** Runs the export; returns the exit code (0, or 2 with one line on {@code err}). */
    static int run(String[] given, PrintStream out, PrintStream err) {
        String[] args = OptionArgs.spaced(given);
        if (List.of(args).contains("--help")) {
            out.println(USAGE + "\n(docs/ci.md: the formats written, for github-action-benchmark and Bencher)");
            return 0;
        }
        if (args.length != 2 || args[0].startsWith("-") || args[1].startsWith("-")) {
            err.println("pg-ingest-bench export: expected a JMH JSON file and a directory; " + USAGE);
            return 2;
        }
        try {
            ResultPath.directoryProblem(Path.of(args[1])).ifPresent(problem -> {
                throw new UsageException("export to " + args[1] + ": " + problem);
            });
            OutputFiles.problem(Exports.files(Path.of(args[1])).stream().map(f -> Map.entry("export to", f)).toList(),
                    List.of(Path.of(args[0]))).ifPresent(problem -> {
                        throw new UsageException(problem);
                    });
            Exports.Export export = Exports.of(ResultFile.read(Path.of(args[0])));
            for (Path written : Exports.write(export, Path.of(args[1]))) {
                out.println(Console.fit("pg-ingest-bench export: " + written, Console.charset()));
            }
            export.notes().forEach(note -> out.println(Console.fit("pg-ingest-bench export: " + note, Console.charset())));
            return 0;
        } catch (ResultFileException | GateInputException | UsageException e) {
            err.println("pg-ingest-bench export: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("pg-ingest-bench export: cannot write to " + args[1] + ": " + e.getMessage());
            return 2;
        }
    }
}
