package org.pgingest.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.pgingest.results.FailedThroughPoolerException;
import org.pgingest.server.Via;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link IngestState} with a pooler axis: what stands between the loader and the server ({@code via}, read by
 * {@link ServerState}, which starts the trial's PgBouncer) and pgjdbc's {@code prepareThreshold}: 5, its default
 * (a statement is prepared on the server under a name from its fifth execution, and a batch of more than one entry at
 * once), or 0 (never named: every statement is parsed and planned again, and binary transfer is given up). A named
 * statement lives on one server connection; through PgBouncer 1.18 in transaction mode the next transaction may get
 * another (1.21 and later can track them with max_prepared_statements).
 */
@State(Scope.Thread)
public class PoolerIngestState extends IngestState {
    /** {@code direct}, {@code pgbouncer-session} or {@code pgbouncer-transaction} ({@link org.pgingest.server.Via}). */
    @Param({"direct", "pgbouncer-session", "pgbouncer-transaction"})
    public String via;

    /**
     * PgBouncer's max_prepared_statements (1.21+; 0 = named statements not tracked), or {@code default}: the line is
     * left out and the release's own holds (none in 1.18, 200 from 1.24). The PgBouncer is the one
     * {@code -Dpg.pgbouncer.home} names (the installed one without it); read by {@link ServerState}.
     */
    @Param({"default"})
    public String maxPreparedStatements;

    /** pgjdbc's prepareThreshold: 5 is its default, 0 never names a statement. */
    @Param({"5", "0"})
    public int prepareThreshold;

    @Override
    Map<String, String> driverOptions() {
        Map<String, String> options = new HashMap<>(super.driverOptions());
        options.put("prepareThreshold", String.valueOf(prepareThreshold));
        return options;
    }

    /** Through PgBouncer in transaction mode each transaction may meet another server session, with its own settings. */
    @Override
    boolean pinsSession() {
        return Via.parse(via) == Via.DIRECT;
    }

    /**
     * Through a pooler, rows the loader reported that the table does not hold are that combination's result, not a
     * failure of the run: COPY through PgBouncer 1.18 in transaction mode at prepareThreshold 5 reports every call
     * done while the table holds about half of their rows after the iteration (docs/poolers.md), and the preset
     * goes on to the next combination.
     */
    @Override
    RuntimeException rowsMismatch(String message) {
        return Via.parse(via) == Via.DIRECT ? super.rowsMismatch(message)
                : FailedThroughPoolerException.rowsLost(message);
    }
}
