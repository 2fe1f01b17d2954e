package org.pgingest.server;

import org.pgingest.workload.SuiteSchema;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One Citus cluster (the citus target's: a coordinator and two workers) for the test classes of this JVM that need a
 * running cluster and leave its nodes running: starting one is three initdbs, three servers and Citus' setup, about
 * 15 s. Each class makes its tables in a schema of its own ({@link #schema}; a launcher run at the coordinator makes
 * and drops the suite's schema itself). The cluster stops, and its nodes' run directories go with every schema in
 * them, when the test JVM ends (the citus target's shutdown hook), as {@code LoaderTestServer}'s embedded server does:
 * dropping a class's schema of distributed tables (32 shards each) took about as long as starting a cluster. A test
 * that stops a node or closes its cluster starts a cluster of its own, and so does {@code ClusterCostsTest}: it counts
 * each node's WAL and statistics exactly, and a worker of a cluster other classes used reported their sessions'
 * statistics late, in its window ("contaminated (unflushed WAL)").
 */
public final class SharedCitus {
    private static CitusTarget cluster;

    private SharedCitus() {
    }

    public static synchronized CitusTarget cluster() {
        if (cluster == null) {
            // a smaller shared_buffers than the file's 512 MB: three servers share the test machine
            cluster = CitusTarget.start(TargetConfig.defaults().withKind(TargetKind.CITUS)
                    .withSetting("shared_buffers", "128MB"));
        }
        return cluster;
    }

    /** A new schema of the suite's on the coordinator, for one test class's tables. */
    public static SuiteSchema schema(String name) throws SQLException {
        SuiteSchema schema = new SuiteSchema(name);
        try (Connection c = cluster().dataSource().getConnection()) {
            if (schema.exists(c)) {
                throw new IllegalStateException("schema " + name + " is already on the shared Citus cluster: "
                        + "another class uses that name");
            }
            schema.prepare(c);
        }
        return schema;
    }
}
