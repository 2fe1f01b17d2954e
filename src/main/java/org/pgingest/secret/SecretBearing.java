package org.pgingest.secret;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a secret can hide in what a user types: a JDBC URL (libpq's {@code user:password@host}, a driver option
 * such as {@code ?sslpassword=}), a {@code -D} option named like one ({@code -Djavax.net.ssl.keyStorePassword}), or
 * text in a user's file that is no SQL (a line of a password file, a connection string).
 * The launcher hands its {@code -D} options to every JMH fork as JVM arguments, JMH prints them ("# VM options")
 * and records them in its JSON ({@code jvmArgs}), so a secret there would end up in every result file. The suite
 * takes its one secret, the password, from the environment ({@code PGIB_PASSWORD}) and refuses the others. The
 * answers name what carries the secret, never the secret.
 */
public final class SecretBearing {
    /**
     * pgjdbc (42.7) properties whose values are secrets: the password, the passphrase of the client's SSL key,
     * and the argument handed to a custom SSL socket factory (typically a password).
     */
    static final Set<String> DRIVER_PROPERTIES = Set.of("password", "sslpassword", "sslfactoryarg");
    /** Names that say they hold a secret, whatever the library that reads them. */
    private static final Pattern SECRET_NAME = Pattern.compile(
            "(?i).*(password|passwd|pwd|passphrase|secret|token|credential|apikey|api_key).*");
    private static final String PREFIX = "jdbc:postgresql:";
    /** A key of a key=value pair in a value: libpq's conninfo, a URL's query, a list of settings. */
    private static final Pattern KEY = Pattern.compile("([A-Za-z_%][A-Za-z0-9_.%-]*)\\s*=");
    /** A URL's user:password@ before its host. */
    private static final Pattern USERINFO = Pattern.compile("://[^/@\\s:]*:[^/@\\s]*@");
    /**
     * A line of a password file: host:port:database:user:password, four fields none empty, then the password to the
     * end of the line (it may hold spaces, and colons escaped as {@code \:}).
     */
    private static final Pattern PASSWORD_FILE_LINE = Pattern.compile("[^\\s:]+(?::[^\\s:]+){3}:[^\\r\\n]+");
    /**
     * A key in free text: key=value, or key: value as in a properties or YAML file (its value to the line's end), the
     * key quoted as JSON has it too ({@code "password": "..."}).
     */
    private static final Pattern KEY_IN_TEXT = Pattern.compile("([A-Za-z_%][A-Za-z0-9_.%-]*)[\"']?\\s*(=|:(?!:))");
    /**
     * A .netrc line's password: {@code machine HOST login USER password SECRET}, its value the next word (netrc's
     * keywords are lower case; SQL's PASSWORD is not one of them).
     */
    private static final Pattern NETRC_PASSWORD = Pattern.compile(
            "(?m)^(\\s*(?:machine\\s+\\S+|default)\\s.*?\\bpassword\\s+)\\S+");
    /** Where a value after a key ends in free text. */
    private static final String VALUE_ENDS = " \t\r\n,;&)'\"";

    /** What {@link #masked} shows in a secret's place. */
    private static final String MASK = "***";

    private SecretBearing() {
    }

    /** Whether an option of this name (a system property, a driver property) would carry a secret. */
    public static boolean namedLikeSecret(String name) {
        String plain = decode(name).toLowerCase(Locale.ROOT);
        return DRIVER_PROPERTIES.contains(plain) || SECRET_NAME.matcher(plain).matches();
    }

    /**
     * A command-line argument as it may be shown: {@code NAME=VALUE} (also {@code -DNAME=VALUE},
     * {@code --opt=-DNAME=VALUE}) with a name like a secret's as {@code NAME=***}; anything else as it is.
     */
    public static String masked(String arg) {
        int eq = arg.lastIndexOf('=');
        while (eq > 0) {
            String before = arg.substring(0, eq);
            String name = before.substring(Math.max(before.lastIndexOf('='), before.lastIndexOf('-')) + 1);
            if (namedLikeSecret(name.startsWith("D") ? name.substring(1) : name) || namedLikeSecret(before)) {
                return before + "=" + MASK;
            }
            eq = arg.lastIndexOf('=', eq - 1);
        }
        return arg;
    }

