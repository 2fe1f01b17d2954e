package org.pgingest.server;

/** A fresh JVM asking for the container target, so that its Docker detection caches nothing: prints the one-line error. */
public final class ContainerProbeProcess {
    private ContainerProbeProcess() {
    }

    public static void main(String[] args) {
        try {
            PostgresTarget.open(TargetConfig.defaults().withKind(TargetKind.CONTAINER)).close();
            System.out.println("STARTED");
        } catch (TargetException e) {
            System.out.println(e.getMessage());
        }
    }
}
