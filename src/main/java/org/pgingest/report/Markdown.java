package org.pgingest.report;

/** Text inside a Markdown table cell or list item, shown as written. */
final class Markdown {
    private Markdown() {
    }

    /**
     * Pipes escaped (they would end the cell), {@code <}, {@code >} and {@code &} as entities (a param value such as
     * {@code </details>} would otherwise close an element of the page around the table), line breaks as spaces.
     */
    static String cell(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            switch (ch) {
                case '|' -> sb.append("\\|");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '\n', '\r' -> sb.append(' ');
                default -> sb.append(ch);
            }
        }
        return sb.toString();
    }
}
