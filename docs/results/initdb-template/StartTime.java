import org.pgingest.server.EmbeddedTarget;
import org.pgingest.server.TargetConfig;

/** Times EmbeddedTarget.start: a warm-up start, then five. */
public class StartTime {
    public static void main(String[] args) throws Exception {
        for (int i = 0; i <= 5; i++) {
            long t0 = System.nanoTime();
            try (var target = EmbeddedTarget.start(TargetConfig.defaults().withPgVersion(args[0]))) {
                long t1 = System.nanoTime();
                System.out.printf("%s %.2f s%n", i == 0 ? "warm-up" : "start " + i, (t1 - t0) / 1e9);
            }
        }
    }
}
