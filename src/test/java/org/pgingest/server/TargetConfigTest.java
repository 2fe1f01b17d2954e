package org.pgingest.server;

import org.junit.jupiter.api.Test;

import org.w3c.dom.Element;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TargetConfigTest {

    @Test
    void defaultsAreEmbeddedWithTheSettingsFileAsIs() {
        TargetConfig config = TargetConfig.from(new Properties(), Map.of());
        assertThat(config.kind()).isEqualTo(TargetKind.EMBEDDED);
        assertThat(config.schema()).isEqualTo("pgingest");
        assertThat(config.settings().overrides()).isEmpty();
        assertThat(config.settings().values()).containsEntry("fsync", "on").containsEntry("synchronous_commit", "on")
                .containsEntry("full_page_writes", "on").containsEntry("autovacuum", "off")
                .containsEntry("shared_preload_libraries", "pg_stat_statements");
    }

    /**
     * A session setting on an external server through PgBouncer is refused before anything starts: it travels in the
     * startup options, which PgBouncer refuses (an adversarial pass, 2026-12-03, met it in PgBouncer's words mid-run).
     */
    @Test
    void aSessionSettingOnAnExternalServerThroughPgBouncerIsRefused() {
        Properties props = new Properties();
        props.setProperty("pg.target", "external");
        props.setProperty("pg.via", "pgbouncer-transaction");
        props.setProperty("pg.conf.synchronous_commit", "off");
        assertThatThrownBy(() -> TargetConfig.from(props, Map.of())).isInstanceOf(TargetException.class)
                .hasMessage("-Dpg.conf.synchronous_commit with -Dpg.via=pgbouncer-transaction: on an external server a "
                        + "setting travels in each connection's startup options, which PgBouncer refuses, a limit of the "
                        + "suite; set it for the role on the server (ALTER ROLE ... SET), or run with -Dpg.via=direct");
        props.setProperty("pg.via", "direct");
        assertThat(TargetConfig.from(props, Map.of()).settings().overrides()).containsKey("synchronous_commit");
    }

    @Test
    void aSchemaNameLongerThanPostgresKeepsSaysSo() {
        Properties props = new Properties();
        props.setProperty("pg.schema", "s".repeat(70));
        assertThatThrownBy(() -> TargetConfig.from(props, Map.of())).isInstanceOf(TargetException.class)
                .hasMessage("schema name '" + "s".repeat(70) + "' is 70 characters long; PostgreSQL keeps 63 of a name: "
                        + "choose a shorter one");
    }

    /** An option given twice with two values is refused: the last had won silently (an adversarial pass). */
    @Test
    void anOptionGivenTwiceWithTwoValuesIsRefused() {
        assertThatThrownBy(() -> SuiteOptions.parse(new String[]{"-Dpg.version=14", "Ingest", "-Dpg.version=16"}))
                .isInstanceOf(TargetException.class).hasMessage("-Dpg.version is given twice, with two values: give it once");
        assertThat(SuiteOptions.parse(new String[]{"-Dpg.version=16", "-Dpg.version=16"}).properties())
                .containsEntry("pg.version", "16");
        // an adversarial pass (2026-12-03): the second spelling of a setting silently won
        assertThatThrownBy(() -> SuiteOptions.parse(new String[]{"-Dpg.conf.work_mem=4MB", "-Dpg.conf.WORK_MEM=8MB"}))
                .isInstanceOf(TargetException.class).hasMessage("-Dpg.conf.work_mem and -Dpg.conf.WORK_MEM name one "
                        + "setting (PostgreSQL's names ignore case): give it once");
    }

    @Test
    void systemPropertiesWinOverEnvironmentAndPasswordComesOnlyFromEnvironment() {
        Properties props = new Properties();
        props.setProperty("pg.target", "EXTERNAL");
        props.setProperty("pg.conf.synchronous_commit", "off");
        props.setProperty("password", "ignored");
        TargetConfig config = TargetConfig.from(props, Map.of(
                "PGIB_TARGET", "container", "PGIB_JDBC_URL", "jdbc:postgresql://db:5432/x",
                "PGIB_USER", "u", "PGIB_PASSWORD", "p4ss-w0rd"));
        assertThat(config.kind()).isEqualTo(TargetKind.EXTERNAL);
        assertThat(config.settings().values()).containsEntry("synchronous_commit", "off");
        assertThat(config.settings().overrides()).containsExactly(Map.entry("synchronous_commit", "off"));
        assertThat(config.externalPassword().reveal()).isEqualTo("p4ss-w0rd");
        assertThat(config.toString()).doesNotContain("p4ss-w0rd");
    }

    @Test
    void unknownTargetNamesTheValidOnes() {
        Properties props = new Properties();
        props.setProperty("pg.target", "docker");
        assertThatThrownBy(() -> TargetConfig.from(props, Map.of()))
                .isInstanceOf(TargetException.class)
                .hasMessage("unknown target 'docker': valid targets are embedded, container, external, citus");
    }

    @Test
    void badSchemaAndBadOverridesAreRejected() {
        assertThatThrownBy(() -> TargetConfig.defaults().withSchema("Robert'); DROP"))
                .isInstanceOf(TargetException.class).hasMessageStartingWith("invalid schema name 'Robert'); DROP'");
        assertThatThrownBy(() -> TargetConfig.defaults().withSetting("fsync", "of f"))
                .isInstanceOf(TargetException.class)
                .hasMessage("invalid value 'of f' for server setting fsync: values must be non-empty and contain no spaces");
    }

    /**
     * Each major resolves to the version the pom pins for it, read from pom.xml itself: comparing with
     * {@link PgVersions#pinned()} would compare the lookup with itself (a lost property: null equals null).
     */
    @Test
    void versionsResolveFromMajorsAndFullVersions() throws Exception {
        Element properties = (Element) DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File("pom.xml"))
                .getDocumentElement().getElementsByTagName("properties").item(0);
        for (int major = 14; major <= 18; major++) {
            String pinned = properties.getElementsByTagName("pg" + major + ".version").item(0).getTextContent().trim();
            assertThat(pinned).matches(major + "\\.\\d+\\.\\d+");
            assertThat(PgVersions.resolve(Integer.toString(major))).isEqualTo(pinned);
        }
        assertThat(PgVersions.resolve("18.0.0")).isEqualTo("18.0.0");
        assertThat(PgVersions.pinned()).containsOnlyKeys(14, 15, 16, 17, 18);
        assertThatThrownBy(() -> PgVersions.resolve("13")).isInstanceOf(TargetException.class)
                .hasMessageStartingWith("unknown pg.version '13': use a major (14, 15, 16, 17, 18)");
        assertThatThrownBy(() -> PgVersions.resolve("latest")).isInstanceOf(TargetException.class)
                .hasMessageStartingWith("unknown pg.version 'latest'");
    }

    @Test
    void secretsNeverPrint() {
        Secret s = Secret.of("hunter2-xyz");
        assertThat(s.toString()).isEqualTo("********");
        assertThat(s.scrub("FATAL: bad password hunter2-xyz")).isEqualTo("FATAL: bad password ********");
        Endpoint e = new Endpoint("h", 5432, "d", "u", s);
        assertThat(e.toString()).isEqualTo("u@h:5432/d");
        assertThat(e.jdbcUrl()).isEqualTo("jdbc:postgresql://h:5432/d");
    }

    @Test
    void thePgBouncerHomeComesFromItsOptionOrTheEnvironment() {
        Properties props = new Properties();
        props.setProperty(PgBouncerSetup.HOME_OPTION, "/opt/a");
        assertThat(TargetConfig.from(props, Map.of("PGIB_PGBOUNCER_HOME", "/opt/b")).pgbouncer().home())
                .contains(java.nio.file.Path.of("/opt/a"));
        assertThat(TargetConfig.from(new Properties(), Map.of("PGIB_PGBOUNCER_HOME", "/opt/b")).pgbouncer().home())
                .contains(java.nio.file.Path.of("/opt/b"));
        assertThat(TargetConfig.from(new Properties(), Map.of()).pgbouncer()).isEqualTo(PgBouncerSetup.installed());
    }

    @Test
    void aHomeWithoutPgBouncerIsOneLineNamingIt() throws Exception {
        var empty = java.nio.file.Files.createTempDirectory("no-pgbouncer");
        try {
            assertThatThrownBy(() -> SuiteOptions.parse(new String[]{"-D" + PgBouncerSetup.HOME_OPTION + "=" + empty}))
                    .isInstanceOf(TargetException.class)
                    .hasMessageStartingWith("-Dpg.pgbouncer.home=" + empty + " holds no PgBouncer (neither " + empty
                            + "/bin/pgbouncer nor " + empty + "/pgbouncer is an executable)");
            assertThatThrownBy(() -> Via.PGBOUNCER_SESSION.requireAvailable(PgBouncerSetup.at(empty)))
                    .isInstanceOf(TargetException.class).hasMessageContaining("holds no PgBouncer");
        } finally {
            java.nio.file.Files.delete(empty);
        }
    }

}
