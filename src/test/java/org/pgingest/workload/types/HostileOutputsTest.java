package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each type's hostile values as the server stores them, written here by hand (session TimeZone UTC, DateStyle ISO,
 * IntervalStyle postgres, lc_monetary C): the round-trip test compares every path with what the server makes of
 * the codec's own text form, so a codec whose text form meant another value would agree with itself there; here
 * it cannot. Written through binary COPY where the type has a binary form (so the send format is held to these
 * too), else COPY text. Where a list is shorter than the hostile values, the rest (large generated arrays) are
 * left to the round-trip test.
 */
class HostileOutputsTest {
    private static final String T = "\t";

    /** Declared type: the col::text of each hostile value, in the codec's order. */
    static final Map<String, List<String>> EXPECTED = Map.ofEntries(
            Map.entry("boolean", List.of("true", "false")),
            Map.entry("smallint", List.of("-32768", "32767", "0", "-1")),
            Map.entry("integer", List.of("-2147483648", "2147483647", "0", "-1")),
            Map.entry("bigint", List.of("-9223372036854775808", "9223372036854775807", "0", "-1")),
            Map.entry("real", List.of("NaN", "Infinity", "-Infinity", "-0", "0", "1e-45", "1.1754944e-38",
                    "3.4028235e+38", "-3.4028235e+38", "0.1", "1.6777216e+07")),
            Map.entry("double precision", List.of("NaN", "Infinity", "-Infinity", "-0", "0", "5e-324",
                    "2.2250738585072014e-308", "1.7976931348623157e+308", "-1.7976931348623157e+308", "0.1", "1e-300",
                    "123456789.125")),
            Map.entry("numeric", List.of("NaN", "0", "Infinity", "-Infinity", "1.50", "0.000",
                    "123456789012345678901234567890.123456789012345678901234567890", "10000000000",
                    "0." + "0".repeat(16_382) + "1", "-" + "9".repeat(131_072), "0.0001", "9999.9999", "10000")),
            Map.entry("numeric(12,2)", List.of("NaN", "0.00", "9999999999.99", "-9999999999.99", "0.01", "-0.01", "0.01",
                    "-0.01", "9999999999.99")),
            Map.entry("numeric(5,5)", List.of("NaN", "0.00000", "0.99999", "-0.99999", "0.00001", "-0.00001", "0.00001",
                    "-0.00001", "0.99999")),
            Map.entry("numeric(3,0)", List.of("NaN", "0", "999", "-999", "1", "-1", "1", "-1", "999")),
            Map.entry("money", List.of("-$92,233,720,368,547,758.08", "$92,233,720,368,547,758.07", "$0.00", "$0.01",
                    "-$0.01", "$1.02", "-$1,234,567.80", "$1,000.00")),
            Map.entry("text", List.of("tab" + T + "here", "new\nline", "carriage\rreturn", "crlf\r\nend", "back\\slash",
                    "\\N", "\\.", "\n\\.\n", "single'quote", "double\"quote", "comma,separated", "{braces,\"and\"}",
                    "(parens,[brackets])", "NULL", "", " padded ", "emoji \uD83D\uDE00 clef \uD834\uDD1E",
                    "\u00e9\u00e8\u00ea \u4e2d\u6587 \u0416", "\u0001\u001f\u007f controls", "\\\\double backslash\\\\",
                    "long \u00e9\uD83D\uDE00 text ".repeat(400))),
            Map.entry("varchar(5)", List.of("tab" + T + "h", "new\nl", "carri", "crlf\r", "back\\", "\\N", "\\.", "\n\\.\n",
                    "singl", "doubl", "comma", "{brac", "(pare", "NULL", "", " padd", "emoji", "\u00e9\u00e8\u00ea \u4e2d",
                    "\u0001\u001f\u007f c", "\\\\dou", "\uD83D\uDE00".repeat(5), "xxxxx")),
            Map.entry("bytea", List.of("\\x", "\\x00", "\\x" + IntStream.range(0, 256).mapToObj(i -> String.format("%02x", i))
                    .collect(Collectors.joining()), "\\x5c7834315c5c4e090a", "\\xc328ff", "\\x" + "00".repeat(10_000))),
            Map.entry("uuid", List.of("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff",
                    "80000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000001")),
            Map.entry("date", List.of("-infinity", "infinity", "4714-11-24 BC", "5874897-12-31", "0001-02-29 BC",
                    "0001-01-01", "0002-12-31 BC", "9999-12-31", "10000-01-01", "1999-12-31", "2000-01-01", "1582-10-10",
                    "2024-02-29")),
            Map.entry("time", List.of("00:00:00", "23:59:59.999999", "12:00:00.000001", "12:00:00.5", "23:59:59",
                    "06:30:00.123457")),
            Map.entry("time(0)", List.of("00:00:00", "23:59:59", "12:00:00", "12:00:01", "23:59:59", "06:30:00")),
            Map.entry("timetz", List.of("00:00:00+15:59:59", "23:59:59.999999-15:59:59", "12:00:00.000001+00",
                    "12:00:00.5+05:30", "23:59:59+00:00:01", "06:30:00.123457-08")),
            Map.entry("timestamp", List.of("-infinity", "infinity", "4714-11-24 00:00:00 BC", "294276-12-31 23:59:59.999999",
                    "0001-02-29 12:00:00 BC", "1001-06-01 00:00:00.000001 BC", "0001-01-01 00:00:00",
                    "9999-12-31 23:59:59", "10000-01-01 00:00:00", "2000-01-01 00:00:00", "1999-12-31 23:59:59.5",
                    "2000-01-01 00:00:00.5", "2024-01-01 00:00:00", "2024-02-29 12:00:00.123457")),
            Map.entry("timestamp(0)", List.of("-infinity", "infinity", "4714-11-24 00:00:00 BC", "294276-12-31 23:59:59",
                    "0001-02-29 12:00:00 BC", "1001-06-01 00:00:00 BC", "0001-01-01 00:00:00", "9999-12-31 23:59:59",
                    "10000-01-01 00:00:00", "2000-01-01 00:00:00", "1999-12-31 23:59:59", "2000-01-01 00:00:01",
                    "2024-01-01 00:00:00", "2024-02-29 12:00:00")),
            Map.entry("timestamptz", List.of("-infinity", "infinity", "4714-11-24 00:00:00+00 BC",
                    "294276-12-31 23:59:59.999999+00", "0001-02-29 06:42:28+00 BC", "1001-06-01 03:02:01.000001+00 BC",
                    "1899-12-31 23:40:28+00", "10000-01-01 00:00:00+00", "0001-01-01 00:00:00+00",
                    "9999-12-31 23:59:59.999999+00", "1970-01-01 00:00:00+00", "1999-12-31 23:59:59.5+00",
                    "2000-01-01 00:00:00.5+00", "2024-03-31 01:00:00+00", "2024-03-01 06:00:00.123457+00")),
            Map.entry("interval", List.of("00:00:00", "-178956970 years -8 mons -2147483648 days -2147483647:59:59.999999",
                    "178956970 years 7 mons 2147483647 days 2147483647:59:59.999999", "-00:00:00.000001",
                    "1 mon -1 days +00:00:00.000001", "-1 years -1 mons +40 days -25:01:01.5", "00:00:00.5",
                    "-00:00:00.5", "2 years 1 mon 24:00:00")),
            Map.entry("interval year", List.of("00:00:00", "-178956970 years", "178956970 years", "00:00:00", "00:00:00",
                    "-1 years", "00:00:00", "00:00:00", "2 years")),
            // inet's cast to text (network_show) always prints the prefix length; its output function leaves /32 out
            Map.entry("inet", List.of("0.0.0.0/0", "255.255.255.255/32", "::/0", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128",
                    "::ffff:1.2.3.4/128", "::1/128", "192.168.0.0/16", "2001:db8::/32", "192.168.1.5/24",
                    "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/1")),
            Map.entry("cidr", List.of("0.0.0.0/0", "255.255.255.255/32", "::/0", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/128",
                    "::ffff:1.2.3.4/128", "::1/128", "192.168.0.0/16", "2001:db8::/32")),
            Map.entry("macaddr", List.of("00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff", "0a:1b:2c:3d:4e:5f")),
            Map.entry("macaddr8", List.of("00:00:00:00:00:00:00:00", "ff:ff:ff:ff:ff:ff:ff:ff", "0a:1b:2c:3d:4e:5f:70:81")),
            Map.entry("bit(5)", List.of("00000", "11111", "10101", "10000")),
            Map.entry("bit", List.of("0", "1")),
            Map.entry("varbit(7)", List.of("0000000", "1111111", "1010101", "1000000", "", "1")),
            Map.entry("tsvector", List.of("", "'back\\\\slash':1A 'it''s'", "':colon, comma' 'tab" + T + "here new\nline':16383C",
                    "'z' '\u00e9t\u00e9' '\u4e2d' '\uD83D\uDE00'", "'dup':1,3A",
                    "'many':" + IntStream.rangeClosed(1, 256).mapToObj(i -> (i * 60) + "B").collect(Collectors.joining(",")),
                    "'clamped':16383B",
                    "'cut':" + IntStream.rangeClosed(1, 256).mapToObj(Integer::toString).collect(Collectors.joining(",")),
                    "'" + "x".repeat(2046) + "'")),
            Map.entry("\"Mood\"", List.of("sad", "ok", "happy", "it's", "with space", "\u00fcn\u00ef", "\uD83D\uDE00", "NULL",
                    "a,b", "\"q\"")),
            Map.entry("int4range", List.of("empty", "(,)", "(,1)", "[0,)", "[0,1)", "empty", "[-2147483648,2147483647)",
                    "[-2147483647,2147483647)")),
            Map.entry("daterange", List.of("empty", "(,)", "(,2000-01-01)", "[1999-12-31,)", "[1999-12-31,2000-01-01)",
                    "empty", "[-infinity,infinity)", "(-infinity,infinity)")),
            Map.entry("tstzrange", List.of("empty", "(,)", "(,\"1999-12-31 23:59:59.5+00\"]", "[\"1999-12-31 23:59:59.5+00\",)",
                    "[\"1999-12-31 23:59:59.5+00\",\"1999-12-31 23:59:59.5+00\"]", "empty", "[-infinity,infinity)",
                    "(-infinity,infinity)", "[-infinity,infinity]")),
            Map.entry("integer[]", List.of("{}", "{NULL}", "{NULL,-2147483648,NULL}", "{-2147483648,2147483647,0,-1}")),
            Map.entry("real[]", List.of("{}", "{NULL}", "{NULL,NaN,NULL}",
                    "{NaN,Infinity,-Infinity,-0,0,1e-45,1.1754944e-38,3.4028235e+38,-3.4028235e+38,0.1,1.6777216e+07}")),
            Map.entry("varchar(4)[]", List.of("{}", "{NULL}", "{NULL,\"tab" + T + "\",NULL}")),
            Map.entry("posint", List.of("2147483647")),
            Map.entry("percent", List.of("0.00", "0.01", "0.01")),
            Map.entry("citext", List.of("tab" + T + "here", "new\nline", "carriage\rreturn", "crlf\r\nend", "back\\slash",
                    "\\N", "\\.", "\n\\.\n", "single'quote", "double\"quote", "comma,separated", "{braces,\"and\"}",
                    "(parens,[brackets])", "NULL", "", " padded ", "emoji \uD83D\uDE00 clef \uD834\uDD1E",
                    "\u00e9\u00e8\u00ea \u4e2d\u6587 \u0416", "\u0001\u001f\u007f controls", "\\\\double backslash\\\\")));

