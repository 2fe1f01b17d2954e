package org.pgingest.workload;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * Deterministic rows for a shape. Row number k is a pure function of (seed, k), so the same seed gives the
 * same rows however they are chunked; each call continues numbering where the last stopped, so keys are
 * fresh on every call and repeated loads into the same table never collide. A share of the values (0 to 1)
 * is taken from {@link HostileValues}.
 *
 * <p>Not thread-safe: give each thread its own generator, with its own {@code firstRow} for disjoint keys.
 */
public final class RowGenerator {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final long BASE_EPOCH_SECOND = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC).toEpochSecond();

    private final TableShape shape;
    private final long seed;
    private final double hostileShare;
    private long nextRow;

    public RowGenerator(TableShape shape, long seed, double hostileShare) {
        this(shape, seed, hostileShare, 0);
    }

    /** @param firstRow number of the first row; threads use disjoint ranges for disjoint keys */
    public RowGenerator(TableShape shape, long seed, double hostileShare, long firstRow) {
        if (hostileShare < 0 || hostileShare > 1) {
            throw new IllegalArgumentException("hostileShare must be within [0, 1], was " + hostileShare);
        }
        this.shape = shape;
        this.seed = seed;
        this.hostileShare = hostileShare;
        this.nextRow = firstRow;
    }

    public TableShape shape() {
        return shape;
    }

    /** The next {@code count} rows, in memory. */
    public List<Object[]> next(int count) {
        List<Object[]> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            rows.add(row(nextRow++));
        }
        return rows;
    }

    /**
     * The next {@code count} rows, made one at a time as they are iterated (constant memory). The numbers
     * are reserved now: the next call starts after them. Iterable once.
     */
    public Iterable<Object[]> stream(long count) {
        long first = nextRow;
        nextRow += count;
        return () -> new Iterator<>() {
            private long k = first;

            @Override
            public boolean hasNext() {
                return k < first + count;
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return row(k++);
            }
        };
    }

    /** Row number k. */
    public Object[] row(long k) {
        SplittableRandom random = new SplittableRandom(seed * GOLDEN + k);
        return switch (shape) {
            case USERS -> new Object[] {
                    text(random, true, "name-" + k),
                    // unique whatever text comes with it: the row number is part of the address
                    key(random, k) + "@example.com",
                    timestamp(random)};
            case SENSORS -> new Object[] {text(random, false, "sensor-" + (k % 1000)), timestamp(random), float8(random, true)};
            case WIDE_SENSORS -> {
                Object[] row = new Object[12];
                row[0] = text(random, false, "sensor-" + (k % 1000));
                row[1] = timestamp(random);
                for (int i = 2; i < 12; i++) {
                    row[i] = float8(random, true);
                }
                yield row;
            }
            case ARTICLES -> new Object[] {
                    externalId(random, k),
                    text(random, false, "title " + k),
                    text(random, true, "body of article " + k + " " + "lorem ipsum ".repeat(random.nextInt(1, 20))),
                    int4(random, 1, 500),
                    int4(random, 1, 50),
                    random.nextDouble() < 0.1 ? null : timestamp(random),
                    random.nextDouble() < 0.1 ? null : int4(random, 0, 5000),
                    random.nextDouble() < 0.05 ? null : embedding(random)};
        };
    }

    private boolean hostile(SplittableRandom random) {
        return hostileShare > 0 && random.nextDouble() < hostileShare;
    }

    private String text(SplittableRandom random, boolean nullable, String plain) {
        if (!hostile(random)) {
            return plain;
        }
        if (nullable && random.nextInt(HostileValues.TEXT.size() + 1) == 0) {
            return null;
        }
        return HostileValues.TEXT.get(random.nextInt(HostileValues.TEXT.size()));
    }

    private String key(SplittableRandom random, long k) {
        String prefix = hostile(random) ? HostileValues.TEXT.get(random.nextInt(HostileValues.TEXT.size())) : "user";
        return prefix + "-" + seed + "-" + k;
    }

    private String externalId(SplittableRandom random, long k) {
        String id = "ext-" + seed + "-" + k;
        if (hostile(random)) {
            String extra = HostileValues.TEXT.get(random.nextInt(HostileValues.TEXT.size()));
            // varchar(64) counts characters: keep the unique part whole and cut the decoration
            int room = 64 - id.length() - 1;
            id = extra.codePoints().limit(Math.max(0, room)).collect(StringBuilder::new,
                    StringBuilder::appendCodePoint, StringBuilder::append) + ":" + id;
        }
        return id;
    }

    private OffsetDateTime timestamp(SplittableRandom random) {
        if (hostile(random)) {
            return HostileValues.TIMESTAMPS.get(random.nextInt(HostileValues.TIMESTAMPS.size()));
        }
        long micros = random.nextLong(0, 365L * 24 * 3600 * 1_000_000);
        return OffsetDateTime.ofInstant(java.time.Instant.ofEpochSecond(BASE_EPOCH_SECOND)
                .plusNanos(micros * 1000), ZoneOffset.UTC);
    }

    private Double float8(SplittableRandom random, boolean nullable) {
        if (hostile(random)) {
            int pick = random.nextInt(HostileValues.DOUBLES.size() + (nullable ? 1 : 0));
            return pick == HostileValues.DOUBLES.size() ? null : HostileValues.DOUBLES.get(pick);
        }
        return random.nextDouble(-1000, 1000);
    }

    private Integer int4(SplittableRandom random, int from, int to) {
        if (hostile(random)) {
            return HostileValues.INTS.get(random.nextInt(HostileValues.INTS.size()));
        }
        return random.nextInt(from, to);
    }

    private float[] embedding(SplittableRandom random) {
        float[] v = new float[TableShape.EMBEDDING_DIMENSIONS];
        boolean hostile = hostile(random);
        for (int i = 0; i < v.length; i++) {
            v[i] = hostile && i < HostileValues.FLOATS.size() ? HostileValues.FLOATS.get(i) : (float) random.nextGaussian();
        }
        return v;
    }
}
