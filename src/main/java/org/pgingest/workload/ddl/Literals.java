package org.pgingest.workload.ddl;

/** A string literal's text as PostgreSQL reads it, for the escaping forms whose text differs from what is written. */
final class Literals {
    private Literals() {
    }

    /** E'...': backslash escapes (newline, tab, backslash, quote, octal, hex, 4- and 8-digit Unicode) and a doubled quote. */
    static String escapeString(String written) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < written.length()) {
            char c = written.charAt(i);
            if (c == '\'' && i + 1 < written.length() && written.charAt(i + 1) == '\'') {
                out.append('\'');
                i += 2;
            } else if (c != '\\' || i + 1 == written.length()) {
                out.append(c);
                i++;
            } else {
                char e = written.charAt(i + 1);
                i += 2;
                switch (e) {
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'x' -> i = code(written, i, 2, 16, out);
                    case 'u' -> i = code(written, i, 4, 16, out);
                    case 'U' -> i = code(written, i, 8, 16, out);
                    default -> {
                        if (e >= '0' && e <= '7') {
                            i = code(written, i - 1, 3, 8, out);
                        } else {
                            out.append(e);
                        }
                    }
                }
            }
        }
        return out.toString();
    }

    /** U&'...' with the default escape (a backslash before 4 hex digits, or before + and 6), and a doubled quote. */
    static String unicodeString(String written) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < written.length()) {
            char c = written.charAt(i);
            if (c == '\'' && i + 1 < written.length() && written.charAt(i + 1) == '\'') {
                out.append('\'');
                i += 2;
            } else if (c == '\\' && i + 1 < written.length() && written.charAt(i + 1) == '\\') {
                out.append('\\');
                i += 2;
            } else if (c == '\\' && i + 1 < written.length() && written.charAt(i + 1) == '+') {
                i = code(written, i + 2, 6, 16, out);
            } else if (c == '\\') {
                i = code(written, i + 1, 4, 16, out);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** Up to {@code most} digits of {@code radix} from {@code at}, appended as one code point; where reading ended. */
    private static int code(String written, int at, int most, int radix, StringBuilder out) {
        int end = at;
        while (end < written.length() && end - at < most && Character.digit(written.charAt(end), radix) >= 0) {
            end++;
        }
        if (end == at) {
            return at;
        }
        int cp = Integer.parseInt(written.substring(at, end), radix);
        if (Character.isValidCodePoint(cp)) {
            out.appendCodePoint(cp);
        }
        return end;
    }
}
