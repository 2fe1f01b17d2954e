package org.pgingest.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Rows committed, normalised by JMH to rows per second: the figure people compare. */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class RowCounter {
    public long rows;

    @Setup(Level.Iteration)
    public void reset() {
        rows = 0;
    }
}
