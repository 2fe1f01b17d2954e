package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.results.ResultFile;
import org.pgingest.server.CitusTarget;
import org.pgingest.server.SharedCitus;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The citus target as a user meets it: the launcher in a child JVM, a real cluster started by the fork. */
class CitusLaunchTest {
    private static final List<String> NODES = List.of("coordinator", "worker1", "worker2");

    /**
     * {@code ./bench -Dpg.target=citus Ingest Writers -p method=COPY_BINARY}: each fork starts a coordinator and two
     * workers, the trial's table is distributed over them (the row check runs against it), each node's costs are in
     * the results under node.NAME. for one loader and for two writers into one table, and the facts say citus.
     */
    @Test
    @RequiresPart(Part.CITUS)
    void aBinaryCopyIntoADistributedUsersTableIsMeasured() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(6), Map.of(), "-Dpg.target=citus",
                    "-Dpg.conf.shared_buffers=128MB", "\\.(Ingest|Writers)Benchmark\\.", "-p", "method=COPY_BINARY",
                    "-p", "indexes=PK", "-p", "rows=500", "-p", "workers=2", "-p", "connections=POOLED", "-f", "1", "-wi", "0", "-i", "2", "-r", "1s",
                    "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            assertThat(ResultFile.read(result).results()).hasSize(2).allSatisfy(r -> {
                assertThat(r.params()).containsEntry("method", "COPY_BINARY");
                Map<String, Double> scores = new java.util.HashMap<>();
                r.metrics().forEach((name, m) -> scores.put(name, m.score()));
                // each node's own costs: a COPY of 500 rows writes shards on both workers (32 shards, 16 on each),
                // each a two-phase commit there; the coordinator prepares none (ClusterCostsTest counts them exactly)
                assertThat(scores).containsKeys("node.coordinator.wal.bytes/row", "node.coordinator.wal.fsyncs/op",
                        "node.coordinator.commits/op", "node.worker1.wal.bytes/row", "node.worker1.wal.fsyncs/op",
                        "node.worker1.commits/op", "node.worker2.commits/op", "node.worker2.wal.bytes/row");
                assertThat(scores.get("node.coordinator.prepared/op")).isZero();
                assertThat(scores.get("node.worker1.prepared/op")).isGreaterThanOrEqualTo(1);
                assertThat(scores.get("node.worker2.prepared/op")).isGreaterThanOrEqualTo(1);
                assertThat(scores.get("node.worker1.wal.bytes/row")).isPositive();
                assertThat(scores.get("node.worker1.commits/op")).isGreaterThanOrEqualTo(scores.get("node.worker1.prepared/op"));
                // the cluster-wide names are the sums over the nodes
                for (String figure : List.of("wal.bytes/row", "commits/op", "statements/op", "server.cpu/row")) {
                    double sum = NODES.stream().mapToDouble(node -> scores.get("node." + node + "." + figure)).sum();
                    assertThat(scores.get(figure)).as(figure).isCloseTo(sum, within(Math.abs(sum) * 1e-9));
                }
                assertThat(scores.get("commits/op")).isGreaterThan(scores.get("node.coordinator.commits/op"));
            });
            assertThat(Files.readString(facts)).contains("\"target\":\"citus\"")
                    .contains("\"distribution\":{\"distribution\":\"hash:id\",\"shards\":32}");
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(Path.of(result.toString().replaceFirst("\\.json$", ".jmh.log")));
        }
    }

    /**
     * {@code ./bench -Dpg.target=external} at the coordinator of a running cluster (the test JVM's shared one,
     * {@link SharedCitus}): Citus is detected, the trial's table is distributed (two-phase commits on the workers) and
     * each node's costs are in the results; the password given in the environment is nowhere in the output, the results
     * or the facts.
     */
    @Test
    @RequiresPart(Part.CITUS)
    void anExternalTargetAtACoordinatorIsMeasuredPerNode() throws Exception {
        String password = "s3cret-not-printed";
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        Path log = Path.of(result.toString().replaceFirst("\\.json$", ".jmh.log"));
        try {
            CitusTarget cluster = SharedCitus.cluster();
            // as a user would: pg_walinspect in the benchmark database of every node, where the external target's
            // meters count two-phase commits (the citus target installs it in each node's monitor database); created
            // on the coordinator, Citus creates it on the workers (13.2 refuses it there)
            try (Connection c = DriverManager.getConnection(cluster.endpoint().jdbcUrl(), "postgres", "");
                 Statement st = c.createStatement()) {
                st.execute("CREATE EXTENSION IF NOT EXISTS pg_walinspect");
            }
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(6), Map.of("PGIB_PASSWORD", password),
                    "-Dpg.target=external", "-Dpg.url=" + cluster.endpoint().jdbcUrl(), "-Dpg.user=postgres",
                    "\\.IngestBenchmark\\.", "-p", "method=COPY_BINARY", "-p", "indexes=PK", "-p", "rows=500", "-f", "1",
                    "-wi", "0", "-i", "2", "-r", "1s", "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            assertThat(ResultFile.read(result).results()).singleElement().satisfies(r -> {
                Map<String, Double> scores = new java.util.HashMap<>();
                r.metrics().forEach((name, m) -> scores.put(name, m.score()));
                assertThat(scores).containsKeys("node.coordinator.wal.bytes/row", "node.worker1.commits/op",
                        "node.worker2.wal.bytes/row");
                // distributed: each COPY is a two-phase commit on the workers, none on the coordinator
                assertThat(scores.get("node.coordinator.prepared/op")).isZero();
                assertThat(scores.get("node.worker1.prepared/op")).isGreaterThanOrEqualTo(1);
                assertThat(scores.get("node.worker2.prepared/op")).isGreaterThanOrEqualTo(1);
            });
            String recorded = Files.readString(facts);
            assertThat(recorded).contains("\"target\":\"external\"").contains("\"name\":\"citus\"")
                    .contains("\"workers\":\"2\"");
            for (String text : List.of(o.stdout(), o.stderr(), Files.readString(result), recorded,
                    Files.exists(log) ? Files.readString(log) : "")) {
                assertThat(text).doesNotContain(password);
            }
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(log);
        }
    }

    /**
     * {@code -p distribution=hash:id,local -p shards=4}: the hashed table is placed in 4 shards, the local one stays a
     * plain table on the coordinator and the workers see none of its work; both placements are read from Citus'
     * metadata into the facts.
     */
    @Test
    @RequiresPart(Part.CITUS)
    void aTableIsPlacedAsAskedAndALocalTableCostsTheWorkersNothing() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(8), Map.of(), "-Dpg.target=citus",
                    "-Dpg.conf.shared_buffers=128MB", "\\.IngestBenchmark\\.", "-p", "method=COPY_BINARY",
                    "-p", "indexes=PK", "-p", "distribution=hash:id,local", "-p", "shards=4", "-p", "rows=200",
                    "-f", "1", "-wi", "1", "-i", "1", "-r", "1s", "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            List<String> placements = Files.readAllLines(facts).stream().filter(l -> l.contains("\"distribution\":{"))
                    .toList();
            assertThat(placements).hasSize(2);
            assertThat(placements).anySatisfy(l -> assertThat(l)
                    .contains("\"distribution\":{\"distribution\":\"hash:id\",\"shards\":4}"));
            assertThat(placements).anySatisfy(l -> assertThat(l)
                    .contains("\"distribution\":{\"distribution\":\"local\",\"shards\":0}"));
            assertThat(ResultFile.read(result).results()).hasSize(2).allSatisfy(r -> {
                Map<String, Double> scores = new java.util.HashMap<>();
                r.metrics().forEach((name, m) -> scores.put(name, m.score()));
                if (r.params().get("distribution").equals("local")) {
                    for (String worker : List.of("worker1", "worker2")) {
                        assertThat(scores.get("node." + worker + ".prepared/op")).as(worker).isZero();
                        // a statement on the worker that is not the run's (Citus' own maintenance reaches the
                        // workers now and then) marks the window contaminated; under load it lands in one at times
                        if (scores.get("node." + worker + ".contaminated") == 0) {
                            assertThat(scores.get("node." + worker + ".statements/op")).as(worker).isZero();
                        }
                        // none of the rows (a stored row is about 70 bytes of a worker's WAL): the background
                        // writer's running-transactions record (every 15 s while WAL grows, wal_level replica or
                        // above) may land in the window
                        assertThat(scores.get("node." + worker + ".wal.bytes/row")).as(worker).isLessThan(1);
                    }
                } else {
                    assertThat(scores.get("node.worker1.prepared/op")).isPositive();
                    assertThat(scores.get("node.worker2.prepared/op")).isPositive();
                }
            });
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(Path.of(result.toString().replaceFirst("\\.json$", ".jmh.log")));
        }
    }

    /** Distribution and shards the launcher can judge: one line, exit 2, before anything starts. */
    @Test
    void aBadDistributionOrShardCountIsOneLineAndExitTwo() throws Exception {
        BenchMainTest.Outcome noColumn = BenchMainTest.launch(Map.of(), "-Dpg.target=citus", "Ingest",
                "-p", "distribution=hash:");
        assertThat(noColumn.exit()).isEqualTo(2);
        assertThat(noColumn.stderr()).isEqualTo("pg-ingest-bench: -p distribution=hash:: hash: names no column; valid: "
                + "hash (on the primary key's first column), hash:COLUMN, local\n");
        BenchMainTest.Outcome shards = BenchMainTest.launch(Map.of(), "-Dpg.target=citus", "Ingest", "-p", "shards=0");
        assertThat(shards.exit()).isEqualTo(2);
        assertThat(shards.stderr()).isEqualTo("pg-ingest-bench: -p shards=0: use a whole number of 1 or more (shards of "
                + "a distributed table on -Dpg.target=citus)\n");
        BenchMainTest.Outcome embedded = BenchMainTest.launch(Map.of(), "Ingest", "-p", "distribution=local");
        assertThat(embedded.exit()).isEqualTo(2);
        assertThat(embedded.stderr()).isEqualTo("pg-ingest-bench: -p distribution=local on -Dpg.target=embedded: it "
                + "places a table on a Citus cluster; use -Dpg.target=citus (or -Dpg.target=external at a coordinator), "
                + "or leave -p distribution out\n");
    }

    @Test
    void aWorkerCountOutOfRangeIsOneLineAndExitTwo() throws Exception {
        BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofSeconds(60), Map.of(), "-Dpg.target=citus",
                "-Dpg.citus.workers=0", "Ingest");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo("pg-ingest-bench: -Dpg.citus.workers=0: give 1 to 8 workers (default 2)\n");
    }
}
