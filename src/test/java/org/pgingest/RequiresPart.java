package org.pgingest;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The test needs parts that {@code .ci/run} installs (a Docker engine, the local images, Chromium, PgBouncer).
 * Where a part is absent the test is skipped with the reason; under {@code CI=true} it fails instead, because
 * there the part was to be installed. On a class: checked once before {@code @BeforeAll}; on a method: before
 * each invocation. Inside a test, {@link RequiredParts#require(Part)} does the same.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RequiredParts.class)
public @interface RequiresPart {
    Part[] value();
}
