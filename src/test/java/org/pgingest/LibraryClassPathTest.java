package org.pgingest;

import org.junit.jupiter.api.Test;
import org.pgingest.load.LoadMethod;
import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;
import org.pgingest.workload.SuiteSchema;
import org.pgingest.workload.Table;
import org.pgingest.workload.TableShape;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The loaders are a library: with the project's classes and pgjdbc alone on the class path (what the pom leaves
 * a dependent after the harness-only dependencies, which are optional), every loader loads rows into a real
 * server. JSONB_RECORDSET writes its JSON with Jackson, the artifact's one other dependency, and is left out.
 */
class LibraryClassPathTest {
    private static final int ROWS = 300;

    @Test
    void everyLoaderLoadsWithNothingButPgjdbcOnTheClassPath() throws Exception {
        List<LoadMethod> methods = Arrays.stream(LoadMethod.values()).filter(m -> m != LoadMethod.JSONB_RECORDSET).toList();
        try (EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults())) {
            String classPath = String.join(File.pathSeparator, locationOf(LoadMethod.class), locationOf(LibraryProcess.class),
                    locationOf(org.postgresql.Driver.class));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", classPath, LibraryProcess.class.getName(), server.endpoint().jdbcUrl(), server.endpoint().user(),
                    server.schema(), Integer.toString(ROWS)));
            methods.forEach(m -> command.add(m.name()));
            ChildProcess.Finished child = ChildProcess.run(new ProcessBuilder(command), Duration.ofMinutes(2));
            String output = child.output();
            assertThat(child.exitCode()).as(output).isZero();

            assertThat(output).contains("ABSENT org.openjdk.jmh.runner.Runner", "ABSENT io.zonky.test.db.postgres.embedded.EmbeddedPostgres",
                    "ABSENT org.testcontainers.DockerClientFactory", "ABSENT org.slf4j.LoggerFactory",
                    "ABSENT com.zaxxer.hikari.HikariDataSource", "ABSENT com.fasterxml.jackson.databind.ObjectMapper");
            try (Connection c = server.dataSource().getConnection()) {
                for (LoadMethod method : methods) {
                    assertThat(output).contains("LOADED " + method.name() + " " + ROWS);
                    Table table = Table.of(new SuiteSchema(server.schema()), TableShape.USERS)
                            .named("library_" + method.name().toLowerCase());
                    assertThat(table.count(c)).as(method.name()).isEqualTo(ROWS);
                }
            }
        }
    }

    /** The class-path entry (directory or jar) a class was loaded from. */
    private static String locationOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
