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

import java.util.concurrent.TimeUnit;

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

    /** Longer than any healthy thread's teardown; a thread that died without releasing must not hold the stop. */
    private static final long USERS_WAIT_MINUTES = 2;

    private PostgresTarget target;
    private HikariDataSource pool;
    private int users;
    private int poolSize;

    @Setup
    public void start(BenchmarkParams params) {
        TargetConfig config = TargetConfig.fromEnvironment();
        // A benchmark with a pooler axis (PoolerBenchmark's -p via) names the pooler per trial; the launcher refuses
        // -Dpg.via beside it.
        if (params.getParamsKeys().contains(Via.PARAMETER)) {
            config = config.withVia(Via.parse(params.getParam(Via.PARAMETER)));
            String maxPrepared = params.getParam(PoolerIngestState.MAX_PREPARED_STATEMENTS);
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
     * A thread's state that still reads the server in its own teardowns says so ({@link #use}, {@link #release}):
     * JMH (1.37) runs this state's trial teardown on the first thread to finish, while another thread of the trial
     * may still be counting its table (-t N), which would then find its connection terminated.
     */
    public synchronized void use() {
        users++;
    }

    public synchronized void release() {
        users--;
        notifyAll();
    }

    @TearDown
    public synchronized void stop() {
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(USERS_WAIT_MINUTES);
        while (users > 0 && System.nanoTime() < end) {
            try {
                wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
            } catch (InterruptedException e) {
                // stopping the server is what an interrupt asks for: go on, and keep the flag for JMH
                Thread.currentThread().interrupt();
                break;
            }
        }
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
