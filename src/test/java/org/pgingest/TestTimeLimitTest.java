package org.pgingest;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** Every test has a time limit (src/test/resources/junit-platform.properties), and it fires on a hung child. */
class TestTimeLimitTest {

    private static final String THREAD_MODE = "junit.jupiter.execution.timeout.thread.mode.default";

    private static Properties suiteSettings() throws IOException {
        Properties junit = new Properties();
        try (InputStream in = TestTimeLimitTest.class.getResourceAsStream("/junit-platform.properties")) {
            assertThat(in).as("junit-platform.properties on the test class path").isNotNull();
            junit.load(in);
        }
        return junit;
    }

    /** The limit is set for every test and lifecycle method; the test below shows what it does. */
    @Test
    void everyTestAndLifecycleMethodHasATimeLimit() throws IOException {
        assertThat(suiteSettings().getProperty("junit.jupiter.execution.timeout.default")).as("a default time limit")
                .isNotBlank();
    }

    /**
     * A test blocked reading a child's pipe (a read no interrupt ends) fails at the limit, with the suite's thread
     * mode and the limit shortened to 2 s: the failure is reported while the child still runs. In the test's own
     * thread (SAME_THREAD) it would be reported only after the child's 60 s, when the read ends.
     */
    @Test
    void aTestBlockedOnAChildsPipeFailsAtTheLimit() throws IOException {
        Events tests = EngineTestKit.engine("junit-jupiter").configurationParameter("junit.jupiter.execution.timeout.default", "2 s")
                .configurationParameter(THREAD_MODE, suiteSettings().getProperty(THREAD_MODE))
                .selectors(selectClass(ReadsAHungChild.class)).execute().testEvents();
        try {
            assertThat(ReadsAHungChild.child.isAlive()).as("the child still runs when the test has failed").isTrue();
            assertThat(tests.failed().count()).isEqualTo(1);
            Throwable failure = tests.failed().stream().findFirst().orElseThrow()
                    .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
            assertThat(failure).isInstanceOf(TimeoutException.class).hasMessageContaining("timed out after 2 seconds");
        } finally {
            ReadsAHungChild.stop();
        }
    }

    /** Run only by the test above (Surefire leaves nested classes out). */
    static class ReadsAHungChild {
        private static Process child;

        @Test
        void readsToTheEnd() throws IOException {
            child = new ProcessBuilder("sleep", "60").start();
            child.getInputStream().readAllBytes();
        }

        static void stop() {
            if (child != null) {
                child.destroyForcibly();
            }
        }
    }
}
