package org.pgingest.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.util.Map;

/**
 * Text for the terminal in the charset the user's locale declares ({@code native.encoding}, JDK 17+). Under
 * {@code LC_ALL=POSIX} or {@code C} that is ASCII, and Java prints every other character as {@code ?}: the gate's
 * ↑ and ↓ would read as its "?" for "direction unknown". Such symbols get ASCII stand-ins there; files keep UTF-8.
 */
final class Console {
    /** Stand-ins in ASCII, each distinct from the others and from "?". */
    private static final Map<Character, String> ASCII = Map.of(
            '↑', "^", '↓', "v", '±', "+-", '≥', ">=", '≤', "<=", '∞', "inf", '÷', "/", 'µ', "u", '·', ".", '–', "-");

    private Console() {
    }

    /** The locale's charset, in which the terminal shows what it is sent. */
    static Charset charset() {
        return Charset.forName(System.getProperty("native.encoding", Charset.defaultCharset().name()));
    }

    /** Standard output in the locale's charset. */
    static PrintStream stdout() {
        return new PrintStream(new FileOutputStream(FileDescriptor.out), true, charset());
    }

    /** {@code text} with each character {@code charset} cannot encode replaced by its ASCII stand-in, if it has one. */
    static String fit(String text, Charset charset) {
        CharsetEncoder encoder = charset.newEncoder();
        if (encoder.canEncode(text)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char ch : text.toCharArray()) {
            String standIn = ASCII.get(ch);
            out.append(standIn != null && !encoder.canEncode(ch) ? standIn : String.valueOf(ch));
        }
        return out.toString();
    }
}
