package org.pgingest.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.OptionalLong;

/**
 * Milliseconds this JVM has spent compiling so far, summed over its compiler threads, from its management bean. Under
 * HotSpot's {@code -Xbatch}, which {@code ./bench rank}'s forks run with, a compilation blocks the thread that asked
 * for it, so compile time inside a cost window is time the loader's calls stood still (docs/rank.md). Missing where
 * the JVM has no JIT ({@code -Xint}) or does not time it.
 */
final class JitTime {
    private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();

    private JitTime() {
    }

    static OptionalLong now() {
        return COMPILER != null && COMPILER.isCompilationTimeMonitoringSupported()
                ? OptionalLong.of(COMPILER.getTotalCompilationTime()) : OptionalLong.empty();
    }

    /** The milliseconds spent compiling since {@code start}, a reading of {@link #now()}. */
    static OptionalLong since(OptionalLong start) {
        OptionalLong end = now();
        return start.isPresent() && end.isPresent() ? OptionalLong.of(end.getAsLong() - start.getAsLong())
                : OptionalLong.empty();
    }
}
