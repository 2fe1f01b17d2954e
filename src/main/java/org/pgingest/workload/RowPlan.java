package org.pgingest.workload;

import org.pgingest.secret.SecretBearing;
import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.definition.ConstraintDefinition;
import org.pgingest.workload.definition.DefinitionException;
import org.pgingest.workload.definition.PartitionDefinition;
import org.pgingest.workload.definition.QualifiedName;
import org.pgingest.workload.definition.SampleRows;
import org.pgingest.workload.definition.TableDefinition;
import org.pgingest.workload.definition.UniqueKey;
import org.pgingest.workload.types.CheckExpressions;
import org.pgingest.workload.types.TypeCodec;
import org.pgingest.workload.types.ValueRejectedException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * How every written column of a table gets its values, decided once per table from its definition, with the server
 * as judge where the definition is an expression. Immutable: threads share one plan, each with a generator of its
 * own ({@link RowGenerator}).
 * <ul>
 *   <li>Unique keys (PRIMARY KEY, UNIQUE, unique indexes, composite and partial): one column of each key the loaders
 *       write carries the row number through its codec's {@link TypeCodec#distinct} sequence, so keys are distinct
 *       across rows, calls, iterations and threads (which number rows apart).</li>
 *   <li>CHECK constraints, domain CHECKs and partition bounds: the columns they read take values from a pool of
 *       candidates (generated ones, hostile ones, and the partition bounds' own values) that the server has filtered
 *       by evaluating the very expressions ({@code pg_get_constraintdef}, {@code pg_get_partition_constraintdef}) on
 *       them: what passes is what the table accepts. NULLs, where the expressions allow them, are drawn at the
 *       column's share like any other column's.</li>
 *   <li>Foreign keys: the key tuples the referenced table holds, read from it (it is filled before).</li>
 *   <li>A user's sample rows ({@code --rows}, {@code --sample}), when given: cycled in order, key carriers still
 *       distinct.</li>
 *   <li>Every other column: its codec's typical value, NULL at {@link #NULL_SHARE} where the column allows it, and a
 *       hostile value at the generator's hostile share.</li>
 * </ul>
 */
public final class RowPlan {
    /** NULLs in a nullable column: one value in twenty. */
    static final double NULL_SHARE = 0.05;
    /** Candidates per pool the server filters. */
    static final int CANDIDATES = 1024;
    /** Distinct values among the candidates: 0 to 255 for numbers, which ranges like 1 to 1000 keep. */
    static final int DISTINCT_CANDIDATES = 256;
    /** Arrays of each length a CHECK names, and the longest such length tried. */
    static final int ARRAYS_PER_LENGTH = 16;
    static final int MAX_ARRAY_CANDIDATE = 100_000;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    /** Seed of the candidates: pools are the same on every server and in every fork. */
    private static final long POOL_SEED = 0x5EED_7AB1EL;

    private final Table table;
    private final Kind[] kinds;
    private final int[] groupOf;
    private final int[] slotOf;
    private final List<Pool> pools;
    private final List<String> carriers;
    private final double[] nullShares;
    /** Per column: the first distinct-value number a key carrier uses (its constraints accept from there on). */
    private final long[] offsets;
    /** The user's rows ({@code --rows}, {@code --sample}); empty for generated rows. */
    private final Optional<SampleRows> sample;

    private enum Kind { DISTINCT, POOLED, GENERATED }

    /**
     * Tuples of values for some columns, picked together per row.
     *
     * @param columns     the columns, in tuple order
     * @param typical     tuples the table accepts, with no NULL
     * @param hostile     hostile tuples the table accepts (picked at the hostile share); may be empty
     * @param nulled      tuples the table accepts with NULL in some column, each list picked at its share; the
     *                    NULL share is applied when a row is drawn, not among the candidates, because a CHECK that
     *                    keeps few candidates (an array of exactly 384 elements) keeps every NULL one
     * @param cycled      a sample's rows: row k takes tuple k modulo their number, not a random one
     */
    private record Pool(List<Integer> columns, List<Object[]> typical, List<Object[]> hostile, List<Nulled> nulled,
                        boolean cycled) {
        Object[] pick(long row, SplittableRandom random, double hostileShare) {
            if (cycled) {
                return typical.get((int) Math.floorMod(row, (long) typical.size()));
            }
            if (!hostile.isEmpty() && hostileShare > 0 && random.nextDouble() < hostileShare) {
                return hostile.get(random.nextInt(hostile.size()));
            }
            for (Nulled n : nulled) {
                if (random.nextDouble() < n.share()) {
                    return n.tuples().get(random.nextInt(n.tuples().size()));
                }
            }
            return typical.get(random.nextInt(typical.size()));
        }
    }

    /** Tuples of a pool with NULL where the table allows it, drawn at {@code share} of rows. */
    private record Nulled(double share, List<Object[]> tuples) {
        Nulled {
            tuples = List.copyOf(tuples);
        }
    }

    private RowPlan(Table table, Kind[] kinds, int[] groupOf, int[] slotOf, List<Pool> pools, List<String> carriers,
                    double[] nullShares, long[] offsets, Optional<SampleRows> sample) {
        this.table = table;
        this.sample = sample;
        this.nullShares = nullShares;
        this.offsets = offsets;
        this.kinds = kinds;
        this.groupOf = groupOf;
        this.slotOf = slotOf;
        this.pools = pools;
        this.carriers = carriers;
    }

    public Table table() {
        return table;
    }

    /** Where the rows' values came from when they are the user's own ({@code --rows}, {@code --sample}). */
    public Optional<String> sampleSource() {
        return sample.map(SampleRows::source);
    }

    /** Where the user's row that generated row {@code row} takes its values from ({@link SampleRows#row}). */
    public Optional<String> sampleRow(long row) {
        return sample.map(s -> s.row((int) Math.floorMod(row, (long) s.rows().size())));
    }

    /** The columns that carry the row number to keep unique keys distinct. */
    public List<String> keyCarriers() {
        return carriers;
    }

    /**
     * The plan for {@code table}, its candidates judged by the server on {@code connection} (only SELECTs).
     *
     * @param referencedCopies for each foreign key kept (by constraint name), the table it references on this
     *                         server, already filled
     * @param nullShares       NULL shares of columns that differ from {@link #NULL_SHARE} (a live table's pg_stats)
     * @param sample           the user's rows, or null to generate them
     * @throws DefinitionException when some column cannot get values the table accepts, naming it
     */
    public static RowPlan build(Connection connection, Table table, Map<String, QualifiedName> referencedCopies,
                                Map<String, Double> nullShares, SampleRows sample) throws SQLException {
        return new Builder(connection, table, referencedCopies, nullShares, sample).build();
    }

    /** Row number {@code k}: a pure function of (plan, seed, k, hostileShare). */
    Object[] row(long k, long seed, double hostileShare) {
        SplittableRandom random = new SplittableRandom(seed * GOLDEN + k);
        Object[][] picked = new Object[pools.size()][];
        for (int g = 0; g < picked.length; g++) {
            picked[g] = pools.get(g).pick(k, random, hostileShare);
        }
        List<Column> columns = table.columns();
        Object[] row = new Object[columns.size()];
        for (int i = 0; i < row.length; i++) {
            Column c = columns.get(i);
            row[i] = switch (kinds[i]) {
                case DISTINCT -> c.codec().distinct(offsets[i] + k).orElseThrow();
                case POOLED -> picked[groupOf[i]][slotOf[i]];
                case GENERATED -> generated(c, random, hostileShare, nullShares[i]);
            };
        }
        return row;
    }

    private static Object generated(Column c, SplittableRandom random, double hostileShare, double nullShare) {
        if (hostileShare > 0 && random.nextDouble() < hostileShare) {
            List<Object> hostile = c.codec().hostileValues();
            int choices = hostile.size() + (c.nullable() ? 1 : 0);
            if (choices > 0) {
                int pick = random.nextInt(choices);
                return pick == hostile.size() ? null : hostile.get(pick);
            }
        }
        if (c.nullable() && nullShare > 0 && random.nextDouble() < nullShare) {
            return null;
        }
        return c.codec().generate(random);
    }

    /** Works out the plan: carriers first, then pools, then the rest. */
    private static final class Builder {
        private final Connection connection;
        private final Table table;
        private final TableDefinition definition;
        private final List<Column> columns;
        private final Map<String, QualifiedName> referencedCopies;
        private final Map<String, Double> nullShares;
        private final SampleRows sample;
        private final Kind[] kinds;
        private final int[] groupOf;
        private final int[] slotOf;
        private final List<Pool> pools = new ArrayList<>();
        private final long[] offsets;

        Builder(Connection connection, Table table, Map<String, QualifiedName> referencedCopies,
                Map<String, Double> nullShares, SampleRows sample) {
            this.connection = connection;
            this.table = table;
            this.definition = table.definition();
            this.columns = table.columns();
            this.referencedCopies = referencedCopies;
            this.nullShares = nullShares;
            this.sample = sample;
            this.kinds = new Kind[columns.size()];
            this.groupOf = new int[columns.size()];
            this.slotOf = new int[columns.size()];
            this.offsets = new long[columns.size()];
            Arrays.fill(kinds, Kind.GENERATED);
        }

        RowPlan build() throws SQLException {
            Set<Integer> foreign = foreignKeyColumns();
            Set<Integer> constrained = constrainedColumns();
            List<String> carriers = chooseCarriers(foreign, constrained);
            for (int i = 0; i < columns.size(); i++) {
                if (kinds[i] == Kind.DISTINCT && constrained.contains(i)) {
                    offsets[i] = acceptedOffset(i);
                }
            }
            for (ConstraintDefinition fk : definition.constraints(ConstraintDefinition.Kind.FOREIGN_KEY)) {
                QualifiedName parent = referencedCopies.get(fk.name());
                if (parent != null) {
                    addForeignKeyPool(fk, parent);
                } else if (fk.references().table().equals(definition.name())) {
                    addSelfReferencePool(fk);
                }
            }
            if (sample != null) {
                addSamplePool();
            } else {
                addCheckPools();
                for (int i = 0; i < columns.size(); i++) {
                    Optional<String> why = columns.get(i).codec().generatorUnsupported();
                    if (kinds[i] == Kind.GENERATED && why.isPresent()) {
                        throw new DefinitionException("column " + columns.get(i).name() + " of " + definition.name()
                                + ": " + why.get());
                    }
                }
            }
            double[] shares = new double[columns.size()];
            for (int i = 0; i < columns.size(); i++) {
                shares[i] = nullShares.getOrDefault(columns.get(i).name(), NULL_SHARE);
            }
            return new RowPlan(table, kinds, groupOf, slotOf, List.copyOf(pools), List.copyOf(carriers), shares, offsets,
                    Optional.ofNullable(sample));
        }

        private int indexOf(String column) {
            for (int i = 0; i < columns.size(); i++) {
                if (columns.get(i).name().equals(column)) {
                    return i;
                }
            }
            return -1;
        }

        private Set<Integer> foreignKeyColumns() {
            Set<Integer> result = new LinkedHashSet<>();
            for (ConstraintDefinition fk : definition.constraints(ConstraintDefinition.Kind.FOREIGN_KEY)) {
                if (referencedCopies.containsKey(fk.name())) {
                    fk.columns().stream().map(this::indexOf).filter(i -> i >= 0).forEach(result::add);
                }
            }
            return result;
        }

        /** Columns a CHECK, a domain CHECK or a partition key reads. */
        private Set<Integer> constrainedColumns() {
            Set<Integer> result = new LinkedHashSet<>();
            for (ConstraintDefinition check : definition.constraints(ConstraintDefinition.Kind.CHECK)) {
                check.columns().stream().map(this::indexOf).filter(i -> i >= 0).forEach(result::add);
            }
            if (definition.partitioning() != null) {
                definition.partitioning().columns().stream().map(this::indexOf).filter(i -> i >= 0).forEach(result::add);
            }
            for (int i = 0; i < columns.size(); i++) {
                if (!columns.get(i).domainChecks().isEmpty()) {
                    result.add(i);
                }
            }
            return result;
        }

        /**
         * One written column per unique key carries the row number, preferring one no CHECK, partition key or
         * foreign key constrains, whose type holds distinct values without end.
         */
        private List<String> chooseCarriers(Set<Integer> foreign, Set<Integer> constrained) {
            List<String> carriers = new ArrayList<>();
            for (UniqueKey key : definition.uniqueKeys()) {
                List<Integer> written = key.columns().stream().map(this::indexOf).filter(i -> i >= 0).toList();
                if (written.isEmpty() || written.stream().anyMatch(i -> kinds[i] == Kind.DISTINCT)) {
                    continue;
                }
                Integer chosen = null;
                for (boolean strict : new boolean[] {true, false}) {
                    for (int i : written) {
                        if (chosen == null && holdsDistinct(columns.get(i).codec())
                                && (!strict || !foreign.contains(i) && !constrained.contains(i))) {
                            chosen = i;
                        }
                    }
                }
                if (chosen == null) {
                    List<String> domainChecks = written.stream().flatMap(i -> columns.get(i).domainChecks().stream()).toList();
                    throw new DefinitionException("unique key " + key.source() + " of " + definition.name() + " is on "
                            + String.join(", ", key.columns()) + ", whose types hold too few distinct values for the "
                            + "suite to make every key different" + (domainChecks.isEmpty() ? ""
                            : " (as far as the server accepts them under " + String.join(" and ", domainChecks) + ")")
                            + "; give rows of your own with --rows FILE.csv");
                }
                kinds[chosen] = Kind.DISTINCT;
                carriers.add(columns.get(chosen).name());
            }
            return carriers;
        }

        /**
         * For a key carrier a CHECK, domain or partition bound constrains on its own: the first distinct-value
         * number whose value the server finds acceptable among {@link CheckExpressions#distinctProbes()}; 0 when
         * none is, and the trial's test insert says so.
         */
        private long acceptedOffset(int column) throws SQLException {
            String name = columns.get(column).name();
            List<String> expressions = new ArrayList<>();
            for (ConstraintDefinition check : definition.constraints(ConstraintDefinition.Kind.CHECK)) {
                if (check.columns().equals(List.of(name))) {
                    expressions.add("(" + check.checkExpression() + ") IS NOT FALSE");
                }
            }
            PartitionDefinition.Partitioning partitioning = definition.partitioning();
            if (partitioning != null && partitioning.columns().equals(List.of(name))) {
                List<String> leaves = partitioning.leaves().stream().map(PartitionDefinition::constraint).toList();
                if (!leaves.contains(null)) {
                    expressions.add("(" + String.join(" OR ", leaves.stream().map(l -> "(" + l + ")").toList()) + ") IS TRUE");
                }
            }
            List<Long> numbers = CheckExpressions.distinctProbes();
            List<Object[]> tuples = new ArrayList<>();
            List<Long> probed = new ArrayList<>();
            for (long n : numbers) {
                try {
                    Optional<Object> value = columns.get(column).codec().distinct(n);
                    if (value.isPresent()) {
                        probed.add(n);
                        tuples.add(new Object[] {value.get()});
                    }
                } catch (ValueRejectedException e) {
                    break; // beyond what the type holds (numeric(3,1) past 99.9)
                }
            }
            List<Object[]> kept = filter(List.of(column), expressions, tuples, List.of("the constraints of " + name));
            return kept.isEmpty() ? 0 : probed.get(tuples.indexOf(kept.get(0)));
        }

        private static boolean holdsDistinct(TypeCodec codec) {
            try {
                return codec.distinct(0).isPresent() && codec.distinct(1_000_000).isPresent();
            } catch (ValueRejectedException e) {
                return false; // the type holds fewer distinct values (numeric(3,1))
            }
        }

        /**
         * A foreign key to the table itself (categories.parent_id): NULL references nothing, so rows with NULL in
         * it meet it whatever else the table holds; a generated value would name a parent no row has. Where a
         * column of it is NOT NULL the suite cannot make such rows, and says so.
         */
        private void addSelfReferencePool(ConstraintDefinition fk) {
            List<Integer> slots = new ArrayList<>();
            for (String c : fk.columns()) {
                int i = indexOf(c);
                if (i < 0 || kinds[i] != Kind.GENERATED) {
                    return; // the server fills it, or it carries a unique key
                }
                if (!columns.get(i).nullable()) {
                    throw new DefinitionException("foreign key " + fk.name() + " of " + definition.name() + " references the"
                            + " table itself through NOT NULL column " + c + ": the suite generates no chain of parents;"
                            + " give rows of your own with --rows FILE.csv, or run with --drop-foreign-keys");
                }
                slots.add(i);
            }
            List<Object[]> allNull = new ArrayList<>();
            allNull.add(new Object[slots.size()]);
            addPool(slots, allNull, List.of(), List.of(), false);
        }

        /** The key tuples the referenced copy holds, as values of the referencing columns. */
        private void addForeignKeyPool(ConstraintDefinition fk, QualifiedName parent) throws SQLException {
            List<Integer> slots = new ArrayList<>();
            for (String c : fk.columns()) {
                int i = indexOf(c);
                if (i < 0 || kinds[i] != Kind.GENERATED) {
                    // The server fills it, or it carries a unique key: the key tuple cannot be chosen whole.
                    return;
                }
                slots.add(i);
            }
            String select = "SELECT DISTINCT " + String.join(", ", fk.references().columns().stream()
                    .map(c -> Identifiers.quote(c) + "::text").toList()) + " FROM " + parent.quoted()
                    + " WHERE " + String.join(" AND ", fk.references().columns().stream()
                    .map(c -> Identifiers.quote(c) + " IS NOT NULL").toList()) + " LIMIT 100000";
            List<Object[]> tuples = new ArrayList<>();
            try (PreparedStatement ps = connection.prepareStatement(select); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Object[] tuple = new Object[slots.size()];
                    for (int s = 0; s < tuple.length; s++) {
                        tuple[s] = columns.get(slots.get(s)).codec().parse(rs.getString(s + 1));
                    }
                    tuples.add(tuple);
                }
            }
            if (tuples.isEmpty()) {
                throw new DefinitionException("foreign key " + fk.name() + " of " + definition.name() + " references "
                        + fk.references().table() + ", whose copy holds no rows to reference");
            }
            boolean nullable = slots.stream().allMatch(i -> columns.get(i).nullable());
            List<Nulled> nulled = new ArrayList<>();
            if (nullable) {
                // NULL in a foreign key references nothing: allowed where every column of it is nullable.
                double share = nullShares.getOrDefault(columns.get(slots.get(0)).name(), NULL_SHARE);
                List<Object[]> allNull = new ArrayList<>();
                allNull.add(new Object[slots.size()]);
                nulled.add(new Nulled(share, allNull));
            }
            addPool(slots, tuples, List.of(), nulled, false);
        }

        /** The user's rows for every column that is neither a key carrier nor a foreign key's. */
        private void addSamplePool() throws SQLException {
            List<Integer> slots = new ArrayList<>();
            List<Integer> sampleIndex = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                if (kinds[i] != Kind.GENERATED) {
                    continue;
                }
                int at = sample.header().indexOf(columns.get(i).name());
                if (at < 0) {
                    throw new DefinitionException(sample.source() + " has no column " + columns.get(i).name() + " (it has "
                            + String.join(", ", sample.header()) + "); every column the loaders write needs one");
                }
                slots.add(i);
                sampleIndex.add(at);
            }
            List<Object[]> tuples = new ArrayList<>();
            for (int r = 0; r < sample.rows().size(); r++) {
                tuples.add(new Object[slots.size()]);
            }
            for (int s = 0; s < slots.size(); s++) {
                int at = sampleIndex.get(s);
                Column c = columns.get(slots.get(s));
                try {
                    List<Object> values = ServerReading.values(connection, c, sample.rows().stream().map(l -> l.get(at)).toList());
                    for (int r = 0; r < values.size(); r++) {
                        tuples.get(r)[s] = values.get(r);
                    }
                } catch (ServerReading.RejectedAt e) {
                    // the server quotes the value it refused: the user's cell, masked as every user file's text is
                    throw new DefinitionException(sample.row(e.index()) + ", column " + c.name()
                            + ": " + SecretBearing.maskedIn(e.getMessage()) + " (SQLSTATE " + e.refusal().sqlState() + ")");
                }
            }
            if (tuples.isEmpty()) {
                throw new DefinitionException(sample.source() + " holds no rows");
            }
            addPool(slots, tuples, List.of(), List.of(), true);
        }

        /**
         * Groups the columns that CHECKs read together (with the partition key, whose bounds are one more check),
         * and gives each group a pool the server filtered. Columns already planned (carriers, foreign keys) are
         * left to the trial's test insert.
         */
        private void addCheckPools() throws SQLException {
            Map<Integer, Integer> groupRoot = new LinkedHashMap<>();
            List<List<Integer>> checkColumns = new ArrayList<>();
            List<String> expressions = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (ConstraintDefinition check : definition.constraints(ConstraintDefinition.Kind.CHECK)) {
                addCheck(check.columns(), "(" + check.checkExpression() + ") IS NOT FALSE", "CHECK " + check.name(),
                        checkColumns, expressions, names);
            }
            PartitionDefinition.Partitioning partitioning = definition.partitioning();
            List<String> boundLiterals = new ArrayList<>();
            if (partitioning != null) {
                List<String> leaves = new ArrayList<>();
                for (PartitionDefinition leaf : partitioning.leaves()) {
                    if (leaf.constraint() == null) {
                        leaves.clear();
                        break; // a partition that takes every row
                    }
                    leaves.add("(" + leaf.constraint() + ")");
                    boundLiterals.addAll(CheckExpressions.literals(leaf.bound()));
                }
                if (!leaves.isEmpty()) {
                    addCheck(partitioning.columns(), "(" + String.join(" OR ", leaves) + ") IS TRUE",
                            "the partition bounds", checkColumns, expressions, names);
                }
            }
            for (int i = 0; i < columns.size(); i++) {
                if (kinds[i] == Kind.GENERATED && !columns.get(i).domainChecks().isEmpty()) {
                    checkColumns.add(List.of(i));
                    expressions.add("true");
                    names.add("the domain of " + columns.get(i).name());
                }
            }
            // Union-find over the checks' columns.
            for (List<Integer> cols : checkColumns) {
                for (int i : cols) {
                    groupRoot.putIfAbsent(i, i);
                }
                for (int k = 1; k < cols.size(); k++) {
                    union(groupRoot, cols.get(0), cols.get(k));
                }
            }
            Map<Integer, List<Integer>> groups = new LinkedHashMap<>();
            for (int i : groupRoot.keySet()) {
                groups.computeIfAbsent(find(groupRoot, i), r -> new ArrayList<>()).add(i);
            }
            for (List<Integer> group : groups.values()) {
                List<String> groupExpressions = new ArrayList<>();
                List<String> groupNames = new ArrayList<>();
                for (int c = 0; c < checkColumns.size(); c++) {
                    if (group.containsAll(checkColumns.get(c))) {
                        groupExpressions.add(expressions.get(c));
                        groupNames.add(names.get(c));
                    }
                }
                boolean partitionKey = partitioning != null
                        && group.stream().anyMatch(i -> partitioning.columns().contains(columns.get(i).name()));
                addFilteredPool(group, groupExpressions, groupNames, partitionKey ? boundLiterals : List.of());
            }
        }

        /** Records a check over written, not yet planned columns; one over others is left to the test insert. */
        private void addCheck(List<String> checkColumnNames, String expression, String name,
                              List<List<Integer>> checkColumns, List<String> expressions, List<String> names) {
            List<Integer> cols = new ArrayList<>();
            for (String n : checkColumnNames) {
                int i = indexOf(n);
                if (i < 0 || kinds[i] != Kind.GENERATED) {
                    return;
                }
                cols.add(i);
            }
            if (!cols.isEmpty()) {
                checkColumns.add(cols);
                expressions.add(expression);
                names.add(name);
            }
        }

        private static void union(Map<Integer, Integer> root, int a, int b) {
            root.put(find(root, a), find(root, b));
        }

        private static int find(Map<Integer, Integer> root, int a) {
            int r = a;
            while (root.get(r) != r) {
                r = root.get(r);
            }
            return r;
        }

        /**
         * Candidate tuples for {@code group}, kept where the server finds every expression and every domain CHECK
         * satisfied. Each column's candidates are its codec's typical values, the first of its distinct values
         * (small numbers, for ranges such as 1 to 1000), the literals of the expressions and partition bounds read
         * as its values (the bounds themselves), and for an array
         * arrays as long as a number the expressions name ({@code cardinality(embedding) = 384}); hostile candidates
         * are the codecs' hostile values, one column at a time. NULLs are tuples of their own, one column at a time,
         * drawn at the column's share (see {@link Pool}).
         */
        private void addFilteredPool(List<Integer> group, List<String> expressions, List<String> names,
                                     List<String> boundLiterals) throws SQLException {
            SplittableRandom random = new SplittableRandom(POOL_SEED);
            List<String> literals = new ArrayList<>(boundLiterals);
            for (String e : expressions) {
                literals.addAll(CheckExpressions.literals(e));
            }
            for (int i : group) {
                columns.get(i).domainChecks().forEach(check -> literals.addAll(CheckExpressions.literals(check)));
            }
            List<List<Object>> choices = new ArrayList<>();
            for (int i : group) {
                List<Object> candidates = candidates(columns.get(i), literals, random);
                if (candidates.isEmpty()) {
                    throw noValue(List.of(i), names);
                }
                choices.add(candidates);
            }
            List<Object[]> typical = new ArrayList<>();
            for (int n = 0; n < 2 * CANDIDATES; n++) {
                Object[] tuple = new Object[group.size()];
                for (int s = 0; s < tuple.length; s++) {
                    List<Object> options = choices.get(s);
                    tuple[s] = options.get(random.nextInt(options.size()));
                }
                typical.add(tuple);
            }
            List<Object[]> hostile = new ArrayList<>();
            for (int s = 0; s < group.size(); s++) {
                for (Object h : columns.get(group.get(s)).codec().hostileValues()) {
                    Object[] tuple = typical.get(hostile.size() % typical.size()).clone();
                    tuple[s] = h;
                    hostile.add(tuple);
                }
            }
            List<Object[]> keptTypical = filter(group, expressions, typical, names);
            if (keptTypical.isEmpty()) {
                // e.g. a domain CHECK (VALUE ~ '^[A-Z]{3}$') that no generated text meets
                throw noValue(group, names);
            }
            List<Nulled> nulled = new ArrayList<>();
            for (int s = 0; s < group.size(); s++) {
                Column c = columns.get(group.get(s));
                double share = nullShares.getOrDefault(c.name(), NULL_SHARE);
                if (!c.nullable() || share <= 0) {
                    continue;
                }
                List<Object[]> withNull = new ArrayList<>();
                for (Object[] tuple : keptTypical.subList(0, Math.min(keptTypical.size(), CANDIDATES))) {
                    Object[] copy = tuple.clone();
                    copy[s] = null;
                    withNull.add(copy);
                }
                List<Object[]> kept = filter(group, expressions, withNull, names);
                if (!kept.isEmpty()) {
                    nulled.add(new Nulled(share, kept));
                }
            }
            addPool(group, keptTypical, filter(group, expressions, hostile, names), nulled, false);
        }

        /** The suite's limit, in one line: the columns, their types and domains' CHECKs, and the way out. */
        private DefinitionException noValue(List<Integer> group, List<String> names) {
            List<String> described = new ArrayList<>();
            for (int i : group) {
                Column c = columns.get(i);
                described.add("column " + c.name() + " (" + c.codec().sqlType() + (c.domainChecks().isEmpty() ? ""
                        : ", its domain's " + String.join(" and ", c.domainChecks())) + ")");
            }
            return new DefinitionException("the suite makes no value of " + String.join(" with ", described)
                    + " that " + String.join(" and ", names) + " of " + definition.name() + " accept, a limit of "
                    + "the suite's generator; give rows of your own with --rows FILE.csv");
        }

        /** One column's candidate values (see {@link #addFilteredPool}). */
        private static List<Object> candidates(Column c, List<String> literals, SplittableRandom random) {
            TypeCodec codec = c.codec();
            List<Object> values = new ArrayList<>();
            for (int n = 0; n < CANDIDATES; n++) {
                try {
                    values.add(codec.generate(random));
                } catch (RuntimeException e) {
                    break; // a codec that cannot make typical values of its own (a domain's CHECK it cannot meet)
                }
            }
            for (int n = 0; n < DISTINCT_CANDIDATES; n++) {
                try {
                    codec.distinct(n).ifPresent(values::add);
                } catch (RuntimeException e) {
                    break; // the type holds no more
                }
            }
            for (String literal : literals) {
                try {
                    values.add(codec.checked(codec.parse(literal)));
                } catch (RuntimeException e) {
                    // a literal of another column's type, or MINVALUE/MAXVALUE: no candidate of this one
                }
            }
            Optional<TypeCodec> element = codec.element();
            if (element.isPresent() && element.get().generatorUnsupported().isEmpty()) {
                for (String literal : literals) {
                    if (literal.matches("\\d{1,5}") && Integer.parseInt(literal) <= MAX_ARRAY_CANDIDATE) {
                        for (int n = 0; n < ARRAYS_PER_LENGTH; n++) {
                            values.add(array(codec, element.get(), Integer.parseInt(literal), random));
                        }
                    }
                }
            }
            return values;
        }

        /** An array of {@code length} typical elements, through its text form (every element quoted). */
        private static Object array(TypeCodec array, TypeCodec element, int length, SplittableRandom random) {
            StringBuilder text = new StringBuilder("{");
            for (int i = 0; i < length; i++) {
                if (i > 0) {
                    text.append(',');
                }
                String e = element.text(element.checked(element.generate(random)));
                text.append('"').append(e.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            }
            return array.checked(array.parse(text.append('}').toString()));
        }

        /**
         * The tuples for which every expression (and every domain CHECK) holds, asked of the server in a read-only
         * scope ({@link CheckExpressions#readOnly}): what a function in an expression tries to write fails there.
         */
        private List<Object[]> filter(List<Integer> group, List<String> expressions, List<Object[]> tuples,
                                      List<String> names) throws SQLException {
            if (tuples.isEmpty()) {
                return tuples;
            }
            List<String> selects = new ArrayList<>();
            List<String> arrays = new ArrayList<>();
            List<String> aliases = new ArrayList<>();
            List<String> conditions = new ArrayList<>(expressions.stream().map(CheckExpressions::forPreparedStatement).toList());
            for (int s = 0; s < group.size(); s++) {
                Column c = columns.get(group.get(s));
                aliases.add("c" + s);
                arrays.add("?::text[]");
                selects.add("u.c" + s + "::" + c.baseType() + " AS " + c.quoted());
                for (String domainCheck : c.domainChecks()) {
                    // A domain's CHECK reads VALUE, an unreserved keyword: a subquery column named value.
                    conditions.add("(SELECT (" + CheckExpressions.forPreparedStatement(domainCheck) + ") IS NOT FALSE"
                            + " FROM (SELECT t." + c.quoted() + " AS value) AS d)");
                }
            }
            String sql = "SELECT t.pgib_ord FROM (SELECT " + String.join(", ", selects) + ", u.pgib_ord FROM unnest("
                    + String.join(", ", arrays) + ") WITH ORDINALITY AS u(" + String.join(", ", aliases)
                    + ", pgib_ord)) AS t WHERE " + String.join(" AND ", conditions) + " ORDER BY 1";
            List<String[]> texts = new ArrayList<>();
            for (int s = 0; s < group.size(); s++) {
                TypeCodec codec = columns.get(group.get(s)).codec();
                String[] column = new String[tuples.size()];
                for (int r = 0; r < column.length; r++) {
                    Object v = tuples.get(r)[s];
                    column[r] = v == null ? null : codec.text(codec.checked(v));
                }
                texts.add(column);
            }
            List<Object[]> kept = new ArrayList<>();
            try {
                boolean[] passed = CheckExpressions.passing(connection, sql, texts, tuples.size());
                for (int r = 0; r < passed.length; r++) {
                    if (passed[r]) {
                        kept.add(tuples.get(r));
                    }
                }
            } catch (SQLException e) {
                throw new DefinitionException("the server could not judge generated values against "
                        + String.join(" and ", names) + " of " + definition.name() + ": " + e.getMessage()
                        .replace('\n', ' ') + "; give rows of your own with --rows FILE.csv");
            }
            return kept;
        }

        private void addPool(List<Integer> slots, List<Object[]> typical, List<Object[]> hostile, List<Nulled> nulled,
                             boolean cycled) {
            int g = pools.size();
            pools.add(new Pool(List.copyOf(slots), List.copyOf(typical), List.copyOf(hostile), List.copyOf(nulled),
                    cycled));
            for (int s = 0; s < slots.size(); s++) {
                kinds[slots.get(s)] = Kind.POOLED;
                groupOf[slots.get(s)] = g;
                slotOf[slots.get(s)] = s;
            }
        }
    }
}
