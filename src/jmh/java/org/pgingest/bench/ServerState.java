package org.pgingest.bench;

import com.zaxxer.hikari.HikariDataSource;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.pgingest.server.PostgresTarget;
import org.pgingest.server.ServerFacts;
import org.pgingest.server.TargetConfig;
import org.pgingest.server.Via;

/**
 * The server and its pool for one trial (one fork of one benchmark with one parameter set). The target is
 * the one the launcher's -Dpg.* properties (or PGIB_* variables) name, behind the pooler {@code -Dpg.via} (or the
 * trial's {@code via} parameter) names; its effective settings are recorded
 * beside the JMH results and any durability difference is printed where the JMH log shows it.
 */
@State(Scope.Benchmark)
public class ServerState {
    /** Enough for every thread JMH may start on these machines; each thread borrows one. */
    private static final int POOL_SIZE = 64;

    private PostgresTarget target;
    private HikariDataSource pool;
    private int poolSize;

    @Setup
    public void start(BenchmarkParams params) {
        TargetConfig config = TargetConfig.fromEnvironment();
        // A benchmark with a pooler axis (PoolerBenchmark's -p via) names the pooler per trial; the launcher refuses
        // -Dpg.via beside it.
        if (params.getParamsKeys().contains(Via.PARAMETER)) {
            config = config.withVia(Via.parse(params.getParam(Via.PARAMETER)));
            String maxPrepared = params.getParam(BenchmarkParameters.MAX_PREPARED_STATEMENTS);
            if (!"default".equals(maxPrepared)) {
                config = config.withPgBouncer(config.pgbouncer().withMaxPreparedStatements(Integer.parseInt(maxPrepared)));
            }
        }
        target = PostgresTarget.open(config);
        ServerFacts facts = target.facts();
        FactsFile.append(params, facts);
        for (String warning : facts.warnings()) {
            System.out.println("# WARNING: " + warning);
        }
        poolSize = Math.min(POOL_SIZE, Math.max(1, params.getThreads()));
    }

    /**
     * JMH (1.37) runs this on the first thread to finish the trial: a benchmark whose threads read the server in their
     * iteration teardowns does so inside {@link IterationWindow}'s last wait, before any thread is released.
     */
    @TearDown
    public synchronized void stop() {
        if (pool != null) {
            pool.close();
        }
        if (target != null) {
            target.close();
        }
    }

    public PostgresTarget target() {
        return target;
    }

    /**
     * The pool, opened on first use only: an idle pooled connection that a benchmark never uses still reports
     * its setup transactions to the statistics when PostgreSQL's idle timeout fires (10 s on 15+), inside
     * some later measured window.
     */
    public synchronized HikariDataSource pool() {
        if (pool == null) {
            pool = target.pool(poolSize);
        }
        return pool;
    }
}
