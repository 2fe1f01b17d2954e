package org.pgingest.workload.definition;

/**
 * A user trigger ({@code pg_trigger}, not internal).
 *
 * @param name       its name
 * @param definition {@code pg_get_triggerdef}: "CREATE TRIGGER name BEFORE INSERT ON s.t FOR EACH ROW EXECUTE
 *                   FUNCTION s.f()"
 */
public record TriggerDefinition(String name, String definition) {
}
