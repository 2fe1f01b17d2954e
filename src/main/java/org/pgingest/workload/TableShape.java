package org.pgingest.workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The table shapes of the published experiments. Each shape holds, in one place, the columns a loader
 * writes (generated columns such as ids and defaults are left to the server), the DDL, the unique key
 * upserts conflict on, and the generated id RETURNING hands back.
 */
public enum TableShape {
    /** Go/pgx showdown: users(id bigserial pk, name, email unique, created_at timestamptz). */
    USERS("users",
            List.of(Column.optional("name", ColumnType.TEXT),
                    Column.required("email", ColumnType.TEXT),
                    Column.required("created_at", ColumnType.TIMESTAMPTZ)),
            "id bigserial", "email"),
    /** UNNEST vs VALUES: sensors(sensorid text, ts timestamptz, value float8), no key. */
    SENSORS("sensors",
            List.of(Column.required("sensorid", ColumnType.TEXT),
                    Column.required("ts", ColumnType.TIMESTAMPTZ),
                    Column.optional("value", ColumnType.FLOAT8)),
            null, null),
    /** UNNEST vs VALUES with ten float columns instead of one. */
    WIDE_SENSORS("wide_sensors", wideSensorColumns(), null, null),
    /** Write-path experiment: articles with a 384-float embedding (real[] where pgvector is absent). */
    ARTICLES("articles",
            List.of(Column.required("external_id", ColumnType.VARCHAR_64),
                    Column.required("title", ColumnType.TEXT),
                    Column.optional("body", ColumnType.TEXT),
                    Column.required("category_id", ColumnType.INT4),
                    Column.required("source_id", ColumnType.INT4),
                    Column.optional("published_at", ColumnType.TIMESTAMPTZ),
                    Column.optional("word_count", ColumnType.INT4),
                    Column.optional("embedding", ColumnType.REAL_ARRAY)),
            "id bigint GENERATED ALWAYS AS IDENTITY", "external_id");

    /** Length of the articles embedding. */
    public static final int EMBEDDING_DIMENSIONS = 384;

    private final String tableName;
    private final List<Column> columns;
    private final String idColumnDdl;
    private final String conflictKey;

    TableShape(String tableName, List<Column> columns, String idColumnDdl, String conflictKey) {
        this.tableName = tableName;
        this.columns = List.copyOf(columns);
        this.idColumnDdl = idColumnDdl;
        this.conflictKey = conflictKey;
    }

    private static List<Column> wideSensorColumns() {
        List<Column> result = new ArrayList<>(List.of(Column.required("sensorid", ColumnType.TEXT),
                Column.required("ts", ColumnType.TIMESTAMPTZ)));
        for (int i = 1; i <= 10; i++) {
            result.add(Column.optional("value" + i, ColumnType.FLOAT8));
        }
        return result;
    }

    /** Default table name. */
    public String tableName() {
        return tableName;
    }

    /** The columns loaders write, in order; a row is an Object[] of these. */
    public List<Column> columns() {
        return columns;
    }

    /** The generated id column's name, if the shape has one. */
    public Optional<String> idColumn() {
        return Optional.ofNullable(idColumnDdl).map(ddl -> ddl.substring(0, ddl.indexOf(' ')));
    }

    /** The unique column upserts conflict on, with this index profile; empty when there is none. */
    public Optional<String> conflictKey(IndexProfile profile) {
        if (this == USERS && profile == IndexProfile.PK) {
            return Optional.empty();
        }
        return Optional.ofNullable(conflictKey);
    }

    /** The part of CREATE TABLE after the table name: columns and constraints. */
    public String tableDefinition(IndexProfile profile) {
        return tableDefinition(profile, columns);
    }

    /** The same with other loader columns in place of the shape's ({@link Table#withColumns}). */
    String tableDefinition(IndexProfile profile, List<Column> loaderColumns) {
        requireProfile(profile);
        List<String> parts = new ArrayList<>();
        if (idColumnDdl != null) {
            parts.add(idColumnDdl + " PRIMARY KEY");
        }
        loaderColumns.forEach(c -> parts.add(c.ddl()));
        if (this == ARTICLES) {
            parts.add("ingested_at timestamptz NOT NULL DEFAULT now()");
        }
        conflictKey(profile).ifPresent(key -> parts.add("UNIQUE (" + key + ")"));
        return "(" + String.join(", ", parts) + ")";
    }

    /** Secondary indexes to create after the table, given the qualified table name. */
    public List<String> indexStatements(IndexProfile profile, String qualifiedTable) {
        requireProfile(profile);
        List<String> result = new ArrayList<>();
        if (this == USERS && profile.compareTo(IndexProfile.PK_UNIQUE_BTREE) >= 0) {
            result.add("CREATE INDEX ON " + qualifiedTable + " (created_at)");
        }
        if (this == USERS && profile == IndexProfile.PK_UNIQUE_BTREE_GIN) {
            // to_tsvector with an explicit configuration is immutable, as an index expression must be
            result.add("CREATE INDEX ON " + qualifiedTable + " USING gin (to_tsvector('simple', coalesce(name, '')))");
        }
        return result;
    }

    private void requireProfile(IndexProfile profile) {
        if (this != USERS && profile != IndexProfile.STANDARD) {
            throw new IllegalArgumentException("index profile " + profile.name().toLowerCase(Locale.ROOT)
                    + " applies to users only; " + tableName + " takes standard");
        }
    }

    /** Parses a user-supplied name; an unknown name is an error listing the valid ones. */
    public static TableShape parse(String name) {
        for (TableShape s : values()) {
            if (s.name().equalsIgnoreCase(name.trim()) || s.tableName.equalsIgnoreCase(name.trim())) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown table shape '" + name + "': valid shapes are "
                + Arrays.stream(values()).map(TableShape::tableName).collect(Collectors.joining(", ")));
    }
}
