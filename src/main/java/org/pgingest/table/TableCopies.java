package org.pgingest.table;

import org.pgingest.load.CopyFormat;
import org.pgingest.load.CopyLoader;
import org.pgingest.load.LoadException;
import org.pgingest.load.TableNeed;
import org.pgingest.secret.SecretBearing;
import org.pgingest.server.CitusNodes;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.ddl.AppliedScript;
import org.pgingest.workload.ddl.DdlRole;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.definition.ConstraintDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.SampleRows;
import org.pgingest.workload.definition.TableCopy;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.TableSources;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The suite's copies of a resolved table on one server, in the suite's schema: what the benchmarks write to. In
 * order, outside any measured region:
 * <ol>
 *   <li>{@link #applySetup}: on a server the suite owns, the DDL the copies depend on (the user's types, domains,
 *       functions, the tables their triggers write), committed;</li>
 *   <li>{@link #createReferenced}: a copy of each table the foreign keys reference (without foreign keys or triggers
 *       of its own), filled with {@value #REFERENCED_ROWS} generated rows, shared by every thread;</li>
 *   <li>{@link #createCopy}: the table's copy (one per thread), its foreign keys pointing at those copies;</li>
 *   <li>{@link #plan} and {@link #checkSample}: how rows are made, and a sample of them inserted and rolled back, so
 *       that a constraint the rows break is one line naming it, before anything is measured.</li>
 * </ol>
 */
public final class TableCopies {
    /** Rows in each referenced table's copy: the keys the rows reference. */
    public static final int REFERENCED_ROWS = 1000;
    /** Rows inserted (and rolled back) before measuring. */
    static final int SAMPLE_ROWS = 200;
    /**
     * Row number of the first referenced and sample row. The referenced tables are tables of their own, and the sample
     * is rolled back before anything is measured, so their keys need not differ from the measured rows'; numbering
     * from 0 keeps them within the range of every key type (an integer key holds 2^32).
     */
    private static final long SAMPLE_FIRST_ROW = 0;

    private final SuiteSchema schema;
    private final ResolvedTable resolved;

    public TableCopies(SuiteSchema schema, ResolvedTable resolved) {
        this.schema = schema;
        this.resolved = resolved;
    }

    public ResolvedTable resolved() {
        return resolved;
    }

    /**
     * Whether the suite applied this table's setup on the server ({@link #applySetup}): its DDL, triggers and their
     * functions included, are then the suite's own, confined as it applies them, even where a process reaches the
     * server as an external one (a ranking's candidates on the server the ranking started). A user's server never
     * has it: the suite applies no DDL there.
     */
    public boolean setupApplied(Connection connection) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement(
                "SELECT obj_description(oid, 'pg_namespace') FROM pg_namespace WHERE nspname = ?")) {
            ps.setString(1, TableSources.SOURCE_SCHEMA);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && setupMark().equals(rs.getString(1));
            }
        }
    }

    private String setupMark() {
        return "setup of " + resolved.fingerprint() + " by pg-ingest-bench";
    }

    /**
     * Applies the resolved setup statements to a server the suite owns, in {@value TableSources#SOURCE_SCHEMA} (where
     * the launcher resolved them), and commits; the schema's comment names the table's fingerprint, and a server that
     * has it already is left alone. Every statement applied in the launcher; one that fails here is an
     * IllegalStateException naming it.
     */
    public void applySetup(Connection connection) throws SQLException {
        if (resolved.setup().isEmpty() || setupApplied(connection)) {
            return;
        }
        String mark = setupMark();
        List<SqlScript.Statement> statements = new ArrayList<>();
        for (String sql : resolved.setup()) {
            statements.add(new SqlScript.Statement(sql, statements.size() + 1));
        }
        connection.setAutoCommit(false);
        try {
            if (CitusNodes.installed(connection)) {
                // Citus (13) runs a coordinator's DDL on its workers too, over connections as the current role, which
                // the confined role (NOLOGIN, the coordinator's) cannot open. So the DDL stays on the coordinator, and
                // Citus creates on the workers what a distributed copy needs (its types, schemas, their owner) over
                // its own connections when the trial distributes it.
                try (Statement st = connection.createStatement()) {
                    st.execute("SET LOCAL citus.enable_ddl_propagation TO off");
                }
            }
            // As the launcher applied them: as a role that cannot reach the host, its functions SECURITY DEFINER,
            // each statement within the same time limit.
            TableSources.limitStatements(connection);
            DdlRole.enter(connection);
            TableSources.enterSourceSchema(connection);
            AppliedScript applied = AppliedScript.applyAsDdlRole(connection, statements);
            DdlRole.leave(connection);
            if (!applied.failed().isEmpty()) {
                connection.rollback();
                throw new IllegalStateException("the DDL of " + resolved.source() + " applied in the launcher but not "
                        + "on this server: " + applied.failed().get(0).summary());
            }
            try (Statement st = connection.createStatement()) {
                st.execute("COMMENT ON SCHEMA " + TableSources.SOURCE_SCHEMA + " IS '" + mark + "'");
            }
            connection.commit();
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /**
     * The copies of the referenced tables, named {@code <table>_ref}, created and filled; returns, for each foreign
     * key kept, the copy it references. Empty when foreign keys are dropped.
     */
    public Map<String, QualifiedName> createReferenced(Connection connection, long seed) throws SQLException {
        return createReferenced(connection, seed, (c, copy) -> { });
    }

    /** What a copy is checked for once made, before any row goes in. */
    @FunctionalInterface
    interface CopyCheck {
        void check(Connection connection, QualifiedName copy) throws SQLException;
    }

    /** {@link #createReferenced(Connection, long)}, each copy checked before it is filled. */
    Map<String, QualifiedName> createReferenced(Connection connection, long seed, CopyCheck check) throws SQLException {
        Map<QualifiedName, QualifiedName> copies = new LinkedHashMap<>();
        for (TableDefinition referenced : resolved.referenced()) {
            String name = referencedName(referenced);
            create(connection, new TableCopy(referenced, new QualifiedName(schema.name(), name), Map.of(), false));
            check.check(connection, new QualifiedName(schema.name(), name));
            Table table = Table.read(connection, schema, name);
            try {
                RowPlan plan = RowPlan.build(connection, table, Map.of(), Map.of(), null);
                List<Object[]> rows = new RowGenerator(plan, seed, 0, SAMPLE_FIRST_ROW, 1).next(REFERENCED_ROWS);
                new CopyLoader(TableNeed.BINARY_CODECS.unmetBy(table).isEmpty() ? CopyFormat.BINARY : CopyFormat.TEXT)
                        .load(connection, table, rows);
            } catch (DefinitionException | LoadException e) {
                throw new DefinitionException("the copy of " + referenced.name() + ", which " + resolved.table().name()
                        + " references, cannot be filled: " + e.getMessage() + "; or run with --drop-foreign-keys");
            }
            copies.put(referenced.name(), new QualifiedName(schema.name(), name));
        }
        Map<String, QualifiedName> byConstraint = new LinkedHashMap<>();
        if (resolved.foreignKeys()) {
            for (ConstraintDefinition fk : resolved.table().constraints(ConstraintDefinition.Kind.FOREIGN_KEY)) {
                QualifiedName copy = copies.get(fk.references().table());
                if (copy != null) {
                    byConstraint.put(fk.name(), copy);
                }
            }
        }
        return byConstraint;
    }

    /**
     * The table's copy named {@code name} (dropped first if the suite made one before), with the foreign keys of
     * {@code referenced} (a self-reference kept too), read back from the catalog.
     */
    public Table createCopy(Connection connection, String name, Map<String, QualifiedName> referenced) throws SQLException {
        QualifiedName target = new QualifiedName(schema.name(), name);
        Map<QualifiedName, QualifiedName> references = new LinkedHashMap<>();
        for (ConstraintDefinition fk : resolved.table().constraints(ConstraintDefinition.Kind.FOREIGN_KEY)) {
            if (referenced.containsKey(fk.name())) {
                references.put(fk.references().table(), referenced.get(fk.name()));
            } else if (resolved.foreignKeys() && fk.references().table().equals(resolved.table().name())) {
                references.put(fk.references().table(), target);
            }
        }
        create(connection, new TableCopy(resolved.table(), target, references, resolved.triggers()));
        return Table.read(connection, schema, name);
    }

    /**
     * The name of the copy of a table the foreign keys reference: {@code <table>_ref}, numbered ({@code _ref2}, ...)
     * where an earlier referenced table's copy has that name already (a table of the same name in another schema, or
     * one whose name begins with the same 47 bytes, cut to fit the identifier limit).
     */
    String referencedName(TableDefinition referenced) {
        Set<String> taken = new HashSet<>();
        for (TableDefinition r : resolved.referenced()) {
            String name = TableCopy.name(r.name().name(), "_ref");
            for (int n = 2; taken.contains(name); n++) {
                name = TableCopy.name(r.name().name(), "_ref" + n);
            }
            if (r.name().equals(referenced.name())) {
                return name;
            }
            taken.add(name);
        }
        throw new IllegalArgumentException(referenced.name() + " is not a table " + resolved.table().name() + " references");
    }

    /** The name of the table's copy with {@code suffix} (a thread's: "_0", "_1", ...). */
    public String copyName(String suffix) {
        return TableCopy.name(resolved.table().name().name(), suffix);
    }

    /** How rows of {@code table} (a copy made here) are made, judged by this server. */
    public RowPlan plan(Connection connection, Table table, Map<String, QualifiedName> referenced,
                        Map<String, Double> nullShares, SampleRows sample) throws SQLException {
        return RowPlan.build(connection, table, referenced, nullShares, sample);
    }

    /**
     * Inserts {@value #SAMPLE_ROWS} rows of {@code plan} into its table and rolls them back: a constraint the rows
     * break is a {@link DefinitionException} naming it and suggesting rows of the user's own.
     */
    public static void checkSample(Connection connection, RowPlan plan, long seed) throws SQLException {
        Table table = plan.table();
        List<Object[]> rows = new RowGenerator(plan, seed, 0, SAMPLE_FIRST_ROW, 1).next(SAMPLE_ROWS);
        CopyFormat format = TableNeed.BINARY_CODECS.unmetBy(table).isEmpty() ? CopyFormat.BINARY : CopyFormat.TEXT;
        connection.setAutoCommit(false);
        try {
            new CopyLoader(format).load(connection, table, rows);
        } catch (LoadException e) {
            if (plan.sampleSource().isPresent()) {
                // The values are the user's: keys and pooled columns aside, each comes from their file.
                Optional<ServerErrorMessage> server = serverError(e);
                String constraint = server.map(ServerErrorMessage::getConstraint).map(c -> "constraint " + c + " of ")
                        .orElse("");
                Optional<String> row = e.rowIndex() < 0 ? Optional.empty() : plan.sampleRow(e.rowIndex());
                if (row.isPresent()) {
                    // Named by its place in the file, in the server's message and detail without its context
                    // ("COPY t, line 3"), which counts the suite's rows.
                    String said = server.map(m -> m.getMessage() + Optional.ofNullable(m.getDetail())
                            .map(d -> " (" + d + ")").orElse("")).orElse(e.getMessage());
                    throw new DefinitionException(row.get() + " breaks " + constraint + table.definition().name()
                            + " as the suite loads it: " + SecretBearing.maskedIn(said));
                }
                throw new DefinitionException("the rows of " + plan.sampleSource().get() + " break " + constraint
                        + table.definition().name() + " as the suite loads them: " + SecretBearing.maskedIn(e.getMessage()));
            }
            // The server's words may quote the user's values and, in their context, the text of the table's own code
            // (a trigger's statement with its literals): masked as every user file's text is
            throw new DefinitionException(serverError(e).map(ServerErrorMessage::getConstraint)
                    .map(c -> "generated rows break constraint " + c + " of ")
                    .orElse("the server refuses generated rows for ") + table.definition().name() + " ("
                    + SecretBearing.maskedIn(e.getMessage()) + "); give rows of your own with --rows FILE.csv"
                    + (serverError(e).map(ServerErrorMessage::getWhere).orElse("").contains("function")
                    ? ", unless the table's own code (a trigger or a function it calls) fails whatever the rows" : ""));
        } finally {
            connection.rollback();
            connection.setAutoCommit(true);
        }
    }

    /** The server's error behind the refusal, if the server refused. */
    private static Optional<ServerErrorMessage> serverError(LoadException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof PSQLException p && p.getServerErrorMessage() != null) {
                return Optional.of(p.getServerErrorMessage());
            }
        }
        return Optional.empty();
    }

    /** Drops the copy's relations if the suite made them, then creates and marks them, in one transaction. */
    private void create(Connection connection, TableCopy copy) throws SQLException {
        connection.setAutoCommit(false);
        try (Statement st = connection.createStatement()) {
            schema.dropTable(connection, copy.target().name());
            for (String sql : copy.statements()) {
                st.execute(sql);
            }
            for (QualifiedName relation : copy.relations()) {
                schema.mark(connection, relation.name());
            }
            connection.commit();
        } catch (SQLException e) {
            connection.rollback();
            throw new DefinitionException("the suite cannot create its copy of " + copy.definition().name()
                    + " on this server: " + firstLine(e.getMessage()));
        } catch (RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    private static String firstLine(String message) {
        String m = String.valueOf(message);
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
