package org.pgingest.cli;

import org.pgingest.gate.Exports;
import org.pgingest.gate.Gate;
import org.pgingest.gate.GateInputException;
import org.pgingest.gate.GateResult;
import org.pgingest.gate.GateRules;
import org.pgingest.gate.JsonVerdict;
import org.pgingest.gate.MarkdownVerdict;
import org.pgingest.gate.Rule;
import org.pgingest.results.OutputFiles;
import org.pgingest.results.ResultFile;
import org.pgingest.results.ResultFileException;
import org.pgingest.results.ResultPath;
import org.pgingest.secret.SecretBearing;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The CI regression gate: {@code ./bench gate BASELINE.json CURRENT.json [options]}, or
 * {@code java -cp target/benchmarks.jar org.pgingest.cli.GateMain ...}. Prints the Markdown verdict and a summary
 * line; exit code 0 when nothing regressed, 1 on a regression, 2 on unusable input (missing file, not JMH JSON,
 * nothing in common, servers that differ without {@code --compare-anyway}, a figure the current run failed to
 * measure, an output that cannot be written, a bad option). Every output is checked writable, and every input and
 * export checked, before anything is printed or written.
 */
public final class GateMain {
    static final String USAGE = "usage: gate BASELINE.json CURRENT.json [--markdown FILE] [--json FILE] "
            + "[--export DIR] [--counted PCT] [--timed PCT] [--alpha P] [--rule PATTERN=PCT[,FLOOR]|PATTERN=ignore]... "
            + "[--ignore-param NAME]... [--timed-advisory] [--compare-anyway]";

    private GateMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, Console.stdout(), System.err, Console.charset()));
    }

    /** @param console the charset {@code out} shows: the Markdown printed there uses ASCII stand-ins it lacks */
    static int run(String[] given, PrintStream out, PrintStream err, Charset console) {
        String[] args = OptionArgs.spaced(given);
        if (List.of(args).contains("--help")) {
            out.println(USAGE + "\n(docs/ci.md: what each option does, the defaults, the exit codes)");
            return 0;
        }
        try {
            return gate(args, out, console);
        } catch (GateInputException | ResultFileException | UsageException e) {
            err.println("pg-ingest-bench gate: " + e.getMessage());
            return GateResult.UNUSABLE;
        } catch (IOException e) {
            err.println("pg-ingest-bench gate: cannot write output: " + e.getMessage());
            return GateResult.UNUSABLE;
        }
    }

    private static int gate(String[] args, PrintStream out, Charset console) throws IOException {
        List<String> files = new ArrayList<>();
        GateRules rules = GateRules.defaults();
        List<Rule> extra = new ArrayList<>();
        List<String> ignoredParams = new ArrayList<>();
        boolean compareAnyway = false;
        Path markdown = null;
        Path json = null;
        Path exportDir = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--markdown" -> markdown = Path.of(value(args, ++i, a));
                case "--json" -> json = Path.of(value(args, ++i, a));
                case "--export" -> exportDir = Path.of(value(args, ++i, a));
                case "--counted" -> rules = rules.withCounted(Rule.fraction(value(args, ++i, a), a));
                case "--timed" -> rules = rules.withTimed(Rule.fraction(value(args, ++i, a), a));
                case "--alpha" -> rules = rules.withAlpha(Rule.fraction(value(args, ++i, a), a));
                case "--rule" -> extra.add(Rule.parse(value(args, ++i, a)));
                case "--ignore-param" -> ignoredParams.add(value(args, ++i, a));
                case "--compare-anyway" -> compareAnyway = true;
                case "--timed-advisory" -> rules = rules.withTimedAdvisory();
                default -> {
                    if (a.startsWith("-")) {
                        throw new GateInputException("unknown option " + SecretBearing.masked(a) + "; " + USAGE);
                    }
                    files.add(a);
                }
            }
        }
        if (files.size() != 2) {
            throw new GateInputException("expected a baseline and a current JMH JSON file, got " + files.size()
                    + " file arguments; " + USAGE);
        }
        // Every output checked before anything is read, judged or printed: a gate that printed PASS and wrote its
        // Markdown, then failed on --json, left half its outputs behind.
        List<Map.Entry<String, Path>> outputs = new ArrayList<>();
        Optional.ofNullable(markdown).ifPresent(f -> outputs.add(Map.entry("--markdown", f)));
        Optional.ofNullable(json).ifPresent(f -> outputs.add(Map.entry("--json", f)));
        if (exportDir != null) {
            if (exportDir.toString().isBlank()) {
                // an empty name is the working directory: the export's files landed in the checkout's root
                throw new GateInputException("--export: no directory given");
            }
            refuseIf("--export " + exportDir, ResultPath.directoryProblem(exportDir));
            Exports.files(exportDir).forEach(f -> outputs.add(Map.entry("--export", f)));
        }
        OutputFiles.problem(outputs, files.stream().map(Path::of).toList()).ifPresent(problem -> {
            throw new UsageException(problem);
        });
        if (OutputFiles.same(Path.of(files.get(0)), Path.of(files.get(1)))) {
            // a CI job that names one file twice would pass every change (an adversarial pass, 2026-12-03)
            throw new GateInputException(files.get(0) + " and " + files.get(1) + " are one file: give the baseline's "
                    + "result and the current run's");
        }
        ResultFile baseline = ResultFile.read(Path.of(files.get(0)));
        ResultFile current = ResultFile.read(Path.of(files.get(1)));
        Gate.requireEachMatches(extra, baseline, current);
        GateResult result = new Gate(rules.withRules(extra), ignoredParams, compareAnyway).compare(baseline, current);
        Exports.Export export = exportDir == null ? null : Exports.of(current);

        String md = MarkdownVerdict.render(result);
        out.print(Console.fit(md, console));
        if (markdown != null) {
            ResultPath.write(markdown, o -> o.write(md.getBytes(StandardCharsets.UTF_8)));
        }
        if (json != null) {
            String verdict = JsonVerdict.render(result);
            ResultPath.write(json, o -> o.write(verdict.getBytes(StandardCharsets.UTF_8)));
        }
        if (export != null) {
            Exports.write(export, exportDir);
            export.notes().forEach(note -> out.println(Console.fit("pg-ingest-bench gate: export: " + note, console)));
        }
        out.println(Console.fit("pg-ingest-bench gate: " + result.summary() + " (exit " + result.exitCode() + ")", console));
        return result.exitCode();
    }

    static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new GateInputException(option + " needs a value; " + USAGE);
        }
        return args[i];
    }

    private static void refuseIf(String output, Optional<String> problem) {
        if (problem.isPresent()) {
            throw new UsageException(output + ": " + problem.get());
        }
    }
}
