package org.pgingest.server;

/**
 * A JVM that starts an embedded server behind a PgBouncer ({@code args[0]}: pgbouncer-session or
 * pgbouncer-transaction; the PgBouncer {@code -Dpg.pgbouncer.home} names), prints "READY &lt;pgbouncer pid&gt; &lt;pgbouncer's run directory&gt; &lt;data
 * directory&gt;" and waits to be stopped; the pooler's lifecycle tests run it as a child process.
 */
public final class PooledServerProcess {
    private PooledServerProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedTarget server = EmbeddedTarget.start(TargetConfig.defaults());
        PostgresTarget pooled = Via.parse(args[0]).open(server, TargetConfig.fromEnvironment().pgbouncer());
        PgBouncer pgbouncer = pooled.pooler().orElseThrow();
        System.out.println("READY " + pgbouncer.pid() + " " + pgbouncer.runDirectory() + " " + server.dataDirectory());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
