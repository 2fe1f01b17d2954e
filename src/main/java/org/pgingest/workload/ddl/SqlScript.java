package org.pgingest.workload.ddl;

import org.pgingest.secret.SecretBearing;

import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
 * @param skipped    meta-commands and COPY data blocks, one line each, with their line numbers; after
 *                   {@link #schemaOnly}, the refused statements too
 * @param refused    the statements {@link #schemaOnly} refused, one line each (also in {@code skipped})
 * @param dumpedFrom the server version pg_dump read the schema from ({@code -- Dumped from database version 17.2}
 *                   in its header), when the script says
 */
public record SqlScript(List<Statement> statements, List<String> skipped, List<String> refused,
                        Optional<String> dumpedFrom) {
    private static final Pattern DUMPED_FROM = Pattern.compile("(?m)^-- Dumped from database version (\\d+(?:\\.\\d+)?)");

    /**
     * One statement.
     *
     * @param sql  its text, trimmed, without the closing semicolon
     * @param line the line it starts on (1-based)
     */
    public record Statement(String sql, int line) {
        /**
         * The statement on one line, shortened to about {@code max} characters, for messages; every literal's text is
         * left out ('…', $$…$$): a value in the file (a password in PASSWORD '...', in a connection string, in a
         * column's default) is never printed or stored.
         */
        String summary(int max) {
            // Text that is no SQL may be a secret unquoted: a line of .pgpass, a URL with its password, key=value;
            // masked while its lines are whole (a password file's password runs to its line's end)
            String flat = SecretBearing.maskedIn(LITERAL.matcher(sql)
                    .replaceAll(m -> m.group(1) != null ? "\\$\\$…\\$\\$" : "'…'")).replaceAll("\\s+", " ");
            return flat.length() <= max ? flat : flat.substring(0, max) + "...";
        }

        /**
         * {@code message} (the server's, about this statement) with any text it quotes that lies within a literal of
         * the statement left out: a value it echoes ("invalid input syntax for type integer: "password=..."") may be
         * a part of a function body's string. Literals are compared as the server reads them (a doubled quote as one,
         * E'\\x21' and U&'\\0021' decoded), and what is left goes through {@link SecretBearing#maskedIn}.
         */
        String withoutLiterals(String message) {
            List<String> literals = new ArrayList<>();
            Matcher m = LITERAL.matcher(sql);
            while (m.find()) {
                boolean unicode = m.group(4) != null && m.start() >= 2 && sql.regionMatches(true, m.start() - 2, "U&", 0, 2);
                literals.add(m.group(1) != null ? m.group(2) : m.group(3) != null ? Literals.escapeString(m.group(3))
                        : unicode ? Literals.unicodeString(m.group(4)) : m.group(4).replace("''", "'"));
            }
            String shown = QUOTED.matcher(message).replaceAll(q -> {
                String quote = q.group(1) != null ? "\"" : "'";
                String text = q.group(1) != null ? q.group(1) : q.group(2);
                // a whole literal, or a longer part of one (a short part may as well be an identifier's name)
                boolean fromLiteral = !text.isEmpty() && literals.stream()
                        .anyMatch(l -> l.equals(text) || text.length() >= 6 && l.contains(text));
                return Matcher.quoteReplacement(fromLiteral ? quote + "…" + quote : q.group());
            });
            return SecretBearing.maskedIn(shown);
        }
    }

    /**
     * A literal: dollar-quoted (group 2 its text), an escape string E'...' (group 3) or a standard string (group 4,
     * doubled quotes as written).
     */
    private static final Pattern LITERAL = Pattern.compile(
            "(\\$(?:[A-Za-z_][A-Za-z_0-9]*)?\\$)(.*?)\\1|\\b[Ee]'((?:[^'\\\\]|\\\\.|'')*)'|'((?:[^']|'')*)'",
            Pattern.DOTALL);
    /** A span a server message quotes: in double quotes (group 1 its text) or single ones (group 2). */
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"|'([^']*)'");
    /**
     * What a schema holds: definitions (CREATE, ALTER, DROP, COMMENT, GRANT, REVOKE, SECURITY LABEL), session
     * settings (SET, RESET) and pg_dump's {@code SELECT pg_catalog.set_config(...)} and {@code setval(...)} with
     * literal arguments. Anything else, or a statement about roles, databases, tablespaces, the server's
     * configuration or the session's role, is no schema's: COPY reads or writes files and runs programs on the
     * server's host ({@code COPY ... FROM PROGRAM}), DO, CALL and SELECT run code, ALTER SYSTEM writes a file, role
     * statements carry passwords. Such statements are moved to {@link #skipped}, by line and leading words only (their
     * text may hold a secret), and never reach the server.
     */
    public SqlScript schemaOnly() {
        List<Statement> kept = new ArrayList<>();
        List<String> refusedLines = new ArrayList<>(refused);
        for (Statement statement : statements) {
            if (dumpTimeout(statement.sql())) {
                // pg_dump's "no timeout" (SET statement_timeout = 0, ...): not applied, and not listed as refused
                // either; the suite's own limit on each statement stands in its place (TableSources)
                continue;
            }
            Optional<String> lead = refusal(statement.sql());
            Optional<String> setting = lead.isPresent() ? Optional.empty() : settingRefusal(statement.sql());
            if (lead.isPresent()) {
                refusedLines.add("line " + statement.line() + ": " + lead.get() + " ... is not applied: " + REFUSED_WHY);
            } else if (setting.isPresent()) {
                refusedLines.add("line " + statement.line() + ": " + setting.get() + " ... is not applied: " + SETTING_WHY);
            } else {
                kept.add(statement);
            }
        }
        List<String> lines = new ArrayList<>(skipped);
        lines.addAll(refusedLines);
        lines.sort(java.util.Comparator.comparingInt(SqlScript::firstLine));
        return new SqlScript(kept, lines, refusedLines, dumpedFrom);
    }

    private static final String REFUSED_WHY = "a schema holds no such statement (the suite applies definitions only: "
            + "CREATE, ALTER, DROP, COMMENT, GRANT, REVOKE, SET; no COPY, no code run, nothing about roles)";
    private static final String SETTING_WHY = "a session setting pg_dump does not write (or a timeout other than 0, "
            + "a client_encoding other than UTF8), which would change the session the suite reads and copies the table "
            + "in";
    /**
     * The settings pg_dump's scripts set (versions 14-18; search_path, default_with_oids and escape_string_warning in
     * older ones), whatever their value; its timeouts only at 0, its client_encoding only as UTF8, the text the suite
     * reads and pgjdbc sends. Anything else (a statement_timeout of 1 ms, DateStyle, which pgjdbc refuses to go on
     * with, default_transaction_read_only) would carry into the suite's own session and its copies' setup, and fail
     * them in the server's words (an adversarial pass, 2026-12-03).
     */
    private static final Set<String> DUMP_SETTINGS = Set.of("check_function_bodies", "xmloption",
            "client_min_messages", "row_security", "default_tablespace", "default_table_access_method",
            "standard_conforming_strings", "search_path", "default_with_oids", "escape_string_warning");
    private static final Set<String> DUMP_TIMEOUTS = Set.of("statement_timeout", "lock_timeout",
            "idle_in_transaction_session_timeout", "transaction_timeout");
    /** SET or RESET of one setting: group 1 the command, 3 the name, 4 the value (upper case, as {@code flat}). */
    private static final Pattern SET_ONE = Pattern.compile(
            "^(SET|RESET)((?: SESSION| LOCAL)*) \"?([A-Z_][A-Z_0-9.$]*)\"?(?: ?(?:=|TO) ?(.*))?$");
    /**
     * A CREATE that runs a query: CREATE TABLE ... AS (and AS EXECUTE), or a materialized view filled WITH DATA (the
     * default; pg_dump writes WITH NO DATA). Matched on the statement's top level, outside parentheses.
     */
    private static final Pattern RUNS_A_QUERY = Pattern.compile("^CREATE (?:(?:GLOBAL|LOCAL) )?(?:(?:TEMPORARY|TEMP|"
            + "UNLOGGED) )?TABLE (?:.* )?AS\\b");
    private static final Pattern MATERIALIZED_VIEW = Pattern.compile("^CREATE (?:OR REPLACE )?MATERIALIZED VIEW\\b");
    private static final Set<String> DEFINITIONS = Set.of("CREATE", "ALTER", "DROP", "COMMENT", "GRANT", "REVOKE",
            "SECURITY", "SET", "RESET");
    /** Definitions that are no schema's: the cluster's roles, databases and tablespaces, the server's files. */
    private static final Pattern NOT_A_SCHEMAS = Pattern.compile("^((CREATE|ALTER|DROP) (ROLE|USER|GROUP|DATABASE|"
            + "TABLESPACE|SUBSCRIPTION|EVENT TRIGGER)\\b|ALTER SYSTEM\\b"
            + "|(SET|RESET)( SESSION| LOCAL)* (\"?ROLE\"?|AUTHORIZATION|\"?SESSION_AUTHORIZATION\"?)(?![A-Z_0-9$])"
            + "|RESET ALL\\b)");
    /** pg_dump's own SELECTs: the search path (no other setting), a sequence's value; literal arguments only. */
    private static final Pattern DUMP_SELECT = Pattern.compile("^SELECT PG_CATALOG\\.(SET_CONFIG\\('SEARCH_PATH', '[^']*', "
            + "(TRUE|FALSE)\\)|SETVAL\\('[^']*', -?\\d+, (TRUE|FALSE)\\))$");

    /**
     * The leading words of a statement a schema cannot hold, or empty when it can. A statement that starts with no
     * command's keyword goes to the server, which refuses it as a syntax error (text that is no SQL at all).
     */
    static Optional<String> refusal(String sql) {
        String flat = sql.replaceAll("\\s+", " ").trim().toUpperCase(Locale.ROOT);
        if (DUMP_SELECT.matcher(flat).matches()) {
            return Optional.empty();
        }
        if (flat.startsWith("(")) {
            return Optional.of("(");
        }
        String[] words = flat.split("[^A-Z_]+", 3);
        if (words[0].equals("CREATE")) {
            // what a schema holds of them is their definition, never their rows: a query could take the budget or
            // fill the disk (an adversarial pass, 2026-12-03: a pg_sleep and three million rows ran as "DDL")
            String top = topLevel(sql);
            if (RUNS_A_QUERY.matcher(top).find()) {
                return Optional.of("CREATE TABLE ... AS");
            }
            if (MATERIALIZED_VIEW.matcher(top).find() && !top.endsWith(" WITH NO DATA")) {
                return Optional.of("CREATE MATERIALIZED VIEW ... WITH DATA");
            }
        }
        // Its leading keyword, two for a definition (ALTER ROLE): never a name or a value, which may hold a secret.
        if (DEFINITIONS.contains(words[0])) {
            return NOT_A_SCHEMAS.matcher(flat).find() ? Optional.of(words[0] + " " + words[1]) : Optional.empty();
        }
        return OTHER_COMMANDS.contains(words[0]) ? Optional.of(words[0]) : Optional.empty();
    }

    /**
     * A SET or RESET of a setting pg_dump does not write, or of one of its own to a value it does not, by its name
     * ("SET statement_timeout"); empty for any other statement.
     */
    static Optional<String> settingRefusal(String sql) {
        String flat = sql.replaceAll("\\s+", " ").trim().toUpperCase(Locale.ROOT);
        if (!flat.startsWith("SET ") && !flat.startsWith("RESET ")) {
            return Optional.empty();
        }
        Matcher set = SET_ONE.matcher(flat);
        if (!set.matches()) {
            return Optional.of(flat.startsWith("SET") ? "SET" : "RESET");
        }
        String name = set.group(3).toLowerCase(Locale.ROOT);
        String value = set.group(4) == null ? "" : set.group(4).replace("'", "").trim();
        boolean reset = set.group(1).equals("RESET") || value.equals("DEFAULT");
        // pg_dump's timeouts at 0 never get here (dumpTimeout): at any other value they are refused
        boolean kept = DUMP_SETTINGS.contains(name)
                || name.equals("client_encoding") && (reset || Set.of("UTF8", "UTF-8", "UNICODE").contains(value));
        return kept ? Optional.empty() : Optional.of(set.group(1) + " " + name);
    }

    /** A SET of one of pg_dump's timeouts to 0 (no timeout), or a RESET of one. */
    static boolean dumpTimeout(String sql) {
        Matcher set = SET_ONE.matcher(sql.replaceAll("\\s+", " ").trim().toUpperCase(Locale.ROOT));
        if (!set.matches() || !DUMP_TIMEOUTS.contains(set.group(3).toLowerCase(Locale.ROOT))) {
            return false;
        }
        String value = set.group(4) == null ? "" : set.group(4).replace("'", "").trim();
        return set.group(1).equals("RESET") || value.equals("0") || value.equals("DEFAULT");
    }

    /** {@code sql} in upper case without its literals, quoted names and what parentheses hold, spaces single. */
    private static String topLevel(String sql) {
        String plain = LITERAL.matcher(sql).replaceAll("''").replaceAll("\"(?:[^\"]|\"\")*\"", "x");
        StringBuilder top = new StringBuilder();
        int depth = 0;
        for (char c : plain.toCharArray()) {
            if (c == '(') {
                depth++;
                top.append(depth == 1 ? " ( " : "");
            } else if (c == ')') {
                depth = Math.max(0, depth - 1);
                top.append(depth == 0 ? " ) " : "");
            } else if (depth == 0) {
                top.append(c);
            }
        }
        return top.toString().replaceAll("\\s+", " ").trim().toUpperCase(Locale.ROOT);
    }

    /** The keywords PostgreSQL's other commands start with (its grammar's stmt list, version 18). */
    private static final Set<String> OTHER_COMMANDS = Set.of("ABORT", "ANALYZE", "ANALYSE", "BEGIN", "CALL",
            "CHECKPOINT", "CLOSE", "CLUSTER", "COMMIT", "COPY", "DEALLOCATE", "DECLARE", "DELETE", "DISCARD", "DO", "END",
            "EXECUTE", "EXPLAIN", "FETCH", "IMPORT", "INSERT", "LISTEN", "LOAD", "LOCK", "MERGE", "MOVE", "NOTIFY",
            "PREPARE", "REASSIGN", "REFRESH", "REINDEX", "RELEASE", "ROLLBACK", "SAVEPOINT", "SELECT", "SHOW", "START",
            "TABLE", "TRUNCATE", "UNLISTEN", "UPDATE", "VACUUM", "VALUES", "WITH");

    /** The first line number of a skipped entry ("line 7: ...", "lines 6-9: ..."). */
    private static int firstLine(String entry) {
        Matcher m = Pattern.compile("^lines? (\\d+)").matcher(entry);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    public SqlScript {
        statements = List.copyOf(statements);
        skipped = List.copyOf(skipped);
        refused = List.copyOf(refused);
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
            Matcher version = DUMPED_FROM.matcher(s);
            return new SqlScript(statements, skipped, List.of(),
                    version.find() ? Optional.of(version.group(1)) : Optional.empty());
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
