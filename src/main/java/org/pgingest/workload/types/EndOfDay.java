package org.pgingest.workload.types;

import java.time.ZoneOffset;

/**
 * 24:00:00, a time of day PostgreSQL stores (time and timetz take it, and round 23:59:59.9999995 up to it) but
 * LocalTime and OffsetTime cannot hold: the value of a time column at the end of the day.
 *
 * @param offset timetz's offset; null for time without time zone
 */
public record EndOfDay(ZoneOffset offset) {
}
