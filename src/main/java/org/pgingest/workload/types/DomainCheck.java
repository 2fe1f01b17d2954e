package org.pgingest.workload.types;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * A domain's CHECK constraint as {@code pg_get_constraintdef} prints it, read into the few forms domains mostly
 * use: comparisons of VALUE (or its length) with a constant, AND, OR, IN lists ({@code = ANY (ARRAY[...])}),
 * {@code IS NOT NULL}, and regular expressions ({@code ~}, {@code ~*}, {@code !~}). Anything else is kept as
 * {@link Unknown}: it evaluates to "don't know", so the server, not this class, decides such values.
 *
 * <p>Evaluation answers TRUE, FALSE or null (don't know): a value is refused only on FALSE and generated only on
 * TRUE. Numbers compare exactly (BigDecimal); text only for equality (ordering depends on the collation); dates
 * and timestamps by ISO literals.
 */
sealed interface DomainCheck {
    /** TRUE, FALSE, or null when this class cannot tell for this value. */
    Boolean test(Object value);

    record And(List<DomainCheck> parts) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            boolean unknown = false;
            for (DomainCheck part : parts) {
                Boolean r = part.test(value);
                if (Boolean.FALSE.equals(r)) {
                    return false;
                }
                unknown |= r == null;
            }
            return unknown ? null : true;
        }
    }

    record Or(List<DomainCheck> parts) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            boolean unknown = false;
            for (DomainCheck part : parts) {
                Boolean r = part.test(value);
                if (Boolean.TRUE.equals(r)) {
                    return true;
                }
                unknown |= r == null;
            }
            return unknown ? null : false;
        }
    }

    /** VALUE (or a length of it) compared with a constant: op is one of = <> < <= > >=. */
    record Compare(boolean length, String op, String constant) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            Integer order;
            if (length) {
                order = value instanceof String s ? compareNumbers(BigDecimal.valueOf(Texts.codePoints(s)), constant) : null;
            } else {
                order = compareValue(value, constant, op.equals("=") || op.equals("<>"));
            }
            if (order == null) {
                return null;
            }
            return switch (op) {
                case "=" -> order == 0;
                case "<>" -> order != 0;
                case "<" -> order < 0;
                case "<=" -> order <= 0;
                case ">" -> order > 0;
                case ">=" -> order >= 0;
                default -> null;
            };
        }
    }

    /** VALUE = ANY (ARRAY[constants]): an IN list. */
    record In(List<String> constants) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            boolean unknown = false;
            for (String c : constants) {
                Integer order = compareValue(value, c, true);
                if (order == null) {
                    unknown = true;
                } else if (order == 0) {
                    return true;
                }
            }
            return unknown ? null : false;
        }
    }

    /** VALUE IS NOT NULL: a domain's codec only sees non-null values. */
    record NotNull() implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            return true;
        }
    }

    /** VALUE ~ 'pattern' (or ~*, !~, !~*): POSIX-class patterns ([[:alpha:]]) are left to the server. */
    record Regex(Pattern pattern, boolean negated) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            return value instanceof String s ? pattern.matcher(s).find() != negated : null;
        }
    }

    record Unknown(String text) implements DomainCheck {
        @Override
        public Boolean test(Object value) {
            return null;
        }
    }

    /**
     * The order of a value against a constant's text, or null when it cannot be told here: numbers exactly, text
     * for equality only, dates and timestamps.
     */
    private static Integer compareValue(Object value, String constant, boolean equalityOnly) {
        if (value instanceof String s) {
            return equalityOnly ? (s.equals(constant) ? 0 : 1) : null;
        }
        Optional<BigDecimal> number = asNumber(value);
        if (number.isPresent()) {
            return compareNumbers(number.get(), constant);
        }
        try {
            if (value instanceof LocalDate d && !DateCodec.isInfinite(d)) {
                return d.compareTo(LocalDate.parse(constant));
            }
            if (value instanceof LocalDateTime t && !t.equals(LocalDateTime.MAX) && !t.equals(LocalDateTime.MIN)) {
                return t.compareTo(LocalDateTime.parse(constant.replace(' ', 'T')));
            }
        } catch (DateTimeParseException e) {
            return null;
        }
        return null;
    }

    private static Integer compareNumbers(BigDecimal v, String constant) {
        try {
            return v.compareTo(new BigDecimal(constant));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A finite number as BigDecimal; empty for NaN, infinities and non-numbers. */
    static Optional<BigDecimal> asNumber(Object value) {
        if (value instanceof BigDecimal d) {
            return Optional.of(d);
        }
        if (value instanceof Short || value instanceof Integer || value instanceof Long) {
            return Optional.of(BigDecimal.valueOf(((Number) value).longValue()));
        }
        if ((value instanceof Double || value instanceof Float) && Double.isFinite(((Number) value).doubleValue())) {
            return Optional.of(new BigDecimal(((Number) value).toString()));
        }
        return Optional.empty();
    }

    /**
     * {@code (VALUE)::integer}: pg_get_constraintdef casts VALUE to the base type where a domain is over another
     * domain ({@code CREATE DOMAIN small_positive AS positive CHECK (VALUE < 1000)} prints
     * {@code CHECK (((VALUE)::integer < 1000))}). A domain's value is its base type's, so the cast is read as VALUE;
     * were it a cast to another type, a value this check wrongly passes is still refused by the server at the
     * sample insert, which names the constraint.
     */
    java.util.regex.Pattern VALUE_CAST = java.util.regex.Pattern.compile(
            "\\(VALUE\\)::(?:\"[^\"]+\"|[\\w.]+)(?: (?:varying|precision|with time zone|without time zone))?(?:\\(\\d+(?:,\\d+)?\\))?");

    /** Reads "CHECK (expr)" as pg_get_constraintdef prints it. */
    static DomainCheck parse(String definition) {
        String text = VALUE_CAST.matcher(definition.trim()).replaceAll("VALUE");
        if (!text.startsWith("CHECK ")) {
            return new Unknown(definition);
        }
        try {
            Parser parser = new Parser(text.substring(6));
            DomainCheck check = parser.expression();
            return parser.atEnd() ? check : new Unknown(definition);
        } catch (IllegalArgumentException e) {
            return new Unknown(definition);
        }
    }

    /** Recursive descent over pg_get_constraintdef's output (which parenthesizes every subexpression). */
    final class Parser {
        private final String s;
        private int at;

        Parser(String s) {
            this.s = s;
        }

        boolean atEnd() {
            skipSpaces();
            return at == s.length();
        }

        DomainCheck expression() {
            List<DomainCheck> ors = new ArrayList<>(List.of(conjunction()));
            while (keyword("OR")) {
                ors.add(conjunction());
            }
            return ors.size() == 1 ? ors.get(0) : new Or(ors);
        }

        private DomainCheck conjunction() {
            List<DomainCheck> ands = new ArrayList<>(List.of(primary()));
            while (keyword("AND")) {
                ands.add(primary());
            }
            return ands.size() == 1 ? ands.get(0) : new And(ands);
        }

        private DomainCheck primary() {
            skipSpaces();
            if (peek('(') && !s.startsWith("(VALUE)", at)) {
                at++;
                DomainCheck inner = expression();
                expect(')');
                return inner;
            }
            boolean length = operandIsLength();
            skipSpaces();
            if (keyword("IS NOT NULL")) {
                return new NotNull();
            }
            for (String op : new String[] {"!~*", "!~", "~*", "~", "<>", "<=", ">=", "=", "<", ">"}) {
                if (s.startsWith(op, at)) {
                    at += op.length();
                    skipSpaces();
                    if (op.contains("~")) {
                        String pattern = constant();
                        if (pattern.contains("[[:") || length) {
                            return new Unknown(pattern);
                        }
                        try {
                            int flags = op.contains("*") ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0;
                            return new Regex(Pattern.compile(pattern, flags), op.startsWith("!"));
                        } catch (PatternSyntaxException e) {
                            return new Unknown(pattern);
                        }
                    }
                    if (op.equals("=") && keyword("ANY")) {
                        return new In(arrayConstants());
                    }
                    return new Compare(length, op, constant());
                }
            }
            throw new IllegalArgumentException("no operator at " + at);
        }

        /** VALUE, (VALUE)::type, or a length function of either; true for a length. */
        private boolean operandIsLength() {
            skipSpaces();
            for (String f : new String[] {"char_length(", "character_length(", "length("}) {
                if (s.startsWith(f, at)) {
                    at += f.length();
                    value();
                    expect(')');
                    return true;
                }
            }
            value();
            return false;
        }

        private void value() {
            skipSpaces();
            if (s.startsWith("(VALUE)", at)) {
                at += 7;
            } else if (s.startsWith("VALUE", at)) {
                at += 5;
            } else {
                throw new IllegalArgumentException("VALUE expected at " + at);
            }
            cast();
        }

        /** A constant: 'text'::type, (123)::type, '-3'::integer, 0.5, -5. */
        private String constant() {
            skipSpaces();
            String result;
            if (peek('(')) {
                at++;
                result = constant();
                expect(')');
            } else if (peek('\'')) {
                StringBuilder out = new StringBuilder();
                at++;
                while (true) {
                    if (at >= s.length()) {
                        throw new IllegalArgumentException("unterminated string");
                    }
                    char c = s.charAt(at++);
                    if (c == '\'') {
                        if (peek('\'')) {
                            out.append('\'');
                            at++;
                            continue;
                        }
                        break;
                    }
                    out.append(c);
                }
                result = out.toString();
            } else {
                int start = at;
                while (at < s.length() && "-+.0123456789eE".indexOf(s.charAt(at)) >= 0) {
                    at++;
                }
                if (start == at) {
                    throw new IllegalArgumentException("constant expected at " + at);
                }
                result = s.substring(start, at);
            }
            cast();
            return result;
        }

        /** ARRAY['a'::text, ...] or (ARRAY[...])::text[], after "= ANY". */
        private List<String> arrayConstants() {
            expect('(');
            skipSpaces();
            boolean wrapped = peek('(');
            if (wrapped) {
                at++;
            }
            skipSpaces();
            if (!s.startsWith("ARRAY[", at)) {
                throw new IllegalArgumentException("ARRAY expected at " + at);
            }
            at += 6;
            List<String> constants = new ArrayList<>();
            do {
                constants.add(constant());
                skipSpaces();
            } while (peek(',') && at++ >= 0);
            expect(']');
            if (wrapped) {
                expect(')');
            }
            cast();
            expect(')');
            return constants;
        }

        /** Skips "::type" casts, type names with spaces, parentheses and [] included. */
        private void cast() {
            skipSpaces();
            while (s.startsWith("::", at)) {
                at += 2;
                int depth = 0;
                while (at < s.length()) {
                    char c = s.charAt(at);
                    if (c == '(') {
                        depth++;
                    } else if (c == ')') {
                        if (depth == 0) {
                            break;
                        }
                        depth--;
                    } else if (depth == 0 && (c == ',' || c == ']' || (c == ' ' && !continuesTypeName()))) {
                        break;
                    }
                    at++;
                }
                skipSpaces();
            }
        }

        /** After a space inside a type name: "character varying", "time with time zone", "double precision". */
        private boolean continuesTypeName() {
            for (String word : new String[] {" varying", " with ", " without ", " time", " zone", " precision"}) {
                if (s.startsWith(word, at)) {
                    return true;
                }
            }
            return false;
        }

        private boolean keyword(String word) {
            skipSpaces();
            if (s.startsWith(word, at) && (at + word.length() == s.length() || !Character.isLetter(s.charAt(at + word.length())))) {
                at += word.length();
                return true;
            }
            return false;
        }

        private boolean peek(char c) {
            return at < s.length() && s.charAt(at) == c;
        }

        private void expect(char c) {
            skipSpaces();
            if (!peek(c)) {
                throw new IllegalArgumentException("'" + c + "' expected at " + at);
            }
            at++;
        }

        private void skipSpaces() {
            while (at < s.length() && s.charAt(at) == ' ') {
                at++;
            }
        }
    }
}
