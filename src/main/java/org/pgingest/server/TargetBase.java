package org.pgingest.server;

import org.pgingest.workload.SchemaRefusedException;
import org.pgingest.workload.SuiteSchema;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;

/**
 * What every target holds once its server answers: where to connect, the suite's schema, the driver options
 * its connections share, and the facts read back at start. Subclasses say where the server came from and
 * how it stops.
 */
abstract class TargetBase implements PostgresTarget {
    private final Endpoint endpoint;
    private final String schema;
    private final Map<String, String> driverOptions;
    private final DataSource dataSource;
    private final DataSource monitorDataSource;
    private ServerFacts facts;

    /**
     * @param monitorDatabase database the monitor reads counters from; the benchmark database itself where
     *                        the suite may create none of its own
     */
    TargetBase(Endpoint endpoint, String schema, Map<String, String> driverOptions, String monitorDatabase) {
        this.endpoint = endpoint;
        this.schema = schema;
        this.driverOptions = Map.copyOf(driverOptions);
        this.dataSource = DataSources.create(endpoint, schema, driverOptions);
        this.monitorDataSource = DataSources.create(endpoint.withDatabase(monitorDatabase), null, driverOptions);
    }

    /**
     * Reads the server's facts over {@code admin} (a connection to the monitor's database) and prepares the
     * suite's schema in the benchmark database.
     */
    final void prepare(Connection admin, TargetConfig config) throws SQLException {
        facts = ServerFacts.read(admin, kind(), endpoint, config.settings(), image());
        try (Connection bench = DataSources.create(endpoint, null, driverOptions).getConnection()) {
            new SuiteSchema(schema).prepare(bench);
        } catch (SchemaRefusedException e) {
            throw new TargetException(e.getMessage(), e);
        }
    }

    /** The container image the server runs in, recorded with the facts; null for servers not started from one. */
    String image() {
        return null;
    }

    @Override
    public Endpoint endpoint() {
        return endpoint;
    }

    @Override
    public String schema() {
        return schema;
    }

    @Override
    public DataSource dataSource(Map<String, String> extraOptions) {
        if (extraOptions.isEmpty()) {
            return dataSource;
        }
        return dataSourceAt(endpoint, extraOptions);
    }

    /** Connections to {@code at} (this server, or a pooler in front of it) with this target's options and schema. */
    DataSource dataSourceAt(Endpoint at, Map<String, String> extraOptions) {
        Map<String, String> merged = new LinkedHashMap<>(driverOptions);
        merged.putAll(extraOptions);
        return DataSources.create(at, schema, merged);
    }

    @Override
    public DataSource monitorDataSource() {
        return monitorDataSource;
    }

    @Override
    public ServerFacts facts() {
        return facts;
    }
}
