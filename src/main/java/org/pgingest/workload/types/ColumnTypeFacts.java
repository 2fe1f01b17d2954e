package org.pgingest.workload.types;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the catalog says about a column's type, as much as {@link TypeCodecs#forColumn} needs to pick its codec:
 * a tree, since an array names its element type, a domain its base type and a range its subtype.
 *
 * @param oid         pg_type oid
 * @param schema      the type's schema (pg_catalog for built-in types)
 * @param name        pg_type.typname ("int4", "bpchar", "_int4", "mood")
 * @param kind        pg_type.typtype: 'b' base, 'e' enum, 'd' domain, 'r' range, 'm' multirange, 'c' composite,
 *                    'p' pseudo
 * @param category    pg_type.typcategory ('A' for arrays, 'S' string, 'N' numeric, 'U' user-defined, ...)
 * @param formatted   {@code format_type(oid, typmod)}: the declared type, usable in DDL and casts
 * @param typmod      the type modifier (-1 when none): the column's atttypmod, an array's for its element, a
 *                    domain's typtypmod for its base
 * @param binaryIo    whether pg_type has both typsend and typreceive (binary COPY can carry the type at all)
 * @param element     arrays: the element type, with the array column's typmod
 * @param base        domains: the base type, with the domain's typmod
 * @param checks      domains: the domain's CHECK constraints as {@code pg_get_constraintdef} prints them
 *                    ("CHECK ((VALUE > 0))"), by constraint name
 * @param notNull     domains: NOT NULL declared on the domain
 * @param enumLabels  enums: the labels in enumsortorder
 * @param subtype     ranges: the subtype; multiranges: the range type
 * @param serverVersion the server's server_version_num (170002 for 17.2): what a type holds can depend on it
 *                    (interval 'infinity' from 17)
 * @param binaryAs    an extension's base type whose typsend and typreceive are a built-in type's own C functions
 *                    (citext: citextsend is {@code AS 'textsend' LANGUAGE internal}): that type's pg_catalog name,
 *                    whose binary encoder then carries it; empty for any other type
 * @param delimiter   pg_type.typdelim: what separates this type's elements in an array's text form (',' for every
 *                    built-in type but box's ';')
 */
public record ColumnTypeFacts(int oid, String schema, String name, char kind, char category, String formatted,
                              int typmod, boolean binaryIo, Optional<ColumnTypeFacts> element,
                              Optional<ColumnTypeFacts> base, List<String> checks, boolean notNull,
                              List<String> enumLabels, Optional<ColumnTypeFacts> subtype, int serverVersion,
                              Optional<String> binaryAs, char delimiter) {

    public ColumnTypeFacts {
        checks = List.copyOf(checks);
        enumLabels = List.copyOf(enumLabels);
    }

    /**
     * The CHECK expressions on VALUE of this domain and every domain beneath it (without "CHECK" and "NOT VALID":
     * a NOT VALID check still applies to new values); empty for a type that is no domain.
     */
    public List<String> domainChecks() {
        List<String> all = new ArrayList<>();
        for (ColumnTypeFacts t = this; t != null && t.kind() == 'd'; t = t.base().orElse(null)) {
            for (String check : t.checks()) {
                String c = check.endsWith(" NOT VALID") ? check.substring(0, check.length() - 10) : check;
                all.add(c.startsWith("CHECK ") ? c.substring(6) : c);
            }
        }
        return all;
    }

    /** Whether this domain or one beneath it is declared NOT NULL (false for a type that is no domain). */
    public boolean domainNotNull() {
        for (ColumnTypeFacts t = this; t != null && t.kind() == 'd'; t = t.base().orElse(null)) {
            if (t.notNull()) {
                return true;
            }
        }
        return false;
    }

    /** The type beneath any domains: what a value is cast to where a domain's CHECK must not raise an error. */
    public String baseType() {
        ColumnTypeFacts t = this;
        while (t.kind() == 'd' && t.base().isPresent()) {
            t = t.base().get();
        }
        return t.formatted();
    }

    /**
     * The type facts of every column of a table, by attnum, in one query (PostgreSQL 14-18): the columns and
     * every type they reach through array elements, domain bases and range subtypes, collected by a recursive
     * CTE over pg_type and assembled here. Dropped columns are left out; system columns too.
     *
     * @param table a regclass text, e.g. {@code "\"Sales\".\"Order Lines\""} (quoted as in SQL)
     */
    public static Map<Integer, ColumnTypeFacts> readTable(Connection connection, String table) throws SQLException {
        // by attnum: the query's column rows come in no order it promises (UNION ALL, no ORDER BY), and Table.read
        // pairs these facts with the definition's columns, which CatalogReader reads ORDER BY attnum
        Map<Integer, TypeKey> columns = new java.util.TreeMap<>();
        Map<TypeKey, TypeRow> types = new HashMap<>();
        int serverVersion = 0;
        try (PreparedStatement ps = connection.prepareStatement(TABLE_TYPES_SQL)) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    serverVersion = rs.getInt("server_version");
                    if (rs.getString("row_kind").equals("column")) {
                        columns.put(rs.getInt("attnum"), new TypeKey(rs.getInt("type_oid"), rs.getInt("typmod")));
                    } else {
                        TypeRow row = TypeRow.of(rs);
                        types.put(new TypeKey(row.oid, row.typmod), row);
                    }
                }
            }
        }
        Map<Integer, ColumnTypeFacts> facts = new LinkedHashMap<>();
        int version = serverVersion;
        columns.forEach((attnum, type) -> facts.put(attnum, assemble(types, type.oid(), type.typmod(), version)));
        return facts;
    }

    /** The type facts of one column (attnum) of a table; see {@link #readTable}. */
    static ColumnTypeFacts read(Connection connection, String table, int attnum) throws SQLException {
        ColumnTypeFacts facts = readTable(connection, table).get(attnum);
        if (facts == null) {
            throw new SQLException("table " + table + " has no column number " + attnum);
        }
        return facts;
    }

    private static ColumnTypeFacts assemble(Map<TypeKey, TypeRow> types, int oid, int typmod, int version) {
        TypeRow row = types.get(new TypeKey(oid, typmod));
        if (row == null) {
            throw new IllegalStateException("the catalog query returned no pg_type row for oid " + oid);
        }
        return new ColumnTypeFacts(row.oid, row.schema, row.name, row.kind, row.category, row.formatted, row.typmod,
                row.binaryIo,
                row.category == 'A' && row.element != 0 ? Optional.of(assemble(types, row.element, typmod, version)) : Optional.empty(),
                row.kind == 'd' ? Optional.of(assemble(types, row.base, row.baseTypmod, version)) : Optional.empty(),
                row.checks, row.notNull, row.enumLabels,
                row.subtype != 0 ? Optional.of(assemble(types, row.subtype, -1, version)) : Optional.empty(), version,
                Optional.ofNullable(row.binaryAs), row.delimiter);
    }

    private record TypeKey(int oid, int typmod) {
    }

    private record TypeRow(int oid, int typmod, String schema, String name, char kind, char category, String formatted,
                           boolean binaryIo, int element, int base, int baseTypmod, boolean notNull, int subtype,
                           List<String> enumLabels, List<String> checks, String binaryAs, char delimiter) {
        static TypeRow of(ResultSet rs) throws SQLException {
            return new TypeRow(rs.getInt("type_oid"), rs.getInt("typmod"), rs.getString("nspname"),
                    rs.getString("typname"), rs.getString("typtype").charAt(0), rs.getString("typcategory").charAt(0),
                    rs.getString("formatted"), rs.getBoolean("binary_io"), rs.getInt("typelem"),
                    rs.getInt("typbasetype"), rs.getInt("typtypmod"), rs.getBoolean("typnotnull"),
                    rs.getInt("subtype"), strings(rs.getArray("enum_labels")), strings(rs.getArray("checks")),
                    rs.getString("binary_as"), rs.getString("typdelim").charAt(0));
        }

        private static List<String> strings(Array array) throws SQLException {
            List<String> list = new ArrayList<>();
            if (array != null) {
                for (Object o : (Object[]) array.getArray()) {
                    list.add((String) o);
                }
            }
            return list;
        }
    }

    /**
     * Rows of two kinds: one per column (attnum, type, typmod), and one per (type, typmod) reachable from them.
     * An array's element keeps the array's typmod (numeric(10,2)[] stores 10,2 on the column); a domain's base
     * takes typtypmod; a range's subtype and a multirange's range have none. format_type with typmod -1 (not
     * NULL) prints "bpchar" for an unconstrained character, not "character", which would mean character(1).
     */
    static final String TABLE_TYPES_SQL = """
            WITH RECURSIVE cols AS (
                SELECT a.attnum, a.atttypid, a.atttypmod
                FROM pg_catalog.pg_attribute a
                WHERE a.attrelid = ?::regclass AND a.attnum > 0 AND NOT a.attisdropped
            ), reached(type_oid, typmod) AS (
                SELECT atttypid, atttypmod FROM cols
                UNION
                SELECT next.type_oid, next.typmod
                FROM reached r
                JOIN pg_catalog.pg_type t ON t.oid = r.type_oid
                CROSS JOIN LATERAL (VALUES
                    (CASE WHEN t.typcategory = 'A' THEN NULLIF(t.typelem, 0) END, r.typmod),
                    (CASE WHEN t.typtype = 'd' THEN t.typbasetype END, t.typtypmod),
                    ((SELECT g.rngsubtype FROM pg_catalog.pg_range g WHERE g.rngtypid = t.oid), -1),
                    ((SELECT g.rngtypid FROM pg_catalog.pg_range g WHERE g.rngmultitypid = t.oid), -1)
                ) AS next(type_oid, typmod)
                WHERE next.type_oid IS NOT NULL
            )
            SELECT 'column' AS row_kind, attnum, atttypid AS type_oid, atttypmod AS typmod,
                   NULL AS nspname, NULL AS typname, NULL AS typtype, NULL AS typcategory, NULL AS formatted,
                   NULL::bool AS binary_io, NULL::oid AS typelem, NULL::oid AS typbasetype, NULL::int AS typtypmod,
                   NULL::bool AS typnotnull, NULL::oid AS subtype, NULL::text[] AS enum_labels, NULL::text[] AS checks,
                   pg_catalog.current_setting('server_version_num')::int AS server_version, NULL::text AS binary_as,
                   NULL::text AS typdelim
            FROM cols
            UNION ALL
            SELECT 'type', NULL, t.oid, r.typmod, n.nspname, t.typname, t.typtype::text, t.typcategory::text,
                   pg_catalog.format_type(t.oid, r.typmod),
                   t.typsend <> 0 AND t.typreceive <> 0, t.typelem, t.typbasetype, t.typtypmod, t.typnotnull,
                   COALESCE((SELECT g.rngsubtype FROM pg_catalog.pg_range g WHERE g.rngtypid = t.oid),
                            (SELECT g.rngtypid FROM pg_catalog.pg_range g WHERE g.rngmultitypid = t.oid)),
                   ARRAY(SELECT e.enumlabel::text FROM pg_catalog.pg_enum e WHERE e.enumtypid = t.oid
                         ORDER BY e.enumsortorder),
                   ARRAY(SELECT pg_catalog.pg_get_constraintdef(c.oid) FROM pg_catalog.pg_constraint c
                         WHERE c.contypid = t.oid AND c.contype = 'c' ORDER BY c.conname),
                   pg_catalog.current_setting('server_version_num')::int,
                   (SELECT b.typname::text FROM pg_catalog.pg_type b
                    JOIN pg_catalog.pg_proc bs ON bs.oid = b.typsend
                    JOIN pg_catalog.pg_proc br ON br.oid = b.typreceive
                    JOIN pg_catalog.pg_proc ts ON ts.oid = t.typsend
                    JOIN pg_catalog.pg_proc tr ON tr.oid = t.typreceive
                    JOIN pg_catalog.pg_language l ON l.lanname = 'internal'
                    WHERE t.typtype = 'b' AND n.nspname <> 'pg_catalog' AND b.typtype = 'b'
                      AND b.typnamespace = 'pg_catalog'::regnamespace AND ts.prolang = l.oid AND tr.prolang = l.oid
                      AND bs.prolang = l.oid AND br.prolang = l.oid AND bs.prosrc = ts.prosrc AND br.prosrc = tr.prosrc
                    ORDER BY b.oid LIMIT 1),
                   t.typdelim::text
            FROM reached r
            JOIN pg_catalog.pg_type t ON t.oid = r.type_oid
            JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
            """;
}
