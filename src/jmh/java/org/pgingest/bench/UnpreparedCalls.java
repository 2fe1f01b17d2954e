package org.pgingest.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Calls whose input was made inside the measured time because the iteration outran the inputs made before it
 * ({@link CallsAhead}): 0 in a healthy measurement, published beside every result so that one that is not says so.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class UnpreparedCalls {
    public long unpreparedCalls;

    @Setup(Level.Iteration)
    public void reset() {
        unpreparedCalls = 0;
    }
}
