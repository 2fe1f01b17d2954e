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

    @Test
    void aValueTheServerRejectsIsItsOwnReason() {
        assertThatThrownBy(() -> PostgresTarget.open(config().withSetting("synchronous_commit", "sometimes")))
                .isInstanceOf(TargetException.class)
                .hasMessageContaining("invalid value for parameter \"synchronous_commit\": \"sometimes\"")
                .hasMessageNotContaining(TestServers.APP_PASSWORD);
    }
}
