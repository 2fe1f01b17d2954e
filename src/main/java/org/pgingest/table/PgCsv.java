package org.pgingest.table;

import java.util.ArrayList;
import java.util.List;

/**
 * CSV as PostgreSQL's {@code COPY ... FROM ... (FORMAT csv)} reads it with its defaults (delimiter comma, quote and
 * escape {@code "}, NULL an unquoted empty field): the records of a text, each a list of fields, null for NULL.
 * Written here because PostgreSQL's rules are not RFC 4180's, and no CSV library reads them: a quote anywhere in a
 * field opens a quoted part ({@code ab""c} is {@code abc}, {@code "abc"def} is {@code abcdef}), spaces around quotes are
 * data ({@code  "x" } is {@code " x "}), and a quote never closed is an error, not a literal (copyfromparse.c's
 * CopyReadAttributesCSV, the same in PostgreSQL 14 to 18). Records end at an unquoted {@code \n}, {@code \r\n} or
 * {@code \r}, whichever ends the first line; another line end outside quotes is refused, as COPY refuses it.
 */
final class PgCsv {
    private static final char QUOTE = '"';
    private static final char DELIMITER = ',';

    private final String text;
    private int at;
    private int line = 1;
    /** The first line's end, which every line shares: COPY refuses another unquoted. */
    private String lineEnd;

    private PgCsv(String text) {
        this.text = text;
    }

    /** A record that could not be read: its line (from 1) and why, in one line. */
    static final class Malformed extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        Malformed(int line, String why) {
            super("line " + line + ": " + why);
        }
    }

    /** Every record of {@code text}, with the physical line each starts on; at most {@code limit} records. */
    static List<Record> records(String text, int limit) {
        PgCsv csv = new PgCsv(text);
        List<Record> records = new ArrayList<>();
        while (csv.at < text.length() && records.size() < limit) {
            records.add(csv.record());
        }
        return records;
    }

    /** One record's fields (null for NULL) and the line it starts on. */
    record Record(int line, List<String> fields) {
    }

    private Record record() {
        int first = line;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean sawQuote = false;
        while (true) {
            if (at == text.length()) {
                if (quoted) {
                    throw new Malformed(first, "unterminated CSV quoted field");
                }
                break;
            }
            char c = text.charAt(at++);
            if (quoted) {
                if (c == QUOTE && at < text.length() && text.charAt(at) == QUOTE) {
                    field.append(QUOTE);
                    at++;
                } else if (c == QUOTE) {
                    quoted = false;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    field.append(c);
                }
                continue;
            }
            if (c == QUOTE) {
                quoted = true;
                sawQuote = true;
            } else if (c == DELIMITER) {
                fields.add(value(field, sawQuote));
                field.setLength(0);
                sawQuote = false;
            } else if (c == '\n' || c == '\r') {
                String end = c == '\r' && at < text.length() && text.charAt(at) == '\n' ? "\r\n" : String.valueOf(c);
                if (lineEnd == null) {
                    lineEnd = end;
                } else if (!lineEnd.equals(end)) {
                    throw new Malformed(line, "unquoted " + (c == '\r' ? "carriage return" : "newline") + " found in "
                            + "data: the first line ends with " + name(lineEnd) + ", this one with " + name(end)
                            + "; quote the field or end every line alike");
                }
                at += end.length() - 1;
                line++;
                break;
            } else {
                field.append(c);
            }
        }
        fields.add(value(field, sawQuote));
        return new Record(first, fields);
    }

    private static String name(String lineEnd) {
        return switch (lineEnd) {
            case "\n" -> "\\n";
            case "\r" -> "\\r";
            default -> "\\r\\n";
        };
    }

    /** An unquoted empty field is NULL; a quoted one, or any other, its text. */
    private static String value(StringBuilder field, boolean sawQuote) {
        return field.isEmpty() && !sawQuote ? null : field.toString();
    }
}
