package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Values just past a type's edges: the codec refuses each ({@link TypeCodec#checked}) with the SQLSTATE the server
 * raises when the same value reaches it unchecked, by bind and by COPY text, so a loader reports a refused value
 * as the server would, and no value the server stores is refused here (each value's neighbour inside the edge is
 * among the hostile values the round-trip test stores). One refusal is the codec's own: timestamp(p) of the last
 * second's upper half (294276-12-31 23:59:59.5 for p = 0), which the server rounds to 294277-01-01, a value its
 * own text input then refuses, so no text path could carry the rounded value. A domain's CHECKs are not among them:
 * the server alone judges those, as it loads the value (ErrorLocationTest: every loader names the row it refused).
 */
class RejectionAgreementTest {
    record Case(String type, Object value) {
        @Override
        public String toString() {
            return type + " " + (value instanceof String s ? "'" + s + "'" : String.valueOf(value));
        }
    }

    static final List<Case> CASES = List.of(
            new Case("varchar(5)", "abcdef"),
            new Case("varchar(5)", "\uD83D\uDE00".repeat(6)),
            new Case("char(3)", "abcd"),
            new Case("numeric(5,2)", new BigDecimal("1000")),
            new Case("numeric(5,2)", new BigDecimal("999.995")),
            new Case("numeric(5,2)", NumericSpecial.POSITIVE_INFINITY),
            new Case("numeric(3,0)", new BigDecimal("-999.5")),
            new Case("money", new BigDecimal("92233720368547758.08")),
            new Case("bit(5)", "101"),
            new Case("bit varying(3)", "1010"),
            new Case("cidr", new PgInet(new byte[] {(byte) 192, (byte) 168, 1, 5}, 24)),
            new Case("timestamp", LocalDateTime.of(294_277, 1, 1, 0, 0)),
            new Case("timestamptz", OffsetDateTime.of(-4713, 11, 23, 23, 59, 59, 999_999_000, ZoneOffset.UTC)),
            new Case("date", LocalDate.of(5_874_898, 1, 1)),
            new Case("date", LocalDate.of(-4713, 11, 23)),
            new Case("timetz", OffsetTime.of(0, 0, 0, 0, ZoneOffset.ofHours(16))),
            new Case("jsonb", "\"\\u0000\""),
            new Case("jsonb", "\"\\ud800\""),
            new Case("jsonb", "1e1000000"),
            new Case("jsonb", "[1, " + "9".repeat(131_073) + "]"), // more integer digits than numeric holds, no exponent
            new Case("jsonb", "{\"k\": \"\\u0000\"}"), // the escape in a string inside an object
            new Case("jsonb", "{\"\\ud83d\": 1}"), // an unpaired surrogate escape in a key
            new Case("json", "[1,]"),
            new Case("json", "{\"a\": 1} {}"),
            new Case("tsvector", new PgTsvector(List.of(new PgTsvector.Lexeme("a", List.of(new PgTsvector.Position(0, 'D')))))),
            new Case("tsvector", new PgTsvector(List.of(new PgTsvector.Lexeme("x".repeat(2047), List.of())))),
            new Case("int4range", PgRange.of(5, 3, "[)")),
            new Case("int4range", PgRange.of(1, Integer.MAX_VALUE, "[]")),
            new Case("\"Mood\"", "elated"));

    static Stream<Arguments> cases() {
        return TestServers.majors().stream().flatMap(major -> CASES.stream().map(c -> Arguments.of(major, c)));
    }

    @ParameterizedTest(name = "PostgreSQL {0}: {1}")
    @MethodSource("cases")
    void theCodecRefusesWhatTheServerRefusesWithItsSqlState(String major, Case c) throws SQLException {
        try (Connection connection = TypeCodecRoundTripTest.connect(major)) {
            TypeCodecRoundTripTest.Scratch scratch = TypeCodecRoundTripTest.Scratch.create(connection, c.type());
            TypeCodec codec = scratch.codec();
            ValueRejectedException refused = catchThrowableOfType(() -> codec.checked(c.value()), ValueRejectedException.class);
            assertThat(refused).as("the codec refuses " + c).isNotNull();
            List<String> serverStates = new ArrayList<>();
            for (LoadPath path : List.of(LoadPath.BIND, LoadPath.COPY_TEXT)) {
                connection.setAutoCommit(false);
                try {
                    path.write(connection, scratch.table(), "\"Row Id\"", "\"V\u00e0lue C\u00f4l\"", codec, List.of(c.value()));
                    serverStates.add(path + " stored it");
                } catch (SQLException e) {
                    serverStates.add(e.getSQLState());
                } finally {
                    connection.rollback();
                    connection.setAutoCommit(true);
                }
            }
            assertThat(serverStates).as("the server's SQLSTATEs for " + c + " (" + refused.getMessage() + ")")
                    .containsOnly(refused.sqlState());
        }
    }
}
