package org.pgingest.workload.definition;

import org.pgingest.workload.ddl.AppliedScript;
import org.pgingest.workload.ddl.DdlRole;
import org.pgingest.workload.ddl.Identifiers;
import org.pgingest.workload.ddl.SqlScript;
import org.pgingest.workload.ddl.StoredCalls;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where a table's definition comes from, all read through {@link CatalogReader}:
 * <ul>
 *   <li>DDL ({@link #fromDdl}: a published shape's resource, or a user's {@code pg_dump --schema-only} file): applied
 *       in a transaction that is rolled back, statement by statement, with {@value #SOURCE_SCHEMA} first on the
 *       search path for statements that name no schema; the definitions are read before the rollback;</li>
 *   <li>a live table ({@link #live}): read from the server's catalog, nothing written.</li>
 * </ul>
 */
public final class TableSources {
    /** The schema unqualified DDL lands in, where it is resolved and where the forks apply it again. */
    public static final String SOURCE_SCHEMA = "pgib_source";

    private TableSources() {
    }

    /**
     * Resolves {@code table} from {@code script} applied to {@code connection}'s server, which ends as it was (the
     * transaction is rolled back). Statements the server refuses are skipped and listed; {@link DefinitionException}
     * when the table is not there afterwards or a statement that names it failed (other than ownership, grants,
     * comments).
     */
    public static ResolvedTable fromDdl(Connection connection, SqlScript script, QualifiedName table, String label,
                                        String source, String suiteSchema) throws SQLException {
        return resolve(connection, script, table, label, source, suiteSchema, false);
    }

    /**
     * {@link #fromDdl} for a user's file, on a server the suite owns: only the statements a schema holds are applied
     * ({@link SqlScript#schemaOnly}; the others listed as skipped by line), and they run as {@link DdlRole}, which
     * cannot reach the server's host.
     */
    public static ResolvedTable fromUserDdl(Connection connection, SqlScript script, QualifiedName table, String label,
                                            String source, String suiteSchema) throws SQLException {
        return resolve(connection, script.schemaOnly(), table, label, source, suiteSchema, true);
    }

    private static ResolvedTable resolve(Connection connection, SqlScript script, QualifiedName table, String label,
                                         String source, String suiteSchema, boolean asDdlRole) throws SQLException {
        connection.setAutoCommit(false);
        try {
            if (asDdlRole) {
                limitStatements(connection);
                DdlRole.enter(connection);
            }
            enterSourceSchema(connection);
            AppliedScript applied = asDdlRole ? AppliedScript.applyAsDdlRole(connection, script.statements())
                    : AppliedScript.apply(connection, script.statements());
            if (asDdlRole) {
                try {
                    DdlRole.leave(connection);
                } catch (DdlRole.ConfinementException e) {
                    throw new DefinitionException(source + ": " + e.getMessage());
                }
            }
            // What a refusal lists: the statements not applied (by line) and those the server refused.
            List<String> failed = new ArrayList<>(script.refused());
            applied.failed().stream().filter(f -> !f.harmless()).map(AppliedScript.Failure::summary).forEach(failed::add);
            // Nothing applied and every statement a syntax error (42601): not SQL at all, rather than a schema whose
            // dependencies the server lacks.
            if (applied.applied().isEmpty() && !applied.failed().isEmpty()
                    && applied.failed().stream().allMatch(f -> "42601".equals(f.sqlState()))) {
                throw new DefinitionException(source + " holds no statement the server accepts (is it SQL?); the first: "
                        + applied.failed().get(0).summary() + newerDump(connection, script));
            }
            TableDefinition definition;
            try {
                definition = CatalogReader.read(connection, table, suiteSchema, "in " + source);
            } catch (DefinitionException e) {
                String blocking = blockingOf(applied.failed(), List.of(table.toString(),
                        new QualifiedName(null, table.name()).toString()));
                throw new DefinitionException((blocking.isEmpty() ? e.getMessage() : "no table " + table + " in " + source
                        + blocking) + newerDump(connection, script), failed);
            }
            List<String> names = List.of(definition.sqlName(), new QualifiedName(null, definition.name().name()).toString());
            String blocking = blockingOf(applied.failed(), names);
            if (!blocking.isEmpty()) {
                throw new DefinitionException("table " + definition.name() + " cannot be recreated as " + source
                        + " defines it" + blocking + newerDump(connection, script), failed);
            }
            List<TableDefinition> referenced = referenced(connection, definition);
            List<String> skipped = new ArrayList<>(script.skipped());
            applied.failed().forEach(f -> skipped.add(f.summary()));
            return new ResolvedTable(label, PublishedShapes.STANDARD, source, applied.applied().stream().map(SqlScript.Statement::sql).toList(),
                    definition, referenced, true, true, skipped, java.util.Map.of(), null);
        } finally {
            connection.rollback();
            connection.setAutoCommit(true);
        }
    }

    /**
     * A live table's definition, read from the server it lives on: nothing is written. Triggers are not copied (a
     * trigger function may write the user's other tables); types, domains and functions are the server's own.
     */
    public static ResolvedTable live(Connection connection, QualifiedName table, String label, String suiteSchema)
            throws SQLException {
        TableDefinition definition = CatalogReader.read(connection, table, suiteSchema);
        List<TableDefinition> referenced = referenced(connection, definition);
        for (TableDefinition t : java.util.stream.Stream.concat(java.util.stream.Stream.of(definition), referenced.stream()).toList()) {
            List<String> calls = callsOfTheUsers(connection, t.name());
            if (!calls.isEmpty()) {
                throw new DefinitionException("live table " + definition.name() + ": " + String.join("; ", calls)
                        + ": the suite's copy would run it on your server for every row it loads, and what a function "
                        + "of your own or a volatile one (nextval, pg_notify, advisory locks, large objects; all but "
                        + "random numbers and the clock) does could reach beyond the suite's schema; the suite does not copy such a table (rank its DDL, "
                        + "pg_dump --schema-only, with --ddl on the suite's own server, where the file's functions run "
                        + "confined)");
            }
        }
        return new ResolvedTable(label, PublishedShapes.STANDARD, "live table " + definition.name(), List.of(), definition,
                referenced, true, false, List.of(), java.util.Map.of(), null);
    }

    /**
     * A copy the suite made on a server it does not own: its expressions call that server's functions of the names
     * they give, the user's own where a --ddl file named them, so it is refused as a live table would be, before any
     * row goes in.
     */
    public static void checkCopy(Connection connection, QualifiedName copy) throws SQLException {
        List<String> calls = callsOfTheUsers(connection, copy);
        if (!calls.isEmpty()) {
            throw new DefinitionException("the suite's copy " + copy + " on this server: " + String.join("; ", calls)
                    + ": it would run it for every row it loads, with this server's own functions and sequences of the "
                    + "names the definition gives, which could reach beyond the suite's schema; the suite does not load "
                    + "such a table here");
        }
    }

    /**
     * The functions the copy of {@code table} would call as it loads rows that would act outside the suite's schema:
     * a user's own and those that write ({@link StoredCalls#WRITING}). Wherever loading a row calls a function: its
     * CHECKs (exclusion operators too), generated columns (plain defaults are not copied), indexes (expressions and
     * operator classes), partition keys (expressions and operator classes), its partitions', and every type a row
     * holds (domains, array elements, range subtypes, composite fields): their CHECKs, defaults, input and output,
     * default operator classes (an upsert's sort, ANALYZE), a range's canonical and difference functions, the casts
     * from text to them.
     */
    private static List<String> callsOfTheUsers(Connection connection, QualifiedName table) throws SQLException {
        return StoredCalls.find(connection, LIVE_TABLE_TREES, StoredCalls.USERS_OWN + " OR " + StoredCalls.WRITING,
                table.quoted(), table.quoted());
    }

    /**
     * The types a stored expression tree names (a cast to a domain, a row of a composite type, a constant's type), as
     * a regular expression's literal: a domain reached only through a cast in a CHECK runs its own CHECKs all the same.
     */
    private static final String TYPES_IN_A_TREE =
            "':(?:resulttype|row_typeid|consttype|funcresulttype|opresulttype|typeid|resulttypid|elemtype) (\\d+)'";

    /** {@link #callsOfTheUsers}' expressions, each as a tree or a function id in one (parameters: the table, twice). */
    private static final String LIVE_TABLE_TREES = """
            RECURSIVE rels (relid) AS (
                SELECT ?::pg_catalog.regclass
                UNION SELECT relid FROM pg_catalog.pg_partition_tree(?::pg_catalog.regclass)),
            types (t) AS (
                SELECT a.atttypid FROM pg_catalog.pg_attribute a
                WHERE a.attrelid IN (SELECT relid FROM rels) AND a.attnum > 0 AND NOT a.attisdropped
                UNION
                SELECT m[1]::pg_catalog.oid FROM (
                    SELECT c.conbin::text FROM pg_catalog.pg_constraint c
                    WHERE c.conrelid IN (SELECT relid FROM rels) AND c.conbin IS NOT NULL
                    UNION ALL
                    SELECT d.adbin::text FROM pg_catalog.pg_attrdef d JOIN pg_catalog.pg_attribute a
                        ON a.attrelid = d.adrelid AND a.attnum = d.adnum
                    WHERE d.adrelid IN (SELECT relid FROM rels) AND a.attgenerated <> ''
                    UNION ALL
                    SELECT coalesce(i.indexprs::text, '') || coalesce(i.indpred::text, '')
                    FROM pg_catalog.pg_index i WHERE i.indrelid IN (SELECT relid FROM rels)
                    UNION ALL
                    SELECT coalesce(p.partexprs::text, '')
                    FROM pg_catalog.pg_partitioned_table p WHERE p.partrelid IN (SELECT relid FROM rels)
                ) e (tree) CROSS JOIN LATERAL pg_catalog.regexp_matches(e.tree, %1$s, 'g') m
                UNION
                SELECT held.t FROM types JOIN pg_catalog.pg_type ty ON ty.oid = types.t CROSS JOIN LATERAL (
                    SELECT ty.typbasetype WHERE ty.typtype = 'd'
                    UNION ALL SELECT ty.typelem WHERE ty.typelem <> 0
                    UNION ALL SELECT r.rngsubtype FROM pg_catalog.pg_range r WHERE r.rngtypid = ty.oid
                    UNION ALL SELECT r.rngtypid FROM pg_catalog.pg_range r WHERE r.rngmultitypid = ty.oid
                    UNION ALL SELECT f.atttypid FROM pg_catalog.pg_attribute f
                        WHERE ty.typrelid <> 0 AND f.attrelid = ty.typrelid AND f.attnum > 0 AND NOT f.attisdropped
                    UNION ALL SELECT m[1]::pg_catalog.oid FROM pg_catalog.pg_constraint c
                        CROSS JOIN LATERAL pg_catalog.regexp_matches(c.conbin::text, %1$s, 'g') m
                        WHERE c.contypid = ty.oid AND c.conbin IS NOT NULL
                    UNION ALL SELECT m[1]::pg_catalog.oid
                        FROM pg_catalog.regexp_matches(coalesce(ty.typdefaultbin::text, ''), %1$s, 'g') m
                ) held (t)),
            classes (what, opclass) AS (
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_class'::pg_catalog.regclass, i.indexrelid, 0), k.opclass
                FROM pg_catalog.pg_index i CROSS JOIN LATERAL pg_catalog.unnest(i.indclass::pg_catalog.oid[]) k (opclass)
                WHERE i.indrelid IN (SELECT relid FROM rels)
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_class'::pg_catalog.regclass, p.partrelid, 0), k.opclass
                FROM pg_catalog.pg_partitioned_table p
                    CROSS JOIN LATERAL pg_catalog.unnest(p.partclass::pg_catalog.oid[]) k (opclass)
                WHERE p.partrelid IN (SELECT relid FROM rels)
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_opclass'::pg_catalog.regclass, oc.oid, 0), oc.oid
                FROM pg_catalog.pg_opclass oc WHERE oc.opcdefault AND oc.opcintype IN (SELECT t FROM types)),
            trees (what, tree) AS (
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_constraint'::pg_catalog.regclass, c.oid, 0),
                    c.conbin::text
                FROM pg_catalog.pg_constraint c WHERE c.conbin IS NOT NULL
                    AND (c.conrelid IN (SELECT relid FROM rels) OR c.contypid IN (SELECT t FROM types))
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_constraint'::pg_catalog.regclass, c.oid, 0),
                    ':funcid ' || o.oprcode::pg_catalog.oid
                FROM pg_catalog.pg_constraint c CROSS JOIN LATERAL pg_catalog.unnest(c.conexclop) x (op)
                    JOIN pg_catalog.pg_operator o ON o.oid = x.op
                WHERE c.conrelid IN (SELECT relid FROM rels)
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_attrdef'::pg_catalog.regclass, d.oid, 0), d.adbin::text
                FROM pg_catalog.pg_attrdef d JOIN pg_catalog.pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
                WHERE d.adrelid IN (SELECT relid FROM rels) AND a.attgenerated <> ''
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_class'::pg_catalog.regclass, i.indexrelid, 0),
                    coalesce(i.indexprs::text, '') || coalesce(i.indpred::text, '')
                FROM pg_catalog.pg_index i WHERE i.indrelid IN (SELECT relid FROM rels)
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_class'::pg_catalog.regclass, p.partrelid, 0),
                    coalesce(p.partexprs::text, '')
                FROM pg_catalog.pg_partitioned_table p WHERE p.partrelid IN (SELECT relid FROM rels)
                UNION ALL
                SELECT c.what, ':funcid ' || f.fn
                FROM classes c JOIN pg_catalog.pg_opclass oc ON oc.oid = c.opclass CROSS JOIN LATERAL (
                    SELECT ap.amproc::pg_catalog.oid FROM pg_catalog.pg_amproc ap WHERE ap.amprocfamily = oc.opcfamily
                    UNION ALL SELECT o.oprcode::pg_catalog.oid FROM pg_catalog.pg_amop ao
                        JOIN pg_catalog.pg_operator o ON o.oid = ao.amopopr WHERE ao.amopfamily = oc.opcfamily
                ) f (fn)
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_type'::pg_catalog.regclass, ty.oid, 0),
                    ty.typdefaultbin::text
                FROM pg_catalog.pg_type ty WHERE ty.oid IN (SELECT t FROM types) AND ty.typdefaultbin IS NOT NULL
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_type'::pg_catalog.regclass, ty.oid, 0),
                    ':funcid ' || x.fn
                FROM pg_catalog.pg_type ty CROSS JOIN LATERAL (VALUES (ty.typinput::pg_catalog.oid),
                    (ty.typoutput::pg_catalog.oid), (ty.typreceive::pg_catalog.oid), (ty.typsend::pg_catalog.oid),
                    (ty.typmodin::pg_catalog.oid), (ty.typmodout::pg_catalog.oid)) x (fn)
                WHERE ty.oid IN (SELECT t FROM types) AND x.fn <> 0
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_type'::pg_catalog.regclass, r.rngtypid, 0),
                    ':funcid ' || x.fn
                FROM pg_catalog.pg_range r CROSS JOIN LATERAL (VALUES (r.rngcanonical::pg_catalog.oid),
                    (r.rngsubdiff::pg_catalog.oid)) x (fn)
                WHERE r.rngtypid IN (SELECT t FROM types) AND x.fn <> 0
                UNION ALL
                SELECT pg_catalog.pg_describe_object('pg_catalog.pg_cast'::pg_catalog.regclass, c.oid, 0),
                    ':funcid ' || c.castfunc
                FROM pg_catalog.pg_cast c WHERE c.casttarget IN (SELECT t FROM types) AND c.castfunc <> 0
                    AND c.castsource IN ('pg_catalog.text'::pg_catalog.regtype, 'pg_catalog.varchar'::pg_catalog.regtype))
            """.formatted(TYPES_IN_A_TREE);


    /**
     * Creates {@value #SOURCE_SCHEMA} if absent and puts it first on the search path for the rest of the transaction:
     * where unqualified DDL lands, in the launcher's rolled-back resolution and in a fork's own server alike.
     */
    /** The longest a statement of a user's DDL file may run as it is applied (PostgreSQL's statement_timeout). */
    static final String DDL_STATEMENT_TIMEOUT = "30s";

    /**
     * Limits each statement of the current transaction to {@link #DDL_STATEMENT_TIMEOUT}, for a user's DDL applied in
     * it. A definition on empty tables takes milliseconds; code a file runs as it is applied (a partition bound's
     * expression, evaluated once) could take the run's budget (an adversarial pass, 2026-12-03, saw 33 s of queries):
     * a statement past the limit fails as one the server refused.
     */
    public static void limitStatements(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("SELECT pg_catalog.set_config('statement_timeout', '" + DDL_STATEMENT_TIMEOUT + "', true)");
        }
    }

    public static void enterSourceSchema(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("CREATE SCHEMA IF NOT EXISTS " + Identifiers.quote(SOURCE_SCHEMA));
            st.execute("SELECT pg_catalog.set_config('search_path', '" + SOURCE_SCHEMA + "', true)");
        }
    }

    /** The tables {@code definition}'s foreign keys reference, each once, itself excluded. */
    private static List<TableDefinition> referenced(Connection connection, TableDefinition definition) throws SQLException {
        Set<QualifiedName> names = new LinkedHashSet<>();
        for (ConstraintDefinition fk : definition.constraints(ConstraintDefinition.Kind.FOREIGN_KEY)) {
            if (!fk.references().table().equals(definition.name())) {
                names.add(fk.references().table());
            }
        }
        List<TableDefinition> referenced = new ArrayList<>();
        for (QualifiedName name : names) {
            referenced.add(CatalogReader.read(connection, name, null));
        }
        return referenced;
    }

    /**
     * "; ..." naming the failed statements that define part of the table (not ownership or grants), or "" when none
     * did. A statement about another table that only refers to this one (its foreign key to it) does not block it.
     */
    private static String blockingOf(List<AppliedScript.Failure> failures, List<String> names) {
        List<String> lines = new ArrayList<>();
        for (AppliedScript.Failure f : failures) {
            if (!f.harmless() && names.stream().anyMatch(n -> definesPartOf(f.statement().sql(), n))) {
                lines.add(f.summary());
            }
        }
        return lines.isEmpty() ? "" : ": " + String.join("; ", lines);
    }

    /** A table's name as DDL writes it: one or two parts, each quoted or not. */
    private static final String NAME = "((?:\"(?:[^\"]|\"\")*\"|[^\\s.\"(]+)(?:\\.(?:\"(?:[^\"]|\"\")*\"|[^\\s.\"(]+))?)";
    /** Statements whose object is a table: the table created or altered, or the one an index, trigger, rule or policy is on. */
    private static final List<Pattern> TARGETS = Stream.of(
            "CREATE (?:(?:GLOBAL|LOCAL) )?(?:TEMP |TEMPORARY |UNLOGGED )?TABLE (?:IF NOT EXISTS )?" + NAME,
            "ALTER TABLE (?:IF EXISTS )?(?:ONLY )?" + NAME,
            "CREATE (?:UNIQUE )?INDEX .*? ON (?:ONLY )?" + NAME,
            "CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER .*? ON " + NAME,
            "CREATE (?:OR REPLACE )?RULE .*? TO " + NAME,
            "CREATE POLICY .*? ON " + NAME)
            .map(p -> Pattern.compile(p, Pattern.CASE_INSENSITIVE | Pattern.DOTALL)).toList();
    private static final Pattern PARTITION_OF = Pattern.compile("\\bPARTITION OF " + NAME, Pattern.CASE_INSENSITIVE);

    /**
     * Whether {@code sql} defines part of the table {@code name}: creates or alters it, puts an index, trigger, rule
     * or policy on it, or creates a partition of it.
     */
    static boolean definesPartOf(String sql, String name) {
        String flat = sql.replaceAll("\\s+", " ").trim();
        for (Pattern target : TARGETS) {
            Matcher m = target.matcher(flat);
            if (m.lookingAt()) {
                if (mentions(m.group(1), name)) {
                    return true;
                }
                Matcher partition = PARTITION_OF.matcher(flat);
                return target == TARGETS.get(0) && partition.find() && mentions(partition.group(1), name);
            }
        }
        return false;
    }

    /**
     * "; ..." saying which server a dump needs, when its header says it was dumped from a newer major version than
     * {@code connection}'s (its syntax, a VIRTUAL column or uuidv7() of 18, fails on older ones), or "".
     */
    private static String newerDump(Connection connection, SqlScript script) throws SQLException {
        if (script.dumpedFrom().isEmpty()) {
            return "";
        }
        int dumped = Integer.parseInt(script.dumpedFrom().get().replaceAll("\\..*", ""));
        int here = connection.getMetaData().getDatabaseMajorVersion();
        return dumped <= here ? "" : "; it was dumped from PostgreSQL " + script.dumpedFrom().get() + " (its header says) "
                + "and this server is " + here + ": -Dpg.version=" + dumped + " applies it";
    }

    /** Whether {@code sql} holds {@code name} as a whole name (not inside a longer identifier). */
    static boolean mentions(String sql, String name) {
        for (int at = sql.indexOf(name); at >= 0; at = sql.indexOf(name, at + 1)) {
            boolean startOk = at == 0 || !identifierChar(sql.charAt(at - 1));
            int end = at + name.length();
            boolean endOk = end == sql.length() || !identifierChar(sql.charAt(end)) && sql.charAt(end) != '"';
            if (startOk && endOk) {
                return true;
            }
        }
        return false;
    }

    private static boolean identifierChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.';
    }
}
