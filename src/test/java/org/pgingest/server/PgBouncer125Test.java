package org.pgingest.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.pgingest.Part;
import org.pgingest.RequiresPart;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PgBouncerTest}'s tests against PgBouncer 1.25.2 as deployed today ({@code docker/build-vendor.sh} builds it
 * into {@link Part#PGBOUNCER_125_HOME}), chosen with {@code -Dpg.pgbouncer.home}; and what changed since 1.18:
 * named statements are tracked in transaction mode (max_prepared_statements, 200 by default from 1.24) unless the
 * setting is 0.
 */
@RequiresPart(Part.PGBOUNCER_125)
// One server field for both classes (static, inherited): run together, one class's @AfterAll closed the other's
// server (CI, 2026-11-27).
@ResourceLock("PgBouncerTest.server")
class PgBouncer125Test extends PgBouncerTest {

    @Override
    PgBouncerSetup setup() {
        return PgBouncerSetup.at(Part.PGBOUNCER_125_HOME);
    }

    @Override
    boolean tracksNamedStatements() {
        return true;
    }

    @Test
    void theHomeSelectsTheReleaseAndTheFactsRecordIt() {
        TargetConfig config = TargetConfig.from(props(PgBouncerSetup.HOME_OPTION, Part.PGBOUNCER_125_HOME.toString()),
                Map.of());
        try (PostgresTarget pooled = PostgresTarget.open(config.withVia(Via.PGBOUNCER_TRANSACTION))) {
            assertThat(pooled.facts().pooler()).containsEntry("version", "1.25.2").doesNotContainKey("maxPreparedStatements");
        }
        try (PostgresTarget pooled = PostgresTarget.open(TargetConfig.defaults().withVia(Via.PGBOUNCER_TRANSACTION)
                .withPgBouncer(setup().withMaxPreparedStatements(0)))) {
            assertThat(pooled.facts().pooler()).containsEntry("version", "1.25.2")
                    .containsEntry("maxPreparedStatements", "0");
            assertThat(pooled.pooler().orElseThrow().describe())
                    .isEqualTo("PgBouncer 1.25.2 (transaction pooling, max_prepared_statements=0)");
        }
    }

    /** max_prepared_statements = 0 turns the tracking off: 1.25 then loses named statements as 1.18 does. */
    @Test
    void withMaxPreparedStatementsZeroNamedStatementsFailThroughTransactionPoolingAsIn118() throws Exception {
        namedStatementsFailThroughTransactionPoolingOnlyWhereNotTracked(setup().withMaxPreparedStatements(0), false);
    }

    /** With the tracking on, the server really prepared the statement: pgjdbc's name is PgBouncer's own there. */
    @Test
    void withTrackingTheServerHoldsPgBouncersNamesForTheStatements() throws Exception {
        try (PooledTarget pooled = PooledTarget.borrow(server, Via.PGBOUNCER_TRANSACTION,
                setup().withMaxPreparedStatements(200));
             Connection c = pooled.dataSource(Map.of("prepareThreshold", "1")).getConnection();
             var select = c.prepareStatement("SELECT name FROM pg_prepared_statements WHERE statement LIKE 'SELECT name%'")) {
            String name = null;
            for (int i = 0; i < 4; i++) {
                try (ResultSet rs = select.executeQuery()) {
                    if (rs.next()) {
                        name = rs.getString(1);
                    }
                }
            }
            assertThat(name).as("the server connection's name for pgjdbc's statement").startsWith("PGBOUNCER_");
        }
    }

    private static java.util.Properties props(String name, String value) {
        java.util.Properties props = new java.util.Properties();
        props.setProperty(name, value);
        return props;
    }
}
