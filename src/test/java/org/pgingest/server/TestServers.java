package org.pgingest.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;

/** Servers and settings tests share. */
public final class TestServers {
    /** A login role created on servers that require passwords. */
    public static final String APP_USER = "bench_app";
    public static final String APP_PASSWORD = "Secr3t-Pa55word-77";

    private TestServers() {
    }

    /** Majors to start in this run: -Dpg.test.majors (pom default 14,18). */
    public static List<String> majors() {
        return Arrays.stream(System.getProperty("pg.test.majors", "14,18").split(","))
                .map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /**
     * An embedded server where TCP logins other than the superuser need a password, with {@link #APP_USER}
     * allowed to create schemas in the benchmark database.
     */
    public static EmbeddedTarget withPasswordLogins() throws SQLException {
        EmbeddedTarget target = EmbeddedTarget.start(TargetConfig.defaults(), dataDirectory -> {
            try {
                Files.writeString(dataDirectory.resolve("pg_hba.conf"), """
                        local all all trust
                        host all postgres 127.0.0.1/32 trust
                        host all postgres ::1/128 trust
                        host all all 127.0.0.1/32 scram-sha-256
                        host all all ::1/128 scram-sha-256
                        """);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try (Connection c = target.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE ROLE " + APP_USER + " LOGIN PASSWORD '" + APP_PASSWORD + "'");
            st.execute("GRANT CREATE ON DATABASE bench TO " + APP_USER);
        }
        return target;
    }

    /** Config for the external target pointed at {@code server} as {@link #APP_USER}. */
    public static TargetConfig externalConfig(PostgresTarget server, String password) {
        return TargetConfig.defaults().withExternal(server.endpoint().jdbcUrl(), APP_USER, Secret.of(password));
    }
}
