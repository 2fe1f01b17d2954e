package org.pgingest.workload.types;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * json and jsonb: Java String holding the JSON text. json stores the text as it is; jsonb parses it (keys sorted
 * and deduplicated, numbers as numeric, whitespace dropped), which the server does on every path alike.
 * {@link #checked} refuses what the server refuses: text that is not one JSON value (RFC 8259, as PostgreSQL's
 * parser reads it), and for jsonb also {@code \u0000} and unpaired surrogate escapes (they cannot become text)
 * and numbers beyond numeric's range. Binary: json's send form is its text; jsonb's a version byte 1, then the
 * text (jsonb_send, PostgreSQL 9.4-18).
 */
final class JsonCodec extends TextValuedCodec {
    /** No limits of Jackson's own: PostgreSQL's are those of text and numeric, checked here. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNumberLength(Integer.MAX_VALUE)
                    .maxStringLength(Integer.MAX_VALUE).maxNestingDepth(Integer.MAX_VALUE).build())
            .build();
    private static final int JSONB_VERSION = 1;
    /** Characters of a JSON number without exponent that numeric always holds (its 16,383 digits after the point). */
    private static final int PLAIN_NUMBER_DIGITS = 16_383;
    private static final String UNTRANSLATABLE_CHARACTER = "22P05";

    private final boolean binaryJson;

    private JsonCodec(String sqlType, boolean binaryJson) {
        super(sqlType);
        this.binaryJson = binaryJson;
    }

    static JsonCodec json(String sqlType) {
        return new JsonCodec(sqlType, false);
    }

    static JsonCodec jsonb(String sqlType) {
        return new JsonCodec(sqlType, true);
    }

    /**
     * Loaders check every value they are given unchecked (RowCheck), so this may run once per JSON value loaded and
     * should not cost more than the encoding: strings are decoded (an allocation each) only where the text has a
     * backslash-u escape, the only way a decoded string can hold U+0000 or an unpaired surrogate (the text itself is
     * valid UTF-16, checked first, and a raw control character is a syntax error); numbers are read as BigDecimal
     * only where they could be beyond numeric's range (an exponent, or more digits than {@link #PLAIN_NUMBER_DIGITS}).
     */
    @Override
    Object checkedValue(Object value) {
        String text = Texts.checkScalarValues((String) value);
        boolean escapes = binaryJson && text.contains("\\u");
        try (JsonParser parser = JSON.createParser(text)) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw invalid("no JSON value");
            }
            for (int depth = 0; ; token = parser.nextToken()) {
                if (escapes && (token == JsonToken.VALUE_STRING || token == JsonToken.FIELD_NAME)) {
                    checkJsonbString(parser.getText());
                } else if (binaryJson && token.isNumeric() && !plainNumber(parser)) {
                    NumericCodec.checkUnconstrained(new BigDecimal(parser.getText()), sqlType());
                }
                depth += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            if (parser.nextToken() != null) {
                throw invalid("more than one JSON value");
            }
        } catch (IOException e) {
            throw invalid(e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage());
        }
        return text;
    }

    /**
     * The current number token has no exponent and at most {@value #PLAIN_NUMBER_DIGITS} characters, so numeric
     * holds it (131,072 digits before the point, 16,383 after: PostgreSQL 9.4-18). Read from Jackson's own buffer.
     */
    private static boolean plainNumber(JsonParser parser) throws IOException {
        int length = parser.getTextLength();
        if (length > PLAIN_NUMBER_DIGITS) {
            return false;
        }
        char[] chars = parser.getTextCharacters();
        for (int i = parser.getTextOffset(), end = i + length; i < end; i++) {
            if (chars[i] == 'e' || chars[i] == 'E') {
                return false;
            }
        }
        return true;
    }

    /** jsonb's strings become text: no U+0000 (untranslatable_character) and no unpaired surrogate (a syntax error). */
    private void checkJsonbString(String s) {
        try {
            Texts.checkScalarValues(s);
        } catch (ValueRejectedException e) {
            throw new ValueRejectedException(s.indexOf(0) >= 0 ? UNTRANSLATABLE_CHARACTER : ValueRejectedException.INVALID_TEXT,
                    sqlType() + ": a string escape jsonb cannot store (\\u0000 or an unpaired surrogate): " + e.getMessage());
        }
    }

    private ValueRejectedException invalid(String why) {
        return new ValueRejectedException(ValueRejectedException.INVALID_TEXT, "invalid input syntax for type "
                + sqlType() + ": " + why);
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        if (!binaryJson) {
            out.writeLengthPrefixedUtf8((String) value);
            return;
        }
        int length = out.reserveLength();
        out.writeByte(JSONB_VERSION);
        out.writeUtf8((String) value);
        out.fillLength(length);
    }

    private static final String[] STATUSES = {"new", "paid", "shipped", "returned"};

    /** An order-like document: numbers, an exact decimal, a boolean, a null, an array, a nested object. */
    @Override
    public Object generate(SplittableRandom random) {
        StringBuilder out = new StringBuilder(160);
        out.append("{\"id\": ").append(random.nextLong(1, 1L << 40))
                .append(", \"status\": \"").append(STATUSES[random.nextInt(STATUSES.length)])
                .append("\", \"total\": ").append(random.nextInt(0, 100_000)).append('.')
                .append(random.nextInt(10)).append(random.nextInt(10))
                .append(", \"gift\": ").append(random.nextBoolean())
                .append(", \"coupon\": null, \"items\": [");
        for (int i = 0, n = random.nextInt(0, 4); i < n; i++) {
            out.append(i > 0 ? ", " : "").append("{\"sku\": \"").append(Texts.words(random, 12))
                    .append("\", \"qty\": ").append(random.nextInt(1, 10)).append('}');
        }
        return out.append("], \"address\": {\"city\": \"").append(Texts.words(random, 20)).append("\"}}").toString();
    }

    @Override
    public Optional<Object> distinct(long n) {
        return Optional.of("{\"n\": " + n + "}");
    }

    @Override
    public List<Object> hostileValues() {
        List<Object> values = new ArrayList<>(List.of(
                "{}", "[]", "null", "true", "\"\"", "0", "-0", "1e308", "-1.5E-300", "0.10",
                "123456789012345678901234567890.123456789012345678901234567890",
                "  {\"spaced\" :  [ 1 , 2 ]  }  ",
                "{\"b\": 1, \"a\": 2, \"b\": 3}",
                "{\"tab\\t\": \"new\\nline\", \"quote\\\"\": \"back\\\\slash\", \"slash\": \"\\/\"}",
                "\"\\\\N\"",
                "\"\\\\.\"",
                "\"\\u00e9\\u4e2d \u00e9\u4e2d \uD83D\uDE00 \\ud83d\\ude00\"",
                "{\"\\u0001\": \"\\u001f\", \"NULL\": null}",
                "[" + "[".repeat(200) + "]".repeat(200) + "]",
                "{\"big\": " + "9".repeat(1000) + "}"));
        if (!binaryJson) {
            // json keeps its text: escapes jsonb refuses are stored as written
            values.add("\"\\u0000\"");
            values.add("\"\\ud800\"");
            values.add("1e1000000");
        }
        return values;
    }
}
