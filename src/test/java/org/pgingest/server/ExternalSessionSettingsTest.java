package org.pgingest.server;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * -Dpg.conf.NAME=VALUE on an external server (issue 19, item 10): applied to every suite session where PostgreSQL
 * lets a session choose it, refused where only the server's configuration can change it; the facts record what
 * took effect.
 */
class ExternalSessionSettingsTest {
    private static EmbeddedTarget server;

    @BeforeAll
    static void startServer() throws SQLException {
        server = TestServers.withPasswordLogins();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private static TargetConfig config() {
        return TestServers.externalConfig(server, TestServers.APP_PASSWORD).withSchema("session_settings");
    }

    @Test
    void aSettingASessionMayChooseIsAppliedToEverySuiteConnectionAndRecorded() throws SQLException {
        try (PostgresTarget target = PostgresTarget.open(config().withSetting("synchronous_commit", "off")
                .withSetting("work_mem", "8MB"))) {
            assertThat(target.facts().settings()).containsEntry("synchronous_commit", "off");
            assertThat(target.facts().overrides()).containsEntry("synchronous_commit", "off").containsEntry("work_mem", "8MB");
            assertThat(target.facts().differences()).doesNotContainKey("synchronous_commit");
            for (var dataSource : new javax.sql.DataSource[] {target.dataSource(), target.monitorDataSource()}) {
                try (Connection c = dataSource.getConnection(); Statement st = c.createStatement();
                     ResultSet rs = st.executeQuery("SELECT current_setting('synchronous_commit'), current_setting('work_mem')")) {
                    rs.next();
                    assertThat(rs.getString(1)).isEqualTo("off");
                    assertThat(rs.getString(2)).isEqualTo("8MB");
                }
            }
        }
        // Nothing changed server-wide: a connection of its own still has the server's value.
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SHOW synchronous_commit")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("on");
        }
    }

    @Test
    void aSettingOnlyTheServersConfigurationChangesIsRefusedInOneLine() {
        assertThatThrownBy(() -> PostgresTarget.open(config().withSetting("shared_buffers", "1GB")))
                .isInstanceOf(TargetException.class)
                .hasMessage("-Dpg.conf.shared_buffers: on the external server shared_buffers is 512MB and only its "
                        + "configuration can change it (context postmaster, a restart); the suite changes nothing "
                        + "server-wide there: change it on the server, or leave the option out");
        assertThatThrownBy(() -> PostgresTarget.open(config().withSetting("checkpoint_timeout", "5min")))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("-Dpg.conf.checkpoint_timeout: on the external server checkpoint_timeout is 1h and "
                        + "only its configuration can change it (context sighup, a reload)");
    }

    /** The server's value of a setting it will not change may hold a password (a third adversarial pass): not shown. */
    @Test
    void aServerValueHoldingAPasswordIsNotEchoed() throws SQLException {
        try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            // quoted, as libpq's conninfo takes a value with a space (a fourth pass saw a quoted one shown whole)
            st.execute("ALTER SYSTEM SET primary_conninfo = 'host=primary.internal user=replicator "
                    + "password=''Repl1ca S3cret'' sslmode=require'");
            st.execute("SELECT pg_reload_conf()");
            // a role that may read every setting, as a monitoring role does
            st.execute("GRANT pg_read_all_settings TO " + TestServers.APP_USER);
        }
        try {
            assertThatThrownBy(() -> PostgresTarget.open(config().withSetting("primary_conninfo", "host=replica")))
                    .isInstanceOf(TargetException.class)
                    .hasMessageStartingWith("-Dpg.conf.primary_conninfo: on the external server primary_conninfo is "
                            + "host=primary.internal user=replicator password=… sslmode=require and only its configuration "
                            + "can change it")
                    .hasMessageNotContaining("Repl1ca").hasMessageNotContaining("S3cret");
        } finally {
            try (Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
                st.execute("REVOKE pg_read_all_settings FROM " + TestServers.APP_USER);
                st.execute("ALTER SYSTEM RESET primary_conninfo");
                st.execute("SELECT pg_reload_conf()");
            }
        }
    }

    @Test
    void aValueTheServerRejectsIsItsOwnReason() {
        assertThatThrownBy(() -> PostgresTarget.open(config().withSetting("synchronous_commit", "sometimes")))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("invalid value for parameter \"synchronous_commit\": \"sometimes\"")
                .hasMessageNotContaining(TestServers.APP_PASSWORD);
    }
}
