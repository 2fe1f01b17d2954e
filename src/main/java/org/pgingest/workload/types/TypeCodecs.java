package org.pgingest.workload.types;

import java.util.Map;
import java.util.function.BiFunction;

/** Finds the codec of a column from its catalog facts. */
public final class TypeCodecs {
    /** Built-in base types by pg_type.typname, each made from its declared type text and typmod. */
    private static final Map<String, BiFunction<String, Integer, TypeCodec>> BUILTIN = Map.ofEntries(
            Map.entry("bool", (sql, typmod) -> new BoolCodec(sql)),
            Map.entry("int2", (sql, typmod) -> new Int2Codec(sql)),
            Map.entry("int4", (sql, typmod) -> new Int4Codec(sql)),
            Map.entry("int8", (sql, typmod) -> new Int8Codec(sql)),
            Map.entry("float4", (sql, typmod) -> new Float4Codec(sql)),
            Map.entry("float8", (sql, typmod) -> new Float8Codec(sql)),
            Map.entry("numeric", NumericCodec::new),
            Map.entry("money", (sql, typmod) -> new MoneyCodec(sql)),
            Map.entry("text", (sql, typmod) -> TextCodec.text(sql)),
            Map.entry("varchar", TextCodec::varchar),
            Map.entry("bpchar", CharacterCodec::new),
            Map.entry("bytea", (sql, typmod) -> new ByteaCodec(sql)),
            Map.entry("uuid", (sql, typmod) -> new UuidCodec(sql)),
            Map.entry("date", (sql, typmod) -> new DateCodec(sql)),
            Map.entry("time", TimeCodec::time),
            Map.entry("timetz", TimeCodec::timetz),
            Map.entry("timestamp", TimestampCodec::new),
            Map.entry("timestamptz", TimestamptzCodec::new),
            Map.entry("interval", IntervalCodec::new),
            Map.entry("json", (sql, typmod) -> JsonCodec.json(sql)),
            Map.entry("jsonb", (sql, typmod) -> JsonCodec.jsonb(sql)),
            Map.entry("inet", (sql, typmod) -> InetCodec.inet(sql)),
            Map.entry("cidr", (sql, typmod) -> InetCodec.cidr(sql)),
            Map.entry("macaddr", (sql, typmod) -> MacaddrCodec.macaddr(sql)),
            Map.entry("macaddr8", (sql, typmod) -> MacaddrCodec.macaddr8(sql)),
            Map.entry("tsvector", (sql, typmod) -> new TsvectorCodec(sql)),
            Map.entry("bit", BitCodec::bit),
            Map.entry("varbit", BitCodec::varbit));

    /** The built-in ranges whose canonical function makes [lower, upper) of a discrete subtype. */
    private static final java.util.Set<String> DISCRETE_RANGES = java.util.Set.of("int4range", "int8range", "daterange");

    private TypeCodecs() {
    }

    /**
     * The codec of a column's type: arrays by their element's codec, domains by their base's codec plus the
     * domain's CHECKs, enums by their labels, ranges by their subtype's codec, built-in types each by their own
     * class, and any other type through its text form (no binary COPY).
     */
    public static TypeCodec forColumn(ColumnTypeFacts facts) {
        String sql = facts.formatted();
        if (facts.kind() == 'd' && facts.base().isPresent()) {
            return new DomainCodec(sql, forColumn(facts.base().get()), facts.checks());
        }
        if (facts.category() == 'A' && facts.element().isPresent()) {
            ColumnTypeFacts element = facts.element().get();
            return new ArrayCodec(sql, forColumn(element), element.oid(), element.isBuiltin("box") ? ';' : ',');
        }
        if (facts.kind() == 'e') {
            return new EnumCodec(sql, facts.enumLabels());
        }
        if (facts.kind() == 'r' && facts.subtype().isPresent()
                && forColumn(facts.subtype().get()) instanceof OrderedCodec subtype) {
            boolean discrete = "pg_catalog".equals(facts.schema()) && DISCRETE_RANGES.contains(facts.name());
            return new RangeCodec(sql, subtype, discrete);
        }
        if (facts.kind() == 'b' && "pg_catalog".equals(facts.schema()) && BUILTIN.containsKey(facts.name())) {
            return BUILTIN.get(facts.name()).apply(sql, facts.typmod());
        }
        TextFormCodec.ExtensionValues values = facts.kind() == 'm' && facts.subtype().isPresent()
                ? TextFormValues.multirange(forColumn(facts.subtype().get()))
                : TextFormValues.forType(facts);
        String reason = facts.binaryIo()
                ? "the suite has no binary encoder for " + sql + "; the text paths carry its text form"
                : sql + " has no binary send/receive functions";
        return new TextFormCodec(sql, reason, values);
    }
}
