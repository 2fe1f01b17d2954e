package org.pgingest.server;

/**
 * A fresh JVM asking for the container target, so the first Docker detection (nothing cached) is timed.
 * Prints "ELAPSED ms" and the one-line error.
 */
public final class ContainerProbeProcess {
    private ContainerProbeProcess() {
    }

    public static void main(String[] args) {
        long started = System.nanoTime();
        try {
            PostgresTarget.open(TargetConfig.defaults().withKind(TargetKind.CONTAINER)).close();
            System.out.println("STARTED");
        } catch (TargetException e) {
            System.out.println("ELAPSED " + (System.nanoTime() - started) / 1_000_000);
            System.out.println(e.getMessage());
        }
    }
}
