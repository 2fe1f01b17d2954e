package org.pgingest.server;

import org.postgresql.ds.PGSimpleDataSource;

import java.sql.SQLException;
import java.util.Map;

/** pgjdbc data sources for an endpoint, with the options every suite connection shares. */
final class DataSources {
    /** Seconds: an unreachable server must be reported well within ten seconds. */
    static final int CONNECT_TIMEOUT_SECONDS = 5;
    /** The application_name of the suite's sessions (pgjdbc's {@code ApplicationName}). */
    static final String APPLICATION_NAME = "pg-ingest-bench";

    private DataSources() {
    }

    static PGSimpleDataSource create(Endpoint endpoint, String schema, Map<String, String> extraProperties) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setServerNames(new String[] {endpoint.host()});
        ds.setPortNumbers(new int[] {endpoint.port()});
        ds.setDatabaseName(endpoint.database());
        ds.setUser(endpoint.user());
        if (endpoint.password().isPresent()) {
            ds.setPassword(endpoint.password().reveal());
        }
        // before the options: a pooled target's clients carry their pooler's name instead (PooledTarget)
        ds.setApplicationName(APPLICATION_NAME);
        try {
            for (Map.Entry<String, String> e : extraProperties.entrySet()) {
                ds.setProperty(e.getKey(), e.getValue());
            }
        } catch (SQLException e) {
            throw new TargetException("invalid JDBC option: " + endpoint.password().scrub(e.getMessage()), e);
        }
        if (schema != null) {
            ds.setCurrentSchema(schema);
        }
        ds.setConnectTimeout(CONNECT_TIMEOUT_SECONDS);
        ds.setLoginTimeout(CONNECT_TIMEOUT_SECONDS + 2);
        return ds;
    }
}