    static Stream<Arguments> cases() {
        return TestServers.majors().stream().flatMap(major -> EXPECTED.keySet().stream().sorted()
                .map(type -> Arguments.of(major, type)));
    }

    @ParameterizedTest(name = "PostgreSQL {0}: {1}")
    @MethodSource("cases")
    void hostileValuesAreStoredAsWrittenHere(String major, String type) throws SQLException {
        try (Connection c = TypeCodecRoundTripTest.connect(major)) {
            TypeCodecRoundTripTest.Scratch scratch = TypeCodecRoundTripTest.Scratch.create(c, type);
            TypeCodec codec = scratch.codec();
            List<Object> values = new ArrayList<>();
            for (Object v : codec.hostileValues()) {
                values.add(codec.checked(v));
            }
            List<String> expected = EXPECTED.get(type);
            assertThat(values.size()).as("hostile values of " + type).isGreaterThanOrEqualTo(expected.size());
            List<Object> written = Collections.unmodifiableList(values.subList(0, expected.size()));
            LoadPath path = codec.binaryUnsupported().isEmpty() ? LoadPath.COPY_BINARY : LoadPath.COPY_TEXT;
            path.write(c, scratch.table(), "\"Row Id\"", "\"V\u00e0lue C\u00f4l\"", codec, written);
            List<String> stored = TypeCodecRoundTripTest.storedTexts(c, scratch.table()).stream().map(t -> t[0]).toList();
            assertThat(stored).as(type + " through " + path).containsExactlyElementsOf(expected);
        }
    }
}
