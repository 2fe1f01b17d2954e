package org.pgingest;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

@RequiresPart(Part.DOCKER)
class LocalImagesTest {

    /** A name nothing built or published: every way to get it is tried and each failure says why. */
    @Test
    void anImageNoWayCanGetIsAbsentWithEachAttemptsReason() {
        LocalImages.Obtained obtained = LocalImages.obtain("example.invalid/never-built", "example.invalid/never-published", 14);
        assertThat(obtained.image()).isEmpty();
        assertThat(obtained.failedAttempts()).hasSize(3);
        assertThat(obtained.failedAttempts().get(0)).isEqualTo("no image example.invalid/never-built:14");
        assertThat(obtained.failedAttempts().get(1)).isEqualTo("docker/build-image.sh builds only names under pg-ingest-bench/");
        assertThat(obtained.failedAttempts().get(2)).startsWith("'docker pull example.invalid/never-published:14' failed: ");
    }

    /** Where the build can run, a major it refuses is its reason; elsewhere what the build lacks. */
    @Test
    void aBuildThatCannotSucceedGivesItsReason() {
        LocalImages.Obtained obtained = LocalImages.obtain("pg-ingest-bench/never-built", "example.invalid/never-published", 99);
        assertThat(obtained.image()).isEmpty();
        assertThat(obtained.failedAttempts().get(1)).matches("docker/build-image.sh (99 failed with exit code 2: "
                + "build-image.sh: major must be 14..18, got '99'|cannot run here \\(it needs .*\\))");
    }
}
