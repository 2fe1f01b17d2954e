package org.pgingest.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

/**
 * The floor under every ingest path: one {@code SELECT 1} round trip on a pooled connection. Anything a
 * loader does per statement costs at least this.
 *
 * <p>Run: {@code ./bench RoundTrip}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class RoundTripBenchmark {

    /** One connection per benchmark thread, with the statement prepared once. */
    @State(Scope.Thread)
    public static class Session {
        private Connection connection;
        private PreparedStatement selectOne;

        @Setup(Level.Trial)
        public void open(ServerState server) throws SQLException {
            connection = server.pool().getConnection();
            selectOne = connection.prepareStatement("SELECT 1");
        }

        @TearDown(Level.Trial)
        public void close() throws SQLException {
            selectOne.close();
            connection.close();
        }
    }

    @Benchmark
    public int selectOne(Session session) throws SQLException {
        try (ResultSet rs = session.selectOne.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
