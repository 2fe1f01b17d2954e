package org.pgingest.rate;

import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.server.ExchangeObserver;
import org.pgingest.server.ObservedSocketFactory;
import org.pgingest.server.PostgresTarget;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.definition.PublishedShapes;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The client's memory per batch, measured: the heap that one call of a loader holds with its batch of rows while it
 * sends them. The heap is read after a full collection (so it is what is live, not what was allocated) once before
 * the rows are made, and again each time the loader starts a request on its socket ({@link ObservedSocketFactory}):
 * by the first request of a JDBC batch every row is bound, and a COPY has its encoding buffer by its second (the
 * first is the COPY command). The largest difference is the batch's memory: the rows as the application hands them
 * over plus what the loader and pgjdbc keep of them. The median of {@value #CALLS} calls, on a table of its own.
 * Full collections take tens of milliseconds each, so this runs before a fixed-rate run's schedule, never inside it.
 */
final class BatchMemory implements ExchangeObserver {
    static final int CALLS = 3;
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private volatile boolean armed;
    private long peak;

    private BatchMemory() {
    }

    /** Bytes one call of {@code plan}'s loader holds for its batch (the median of {@value #CALLS} calls). */
    static long measure(PostgresTarget target, RatePlan plan) throws SQLException {
        Loader loader = plan.method().create(new LoadMethod.Knobs(plan.batch(), 0));
        BatchMemory probe = new BatchMemory();
        String id = "batch-memory-" + UUID.randomUUID();
        Map<String, String> options = new HashMap<>(loader.driverOptions());
        options.putAll(ObservedSocketFactory.register(id, probe));
        long[] held = new long[CALLS];
        try (Connection c = target.dataSource(options).getConnection()) {
            PlannedTable planned = PlannedTable.published(c, new SuiteSchema(target.schema()), plan.shape(),
                    PublishedShapes.STANDARD, plan.shape().toLowerCase(Locale.ROOT) + "_memory");
            Table table = planned.table();
            RowGenerator rows = planned.rows(RowGenerator.SEED, 0.1);
            for (int i = 0; i < CALLS; i++) {
                long before = probe.liveHeap();
                List<Object[]> batch = rows.next(plan.batch());
                probe.peak = before;
                probe.armed = true;
                loader.load(c, table, batch);
                probe.armed = false;
                held[i] = probe.peak - before;
            }
            try (Statement st = c.createStatement()) {
                st.execute("DROP TABLE " + table.qualifiedName());
            }
        } finally {
            ObservedSocketFactory.unregister(id);
        }
        Arrays.sort(held);
        return held[CALLS / 2];
    }

    @Override
    public void request() {
        if (armed) {
            peak = Math.max(peak, liveHeap());
        }
    }

    /** Heap in use after two full collections: the live objects. */
    private long liveHeap() {
        memory.gc();
        memory.gc();
        return memory.getHeapMemoryUsage().getUsed();
    }
}
