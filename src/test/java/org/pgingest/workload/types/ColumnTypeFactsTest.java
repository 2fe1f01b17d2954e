package org.pgingest.workload.types;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgingest.server.TestServers;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A table's column types read from the catalog in one query: typmods through arrays and domains, a domain over a
 * domain, enum labels in their sort order after ALTER TYPE ... ADD VALUE BEFORE, quoted mixed-case names in a
 * schema off the search_path, dropped columns left out, and the codec each fact picks.
 */
class ColumnTypeFactsTest {
    static List<String> majors() {
        return TestServers.majors();
    }

    /**
     * An array's element delimiter is the element type's typdelim, as array_in reads it: ';' for box (and a domain
     * over it), ',' for the rest; the array's text form through the codec is what the server reads back as the same
     * array.
     */
    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void anArraysDelimiterIsItsElementTypesTypdelim(String major) throws SQLException {
        try (Connection c = TypeCodecRoundTripTest.connect(major); Statement st = c.createStatement()) {
            st.execute("""
                    DROP TABLE IF EXISTS delimiters;
                    DROP DOMAIN IF EXISTS small_box;
                    CREATE DOMAIN small_box AS box;
                    CREATE TABLE delimiters (boxes box[], small small_box[], numbers int[]);
                    """);
            Map<Integer, ColumnTypeFacts> facts = ColumnTypeFacts.readTable(c, "delimiters");
            assertThat(facts.get(1).element().orElseThrow().delimiter()).isEqualTo(';');
            assertThat(facts.get(2).element().orElseThrow().delimiter()).isEqualTo(';');
            assertThat(facts.get(3).element().orElseThrow().delimiter()).isEqualTo(',');
            TypeCodec boxes = TypeCodecs.forColumn(c, facts.get(1));
            String text = boxes.text(boxes.checked(List.of("(2,2),(1,1)", "(4,4),(3,3)")));
            try (var ps = c.prepareStatement("SELECT array_length(?::box[], 1), (?::box[])[2]::text")) {
                ps.setString(1, text);
                ps.setString(2, text);
                try (var rs = ps.executeQuery()) {
                    rs.next();
                    assertThat(rs.getInt(1)).as(text).isEqualTo(2);
                    assertThat(rs.getString(2)).isEqualTo("(4,4),(3,3)");
                }
            }
        }
    }

