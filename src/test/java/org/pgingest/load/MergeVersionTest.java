package org.pgingest.load;

import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** MERGE exists from PostgreSQL 15: on 14 the loader says so and changes nothing. */
class MergeVersionTest {

    @Test
    void onFourteenMergeIsRefusedWithTheAlternative() throws Exception {
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion("14"));
             Connection c = server.dataSource().getConnection()) {
            PlannedTable users = PlannedTable.published(c, new SuiteSchema(server.schema()), "users", PublishedShapes.STANDARD, "users");
            Table table = users.table();
            assertThatThrownBy(() -> new MergeUpsertLoader().load(c, table, users.rows(1, 0).next(5)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("merge-upsert needs PostgreSQL 15 or later (MERGE); this server is 14.")
                    .hasMessageEndingWith(": use copy-upsert");
            assertThat(table.count(c)).isZero();
        }
    }
}
