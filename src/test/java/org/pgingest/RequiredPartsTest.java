package org.pgingest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.util.Optional;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

@Isolated // sets the image properties the container tests read
class RequiredPartsTest {
    /** Neither built (outside the namespace docker/build-image.sh builds) nor published anywhere. */
    private static final String NEVER_BUILT = "example.invalid/never-built";

    @Test
    void anAbsentPartSkipsWithTheReasonAndFailsUnderCi() {
        assertThatThrownBy(() -> RequiredParts.enforce("Chromium", Optional.of("not on PATH"), false))
                .isInstanceOf(TestAbortedException.class).hasMessage("needs Chromium: not on PATH");
        assertThatThrownBy(() -> RequiredParts.enforce("Chromium", Optional.of("not on PATH"), true))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessage("CI=true and Chromium is absent (.ci/run installs it): not on PATH");
        assertThatCode(() -> RequiredParts.enforce("Chromium", Optional.empty(), true)).doesNotThrowAnyException();
    }

    @Test
    void ciIsTheEnvironmentsUnlessOverridden() {
        assertThat(RequiredParts.ci(Optional.of("true"))).isTrue();
        assertThat(RequiredParts.ci(Optional.of("false"))).isFalse();
        assertThat(RequiredParts.ci(Optional.empty())).isEqualTo("true".equals(System.getenv("CI")));
    }

    /**
     * The container tests as JUnit runs them, on a machine where no image can be had (Docker answering or not):
     * the tests that need an image are skipped with the reason, or fail under CI=true. None errs or aborts.
     */
    @Test
    void containerTestsWithoutTheirImagesSkipOrFailUnderCi() {
        String image = System.getProperty("pg.test.image");
        String pull = System.getProperty("pg.test.pull-image");
        System.setProperty("pg.test.image", NEVER_BUILT);
        System.setProperty("pg.test.pull-image", NEVER_BUILT);
        try {
            Events skipped = run("false");
            assertThat(skipped.failed().count()).isZero();
            assertThat(skipped.aborted().count()).isZero();
            assertThat(skipped.skipped().count()).isGreaterThanOrEqualTo(1);
            skipped.skipped().stream().map(e -> e.getPayload(String.class).orElseThrow())
                    .forEach(reason -> assertThat(reason).matches("needs (" + Pattern.quote(Part.DOCKER.description()) + "|"
                            + Pattern.quote(Part.LOCAL_IMAGES.description()) + ".*" + Pattern.quote(NEVER_BUILT) + ").*"));

            Events failed = run("true");
            assertThat(failed.skipped().count()).isZero();
            // a skipped parameterized test is one event; under CI each of its invocations fails
            assertThat(failed.failed().count()).isGreaterThanOrEqualTo(skipped.skipped().count());
            failed.failed().stream().map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                            .orElseThrow().getThrowable().orElseThrow())
                    .forEach(t -> assertThat(t).isInstanceOf(AssertionFailedError.class).message().startsWith("CI=true and "));
        } finally {
            restore("pg.test.image", image);
            restore("pg.test.pull-image", pull);
        }
    }

    private static Events run(String ci) {
        return EngineTestKit.engine("junit-jupiter").configurationParameter(RequiredParts.CI_PARAMETER, ci)
                .selectors(selectClass("org.pgingest.server.LocalImageContainerTest")).execute().allEvents();
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }
}
