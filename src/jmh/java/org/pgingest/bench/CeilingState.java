package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.pgingest.table.PlannedTable;
import org.pgingest.load.CopyFile;
import org.pgingest.load.CopyFormat;
import org.pgingest.load.LoadException;
import org.pgingest.load.LoadMethod;
import org.pgingest.results.NotMeasurableException;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.TargetKind;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The ceiling of a COPY method: the server loads the rows {@link IngestState} would send for the same
 * {@code method}, table ({@link TableTrial}'s parameters), {@code rows} and {@code existingRows} (the same rows: {@link
 * TableTrial#rows}) from a file it reads itself, written beforehand by the suite's own encoder for that method's
 * format. The parameter names are IngestState's so that a report matches each COPY result to its ceiling.
 * Each call's rows are written to a file of its own before the iteration ({@link CallsAhead}); each iteration starts on the
 * table's existing rows and its costs are measured in the window every thread shares ({@link IterationWindow}), after
 * which the table must hold exactly the rows loaded, as in IngestState. Where the server cannot read the file,
 * the trial setup throws {@link NotMeasurableException} with the reason: the ceiling is missing, not zero and not a
 * failure of the run.
 */
@State(Scope.Thread)
public class CeilingState implements IterationWindow.Member {
    /** COPY methods only: the ceiling of each is its format read from a file. */
    @Param({"COPY_TEXT", "COPY_CSV", "COPY_BINARY"})
    public LoadMethod method;

    @Param({"500"})
    public int rows;

    /** Rows the table holds before each iteration's, as in IngestState ({@link ExistingRows}). */
    @Param({"0"})
    public long existingRows;

    private Table table;
    private Connection connection;
    private ExistingRows existing;
    private CopyFormat format;
    private int threadIndex;
    private Path directory;
    /** Files written so far, for their names. */
    private long filesWritten;
    private CallsAhead<CopyFile, IOException> calls;
    /** Files this iteration's calls loaded, removed after it. */
    private final List<CopyFile> loaded = new ArrayList<>();
    private IterationWindow window;
    private long opsInIteration;
    private long rowsInIteration;
    /** What the table held at the end of the iteration, its existing rows included. */
    private long rowsInTable;

    @Setup(Level.Trial)
    public void open(ServerState server, TableTrial tableTrial, IterationWindow window, ThreadParams thread)
            throws SQLException, IOException, LoadException {
        format = formatOf(method);
        threadIndex = thread.getThreadIndex();
        PostgresTarget target = server.target();
        connection = target.dataSource().getConnection();
        PlannedTable copy = tableTrial.copy(connection, "_ceiling_" + thread.getThreadIndex());
        table = copy.table();
        Optional<String> cannot = LoadMethod.COPY_BINARY == method ? LoadMethod.COPY_BINARY.cannotWrite(table) : Optional.empty();
        if (cannot.isPresent()) {
            connection.close();
            throw new NotMeasurableException("the ceiling of " + method + " cannot load " + tableTrial.resolved().table().name()
                    + ": " + cannot.get());
        }
        // The same seed and row numbers as IngestState's thread of the same index, and the same existing rows first:
        // the identical rows.
        RowGenerator generator = tableTrial.rows(copy, thread.getThreadIndex(), thread.getThreadCount());
        existing = new ExistingRows(existingRows);
        existing.fill(connection, table, generator);
        // Readable by the server's operating-system user, which on the same host need not be ours.
        directory = Files.createTempDirectory(fileRoot(), "pg-ingest-ceiling",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        // A probe from a generator of its own: the measured calls start at the same row as IngestState's.
        CopyFile probe = newFile();
        probe.write(table, tableTrial.rows(copy, thread.getThreadIndex(), thread.getThreadCount()).next(1));
        loaded.add(probe);
        Optional<String> unreadable = whyServerCannotRead(target, connection, probe.path());
        if (unreadable.isPresent()) {
            close();
            // Not a failure: this target cannot give the figure. The launcher reports the trial missing with the
            // reason and records it beside the results (NotMeasurableException).
            throw new NotMeasurableException(unreadable.get());
        }
        calls = new CallsAhead<>(() -> {
            CopyFile file = newFile();
            try {
                file.write(table, generator.next(rows));
            } catch (LoadException e) {
                throw new IllegalStateException("the generator made a row the loaders refuse: " + e.getMessage(), e);
            }
            return file;
        }, rows, thread.getThreadCount());
        this.window = window;
        window.join(this);
    }

    private CopyFile newFile() {
        return new CopyFile(format, directory.resolve("rows-" + threadIndex + "-" + filesWritten++ + "."
                + format.name().toLowerCase(Locale.ROOT)));
    }

    /**
     * Where the rows' files are written: {@code /dev/shm} (a tmpfs, on Linux) where there is one, else {@code
     * java.io.tmpdir}. On a disk their write-back could fall among the measured calls, beside each commit's WAL
     * fsync, which the client's COPY does not pay; in memory the server's read is all a call costs.
     */
    static Path fileRoot() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** The format the method streams, which is the format its ceiling reads from the file. */
    static CopyFormat formatOf(LoadMethod method) {
        return method.copyFormat().orElseThrow(() -> new IllegalArgumentException("-p method=" + method
                + ": a ceiling is a COPY format read from a file; valid: COPY_TEXT, COPY_CSV, COPY_BINARY"));
    }

    /**
     * Why the server cannot open the file, if it cannot: the embedded server runs on this host as this user and its
     * role is superuser, so it always can. Elsewhere COPY from a file needs superuser or pg_read_server_files, and
     * the server must see this very file: same host, not inside a container. Seeing it is proven by the server's
     * own pg_stat_file giving the file's size (that function needs superuser or an EXECUTE grant).
     */
    private static Optional<String> whyServerCannotRead(PostgresTarget target, Connection connection, Path path)
            throws SQLException, IOException {
        if (target.kind() == TargetKind.EMBEDDED) {
            return Optional.empty();
        }
        if (target.kind() == TargetKind.CONTAINER) {
            return Optional.of("the container's server cannot open files on this machine");
        }
        try (PreparedStatement s = connection.prepareStatement("SELECT r.rolsuper OR pg_has_role(current_user, "
                + "'pg_read_server_files', 'MEMBER') FROM pg_roles r WHERE r.rolname = current_user");
             ResultSet r = s.executeQuery()) {
            if (!r.next() || !r.getBoolean(1)) {
                return Optional.of("role " + target.endpoint().user() + " is neither superuser nor a member of "
                        + "pg_read_server_files, which COPY FROM a file needs");
            }
        }
        long size = Files.size(path);
        try (PreparedStatement s = connection.prepareStatement("SELECT (pg_stat_file(?, true)).size")) {
            s.setString(1, path.toAbsolutePath().toString());
            try (ResultSet r = s.executeQuery()) {
                r.next();
                long seen = r.getLong(1);
                if (r.wasNull() || seen != size) {
                    return Optional.of("the server at " + target.endpoint().host() + " does not see " + path
                            + " as written here (another host?)");
                }
            }
        } catch (SQLException e) {
            return Optional.of("could not check that the server sees " + path + ": " + e.getMessage());
        }
        return Optional.empty();
    }

    @Setup(Level.Iteration)
    public void startIteration(BenchmarkParams benchmark, IterationParams iteration) throws SQLException, IOException {
        try {
            existing.reset(connection, table);
            calls.prepare(benchmark, iteration);
        } catch (SQLException | IOException | RuntimeException e) {
            window.abandon();
            throw e;
        }
        opsInIteration = 0;
        rowsInIteration = 0;
        window.awaitOpened();
    }

    /** One measured call: the server loads the next file, whose rows are the ones IngestState would send. */
    long load(RowCounter rowCounter, UnpreparedCalls unprepared) throws SQLException, IOException {
        long rowsLoaded;
        try {
            CopyFile file = calls.next();
            unprepared.unpreparedCalls = calls.madeInside();
            loaded.add(file);
            rowsLoaded = file.load(connection, table);
        } catch (SQLException | IOException | RuntimeException e) {
            window.abandon();
            throw e;
        }
        opsInIteration++;
        rowsInIteration += rowsLoaded;
        rowCounter.rows += rowsLoaded;
        return rowsLoaded;
    }

    /** Waits until the shared window is closed and every table counted, then checks this thread's. */
    @TearDown(Level.Iteration)
    public void endIteration() throws SQLException, IOException {
        window.awaitPublished();
        removeLoaded();
        long inTable = rowsInTable - existing.count();
        if (inTable != rowsInIteration) {
            throw new IllegalStateException("ceiling of " + method + ": the table holds " + inTable
                    + " rows but the server reported loading " + rowsInIteration);
        }
    }

    @Override
    public Connection connection() {
        return connection;
    }

    @Override
    public long opsInIteration() {
        return opsInIteration;
    }

    @Override
    public long rowsInIteration() {
        return rowsInIteration;
    }

    /** The server's work, not the client's: nothing allocated by a loader to count. */
    @Override
    public OptionalLong loaderAllocatedBytes() {
        return OptionalLong.empty();
    }

    /** One COPY FROM a file per call, in autocommit. */
    @Override
    public long commitsPerCall() {
        return 1;
    }

    /** Not where the table's triggers (copied from DDL) insert into other tables in the same call. */
    @Override
    public boolean insertsOnlyItsRows() {
        return table.definition().triggers().isEmpty();
    }

    @Override
    public void countRows() throws SQLException {
        rowsInTable = table.count(connection);
    }

    private void removeLoaded() throws IOException {
        for (CopyFile f : loaded) {
            Files.deleteIfExists(f.path());
        }
        loaded.clear();
    }

    /** Removes every file, the ones written for calls that never came included, and their directory. */
    @TearDown(Level.Trial)
    public void close() throws SQLException, IOException {
        try {
            connection.close();
        } finally {
            removeLoaded();
            try (var files = Files.list(directory)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
            Files.deleteIfExists(directory);
        }
    }
}
