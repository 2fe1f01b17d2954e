package org.pgingest.load;

import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.RowGenerator;
import org.pgingest.workload.Table;
import org.pgingest.workload.RowPlan;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;

/**
 * Child JVM of the streaming test: loads {@code count} generated rows through one COPY, rows made as they
 * are sent. Args: JDBC URL (trust auth), schema, table, format, count. Prints "LOADED n".
 */
public final class StreamingCopyProcess {
    private StreamingCopyProcess() {
    }

    public static void main(String[] args) throws Exception {
        CopyLoader loader = new CopyLoader(CopyFormat.valueOf(args[3]));
        long count = Long.parseLong(args[4]);
        try (Connection c = DriverManager.getConnection(args[0], "postgres", "")) {
            Table table = Table.read(c, new SuiteSchema(args[1]), args[2]);
            RowPlan plan = RowPlan.build(c, table, Map.of(), Map.of(), null);
            long loaded = loader.load(c, table, new RowGenerator(plan, 77, 0.3).stream(count));
            System.out.println("LOADED " + loaded + " max heap " + Runtime.getRuntime().maxMemory());
        }
    }
}
