/**
 * One codec per PostgreSQL type: everything the suite does with a column's values (check, bind, text form,
 * binary COPY form, cast type, parse, typical, distinct and hostile values), found from the column's catalog facts.
 *
 * <p>The contract: {@link org.pgingest.workload.types.TypeCodec}, {@link org.pgingest.workload.types.BinarySink},
 * {@link org.pgingest.workload.types.ColumnTypeFacts} (read in one catalog query per table) and
 * {@link org.pgingest.workload.types.TypeCodecs#forColumn}. Values are Java's own types where they hold what the
 * server stores, {@link org.pgingest.workload.types.EndOfDay} for 24:00:00 and
 * {@link org.pgingest.workload.types.PgArray} for arrays a List cannot describe; the package's other value classes
 * ({@code PgInterval}, {@code PgInet}, {@code PgRange}, {@code PgTsvector}, {@code NumericSpecial}) are made by its
 * readers and generators.
 *
 * <p>Codecs, one home per type (or small family), each carrying binary COPY:
 * <ul>
 *   <li>{@code BoolCodec}, {@code Int2Codec}, {@code Int4Codec}, {@code Int8Codec}, {@code FloatCodec} (real,
 *       double precision), {@code NumericCodec} (numeric, numeric(p,s)), {@code MoneyCodec};</li>
 *   <li>{@code TextCodec} (text, varchar, varchar(n)), {@code CharacterCodec} (char(n), bpchar), {@code ByteaCodec},
 *       {@code UuidCodec}, {@code JsonCodec} (json, jsonb), {@code BitCodec} (bit(n), varbit(n)),
 *       {@code TsvectorCodec}, {@code InetCodec} (inet, cidr), {@code MacaddrCodec} (macaddr, macaddr8);</li>
 *   <li>{@code DateCodec}, {@code TimeCodec} (time, timetz), {@code TimestampCodec} (timestamp, timestamptz),
 *       {@code IntervalCodec}, all with their precision and field typmods;</li>
 *   <li>{@code RangeCodec} (any range over a subtype with an {@code OrderedCodec}), {@code ArrayCodec}
 *       (arrays of any codec: a List, or a PgArray for more dimensions or other bounds), {@code EnumCodec},
 *       {@code DomainCodec} (the base's codec, making values the server found the domain's CHECKs accept).</li>
 * </ul>
 * Any other type (extension types, multiranges, composite types, point, xml...) goes through
 * {@code TextFormCodec}: its text form on every text path, binary COPY "missing" with the reason; values from
 * {@code TextFormValues} where the suite knows the type (citext, hstore, ltree, vector, geometry points, point,
 * multiranges), else none (the column needs the user's rows).
 *
 * <p>Helpers: {@code BaseCodec} (what most codecs share), {@code Texts}, {@code Integers}, {@code Floats},
 * {@code DateTimes}, {@code Timestamps}; {@code CheckExpressions}: a user's CHECK evaluated by the server on
 * candidate values (its constants, its text for pgjdbc, the read-only scope, the distinct numbers probed).
 */
package org.pgingest.workload.types;
