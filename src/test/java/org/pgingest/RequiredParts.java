package org.pgingest;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

import java.lang.reflect.AnnotatedElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The extension behind {@link RequiresPart}: an absent part skips the test with the reason, or fails it under
 * {@code CI=true} (the environment variable GitHub Actions, GitLab and .ci/run set; the JUnit configuration
 * parameter or system property {@value #CI_PARAMETER} overrides it either way).
 * <p>
 * The skip is an execution condition, not an aborted {@code @BeforeAll}: Surefire reports a class whose
 * {@code @BeforeAll} aborted as "Tests run: 0", so its skip would vanish from the reports; a disabled class is
 * reported test by test, each with the reason.
 */
public final class RequiredParts implements ExecutionCondition, BeforeAllCallback, BeforeEachCallback {
    static final String CI_PARAMETER = "pgingest.ci";
    /** Every skip for an absent part starts so: .ci/run and readers of Surefire reports can tell it apart. */
    public static final String SKIP_PREFIX = "needs ";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (ci(context)) {
            return ConditionEvaluationResult.enabled("under CI=true an absent part fails the test");
        }
        List<Absent> absent = absences(context.getElement().orElseThrow());
        return absent.isEmpty() ? ConditionEvaluationResult.enabled("every part it needs is here")
                : ConditionEvaluationResult.disabled(String.join("; ", absent.stream().map(Absent::skip).toList()));
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        failUnderCi(context, context.getRequiredTestClass());
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        failUnderCi(context, context.getRequiredTestMethod());
    }

    private static void failUnderCi(ExtensionContext context, AnnotatedElement element) {
        if (ci(context)) {
            absences(element).stream().findFirst().ifPresent(absent -> {
                throw absent.failure();
            });
        }
    }

    /** A part that is not here, and why. */
    private record Absent(String part, String reason) {
        String skip() {
            return SKIP_PREFIX + part + ": " + reason;
        }

        AssertionFailedError failure() {
            return new AssertionFailedError("CI=true and " + part + " is absent (.ci/run installs it): " + reason);
        }
    }

    private static List<Absent> absences(AnnotatedElement element) {
        List<Absent> absent = new ArrayList<>();
        AnnotationSupport.findAnnotation(element, RequiresPart.class).ifPresent(needs -> {
            for (Part part : needs.value()) {
                part.absence().ifPresent(reason -> absent.add(new Absent(part.description(), reason)));
            }
        });
        return absent;
    }

    /** For a need known only inside a test: skips or fails as {@link RequiresPart} does. */
    public static void require(Part part) {
        require(part.description(), part.absence());
    }

    /** A need that is no {@link Part} (e.g. a way to hide one), given as what it is and why it is absent. */
    public static void require(String what, Optional<String> absence) {
        enforce(what, absence, ci(Optional.ofNullable(System.getProperty(CI_PARAMETER))));
    }

    /** Skips ({@code ci} false) or fails ({@code ci} true) when {@code absence} holds a reason. */
    static void enforce(String part, Optional<String> absence, boolean ci) {
        if (absence.isPresent()) {
            Absent absent = new Absent(part, absence.get());
            if (ci) {
                throw absent.failure();
            }
            throw new TestAbortedException(absent.skip());
        }
    }

    private static boolean ci(ExtensionContext context) {
        return ci(context.getConfigurationParameter(CI_PARAMETER));
    }

    static boolean ci(Optional<String> override) {
        return Boolean.parseBoolean(override.orElseGet(() -> System.getenv("CI")));
    }
}
