package org.pgingest.server;

/**
 * A JVM that starts an embedded server, prints "READY &lt;data directory&gt;" and waits to be killed; the
 * lifecycle tests run it as a child process.
 */
public final class EmbeddedServerProcess {
    private EmbeddedServerProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedTarget target = EmbeddedTarget.start(TargetConfig.defaults());
        System.out.println("READY " + target.dataDirectory());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
