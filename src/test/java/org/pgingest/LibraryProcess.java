package org.pgingest;

import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.table.PlannedTable;
import org.pgingest.workload.definition.PublishedShapes;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Properties;

/**
 * An application that ships the loaders: run by {@link LibraryClassPathTest} in a JVM whose class path holds
 * the project's classes and pgjdbc, nothing else. Loads the same rows with each method named on the command
 * line into a table of its own and prints what each call returned.
 *
 * <p>Arguments: JDBC URL, user, schema, rows, then method names.
 */
public final class LibraryProcess {
    private LibraryProcess() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        SuiteSchema schema = new SuiteSchema(args[2]);
        int rowCount = Integer.parseInt(args[3]);
        for (String harnessClass : List.of("org.openjdk.jmh.runner.Runner", "io.zonky.test.db.postgres.embedded.EmbeddedPostgres",
                "org.testcontainers.DockerClientFactory", "org.slf4j.LoggerFactory", "com.zaxxer.hikari.HikariDataSource",
                "com.fasterxml.jackson.databind.ObjectMapper")) {
            try {
                Class.forName(harnessClass);
                System.out.println("PRESENT " + harnessClass);
            } catch (ClassNotFoundException e) {
                System.out.println("ABSENT " + harnessClass);
            }
        }
        for (int i = 4; i < args.length; i++) {
            LoadMethod method = LoadMethod.valueOf(args[i]);
            Loader loader = method.create();
            Properties props = new Properties();
            props.setProperty("user", args[1]);
            props.putAll(loader.driverOptions());
            try (Connection c = DriverManager.getConnection(url, props)) {
                PlannedTable users = PlannedTable.published(c, schema, "users", PublishedShapes.STANDARD,
                        "library_" + method.name().toLowerCase());
                Table table = users.table();
                List<Object[]> rows = users.rows(11, 0.1).next(rowCount);
                System.out.println("LOADED " + method.name() + " " + loader.load(c, table, rows));
            }
        }
    }
}
