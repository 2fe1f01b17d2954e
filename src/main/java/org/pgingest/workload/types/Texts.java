package org.pgingest.workload.types;


import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Rules and values every text-like codec shares. */
public final class Texts {
    /**
     * Text that breaks naive encoders: every character COPY text and CSV treat specially, the end-of-data marker,
     * array and record punctuation, 4-byte UTF-8, controls, the empty string beside NULL.
     */
    static final List<String> HOSTILE = List.of(
            "tab\there",
            "new\nline",
            "carriage\rreturn",
            "crlf\r\nend",
            "back\\slash",
            "\\N",
            "\\.",
            "\n\\.\n",
            "single'quote",
            "double\"quote",
            "comma,separated",
            "{braces,\"and\"}",
            "(parens,[brackets])",
            "NULL",
            "",
            " padded ",
            "emoji \uD83D\uDE00 clef \uD834\uDD1E",
            "\u00e9\u00e8\u00ea \u4e2d\u6587 \u0416",
            "\u0001\u001f\u007f controls",
            "\\\\double backslash\\\\");

    private static final String[] WORDS = {"order", "shipped", "customer", "invoice", "Z\u00fcrich", "pending",
            "refund", "item", "total", "note", "priority", "status", "\u6771\u4eac", "delivered", "returned", "paid"};

    private Texts() {
    }

    /**
     * {@code text} in double quotes with each {@code "} and {@code \} escaped by a backslash: an element of an array's,
     * a range's, a record's or an hstore's text form, whatever it holds (commas, braces, spaces, the word NULL).
     */
    public static void appendQuoted(StringBuilder out, CharSequence text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }

    /**
     * Rejects a lone surrogate (not Unicode: UTF-8 encoders would write '?') and U+0000 (PostgreSQL text cannot
     * hold it); returns the string.
     */
    static String checkScalarValues(String s) {
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c != 0 && !Character.isSurrogate(c)) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
                continue;
            }
            throw new ValueRejectedException(ValueRejectedException.NOT_IN_REPERTOIRE, c == 0
                    ? "text holds U+0000 at char " + i + ", which PostgreSQL text cannot store"
                    : String.format("text holds a lone surrogate U+%04X at char %d, which is not Unicode text", (int) c, i));
        }
        return s;
    }

    /** Words separated by spaces, at most {@code maxChars} code points (ASCII and a few non-ASCII letters). */
    static String words(SplittableRandom random, int maxChars) {
        StringBuilder out = new StringBuilder();
        int target = Math.min(maxChars, random.nextInt(1, 48));
        while (true) {
            String word = WORDS[random.nextInt(WORDS.length)];
            int room = target - codePoints(out) - (out.isEmpty() ? 0 : 1);
            if (room < 1) {
                break;
            }
            if (!out.isEmpty()) {
                out.append(' ');
            }
            out.append(word, 0, Math.min(word.length(), room));
        }
        return out.toString();
    }

    static int codePoints(CharSequence s) {
        return Character.codePointCount(s, 0, s.length());
    }

    /** The first {@code max} code points of {@code s}. */
    static String firstCodePoints(String s, int max) {
        return codePoints(s) <= max ? s : s.substring(0, s.offsetByCodePoints(0, max));
    }

    /** The hostile strings cut to {@code max} code points (without duplicates), for length-limited types. */
    static List<Object> hostileUpTo(int max) {
        List<Object> out = new ArrayList<>();
        for (String s : HOSTILE) {
            String cut = firstCodePoints(s, max);
            if (!out.contains(cut)) {
                out.add(cut);
            }
        }
        return out;
    }
}
