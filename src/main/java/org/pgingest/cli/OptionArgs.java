package org.pgingest.cli;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** The command line as the suite's parsers read it, whichever of the two usual forms an option's value took. */
public final class OptionArgs {
    /** A long option with its value after "=": {@code --budget=4m}, {@code --rule=wal.bytes/row=5%}. */
    private static final Pattern JOINED = Pattern.compile("(--[a-z][a-z0-9-]*)=(.*)", Pattern.DOTALL);

    private OptionArgs() {
    }

    /**
     * Each {@code --name=value} as {@code --name value}, the form every parser of the suite takes; the rest as given
     * ({@code -p name=value} and {@code -Dname=value} are options of their own, and JMH's take no "=").
     */
    public static String[] spaced(String[] args) {
        List<String> out = new ArrayList<>(args.length);
        for (String a : args) {
            Matcher m = JOINED.matcher(a);
            if (m.matches()) {
                out.add(m.group(1));
                out.add(m.group(2));
            } else {
                out.add(a);
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * "--html is given twice: give it once" for the first of {@code singleValued} that {@code args} gives more than
     * once (the last had won silently); empty when none is.
     */
    public static Optional<String> repeated(List<String> args, Collection<String> singleValued) {
        Set<String> seen = new HashSet<>();
        for (String arg : args) {
            if (singleValued.contains(arg) && !seen.add(arg)) {
                return Optional.of(arg + " is given twice: give it once");
            }
        }
        return Optional.empty();
    }

    /**
     * Refuses, in one line, a benchmark include or exclude pattern that is no regular expression: JMH would throw it
     * from its benchmark list, a stack trace where the launcher's answer is a line.
     */
    public static void requireRegularExpressions(List<String> patterns) {
        for (String pattern : patterns) {
            try {
                Pattern.compile(pattern);
            } catch (PatternSyntaxException e) {
                throw new UsageException("benchmark regex '" + e.getPattern() + "' is not a regular expression: "
                        + e.getDescription());
            }
        }
    }
}
