package org.pgingest.workload.ddl;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A file of SQL statements as psql runs it, split into the statements the server receives one at a time: what
 * {@code pg_dump --schema-only} writes (or any file of CREATE statements). A semicolon ends a statement only
 * outside string literals ({@code '...'}, {@code E'...'} with backslash escapes), quoted identifiers, dollar-quoted
 * bodies ({@code $$...$$}, {@code $fn$...$fn$}), comments ({@code --} and nested {@code /* *}{@code /}) and
 * parentheses (a rule's actions). psql's meta-commands, a backslash at the start of a line ({@code &#92;restrict KEY}
 * and {@code &#92;unrestrict KEY} of the 2025 security releases, {@code &#92;connect db}, {@code &#92;set ...}), are psql's
 * own and never reach the server: they are kept apart, as are the data lines of a {@code COPY ... FROM stdin}
 * (a full dump's, up to {@code \.}).
 *
 * @param statements the statements, in order
 * @param skipped    meta-commands and COPY data blocks, one line each, with their line numbers
 */
public record SqlScript(List<Statement> statements, List<String> skipped) {

    /**
     * One statement.
     *
     * @param sql  its text, trimmed, without the closing semicolon
     * @param line the line it starts on (1-based)
     */
    public record Statement(String sql, int line) {
        /** The statement on one line, shortened to about {@code max} characters, for messages. */
        public String summary(int max) {
            String flat = sql.replaceAll("\\s+", " ");
            return flat.length() <= max ? flat : flat.substring(0, max) + "...";
        }
    }

    public SqlScript {
        statements = List.copyOf(statements);
        skipped = List.copyOf(skipped);
    }

    /**
     * The text of a file's bytes: UTF-8 without NUL bytes (pg_dump writes the database's encoding; UTF-8 is the
     * usual one). Anything else is no SQL script: {@link IllegalArgumentException} saying so.
     */
    public static String text(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                throw new IllegalArgumentException("it holds NUL bytes: a binary file, not SQL text");
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("it is not UTF-8 text (" + e.getMessage() + ")");
        }
    }

    /** Splits a script's text. */
    public static SqlScript parse(String text) {
        return new Splitter(text).split();
    }

    /** A character-level scanner that knows where statements may end. */
    private static final class Splitter {
        private final String s;
        private final List<Statement> statements = new ArrayList<>();
        private final List<String> skipped = new ArrayList<>();
        private final StringBuilder current = new StringBuilder();
        private int pos;
        private int line = 1;
        private int startLine = 1;
        private int parens;

        Splitter(String text) {
            this.s = text.startsWith("\uFEFF") ? text.substring(1) : text;
        }

        SqlScript split() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (blank() && atLineStart() && c == '\\') {
                    metaCommand();
                } else if (c == '-' && peek(1) == '-') {
                    lineComment();
                } else if (c == '/' && peek(1) == '*') {
                    blockComment();
                } else if (c == '\'') {
                    quoted('\'', isEscapeString());
                } else if (c == '"') {
                    quoted('"', false);
                } else if (c == '$' && dollarTag() != null) {
                    dollarQuoted(dollarTag());
                } else if (c == ';' && parens == 0) {
                    pos++;
                    finish();
                } else {
                    if (c == '(') {
                        parens++;
                    } else if (c == ')' && parens > 0) {
                        parens--;
                    }
                    take(1);
                }
            }
            finish();
            return new SqlScript(statements, skipped);
        }

        private boolean blank() {
            return current.toString().isBlank();
        }

        private boolean atLineStart() {
            int p = pos - 1;
            while (p >= 0 && (s.charAt(p) == ' ' || s.charAt(p) == '\t')) {
                p--;
            }
            return p < 0 || s.charAt(p) == '\n';
        }

        private char peek(int ahead) {
            int p = pos + ahead;
            return p < s.length() ? s.charAt(p) : '\0';
        }

        /** Appends {@code n} characters to the statement, counting lines. */
        private void take(int n) {
            for (int i = 0; i < n && pos < s.length(); i++) {
                char c = s.charAt(pos++);
                if (current.length() == 0 && Character.isWhitespace(c)) {
                    if (c == '\n') {
                        line++;
                    }
                    continue;
                }
                if (current.length() == 0) {
                    startLine = line;
                }
                current.append(c);
                if (c == '\n') {
                    line++;
                }
            }
        }

        private void metaCommand() {
            int end = s.indexOf('\n', pos);
            String command = (end < 0 ? s.substring(pos) : s.substring(pos, end)).trim();
            skipped.add("line " + line + ": psql meta-command " + command.split("\\s+")[0] + " (psql's own, not SQL)");
            pos = end < 0 ? s.length() : end + 1;
            line++;
            current.setLength(0);
        }

        private void lineComment() {
            int end = s.indexOf('\n', pos);
            // A comment is dropped; its line break still separates tokens.
            pos = end < 0 ? s.length() : end;
            if (current.length() > 0) {
                current.append(' ');
            }
        }

        private void blockComment() {
            int depth = 0;
            while (pos < s.length()) {
                if (s.charAt(pos) == '/' && peek(1) == '*') {
                    depth++;
                    pos += 2;
                } else if (s.charAt(pos) == '*' && peek(1) == '/') {
                    depth--;
                    pos += 2;
                    if (depth == 0) {
                        break;
                    }
                } else {
                    if (s.charAt(pos) == '\n') {
                        line++;
                    }
                    pos++;
                }
            }
            if (current.length() > 0) {
                current.append(' ');
            }
        }

        /** An E'...' string: the quote follows an E (or e) that starts a token. */
        private boolean isEscapeString() {
            if (current.length() == 0) {
                return false;
            }
            char before = current.charAt(current.length() - 1);
            if (before != 'E' && before != 'e') {
                return false;
            }
            if (current.length() == 1) {
                return true;
            }
            char start = current.charAt(current.length() - 2);
            return !Character.isLetterOrDigit(start) && start != '_' && start != '$';
        }

        private void quoted(char quote, boolean backslashEscapes) {
            take(1);
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (backslashEscapes && c == '\\') {
                    take(2);
                } else if (c == quote && peek(1) == quote) {
                    take(2);
                } else if (c == quote) {
                    take(1);
                    return;
                } else {
                    take(1);
                }
            }
        }

        /** The tag of a dollar quote starting at pos ("$$" or "$name$"), or null where '$' starts none ($1). */
        private String dollarTag() {
            if (pos > 0) {
                char before = s.charAt(pos - 1);
                if (Character.isLetterOrDigit(before) || before == '_' || before == '$') {
                    return null; // part of an identifier such as a$b
                }
            }
            int p = pos + 1;
            while (p < s.length() && (Character.isLetterOrDigit(s.charAt(p)) || s.charAt(p) == '_')) {
                p++;
            }
            if (p >= s.length() || s.charAt(p) != '$') {
                return null;
            }
            String tag = s.substring(pos, p + 1);
            return tag.length() > 2 && Character.isDigit(tag.charAt(1)) ? null : tag;
        }

        private void dollarQuoted(String tag) {
            take(tag.length());
            int end = s.indexOf(tag, pos);
            take(end < 0 ? s.length() - pos : end - pos + tag.length());
        }

        private void finish() {
            String sql = current.toString().trim();
            current.setLength(0);
            parens = 0;
            if (sql.isEmpty()) {
                return;
            }
            if (isCopyFromStdin(sql)) {
                skipCopyData(startLine);
            } else {
                statements.add(new Statement(sql, startLine));
            }
        }

        private static boolean isCopyFromStdin(String sql) {
            String flat = sql.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
            return flat.startsWith("copy ") && flat.contains(" from stdin");
        }

        /** A COPY ... FROM stdin and its data lines, up to a line holding only {@code \.}. */
        private void skipCopyData(int first) {
            int end = s.indexOf('\n', pos);
            pos = end < 0 ? s.length() : end + 1; // the rest of the COPY's own line
            line++;
            while (pos < s.length()) {
                int next = s.indexOf('\n', pos);
                String dataLine = next < 0 ? s.substring(pos) : s.substring(pos, next);
                pos = next < 0 ? s.length() : next + 1;
                line++;
                if (dataLine.strip().equals("\\.")) {
                    break;
                }
            }
            skipped.add("lines " + first + "-" + (line - 1) + ": COPY ... FROM stdin and its data (rows are not applied, only definitions)");
        }
    }
}
