package org.pgingest.workload.types;


import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * tsvector: Java {@link PgTsvector}. {@link #checked} gives the stored form, as tsvectorin makes it: lexemes sorted
 * by their bytes and merged when repeated, positions sorted and merged (the higher weight kept); it refuses what
 * the server refuses (an empty lexeme, one over 2046 bytes, positions outside 1-16383, more than 256 positions).
 * The binary receive function sorts lexemes but does not merge them, so only the checked form may be sent.
 * Text: each lexeme single-quoted (quotes and backslashes doubled) with ":position[weight],...". Binary
 * (tsvectorsend): int32 lexeme count, then per lexeme its UTF-8 bytes and a zero byte, uint16 position count,
 * per position uint16 (weight << 14 | position), weights A=3 ... D=0.
 */
final class TsvectorCodec extends BaseCodec {
    /** MAXSTRLEN is 2047, and a lexeme must be shorter ("word is too long (2047 bytes, max 2046 bytes)"). */
    private static final int MAX_LEXEME_BYTES = 2046;
    private static final int MAX_POSITION = 16383;
    private static final String SYNTAX_ERROR = "42601";
    private static final String PROGRAM_LIMIT_EXCEEDED = "54000";
    private static final int MAX_POSITIONS = 256;
    private static final String[] WORDS = {"postgr", "copi", "bulk", "load", "index", "vacuum", "wal", "checkpoint",
            "tupl", "page", "buffer", "fsync", "commit", "replic"};

    TsvectorCodec(String sqlType) {
        super(sqlType, PgTsvector.class);
    }

    @Override
    Object checkedValue(Object value) {
        PgTsvector v = (PgTsvector) value;
        TreeMap<byte[], TreeMap<Integer, Character>> merged = new TreeMap<>(Arrays::compareUnsigned);
        for (PgTsvector.Lexeme lexeme : v.lexemes()) {
            byte[] utf8 = Texts.checkScalarValues(lexeme.word()).getBytes(StandardCharsets.UTF_8);
            if (utf8.length == 0) {
                throw outOfRange(SYNTAX_ERROR, "an empty lexeme");
            }
            if (utf8.length > MAX_LEXEME_BYTES) {
                throw outOfRange(PROGRAM_LIMIT_EXCEEDED, "word is too long (" + utf8.length + " bytes, max 2046 bytes)");
            }
            TreeMap<Integer, Character> positions = merged.computeIfAbsent(utf8, k -> new TreeMap<>());
            for (PgTsvector.Position p : lexeme.positions()) {
                if (p.position() < 1 || "ABCD".indexOf(p.weight()) < 0) {
                    throw outOfRange(SYNTAX_ERROR, "wrong position info in tsvector: " + p.position() + p.weight()
                            + " of '" + lexeme.word() + "'");
                }
                // positions beyond the largest are read as the largest; A sorts before D but weighs more: the
                // heavier weight of a position given twice is kept, as uniquePos does
                positions.merge(Math.min(p.position(), MAX_POSITION), p.weight(), (a, b) -> a < b ? a : b);
            }
            while (positions.size() > MAX_POSITIONS) {
                positions.pollLastEntry(); // tsvectorin keeps the first 256 positions
            }
        }
        List<PgTsvector.Lexeme> lexemes = new ArrayList<>(merged.size());
        merged.forEach((utf8, positions) -> {
            List<PgTsvector.Position> list = new ArrayList<>(positions.size());
            positions.forEach((position, weight) -> list.add(new PgTsvector.Position(position, weight)));
            lexemes.add(new PgTsvector.Lexeme(new String(utf8, StandardCharsets.UTF_8), list));
        });
        PgTsvector stored = new PgTsvector(lexemes);
        return stored.equals(v) ? v : stored;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        boolean first = true;
        for (PgTsvector.Lexeme lexeme : ((PgTsvector) value).lexemes()) {
            if (!first) {
                out.append(' ');
            }
            first = false;
            out.append('\'');
            String word = lexeme.word();
            for (int i = 0; i < word.length(); i++) {
                char c = word.charAt(i);
                if (c == '\'' || c == '\\') {
                    out.append(c);
                }
                out.append(c);
            }
            out.append('\'');
            for (int i = 0; i < lexeme.positions().size(); i++) {
                PgTsvector.Position p = lexeme.positions().get(i);
                out.append(i == 0 ? ':' : ',').append(p.position());
                if (p.weight() != 'D') {
                    out.append(p.weight());
                }
            }
        }
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        int mark = out.reserveLength();
        List<PgTsvector.Lexeme> lexemes = ((PgTsvector) value).lexemes();
        out.writeInt(lexemes.size());
        for (PgTsvector.Lexeme lexeme : lexemes) {
            out.write(lexeme.word().getBytes(StandardCharsets.UTF_8));
            out.writeByte(0);
            out.writeShort(lexeme.positions().size());
            for (PgTsvector.Position p : lexeme.positions()) {
                out.writeShort(('D' - p.weight()) << 14 | p.position());
            }
        }
        out.fillLength(mark);
    }

    /**
     * tsvectorout's form: lexemes single-quoted ('' and \\\\ inside), or bare words, each optionally followed by
     * ":position[weight],...", separated by blanks.
     */
    @Override
    public Object parse(String text) {
        List<PgTsvector.Lexeme> lexemes = new ArrayList<>();
        int i = 0;
        int n = text.length();
        try {
            while (true) {
                while (i < n && text.charAt(i) == ' ') {
                    i++;
                }
                if (i == n) {
                    break;
                }
                StringBuilder word = new StringBuilder();
                if (text.charAt(i) == '\'') {
                    for (i++; ; i++) {
                        char c = text.charAt(i);
                        if (c == '\\') {
                            word.append(text.charAt(++i));
                        } else if (c == '\'') {
                            if (i + 1 < n && text.charAt(i + 1) == '\'') {
                                word.append('\'');
                                i++;
                            } else {
                                i++;
                                break;
                            }
                        } else {
                            word.append(c);
                        }
                    }
                } else {
                    while (i < n && text.charAt(i) != ' ' && text.charAt(i) != ':') {
                        char c = text.charAt(i++);
                        word.append(c == '\\' ? text.charAt(i++) : c);
                    }
                }
                List<PgTsvector.Position> positions = new ArrayList<>();
                if (i < n && text.charAt(i) == ':') {
                    do {
                        int start = ++i;
                        while (i < n && Character.isDigit(text.charAt(i))) {
                            i++;
                        }
                        int position = Integer.parseInt(text, start, i, 10);
                        char weight = i < n && "ABCDabcd".indexOf(text.charAt(i)) >= 0
                                ? Character.toUpperCase(text.charAt(i++)) : 'D';
                        positions.add(new PgTsvector.Position(position, weight));
                    } while (i < n && text.charAt(i) == ',');
                }
                lexemes.add(new PgTsvector.Lexeme(word.toString(), positions));
            }
        } catch (RuntimeException e) {
            throw notText(text);
        }
        return new PgTsvector(lexemes);
    }

    /** A few stemmed words, most with positions and some with weights. */
    @Override
    public Object generate(SplittableRandom random) {
        List<PgTsvector.Lexeme> lexemes = new ArrayList<>();
        for (int i = 0, n = random.nextInt(1, 8); i < n; i++) {
            List<PgTsvector.Position> positions = new ArrayList<>();
            for (int j = 0, m = random.nextInt(0, 3); j < m; j++) {
                positions.add(new PgTsvector.Position(random.nextInt(1, 200), "ABCD".charAt(random.nextInt(4))));
            }
            lexemes.add(new PgTsvector.Lexeme(WORDS[random.nextInt(WORDS.length)], positions));
        }
        return checkedValue(new PgTsvector(lexemes));
    }

    @Override
    public Optional<Object> distinct(long n) {
        return Optional.of(new PgTsvector(List.of(new PgTsvector.Lexeme("w" + n, List.of()))));
    }

    @Override
    public List<Object> hostileValues() {
        List<PgTsvector.Position> many = new ArrayList<>();
        for (int i = 1; i <= MAX_POSITIONS; i++) {
            many.add(new PgTsvector.Position(i * 60, 'B'));
        }
        return List.of(
                new PgTsvector(List.of()),
                new PgTsvector(List.of(new PgTsvector.Lexeme("it's", List.of()), new PgTsvector.Lexeme("back\\slash",
                        List.of(new PgTsvector.Position(1, 'A'))))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("tab\there new\nline", List.of(new PgTsvector.Position(MAX_POSITION, 'C'))),
                        new PgTsvector.Lexeme(":colon, comma", List.of()))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("\u00e9t\u00e9", List.of()), new PgTsvector.Lexeme("\uD83D\uDE00", List.of()),
                        new PgTsvector.Lexeme("z", List.of()), new PgTsvector.Lexeme("\u4e2d", List.of()))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("dup", List.of(new PgTsvector.Position(3, 'D'))),
                        new PgTsvector.Lexeme("dup", List.of(new PgTsvector.Position(3, 'A'), new PgTsvector.Position(1, 'D'))))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("many", many))),
                // read as 16383 with the heavier weight; of 300 positions the first 256 are kept
                new PgTsvector(List.of(new PgTsvector.Lexeme("clamped", List.of(new PgTsvector.Position(20_000, 'B'),
                        new PgTsvector.Position(MAX_POSITION, 'D'))))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("cut", java.util.stream.IntStream.rangeClosed(1, 300)
                        .mapToObj(i -> new PgTsvector.Position(301 - i, 'D')).toList()))),
                new PgTsvector(List.of(new PgTsvector.Lexeme("x".repeat(MAX_LEXEME_BYTES), List.of()))));
    }
}
