package org.pgingest.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Everything needed to open a target. Built from defaults, then system properties, then environment
 * variables ({@link #fromEnvironment()}); credentials come only from the environment.
 *
 * <table>
 *   <caption>Where each value comes from</caption>
 *   <tr><th>value</th><th>system property</th><th>environment</th><th>default</th></tr>
 *   <tr><td>target kind</td><td>pg.target</td><td>PGIB_TARGET</td><td>embedded</td></tr>
 *   <tr><td>PostgreSQL version (embedded, container)</td><td>pg.version</td><td>PGIB_PG_VERSION</td><td>the build's</td></tr>
 *   <tr><td>container image (any honouring the official postgres image's contract; the tag is the major
 *       unless the name carries one)</td><td>pg.image</td><td>PGIB_IMAGE</td><td>postgres</td></tr>
 *   <tr><td>suite schema</td><td>pg.schema</td><td>PGIB_SCHEMA</td><td>pgingest</td></tr>
 *   <tr><td>server setting overrides</td><td>pg.conf.NAME=VALUE</td><td></td><td>none</td></tr>
 *   <tr><td>external JDBC URL</td><td>pg.url</td><td>PGIB_JDBC_URL</td><td></td></tr>
 *   <tr><td>external user</td><td>pg.user</td><td>PGIB_USER</td><td></td></tr>
 *   <tr><td>external password</td><td>(never)</td><td>PGIB_PASSWORD</td><td>none</td></tr>
 *   <tr><td>pooler between loaders and server</td><td>pg.via</td><td>PGIB_VIA</td><td>direct</td></tr>
 *   <tr><td>the PgBouncer's install directory</td><td>pg.pgbouncer.home</td><td>PGIB_PGBOUNCER_HOME</td>
 *       <td>the installed one (PATH, /usr/sbin)</td></tr>
 *   <tr><td>the citus target's PostgreSQL install</td><td>pg.citus.home</td><td>PGIB_CITUS_HOME</td>
 *       <td>pg_config's on PATH, else /usr/lib/postgresql/15</td></tr>
 *   <tr><td>the citus target's workers</td><td>pg.citus.workers</td><td>PGIB_CITUS_WORKERS</td><td>2</td></tr>
 * </table>
 *
 * @param kind             where the server comes from
 * @param pgVersion        requested PostgreSQL version: a major ("16") or a full binaries version ("16.15.0")
 * @param schema           the suite's own schema; every benchmark object lives there
 * @param settings         server settings applied by embedded and container, compared on external
 * @param externalUrl      JDBC URL of an external server (external only)
 * @param externalUser     role on the external server (external only)
 * @param externalPassword password on the external server (external only)
 * @param image            container image (container only)
 * @param via              what stands between the loaders and the server: nothing, or a PgBouncer
 * @param pgbouncer        which PgBouncer, and its max_prepared_statements where a run sets it
 * @param citus            the citus target's PostgreSQL install and worker count
 */
public record TargetConfig(TargetKind kind, String pgVersion, String schema, ServerSettings settings,
                           String externalUrl, String externalUser, Secret externalPassword, String image, Via via,
                           PgBouncerSetup pgbouncer, CitusSetup citus) {

    static final String DEFAULT_SCHEMA = "pgingest";
    private static final Pattern SCHEMA_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    /** The bytes of a name PostgreSQL keeps (NAMEDATALEN - 1). */
    private static final int MAX_NAME_BYTES = 63;
    private static final String CONF_PREFIX = "pg.conf.";
    /** The official image; {@code docker/build-image.sh} builds {@code pg-ingest-bench/postgres} from the same contract. */
    static final String DEFAULT_IMAGE = "postgres";

    public TargetConfig {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(pgVersion, "pgVersion");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(externalPassword, "externalPassword");
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(via, "via");
        Objects.requireNonNull(pgbouncer, "pgbouncer");
        Objects.requireNonNull(citus, "citus");
        if (schema != null && schema.length() > MAX_NAME_BYTES && schema.matches("[a-z_][a-z0-9_]*")) {
            // PostgreSQL keeps the first 63 bytes of a name (NAMEDATALEN 64): the schema made would be another's
            throw new TargetException("schema name '" + schema + "' is " + schema.length() + " characters long; "
                    + "PostgreSQL keeps " + MAX_NAME_BYTES + " of a name: choose a shorter one");
        }
        if (schema == null || !SCHEMA_NAME.matcher(schema).matches()) {
            throw new TargetException("invalid schema name '" + schema
                    + "': use lower-case letters, digits and underscores, starting with a letter or underscore");
        }
        if (schema.equals("public") || schema.equals("information_schema") || schema.startsWith("pg_")) {
            // public comes with every database, information_schema and pg_* are the server's own (PostgreSQL
            // refuses CREATE SCHEMA pg_anything): none is the suite's, so none would pass its schema guard.
            throw new TargetException("schema '" + schema + "' belongs to PostgreSQL, not to the suite, which works "
                    + "only in a schema of its own: choose another name with -Dpg.schema=NAME (default "
                    + DEFAULT_SCHEMA + ")");
        }
    }

    /** Defaults only: embedded server of the build's PostgreSQL version, settings file as is. */
    public static TargetConfig defaults() {
        return new TargetConfig(TargetKind.EMBEDDED, PgVersions.buildDefault(), DEFAULT_SCHEMA,
                ServerSettings.load(), null, null, Secret.none(), DEFAULT_IMAGE, Via.DIRECT,
                PgBouncerSetup.installed(), CitusSetup.defaults());
    }

    /** Defaults overlaid with this JVM's system properties and environment. */
    public static TargetConfig fromEnvironment() {
        return from(System.getProperties(), System.getenv());
    }

    static TargetConfig from(Properties props, Map<String, String> env) {
        TargetConfig d = defaults();
        TargetKind kind = TargetKind.parse(pick(props, "pg.target", env, "PGIB_TARGET", d.kind.id()));
        for (String external : List.of("pg.url", "pg.user")) {
            // Given on the command line for another target, it would be ignored and the run would measure another
            // server than the one named. (PGIB_JDBC_URL and PGIB_USER may stay in a shell's environment.)
            if (props.getProperty(external) != null && kind != TargetKind.EXTERNAL) {
                throw new TargetException("-D" + external + " names an external server's " + (external.equals("pg.url")
                        ? "address" : "user") + ", but the target is " + kind.id() + ": add -Dpg.target=external to "
                        + "run there, or leave -D" + external + " out");
            }
        }
        String version = pick(props, "pg.version", env, "PGIB_PG_VERSION", d.pgVersion);
        String schema = pick(props, "pg.schema", env, "PGIB_SCHEMA", d.schema);
        Map<String, String> overrides = new LinkedHashMap<>();
        for (String name : props.stringPropertyNames()) {
            if (name.startsWith(CONF_PREFIX)) {
                overrides.put(name.substring(CONF_PREFIX.length()), props.getProperty(name));
            }
        }
        Via via = Via.parse(pick(props, "pg.via", env, "PGIB_VIA", d.via.id()));
        if (kind == TargetKind.EXTERNAL && via != Via.DIRECT && !overrides.isEmpty()) {
            // Session settings travel to an external server in the startup packet's options (SessionSettings):
            // PgBouncer 1.18 refuses the parameter ("unsupported startup parameter: options"); 1.25 takes from it
            // only the parameters it tracks (client_encoding, DateStyle, ..., track_extra_parameters), which reports
            // none of those the suite varies ("unsupported startup parameter in options: synchronous_commit").
            throw new TargetException("-D" + CONF_PREFIX + overrides.keySet().iterator().next() + " with -Dpg.via="
                    + via.id() + ": on an external server a setting travels in each connection's startup options, which "
                    + "PgBouncer refuses, a limit of the suite; set it for the role on the server (ALTER ROLE ... SET), "
                    + "or run with -Dpg.via=direct");
        }
        return new TargetConfig(kind, version, schema, d.settings.withOverrides(overrides),
                pick(props, "pg.url", env, "PGIB_JDBC_URL", null),
                pick(props, "pg.user", env, "PGIB_USER", null),
                Secret.of(env.get("PGIB_PASSWORD")),
                pick(props, "pg.image", env, "PGIB_IMAGE", d.image),
                via,
                Optional.ofNullable(pick(props, PgBouncerSetup.HOME_OPTION, env, "PGIB_PGBOUNCER_HOME", null))
                        .map(home -> PgBouncerSetup.at(Path.of(home))).orElse(d.pgbouncer),
                new CitusSetup(Optional.ofNullable(pick(props, CitusSetup.HOME_OPTION, env, "PGIB_CITUS_HOME", null))
                        .map(Path::of), CitusSetup.parseWorkers(pick(props, CitusSetup.WORKERS_OPTION, env,
                        "PGIB_CITUS_WORKERS", String.valueOf(CitusSetup.DEFAULT_WORKERS)))));
    }

    private static String pick(Properties props, String property, Map<String, String> env, String variable,
                               String fallback) {
        String value = props.getProperty(property);
        if (value == null || value.isBlank()) {
            value = env.get(variable);
        }
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    public TargetConfig withKind(TargetKind newKind) {
        return new TargetConfig(newKind, pgVersion, schema, settings, externalUrl, externalUser, externalPassword, image, via, pgbouncer, citus);
    }

    public TargetConfig withPgVersion(String version) {
        return new TargetConfig(kind, version, schema, settings, externalUrl, externalUser, externalPassword, image, via, pgbouncer, citus);
    }

    TargetConfig withImage(String newImage) {
        return new TargetConfig(kind, pgVersion, schema, settings, externalUrl, externalUser, externalPassword, newImage, via, pgbouncer, citus);
    }

    public TargetConfig withSchema(String newSchema) {
        return new TargetConfig(kind, pgVersion, newSchema, settings, externalUrl, externalUser, externalPassword, image, via, pgbouncer, citus);
    }

    public TargetConfig withSetting(String name, String value) {
        return new TargetConfig(kind, pgVersion, schema, settings.withOverrides(Map.of(name, value)),
                externalUrl, externalUser, externalPassword, image, via, pgbouncer, citus);
    }

    TargetConfig withExternal(String url, String user, Secret password) {
        return new TargetConfig(TargetKind.EXTERNAL, pgVersion, schema, settings, url, user, password, image, via, pgbouncer, citus);
    }

    public TargetConfig withVia(Via newVia) {
        return new TargetConfig(kind, pgVersion, schema, settings, externalUrl, externalUser, externalPassword, image, newVia,
                pgbouncer, citus);
    }

    /** The same with every setting replaced (a target that adds its own to the file's: citus). */
    TargetConfig withSettings(ServerSettings newSettings) {
        return new TargetConfig(kind, pgVersion, schema, newSettings, externalUrl, externalUser, externalPassword, image,
                via, pgbouncer, citus);
    }

    TargetConfig withCitus(CitusSetup newCitus) {
        return new TargetConfig(kind, pgVersion, schema, settings, externalUrl, externalUser, externalPassword, image, via,
                pgbouncer, newCitus);
    }

    public TargetConfig withPgBouncer(PgBouncerSetup newPgBouncer) {
        return new TargetConfig(kind, pgVersion, schema, settings, externalUrl, externalUser, externalPassword, image, via,
                newPgBouncer, citus);
    }

    @Override
    public String toString() {
        return "TargetConfig[kind=" + kind.id() + ", pgVersion=" + pgVersion + ", schema=" + schema
                + ", image=" + image + ", via=" + via.id() + ", pgbouncer=" + pgbouncer + ", citus=" + citus
                + ", overrides=" + settings.overrides() + ", externalUser=" + externalUser
                + ", externalPassword=" + externalPassword + "]";
    }
}