    /**
     * What in this JDBC URL carries a secret, for a message ("user:password@ before the host", "the option
     * sslpassword"); empty when nothing does.
     */
    public static Optional<String> inJdbcUrl(String url) {
        if (url == null) {
            return Optional.empty();
        }
        String rest = url.regionMatches(true, 0, PREFIX, 0, PREFIX.length()) ? url.substring(PREFIX.length()) : url;
        int query = rest.indexOf('?');
        String beforeQuery = query < 0 ? rest : rest.substring(0, query);
        if (beforeQuery.startsWith("//")) {
            String authority = beforeQuery.substring(2);
            int slash = authority.indexOf('/');
            if ((slash < 0 ? authority : authority.substring(0, slash)).contains("@")) {
                // pgjdbc does not read libpq's userinfo: it would take "user:password@host" for the host name
                // and print it in every connection error.
                return Optional.of("a user or password before the host (user:password@host, libpq's form, which "
                        + "pgjdbc does not read)");
            }
        }
        if (query >= 0) {
            for (String pair : rest.substring(query + 1).split("&")) {
                // decoded first: an escaped = (%3D) would otherwise put the value into the name shown
                String plain = decode(pair);
                String name = plain.contains("=") ? plain.substring(0, plain.indexOf('=')) : plain;
                if (namedLikeSecret(name)) {
                    return Optional.of("the option " + name);
                }
                Optional<String> inside = inValue(plain.substring(name.length()));
                if (inside.isPresent()) {
                    // options=-c app.password=...: a setting pgjdbc sends the server, echoed in its facts
                    return Optional.of("the option " + name + ", which holds " + inside.get());
                }
            }
        }
        // anything else that reads like one (a fragment, #password=..., which pgjdbc takes into the database's name)
        return inValue(decode(rest)).map(what -> what + " in the URL");
    }

    /**
     * What in an option's value carries a secret, for a message ("password=…", "a user:password@ before a host"):
     * a key=value pair named like one (libpq's conninfo, {@code primary_conninfo='... password=...'}, a URL's query),
     * or a user and password before a host; empty when nothing does.
     */
    public static Optional<String> inValue(String value) {
        Matcher pair = KEY.matcher(value);
        while (pair.find()) {
            if (namedLikeSecret(pair.group(1))) {
                return Optional.of(pair.group(1) + "=…");
            }
        }
        return USERINFO.matcher(value).find() ? Optional.of("a user:password@ before a host") : Optional.empty();
    }

    /**
     * {@code text} with every secret {@link #inValue} would find left out ({@code password=…}, {@code ://…@}), and
     * any run that has the form of a password file's line.
     */
    public static String maskedIn(String text) {
        String shown = NETRC_PASSWORD.matcher(PASSWORD_FILE_LINE.matcher(USERINFO.matcher(text).replaceAll("://…@"))
                .replaceAll("…")).replaceAll("$1…");
        StringBuilder masked = new StringBuilder();
        int copied = 0;
        Matcher key = KEY_IN_TEXT.matcher(shown);
        while (key.find()) {
            if (key.start() < copied || !namedLikeSecret(key.group(1))) {
                continue;
            }
            int value = key.end();
            while (value < shown.length() && Character.isWhitespace(shown.charAt(value))) {
                value++;
            }
            if (shown.startsWith(MASK, value)) {
                // masked already (by masked(...)): left as it is
                continue;
            }
            masked.append(shown, copied, key.end()).append('…');
            copied = valueEnd(shown, value, key.group(2).equals(":"));
        }
        return masked.append(shown, copied, shown.length()).toString();
    }

    /**
     * Where a secret's value starting at {@code from} ends: a quoted one at its closing quote (libpq's conninfo
     * escapes with a backslash, SQL doubles the quote: either is read as part of the value), one after
     * {@code key:} at the line's end, any other at the first character that ends a value in free text.
     */
    private static int valueEnd(String text, int from, boolean toLineEnd) {
        int end = from;
        if (end < text.length() && (text.charAt(end) == '\'' || text.charAt(end) == '"')) {
            char quote = text.charAt(end++);
            while (end < text.length()) {
                char c = text.charAt(end);
                if (c == '\\' || c == quote && end + 1 < text.length() && text.charAt(end + 1) == quote) {
                    end += 2;
                } else if (c == quote) {
                    return end + 1;
                } else {
                    end++;
                }
            }
            return text.length();
        }
        while (end < text.length() && (toLineEnd ? text.charAt(end) != '\n' && text.charAt(end) != '\r'
                : VALUE_ENDS.indexOf(text.charAt(end)) < 0)) {
            end++;
        }
        return end;
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            // A malformed escape: judged as typed.
            return text;
        }
    }
}
