package org.pgingest.server;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Embedded starts on a copy of the data directory the first start's initdb wrote. */
@Isolated // sets pg.run.root, where every server of this JVM makes its run directory and keeps its template
class InitdbTemplateTest {
    /** initdb's closing line on standard output, which zonky sends to the run's server.log. */
    private static final String INITDB_DONE = "Success. You can now start the database server";

    @TempDir
    Path root;
    private String previousRoot;

    @BeforeEach
    void useOwnRoot() {
        previousRoot = System.getProperty("pg.run.root");
        System.setProperty("pg.run.root", root.toString());
    }

    @AfterEach
    void restoreRoot() {
        if (previousRoot == null) {
            System.clearProperty("pg.run.root");
        } else {
            System.setProperty("pg.run.root", previousRoot);
        }
    }

    @Test
    void theFirstStartKeepsWhatInitdbWroteAndTheNextStartsOnACopy() throws Exception {
        Path template = InitdbTemplate.of(PgVersions.resolve(TargetConfig.defaults().pgVersion())).directory();
        try (EmbeddedTarget first = EmbeddedTarget.start(TargetConfig.defaults())) {
            assertThat(Files.readString(first.runDirectory().resolve("server.log"))).contains(INITDB_DONE);
        }
        assertThat(template.resolve("PG_VERSION")).isRegularFile();
        assertThat(template.resolve("epg-lock")).as("zonky's lock is the server's, not the template's").doesNotExist();
        assertThat(template.resolve("postmaster.pid")).as("kept before the server started").doesNotExist();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(template))).isEqualTo("rwx------");

        try (EmbeddedTarget second = EmbeddedTarget.start(TargetConfig.defaults());
             Connection c = second.dataSource(Map.of()).getConnection();
             ResultSet rs = c.createStatement().executeQuery("SHOW data_directory")) {
            assertThat(Files.readString(second.runDirectory().resolve("server.log"))).doesNotContain(INITDB_DONE);
            assertThat(Files.readString(second.dataDirectory().resolve("postgresql.conf")))
                    .isEqualTo(Files.readString(template.resolve("postgresql.conf")));
            assertThat(second.dataDirectory().resolve("pg-ingest-bench-template.sha256")).as("the template's own")
                    .doesNotExist();
            assertThat(rs.next()).isTrue();
            assertThat(Path.of(rs.getString(1)).toRealPath()).isEqualTo(second.dataDirectory().toRealPath());
        }
        assertThat(entries()).as("the template alone stays").containsExactly(template.getFileName().toString());
    }

    /**
     * A template others could have written (another user's settings would run as this one) is not copied: the start
     * runs initdb, and leaves that template as it found it.
     */
    @Test
    void aTemplateOthersCanWriteIsNotUsed() throws Exception {
        Path template = InitdbTemplate.of(PgVersions.resolve(TargetConfig.defaults().pgVersion())).directory();
        try (EmbeddedTarget first = EmbeddedTarget.start(TargetConfig.defaults())) {
            assertThat(template).isDirectory();
        }
        String planted = "\n# planted by InitdbTemplateTest\n";
        Files.writeString(template.resolve("postgresql.conf"), planted, StandardOpenOption.APPEND);
        Files.setPosixFilePermissions(template, PosixFilePermissions.fromString("rwxrwxrwx"));
        try (EmbeddedTarget second = EmbeddedTarget.start(TargetConfig.defaults())) {
            assertThat(Files.readString(second.runDirectory().resolve("server.log"))).contains(INITDB_DONE);
            assertThat(Files.readString(second.dataDirectory().resolve("postgresql.conf"))).doesNotContain(planted);
        }
        assertThat(Files.readString(template.resolve("postgresql.conf"))).endsWith(planted);
    }

    /**
     * A template that cannot be copied whole (a file gone between the listing and its copy, as when the temporary
     * directory is emptied during a start: here a link to nothing) costs the start an initdb, not the start.
     */
    @Test
    void aTemplateThatCannotBeCopiedWholeFallsBackToInitdb() throws Exception {
        Path template = InitdbTemplate.of(PgVersions.resolve(TargetConfig.defaults().pgVersion())).directory();
        try (EmbeddedTarget first = EmbeddedTarget.start(TargetConfig.defaults())) {
            assertThat(template).isDirectory();
        }
        Files.createSymbolicLink(template.resolve("zz-gone"), root.resolve("removed-meanwhile"));
        try (EmbeddedTarget second = EmbeddedTarget.start(TargetConfig.defaults());
             Connection c = second.dataSource(Map.of()).getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(Files.readString(second.runDirectory().resolve("server.log"))).contains(INITDB_DONE);
            assertThat(second.dataDirectory().resolve("zz-gone")).doesNotExist();
        }
    }

    /**
     * A template changed after it was kept (its pg_control emptied: an adversarial pass, 2026-12-03, saw every later
     * start refused with "PANIC: could not read file global/pg_control"; a setting planted in its postgresql.conf) is
     * removed, and the start runs initdb and keeps a new one.
     */
    @Test
    void aTemplateChangedSinceItWasKeptIsReplacedAndTheStartRunsInitdb() throws Exception {
        Path template = InitdbTemplate.of(PgVersions.resolve(TargetConfig.defaults().pgVersion())).directory();
        try (EmbeddedTarget first = EmbeddedTarget.start(TargetConfig.defaults())) {
            assertThat(template).isDirectory();
        }
        Files.write(template.resolve("global/pg_control"), new byte[0]);
        Files.writeString(template.resolve("postgresql.conf"), "\n# planted by InitdbTemplateTest\n",
                StandardOpenOption.APPEND);
        try (EmbeddedTarget second = EmbeddedTarget.start(TargetConfig.defaults());
             Connection c = second.dataSource(Map.of()).getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
            assertThat(rs.next()).isTrue();
            assertThat(Files.readString(second.runDirectory().resolve("server.log"))).contains(INITDB_DONE);
        }
        assertThat(Files.size(template.resolve("global/pg_control"))).as("a new template").isPositive();
        assertThat(Files.readString(template.resolve("postgresql.conf"))).doesNotContain("planted");
        assertThat(entries()).as("the template alone stays").containsExactly(template.getFileName().toString());
    }

    /** Two first starts at once: both start, one template is kept, the other copy goes with its run. */
    @Test
    void twoFirstStartsAtOnceKeepOneTemplate() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Callable<Path> start = () -> {
                try (EmbeddedTarget target = EmbeddedTarget.start(TargetConfig.defaults())) {
                    return target.dataDirectory();
                }
            };
            List<Future<Path>> starts = pool.invokeAll(List.of(start, start));
            for (Future<Path> s : starts) {
                assertThat(s.get()).isNotNull();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(entries()).singleElement().asString().startsWith(InitdbTemplate.PREFIX);
    }

    private List<String> entries() throws Exception {
        try (Stream<Path> children = Files.list(root)) {
            return children.map(p -> p.getFileName().toString()).toList();
        }
    }
}