    @ParameterizedTest(name = "PostgreSQL {0}")
    @MethodSource("majors")
    void factsOfATableComeFromTheCatalog(String major) throws SQLException {
        try (Connection c = TypeCodecRoundTripTest.connect(major); Statement st = c.createStatement()) {
            st.execute("""
                    DROP SCHEMA IF EXISTS "Other Schema" CASCADE;
                    CREATE SCHEMA "Other Schema";
                    CREATE TYPE "Other Schema"."Traffic Light" AS ENUM ('red', 'green');
                    ALTER TYPE "Other Schema"."Traffic Light" ADD VALUE 'amber' BEFORE 'green';
                    CREATE DOMAIN "Other Schema".short_text AS varchar(10) CHECK (VALUE <> '');
                    CREATE DOMAIN "Other Schema"."Tiny Text" AS "Other Schema".short_text CHECK (char_length(VALUE) <= 3);
                    CREATE TABLE "Other Schema"."Facts Table" (
                        "Gone" int,
                        "Light" "Other Schema"."Traffic Light",
                        "Amounts" numeric(8,3)[],
                        "Tiny" "Other Schema"."Tiny Text",
                        "Tinies" "Other Schema"."Tiny Text"[],
                        "Span" tstzrange,
                        "Spans" int8multirange,
                        "Stamp" timestamp(2) with time zone,
                        "Code" character(4));
                    ALTER TABLE "Other Schema"."Facts Table" DROP COLUMN "Gone";
                    """);
            Map<Integer, ColumnTypeFacts> facts = ColumnTypeFacts.readTable(c, "\"Other Schema\".\"Facts Table\"");
            assertThat(facts.keySet()).containsExactly(2, 3, 4, 5, 6, 7, 8, 9);

            ColumnTypeFacts light = facts.get(2);
            assertThat(light.kind()).isEqualTo('e');
            assertThat(light.formatted()).isEqualTo("\"Other Schema\".\"Traffic Light\"");
            assertThat(light.enumLabels()).containsExactly("red", "amber", "green");

            ColumnTypeFacts amounts = facts.get(3);
            assertThat(amounts.category()).isEqualTo('A');
            assertThat(amounts.formatted()).isEqualTo("numeric(8,3)[]");
            assertThat(amounts.element().orElseThrow().formatted()).isEqualTo("numeric(8,3)");

            ColumnTypeFacts tiny = facts.get(4);
            assertThat(tiny.kind()).isEqualTo('d');
            assertThat(tiny.checks()).containsExactly("CHECK ((char_length((VALUE)::text) <= 3))");
            ColumnTypeFacts shortText = tiny.base().orElseThrow();
            assertThat(shortText.kind()).isEqualTo('d');
            assertThat(shortText.checks()).containsExactly("CHECK (((VALUE)::text <> ''::text))");
            assertThat(shortText.base().orElseThrow().formatted()).isEqualTo("character varying(10)");

            ColumnTypeFacts tinies = facts.get(5);
            assertThat(tinies.element().orElseThrow().base().orElseThrow().name()).isEqualTo("short_text");

            assertThat(facts.get(6).subtype().orElseThrow().formatted()).isEqualTo("timestamp with time zone");
            assertThat(facts.get(7).kind()).isEqualTo('m');
            assertThat(facts.get(7).subtype().orElseThrow().formatted()).isEqualTo("int8range");
            assertThat(facts.get(8).formatted()).isEqualTo("timestamp(2) with time zone");
            assertThat(facts.get(8).typmod()).isEqualTo(2);
            assertThat(facts.get(9).formatted()).isEqualTo("character(4)");
            assertThat(facts.values()).allMatch(ColumnTypeFacts::binaryIo);

            assertThat(TypeCodecs.forColumn(c, light)).isInstanceOf(EnumCodec.class);
            assertThat(TypeCodecs.forColumn(c, amounts)).isInstanceOf(ArrayCodec.class);
            assertThat(TypeCodecs.forColumn(c, tiny)).isInstanceOf(DomainCodec.class);
            assertThat(TypeCodecs.forColumn(c, facts.get(6))).isInstanceOf(RangeCodec.class);
            assertThat(TypeCodecs.forColumn(c, facts.get(7))).isInstanceOf(TextFormCodec.class);
            assertThat(TypeCodecs.forColumn(c, facts.get(7)).binaryUnsupported()).isPresent();
            assertThat(TypeCodecs.forColumn(c, facts.get(8))).isInstanceOf(TimestampCodec.class);
            assertThat(TypeCodecs.forColumn(c, facts.get(8)).javaType()).isEqualTo(java.time.OffsetDateTime.class);
            assertThat(TypeCodecs.forColumn(c, facts.get(9))).isInstanceOf(CharacterCodec.class);

            // a domain over a domain: every value it makes is one the server's own cast to it accepts, so both
            // domains' CHECKs (the inner '' refusal, the outer length) held; the codec refuses nothing itself
            TypeCodec tinyCodec = TypeCodecs.forColumn(c, tiny);
            assertThat(tinyCodec.checked("abcd")).isEqualTo("abcd");
            List<Object> made = new ArrayList<>(tinyCodec.hostileValues());
            SplittableRandom random = new SplittableRandom(27);
            for (int i = 0; i < 200; i++) {
                made.add(tinyCodec.generate(random));
            }
            for (long n = 0; n < 50; n++) {
                tinyCodec.distinct(n).ifPresent(made::add);
            }
            assertThat(made).hasSizeGreaterThan(200);
            try (var cast = c.prepareStatement("SELECT ?::\"Other Schema\".\"Tiny Text\"")) {
                for (Object v : made) {
                    cast.setString(1, tinyCodec.text(v));
                    try (var rs = cast.executeQuery()) {
                        rs.next();
                        assertThat(rs.getString(1)).isEqualTo(v);
                    }
                }
            }
            st.execute("DROP SCHEMA \"Other Schema\" CASCADE");
        }
    }
}
