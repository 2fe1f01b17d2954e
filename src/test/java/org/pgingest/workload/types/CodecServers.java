package org.pgingest.workload.types;

import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One embedded server per major for the codec tests of this JVM, with the types the tests declare columns of;
 * each stops with the JVM (EmbeddedTarget's shutdown hook), so every test class can use it in any order.
 */
final class CodecServers {
    private static final Map<String, EmbeddedTarget> SERVERS = new ConcurrentHashMap<>();

    /** The objects the declared types below refer to, in the suite's schema (the connections' search_path). */
    static final String SETUP = """
            CREATE EXTENSION IF NOT EXISTS citext;
            CREATE EXTENSION IF NOT EXISTS hstore;
            CREATE EXTENSION IF NOT EXISTS ltree;
            CREATE TYPE "Mood" AS ENUM ('sad', 'ok', 'happy', 'it''s', 'with space', '\u00fcn\u00ef', '\uD83D\uDE00', 'NULL', 'a,b', '"q"');
            CREATE DOMAIN posint AS integer CHECK (VALUE > 0);
            CREATE DOMAIN percent AS numeric(5,2) CHECK (VALUE BETWEEN 0 AND 100);
            CREATE DOMAIN "Short Code" AS varchar(8) CHECK (char_length(VALUE) >= 2) CHECK (VALUE <> '');
            CREATE DOMAIN color AS text NOT NULL CHECK (VALUE IN ('red', 'green', 'blue'));
            CREATE DOMAIN lower_word AS text CHECK (VALUE ~ '^[a-z]+$');
            CREATE DOMAIN recent_date AS date CHECK (VALUE >= '2000-01-01');
            CREATE DOMAIN small_range AS smallint CHECK (VALUE BETWEEN -3 AND 3);
            CREATE DOMAIN code3 AS char(3) CHECK (VALUE <> 'XXX');
            CREATE TYPE floatrange AS RANGE (subtype = float8);
            """;

    private CodecServers() {
    }

    static EmbeddedTarget server(String major) {
        return SERVERS.computeIfAbsent(major, m -> {
            EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion(m));
            try (Connection c = server.dataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute(SETUP);
            } catch (SQLException e) {
                server.close();
                throw new IllegalStateException("cannot set up the codec test types on PostgreSQL " + m, e);
            }
            return server;
        });
    }
}
