package org.pgingest.cli;

import org.pgingest.server.TargetConfig;
import org.pgingest.server.TargetKind;
import org.pgingest.table.UserRows;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.SampleRows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The options of a run on a user's table, taken out of the command line wherever they stand (JMH has none of these
 * names); each problem is a {@link UsageException} with one line naming the option and what works.
 *
 * @param ddl              {@code --ddl FILE}: the table's DDL (what pg_dump --schema-only writes); empty for a live
 *                         table
 * @param table            {@code --table NAME}
 * @param rowsFile         {@code --rows FILE.csv}
 * @param rows             the user's own rows of that file, read and checked with the options, so that the file's
 *                         faults are told before any server is started or reached
 * @param sample           {@code --sample N}: N rows read from the live table
 * @param dropForeignKeys  {@code --drop-foreign-keys}
 * @param keepSchema       {@code --keep-schema}: on an external server, the suite's schema stays after the run
 * @param rest             every other argument, in order (leading -D options and JMH's)
 */
record TableOptions(Optional<Path> ddl, QualifiedName table, Optional<Path> rowsFile, Optional<SampleRows> rows, Optional<Integer> sample,
                    boolean dropForeignKeys, boolean keepSchema, List<String> rest) {
    static final String DDL = "--ddl";
    static final String TABLE = "--table";
    static final String ROWS = "--rows";
    static final String SAMPLE = "--sample";
    static final String DROP_FOREIGN_KEYS = "--drop-foreign-keys";
    static final String KEEP_SCHEMA = "--keep-schema";
    static final List<String> ALL = List.of(DDL, TABLE, ROWS, SAMPLE, DROP_FOREIGN_KEYS, KEEP_SCHEMA);

    TableOptions {
        rest = List.copyOf(rest);
    }

    /** The files the run reads: the DDL and the rows, as given. */
    List<Path> files() {
        List<Path> files = new ArrayList<>();
        ddl.ifPresent(files::add);
        rowsFile.ifPresent(files::add);
        return files;
    }

    /** Whether the arguments name a table of the user's (or one of the options that go with it). */
    static boolean asked(List<String> args) {
        return args.stream().anyMatch(ALL::contains);
    }

    static TableOptions take(List<String> args) {
        List<String> rest = new ArrayList<>(args);
        Optional<String> ddl = value(rest, DDL, "a file: --ddl schema.sql (what pg_dump --schema-only writes)");
        Optional<String> table = value(rest, TABLE, "a table name: --table orders, or --table sales.orders");
        Optional<String> rows = value(rest, ROWS, "a CSV file with a header line: --rows sample.csv");
        Optional<String> sample = value(rest, SAMPLE, "a number of rows: --sample 1000");
        boolean drop = flag(rest, DROP_FOREIGN_KEYS);
        boolean keep = flag(rest, KEEP_SCHEMA);
        if (table.isEmpty()) {
            throw new UsageException((ddl.isPresent() ? DDL + " " + ddl.get() + " without " + TABLE
                    : "these options need " + TABLE) + ": name the table to benchmark, e.g. --table orders");
        }
        QualifiedName name;
        try {
            name = QualifiedName.parse(table.get());
        } catch (IllegalArgumentException e) {
            throw new UsageException(TABLE + " " + table.get() + ": " + e.getMessage());
        }
        Optional<Path> ddlFile = ddl.map(f -> readableFile(DDL, f));
        Optional<Path> rowsFile = rows.map(f -> readableFile(ROWS, f));
        Optional<Integer> sampleRows = sample.map(TableOptions::count);
        if (rowsFile.isPresent() && sampleRows.isPresent()) {
            throw new UsageException(ROWS + " and " + SAMPLE + " both give the rows: choose one");
        }
        if (ddlFile.isPresent() && sampleRows.isPresent()) {
            throw new UsageException(SAMPLE + " reads rows from the live table, and " + DDL + " makes a new one: use "
                    + ROWS + " FILE.csv with " + DDL);
        }
        for (String arg : rest) {
            if (arg.startsWith("shape=") || arg.startsWith("-pshape=") || arg.startsWith("indexes=")
                    || arg.startsWith("-pindexes=")) {
                throw new UsageException("-p " + arg.replaceFirst("^-p", "") + ": " + TABLE
                        + " sets the table; leave -p shape and -p indexes out");
            }
        }
        Optional<SampleRows> userRows;
        try {
            userRows = rowsFile.map(UserRows::fromCsv);
        } catch (DefinitionException e) {
            throw new UsageException(e.getMessage());
        }
        return new TableOptions(ddlFile, name, rowsFile, userRows, sampleRows, drop, keep, rest);
    }

    /** Checks what depends on the target: a live table needs an external server. */
    void checkTarget(TargetConfig config) {
        if (ddl.isEmpty() && config.kind() != TargetKind.EXTERNAL) {
            throw new UsageException(TABLE + " " + table + " without " + DDL + " reads a live table, which needs an "
                    + "external server (-Dpg.target=external -Dpg.url=jdbc:postgresql://host/db); the "
                    + config.kind().id() + " server starts empty: give the table's DDL with " + DDL + " FILE");
        }
    }

    /** Whether {@code flag} is given, taken out; given twice is a one-line problem, as for an option with a value. */
    private static boolean flag(List<String> args, String flag) {
        boolean given = args.remove(flag);
        if (args.contains(flag)) {
            throw new UsageException(flag + " given twice: give it once");
        }
        return given;
    }

    /** The value after {@code option}, both taken out; a missing value or a second one is a one-line problem. */
    private static Optional<String> value(List<String> args, String option, String what) {
        int at = args.indexOf(option);
        if (at < 0) {
            return Optional.empty();
        }
        if (at + 1 >= args.size() || args.get(at + 1).startsWith("--")) {
            throw new UsageException(option + " needs " + what);
        }
        args.remove(at);
        String value = args.remove(at);
        if (args.contains(option)) {
            throw new UsageException(option + " given twice: give it once");
        }
        return Optional.of(value);
    }

    private static Path readableFile(String option, String name) {
        Path path = Path.of(name);
        if (Files.isDirectory(path)) {
            throw new UsageException(option + " " + name + ": a directory; give a file");
        }
        if (!Files.isRegularFile(path)) {
            throw new UsageException(option + " " + name + (Files.exists(path) ? ": not a regular file" : ": no such file"));
        }
        if (!Files.isReadable(path)) {
            throw new UsageException(option + " " + name + ": not readable");
        }
        return path;
    }

    private static int count(String value) {
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= org.pgingest.table.UserRows.MAX_ROWS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the same message as a number out of range
        }
        throw new UsageException(SAMPLE + " " + value + ": use a whole number from 1 to "
                + org.pgingest.table.UserRows.MAX_ROWS + " (rows read from the live table)");
    }
}
