package org.pgingest.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.pgingest.server.CitusTarget;
import org.pgingest.server.Distribution;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.TargetKind;
import org.pgingest.table.TableCopies;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowPlan;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.ResolvedTable;
import org.pgingest.workload.definition.ResolvedTables;
import org.pgingest.workload.RowGenerator;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The table of one trial, shared by its threads, and the parameters that choose it, declared once for every benchmark
 * that writes a table: the {@code shape} (and {@code indexes}) resolved to a table definition (by the launcher, or here
 * for a published shape when JMH runs without it), the DDL it depends on applied to a server the suite owns, and the
 * tables its foreign keys reference copied and filled. Each thread then makes its own copy ({@link #copy}) and draws
 * its rows ({@link #rows}). Its facts (label, source, fingerprint, foreign keys, triggers) go to the facts file beside
 * the results, where the gate reads the fingerprint. On a Citus cluster each copy is placed as {@code -p distribution}
 * and {@code -p shards} say (docs/citus.md), the tables it references made reference tables.
 */
@State(Scope.Benchmark)
public class TableTrial {
    /** The rows' seed: every benchmark draws the identical rows for the same stream ({@link #rows}). */
    static final long SEED = RowGenerator.SEED;

    /** A published shape (users, sensors, wide_sensors, articles) or a table the launcher resolved. */
    @Param({"USERS"})
    public String shape;

    /** An index profile of a published shape (users: PK, PK_UNIQUE, PK_UNIQUE_BTREE, PK_UNIQUE_BTREE_GIN). */
    @Param({"STANDARD"})
    public String indexes;

    /** On -Dpg.target=citus: hash (on the primary key's first column), hash:COLUMN or local. */
    @Param({Distribution.DEFAULT})
    public String distribution;

    /** On -Dpg.target=citus: shards of a distributed table. */
    @Param({"32"})
    public int shards;

    /** Share of values taken from the hostile set (tabs, newlines, quotes, 4-byte UTF-8, NULL vs ''). */
    @Param({"0.1"})
    public double hostileShare;

    private PostgresTarget target;
    private SuiteSchema schema;
    private TableCopies copies;
    private Map<String, QualifiedName> referenced;
    private BenchmarkParams params;
    /** The table's place on a Citus cluster; on one server only the defaults. */
    private Distribution placement;
    /** The target's server coordinates a Citus cluster (the citus target, or an external one at a coordinator). */
    private boolean onCluster;
    private boolean placementRecorded;

    @Setup(Level.Trial)
    public void prepare(ServerState server, BenchmarkParams params) throws SQLException {
        // The launcher refuses these before any fork; a plain JMH run gets the same line here.
        BenchmarkParameters.require(params);
        target = server.target();
        schema = new SuiteSchema(target.schema());
        this.params = params;
        placement = Distribution.parse(distribution);
        onCluster = target.coordinatesCitus();
        if (!onCluster && !(placement.equals(Distribution.parse(Distribution.DEFAULT))
                && shards == Distribution.DEFAULT_SHARDS)) {
            // the launcher refuses this before any fork; a plain JMH run gets the same meaning here
            throw new IllegalArgumentException("-p distribution and -p shards place a table on a Citus cluster, and "
                    + "this target is " + target.kind().id() + " without Citus: use -Dpg.target=citus or a coordinator, or leave them out");
        }
        try (Connection c = target.dataSource().getConnection()) {
            ResolvedTable resolved = ResolvedTables.resolve(shape, indexes, c, target.schema());
            if (target.kind() == TargetKind.EXTERNAL && !new TableCopies(schema, resolved).setupApplied(c)) {
                // No DDL is applied on a user's server, so a trigger would call the user's function (the launcher
                // resolves the table without triggers there; this holds for any tables file). A server where the
                // suite applied the table's setup itself (a ranking's) has the suite's own, confined functions.
                resolved = resolved.withoutTriggers();
            }
            copies = new TableCopies(schema, resolved);
            if (target.kind() != TargetKind.EXTERNAL) {
                copies.applySetup(c);
            }
            referenced = copies.createReferenced(c, SEED);
            if (onCluster && !placement.local()) {
                // the copies of referenced tables have no foreign keys of their own (TableCopies)
                for (QualifiedName name : referenced.values().stream().distinct().toList()) {
                    CitusTarget.makeReference(c, name.quoted());
                }
            }
        }
        FactsFile.appendTable(params, facts(copies.resolved()));
    }

    private static Map<String, Object> facts(ResolvedTable resolved) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("label", resolved.label());
        facts.put("table", resolved.table().name().toString());
        facts.put("source", resolved.source());
        facts.put("fingerprint", resolved.fingerprint());
        facts.put("foreignKeys", resolved.foreignKeys() ? "kept" : "dropped");
        facts.put("triggers", resolved.triggers() ? resolved.table().triggers().size() + " kept" : "not copied");
        facts.put("rows", resolved.sample() == null ? "generated" : resolved.sample().source());
        return facts;
    }

    /**
     * The first copy's place on the cluster and that of the tables its foreign keys reference, as Citus' metadata has
     * them, on a facts line of its own.
     */
    private synchronized void recordPlacement(Connection connection, Table table) throws SQLException {
        if (!placementRecorded) {
            Map<String, Object> placement = CitusTarget.placement(connection, table.qualifiedName());
            Map<String, Object> references = new LinkedHashMap<>();
            for (QualifiedName name : referenced.values().stream().distinct().toList()) {
                references.put(name.toString(), CitusTarget.placement(connection, name.quoted()).get("distribution"));
            }
            if (!references.isEmpty()) {
                placement.put("referenced", references);
            }
            FactsFile.appendDistribution(params, placement);
            placementRecorded = true;
        }
    }

    public ResolvedTable resolved() {
        return copies.resolved();
    }

    /**
     * A copy of the table named with {@code suffix} (one per thread, or one for the trial), how its rows are made,
     * and a sample of them inserted and rolled back: a constraint they break fails the trial here, naming it.
     */
    PlannedTable copy(Connection connection, String suffix) throws SQLException {
        Table table = copies.createCopy(connection, copies.copyName(suffix), referenced);
        if (onCluster) {
            if (!placement.local()) {
                // a table Citus cannot distribute (a unique key without the column: users' email) fails the trial
                // with Citus' reason
                CitusTarget.distribute(connection, table.qualifiedName(), placement.column(), shards);
            }
            recordPlacement(connection, table);
        }
        ResolvedTable resolved = copies.resolved();
        RowPlan plan = copies.plan(connection, table, referenced, resolved.nullShares(), resolved.sample());
        TableCopies.checkSample(connection, plan, SEED);
        return new PlannedTable(table, plan);
    }

    /**
     * The rows of stream {@code stream} of {@code streams} for {@code copy}: row numbers interleaved, so streams never
     * share a key, and the same rows for the same stream in every benchmark (a COPY's ceiling reads IngestState's).
     */
    RowGenerator rows(PlannedTable copy, int stream, int streams) {
        return copy.rows(SEED, hostileShare, stream, streams);
    }
}
