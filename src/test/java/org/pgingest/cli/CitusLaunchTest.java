package org.pgingest.cli;

import org.junit.jupiter.api.Test;
import org.pgingest.Part;
import org.pgingest.RequiresPart;
import org.pgingest.results.ResultFile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The citus target as a user meets it: the launcher in a child JVM, a real cluster started by the fork. */
class CitusLaunchTest {

    /**
     * {@code ./bench -Dpg.target=citus Ingest -p method=COPY_BINARY}: the fork starts a coordinator and two workers,
     * the trial's table is distributed over them (the row check runs against it), each node's costs are in the
     * results under node.NAME., and the facts say citus.
     */
    @Test
    @RequiresPart(Part.CITUS)
    void aBinaryCopyIntoADistributedUsersTableIsMeasured() throws Exception {
        Path result = Files.createTempFile("jmh-result", ".json");
        Path facts = Path.of(result + ".server.jsonl");
        try {
            BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofMinutes(6), Map.of(), "-Dpg.target=citus",
                    "-Dpg.conf.shared_buffers=128MB", "\\.IngestBenchmark\\.", "-p", "method=COPY_BINARY",
                    "-p", "indexes=PK", "-p", "rows=500", "-f", "1", "-wi", "0", "-i", "2", "-r", "1s",
                    "-rff", result.toString());
            assertThat(o.exit()).as(o.stdout() + o.stderr()).isEqualTo(0);
            assertThat(ResultFile.read(result).results()).singleElement().satisfies(r -> {
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
            });
            assertThat(Files.readString(facts)).contains("\"target\":\"citus\"");
        } finally {
            Files.deleteIfExists(result);
            Files.deleteIfExists(facts);
            Files.deleteIfExists(Path.of(result.toString().replaceFirst("\\.json$", ".jmh.log")));
        }
    }

    @Test
    void aWorkerCountOutOfRangeIsOneLineAndExitTwo() throws Exception {
        BenchMainTest.Outcome o = BenchMainTest.launch(Duration.ofSeconds(60), Map.of(), "-Dpg.target=citus",
                "-Dpg.citus.workers=0", "Ingest");
        assertThat(o.exit()).isEqualTo(2);
        assertThat(o.stderr()).isEqualTo("pg-ingest-bench: -Dpg.citus.workers=0: give 1 to 8 workers (default 2)\n");
    }
}
