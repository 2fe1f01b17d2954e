package org.pgingest.bench;

import java.lang.management.ManagementFactory;

/**
 * Bytes the current thread has allocated so far, read from HotSpot's per-thread counter
 * ({@code com.sun.management.ThreadMXBean.getCurrentThreadAllocatedBytes}, JDK 14+): cheap enough to read around
 * every loader call, and it counts this thread's allocations only. JMH's {@code -prof gc} cannot give the loader's
 * own figure: it divides all the JVM allocated around the iteration, the suite's own work included, by the
 * operations. Where the JVM has no such counter (not HotSpot, or switched off) the figure is missing.
 */
final class ThreadAllocation {
    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private ThreadAllocation() {
    }

    private static com.sun.management.ThreadMXBean threads() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotspot
                && hotspot.isThreadAllocatedMemorySupported()) {
            hotspot.setThreadAllocatedMemoryEnabled(true);
            return hotspot;
        }
        return null;
    }

    /** Whether {@link #current()} gives a figure on this JVM. */
    static boolean supported() {
        return THREADS != null && THREADS.isThreadAllocatedMemoryEnabled();
    }

    /** Bytes this thread has allocated since it started; -1 where not {@link #supported()}. */
    static long current() {
        return supported() ? THREADS.getCurrentThreadAllocatedBytes() : -1;
    }
}
