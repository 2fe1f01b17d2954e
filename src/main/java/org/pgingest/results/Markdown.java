package org.pgingest.results;

/**
 * Text from a result (a param value, a benchmark or file name) in the Markdown the gate and the report write,
 * shown as written by GitHub's renderer (cmark-gfm, with its table extension). The one home of these rules: the
 * gate's verdict and the report both call it.
 * <p>
 * The rules, from cmark-gfm's table extension ({@code extensions/table.c}, {@code ext_scanners.re}): a row is
 * split at every {@code |} not escaped by a backslash (a backslash escapes any ASCII punctuation, itself included);
 * then every {@code \|} in a cell becomes {@code |}, whatever precedes it; then the cell is parsed as inline
 * CommonMark, where a backslash before punctuation is an escape and raw HTML is passed through. So a backslash is
 * doubled, a pipe escaped, the characters of inline markup escaped, and {@code <}, {@code >}, {@code &} written as
 * entities (a value {@code </details>} would otherwise close the folded table around it, {@code <img ...>} render
 * in a pull-request comment). Data {@code a\|b} is written {@code a\\\|b} and shown {@code a\|b}.
 */
public final class Markdown {
    private Markdown() {
    }

    /** Text for a table cell, a list item or a sentence: shown as written, on one line. */
    public static String text(String text) {
        StringBuilder md = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '<' -> md.append("&lt;");
                case '>' -> md.append("&gt;");
                case '&' -> md.append("&amp;");
                // inline markup (code, emphasis, links, strikethrough), the escape character and the cell delimiter
                case '\\', '|', '`', '*', '[', ']', '~' -> md.append('\\').append(ch);
                // between letters or digits (COPY_BINARY) an underscore can neither open nor close emphasis
                case '_' -> md.append(intraword(text, i) ? "_" : "\\_");
                case '\r', '\n' -> md.append(' ');
                default -> md.append(ch);
            }
        }
        return md.toString();
    }

    private static boolean intraword(String text, int i) {
        return i > 0 && i < text.length() - 1 && Character.isLetterOrDigit(text.charAt(i - 1))
                && Character.isLetterOrDigit(text.charAt(i + 1));
    }

    /**
     * Text as inline code: fenced by one more backtick than its longest run of backticks, so none ends the span,
     * padded with a space where it begins or ends with a backtick. Outside tables only: cmark-gfm splits a row at a
     * pipe even inside a code span.
     */
    public static String code(String text) {
        String oneLine = text.replaceAll("\\R", " ");
        int longest = 0;
        int run = 0;
        for (int i = 0; i < oneLine.length(); i++) {
            run = oneLine.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        String fence = "`".repeat(longest + 1);
        String pad = oneLine.startsWith("`") || oneLine.endsWith("`") ? " " : "";
        return fence + pad + oneLine + pad + fence;
    }
}
