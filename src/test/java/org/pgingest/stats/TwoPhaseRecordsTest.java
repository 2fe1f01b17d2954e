package org.pgingest.stats;

import org.junit.jupiter.api.Test;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** PostgreSQL 15's pg_walinspect errors as a real 15 server raises them. */
class TwoPhaseRecordsTest {

    @Test
    void noRecordAfterTheStartIsToldByItsSourceAndOtherErrorsAreNot() throws SQLException {
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion("15"));
             Connection c = server.monitorDataSource().getConnection(); Statement st = c.createStatement()) {
            st.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
            // one byte before the flushed end lies inside the last flushed record: no record begins after it
            SQLException none = catchThrowableOfType(SQLException.class, () -> st.executeQuery(
                    "SELECT * FROM pg_get_wal_stats(pg_current_wal_flush_lsn() - 1, pg_current_wal_flush_lsn(), true)"));
            SQLException backwards = catchThrowableOfType(SQLException.class, () -> st.executeQuery(
                    "SELECT * FROM pg_get_wal_stats(pg_current_wal_flush_lsn(), pg_current_wal_flush_lsn() - 1, true)"));
            assertThat(none.getMessage()).contains("could not find a valid record after");
            assertThat(TwoPhaseRecords.noRecordAfterStart(none)).isTrue();
            assertThat(TwoPhaseRecords.noRecordAfterStart(backwards)).as(backwards.getMessage()).isFalse();
        }
    }
}
