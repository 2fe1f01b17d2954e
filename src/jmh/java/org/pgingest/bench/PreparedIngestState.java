package org.pgingest.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.HashMap;
import java.util.Map;

/** {@link IngestState} with statement preparation as an axis ({@link Preparation}). */
@State(Scope.Thread)
public class PreparedIngestState extends IngestState {
    @Param({"UNPREPARED", "SERVER_PREPARED"})
    public Preparation prepare;

    @Override
    Map<String, String> driverOptions() {
        Map<String, String> options = new HashMap<>(super.driverOptions());
        options.put("prepareThreshold", prepare.prepareThreshold());
        return options;
    }
}
