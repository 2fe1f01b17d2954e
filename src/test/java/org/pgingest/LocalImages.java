package org.pgingest;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import org.testcontainers.DockerClientFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL images the container tests run, got the way a fresh machine can: the local build
 * ({@code pg-ingest-bench/postgres:MAJOR}) if present; else built by {@code docker/build-image.sh} where it can
 * run (root, mmdebstrap, the docker CLI; several minutes the first time); else the official image ({@code postgres:MAJOR}) pulled where a registry
 * answers; else absent, with each attempt's reason. Once per JVM and image.
 * {@code -Dpg.test.image=REPOSITORY} and {@code -Dpg.test.pull-image=REPOSITORY} replace the two names (a name
 * nothing has built or published shows the absent case).
 */
public final class LocalImages {
    public static final List<Integer> MAJORS = List.of(14, 18);
    /** What docker/build-image.sh builds by default; it builds any name in this namespace, and no other. */
    static final String BUILT_REPOSITORY = "pg-ingest-bench/postgres";
    static final String BUILT_NAMESPACE = "pg-ingest-bench/";
    private static final Duration BUILD_LIMIT = Duration.ofMinutes(20);
    private static final Duration PULL_LIMIT = Duration.ofMinutes(10);
    private static final Map<String, Obtained> OBTAINED = new HashMap<>();

    private LocalImages() {
    }

    /** The image found or got for one major, or why none could be had (one reason per attempt). */
    record Obtained(Optional<String> image, List<String> failedAttempts) {
    }

    /** The image to run for {@code major}; only after {@link Part#LOCAL_IMAGES} was required. */
    public static String image(int major) {
        return obtain(repository(), pullRepository(), major).image().orElseThrow(() -> new IllegalStateException(
                "no image for " + major + "; annotate the test with @RequiresPart(Part.LOCAL_IMAGES)"));
    }

    static Optional<String> absence() {
        List<String> reasons = new ArrayList<>();
        for (int major : MAJORS) {
            Obtained obtained = obtain(repository(), pullRepository(), major);
            if (obtained.image().isEmpty()) {
                reasons.add(String.join("; ", obtained.failedAttempts()));
            }
        }
        return reasons.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", reasons));
    }

    static synchronized Obtained obtain(String repository, String pullRepository, int major) {
        String key = repository + ":" + major + " " + pullRepository;
        Obtained known = OBTAINED.get(key);
        if (known == null) {
            known = attempt(repository, pullRepository, major);
            OBTAINED.put(key, known);
        }
        return known;
    }

    private static Obtained attempt(String repository, String pullRepository, int major) {
        String local = repository + ":" + major;
        if (present(local)) {
            return new Obtained(Optional.of(local), List.of());
        }
        List<String> failed = new ArrayList<>();
        failed.add("no image " + local);
        Optional<String> buildFailure = build(repository, major);
        if (buildFailure.isEmpty() && present(local)) {
            return new Obtained(Optional.of(local), List.of());
        }
        failed.add(buildFailure.orElse("docker/build-image.sh " + major + " ran but left no " + local));
        String official = pullRepository + ":" + major;
        Optional<String> pullFailure = pull(pullRepository, Integer.toString(major));
        if (pullFailure.isEmpty() && present(official)) {
            return new Obtained(Optional.of(official), List.of());
        }
        failed.add(pullFailure.orElse("'docker pull " + official + "' ended without the image"));
        return new Obtained(Optional.empty(), List.copyOf(failed));
    }

    private static boolean present(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /** Empty when docker/build-image.sh ran and succeeded; otherwise why it did not. */
    private static Optional<String> build(String repository, int major) {
        if (!repository.startsWith(BUILT_NAMESPACE)) {
            return Optional.of("docker/build-image.sh builds only names under " + BUILT_NAMESPACE);
        }
        List<String> missing = new ArrayList<>();
        if (!isRoot()) {
            missing.add("root");
        }
        for (String tool : List.of("mmdebstrap", "docker")) {
            if (!onPath(tool)) {
                missing.add(tool);
            }
        }
        if (!missing.isEmpty()) {
            return Optional.of("docker/build-image.sh cannot run here (it needs " + String.join(", ", missing) + ")");
        }
        try {
            ChildProcess.Finished build = ChildProcess.run(
                    new ProcessBuilder(Path.of("docker", "build-image.sh").toString(), Integer.toString(major), repository), BUILD_LIMIT);
            if (build.exitCode() != 0) {
                return Optional.of("docker/build-image.sh " + major + " failed with exit code " + build.exitCode() + ": "
                        + build.output().strip().lines().reduce((first, second) -> second).orElse("(no output)"));
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("docker/build-image.sh " + major + " could not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while docker/build-image.sh " + major + " ran");
        }
    }

    /** Empty when the pull completed; otherwise the engine's answer (offline: a failed registry lookup). */
    private static Optional<String> pull(String repository, String tag) {
        String image = repository + ":" + tag;
        PullCallback pull = DockerClientFactory.instance().client().pullImageCmd(repository).withTag(tag).exec(new PullCallback());
        try {
            if (!pull.awaitCompletion(PULL_LIMIT.toMinutes(), TimeUnit.MINUTES)) {
                pull.close();
                return Optional.of("'docker pull " + image + "' did not finish in " + PULL_LIMIT.toMinutes() + " min");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while pulling " + image);
        } catch (IOException e) {
            return Optional.of("'docker pull " + image + "' could not be stopped: " + e.getMessage());
        }
        // The engine's JSON answer ends in a line break: a reason is one line.
        return Optional.ofNullable(pull.failure).map(f -> "'docker pull " + image + "' failed: " + f.getMessage().strip());
    }

    /** Keeps the engine's refusal as the reason; docker-java's own callback would log it with a stack trace. */
    private static final class PullCallback extends ResultCallback.Adapter<PullResponseItem> {
        private volatile Throwable failure;

        @Override
        public void onError(Throwable throwable) {
            failure = throwable;
            onComplete();
        }
    }

    private static boolean isRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    private static boolean onPath(String program) {
        return Part.onPath(List.of(program), List.of()).isPresent();
    }

    private static String repository() {
        return System.getProperty("pg.test.image", BUILT_REPOSITORY);
    }

    private static String pullRepository() {
        return System.getProperty("pg.test.pull-image", "postgres");
    }
}
