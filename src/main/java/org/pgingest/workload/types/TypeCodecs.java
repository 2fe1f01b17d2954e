package org.pgingest.workload.types;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.function.Function;

/** Finds the codec of a column from its catalog facts. */
public final class TypeCodecs {
    /** Built-in base types by pg_type.typname, each made from its declared type text and typmod. */
    private static final Map<String, Function<ColumnTypeFacts, TypeCodec>> BUILTIN = Map.ofEntries(
            Map.entry("bool", f -> new BoolCodec(f.formatted())),
            Map.entry("int2", f -> new Int2Codec(f.formatted())),
            Map.entry("int4", f -> new Int4Codec(f.formatted())),
            Map.entry("int8", f -> new Int8Codec(f.formatted())),
            Map.entry("float4", f -> FloatCodec.float4(f.formatted())),
            Map.entry("float8", f -> FloatCodec.float8(f.formatted())),
            Map.entry("numeric", f -> new NumericCodec(f.formatted(), f.typmod())),
            Map.entry("money", f -> new MoneyCodec(f.formatted())),
            Map.entry("text", f -> TextCodec.text(f.formatted())),
            Map.entry("varchar", f -> TextCodec.varchar(f.formatted(), f.typmod())),
            Map.entry("bpchar", f -> new CharacterCodec(f.formatted(), f.typmod())),
            Map.entry("bytea", f -> new ByteaCodec(f.formatted())),
            Map.entry("uuid", f -> new UuidCodec(f.formatted())),
            Map.entry("date", f -> new DateCodec(f.formatted())),
            Map.entry("time", f -> TimeCodec.time(f.formatted(), f.typmod())),
            Map.entry("timetz", f -> TimeCodec.timetz(f.formatted(), f.typmod())),
            Map.entry("timestamp", f -> TimestampCodec.timestamp(f.formatted(), f.typmod())),
            Map.entry("timestamptz", f -> TimestampCodec.timestamptz(f.formatted(), f.typmod())),
            Map.entry("interval", f -> new IntervalCodec(f.formatted(), f.typmod(), f.serverVersion() >= 170_000)),
            Map.entry("json", f -> JsonCodec.json(f.formatted())),
            Map.entry("jsonb", f -> JsonCodec.jsonb(f.formatted())),
            Map.entry("inet", f -> InetCodec.inet(f.formatted())),
            Map.entry("cidr", f -> InetCodec.cidr(f.formatted())),
            Map.entry("macaddr", f -> MacaddrCodec.macaddr(f.formatted())),
            Map.entry("macaddr8", f -> MacaddrCodec.macaddr8(f.formatted())),
            Map.entry("tsvector", f -> new TsvectorCodec(f.formatted())),
            Map.entry("bit", f -> BitCodec.bit(f.formatted(), f.typmod())),
            Map.entry("varbit", f -> BitCodec.varbit(f.formatted(), f.typmod())));

    /** The built-in ranges whose canonical function makes [lower, upper) of a discrete subtype. */
    private static final java.util.Set<String> DISCRETE_RANGES = java.util.Set.of("int4range", "int8range", "daterange");

    private TypeCodecs() {
    }

    /**
     * The codec of a column's type: arrays by their element's codec, domains by their base's codec with values the
     * server finds its CHECKs accept (asked on {@code connection}, read-only), enums by their labels, ranges by their
     * subtype's codec, built-in types each by their own class, and any other type through its text form (no binary
     * COPY).
     */
    public static TypeCodec forColumn(Connection connection, ColumnTypeFacts facts) throws SQLException {
        String sql = facts.formatted();
        if (facts.kind() == 'd' && facts.base().isPresent()) {
            return DomainCodec.judged(connection, facts, forColumn(connection, facts.base().get()));
        }
        if (facts.category() == 'A' && facts.element().isPresent()) {
            ColumnTypeFacts element = facts.element().get();
            return new ArrayCodec(sql, forColumn(connection, element), element.oid(), element.delimiter(),
                    !element.domainNotNull());
        }
        if (facts.kind() == 'e') {
            return new EnumCodec(sql, facts.enumLabels());
        }
        if (facts.kind() == 'r' && facts.subtype().isPresent()
                && forColumn(connection, facts.subtype().get()) instanceof OrderedCodec subtype) {
            boolean discrete = "pg_catalog".equals(facts.schema()) && DISCRETE_RANGES.contains(facts.name());
            return new RangeCodec(sql, subtype, discrete);
        }
        if (facts.kind() == 'b' && "pg_catalog".equals(facts.schema()) && BUILTIN.containsKey(facts.name())) {
            return BUILTIN.get(facts.name()).apply(facts);
        }
        TextFormCodec.ExtensionValues values = facts.kind() == 'm' && facts.subtype().isPresent()
                ? TextFormValues.multirange(forColumn(connection, facts.subtype().get()))
                : TextFormValues.forType(facts);
        TypeCodec twin = facts.binaryAs().filter(BUILTIN::containsKey).map(name -> BUILTIN.get(name).apply(facts))
                .filter(codec -> codec.javaType() == String.class).orElse(null);
        String reason = facts.binaryIo()
                ? "the suite has no binary encoder for " + sql + "; the text paths carry its text form"
                : sql + " has no binary send/receive functions";
        return new TextFormCodec(sql, reason, values, twin);
    }
}
