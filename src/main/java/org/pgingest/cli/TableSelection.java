package org.pgingest.cli;

import org.pgingest.load.LoadMethod;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.definition.ResolvedTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A user's table as another command ({@code ./bench rank}) selects it: the options of a table run ({@code --ddl},
 * {@code --table}, {@code --rows}, {@code --sample}, {@code --drop-foreign-keys}) taken out of a command line, and the
 * table resolved and checked exactly as a table run does it ({@link TableRun}), with the same lines on the terminal.
 */
public final class TableSelection {
    private final TableOptions options;

    private TableSelection(TableOptions options) {
        this.options = options;
    }

    /** Whether the arguments select a user's table. */
    public static boolean asked(List<String> args) {
        return TableOptions.asked(args);
    }

    /** Whether {@code arg} is a table option that takes no value ({@code --drop-foreign-keys}, {@code --keep-schema}). */
    public static boolean isFlag(String arg) {
        return arg.equals(TableOptions.DROP_FOREIGN_KEYS) || arg.equals(TableOptions.KEEP_SCHEMA);
    }

    /** Takes the table options out of {@code args}; a problem is one {@link UsageException}. */
    public static TableSelection take(List<String> args) {
        return new TableSelection(TableOptions.take(args));
    }

    /** The arguments that were not the table's, in order. */
    public List<String> rest() {
        return options.rest();
    }

    /** The files the table is read from ({@code --ddl}, {@code --rows}), which no output may replace. */
    public List<Path> files() {
        return options.files();
    }

    /** Refuses a live table without an external server (one line). */
    public void checkTarget(TargetConfig config) {
        options.checkTarget(config);
    }

    /**
     * The table resolved and checked, and the methods that cannot write it with their reasons.
     *
     * @param table      the resolved table
     * @param cannotWrite each method that cannot write it, with the reason
     */
    /** @param notes what the run printed a reader should know of the table, which its verdict repeats */
    public record Resolved(ResolvedTable table, Map<LoadMethod, String> cannotWrite, List<String> notes) {
    }

    /** Resolves and checks the table (the notes and skipped statements printed as a table run prints them). */
    public Resolved resolve(TargetConfig config) throws IOException {
        TableRun.Resolution r = TableRun.resolveAndTell(options, config);
        return new Resolved(r.table(), r.check().cannotWrite(), TableRun.notes(r.table(), r.check()));
    }

    /**
     * On an external server, drops the suite's schema the resolution's check worked in, unless {@code --keep-schema}
     * (saying which), as a table run does at its end.
     */
    public void leave(TargetConfig config) {
        TableRun.leaveServer(config, options, 0);
    }

    /**
     * The table's name as a file name (letters, digits, dot, dash, underscore), with the DDL file's name for a table
     * from {@code --ddl}: results of other sources of a table of the same name have other names.
     */
    public String fileName(ResolvedTable resolved) {
        return TableRun.fileName(resolved, options);
    }
}
