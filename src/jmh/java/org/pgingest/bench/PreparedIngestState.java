package org.pgingest.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.pgingest.load.LoadMethod;
import org.pgingest.load.Loader;
import org.pgingest.load.Preparation;
import org.pgingest.load.SqlText;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link IngestState} with two axes of planning cost: statement preparation ({@link Preparation}) and whether the
 * values are bind parameters or literals in the SQL text ({@code sql}: {@code bind} or {@code literal},
 * {@link SqlText}). Literal SQL is sent as a simple query, which the server never prepares, so it runs
 * {@code UNPREPARED} only (the launcher refuses the other combination).
 */
@State(Scope.Thread)
public class PreparedIngestState extends IngestState {
    @Param({"UNPREPARED", "SERVER_PREPARED"})
    public Preparation prepare;

    /** {@code bind} (the suite's statements) or {@code literal} (values written into the text, as published). */
    @Param({"bind"})
    public String sql;

    @Override
    Loader createLoader(LoadMethod.Knobs knobs) {
        return SqlText.parse(sql).create(method, knobs);
    }

    @Override
    Map<String, String> driverOptions() {
        Map<String, String> options = new HashMap<>(super.driverOptions());
        options.put("prepareThreshold", prepare.prepareThreshold());
        return options;
    }
}
