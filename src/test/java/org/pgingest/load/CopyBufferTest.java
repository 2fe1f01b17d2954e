package org.pgingest.load;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-place encoders against the JDK's own: the same bytes as {@code String.getBytes(UTF_8)} and
 * {@code DataOutputStream}, for the values that are hard (extremes, escapes, 2-, 3- and 4-byte UTF-8), from a
 * buffer small enough that every write has to grow it. The server's side of the same bytes is in
 * {@code RoundTripTest}, {@code ExactnessTest} and {@code CopyFileTest}.
 */
class CopyBufferTest {

    private static List<String> texts() {
        List<String> texts = new ArrayList<>(HostileValues.TEXT);
        texts.addAll(List.of("", "plain", "é ß ü", "€ 中文", "\uD83D\uDE00 emoji", "\\.", "\"quoted\"",
                "a\tb\nc\rd\\e", "\uD83C\uDF89\uD83C\uDF89", "ÿ\u07FF\u0800\uFFFF"));
        return texts;
    }

    @Test
    void lengthPrefixedTextIsItsUtf8AfterItsByteLength() throws IOException {
        for (String s : texts()) {
            CopyBuffer out = new CopyBuffer(1);
            out.writeLengthPrefixedUtf8(s);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream expected = new ByteArrayOutputStream();
            new DataOutputStream(expected).writeInt(utf8.length);
            expected.write(utf8);
            assertThat(written(out)).as("%s", s).isEqualTo(expected.toByteArray());
        }
    }

    @Test
    void textFormatEscapesItsFourSpecialCharactersAndNothingElse() {
        for (String s : texts()) {
            CopyBuffer out = new CopyBuffer(1);
            out.writeTextEscaped(s);
            String escaped = s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
            assertThat(written(out)).as("%s", s).isEqualTo(escaped.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void csvQuotesEveryValueDoublesQuotesAndCountsNewlines() {
        for (String s : texts()) {
            CopyBuffer out = new CopyBuffer(1);
            int newlines = out.writeCsvQuoted(s);
            String quoted = "\"" + s.replace("\"", "\"\"") + "\"";
            assertThat(written(out)).as("%s", s).isEqualTo(quoted.getBytes(StandardCharsets.UTF_8));
            assertThat(newlines).as("%s", s).isEqualTo((int) s.chars().filter(c -> c == '\n').count());
        }
    }

    @Test
    void integersAreBigEndianAsDataOutputStreamWritesThem() throws IOException {
        CopyBuffer out = new CopyBuffer(1);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        DataOutputStream data = new DataOutputStream(expected);
        for (long v : new long[] {0, -1, 1, 0x0102030405060708L, Long.MIN_VALUE, Long.MAX_VALUE}) {
            out.writeShort((short) v);
            data.writeShort((short) v);
            out.writeInt((int) v);
            data.writeInt((int) v);
            out.writeLong(v);
            data.writeLong(v);
        }
        assertThat(written(out)).isEqualTo(expected.toByteArray());
    }

    @Test
    void resetKeepsTheArrayAndStartsOver() {
        CopyBuffer out = new CopyBuffer(4);
        out.writeLong(1);
        byte[] grown = out.bytes();
        out.reset();
        out.writeInt(7);
        assertThat(out.bytes()).isSameAs(grown);
        assertThat(written(out)).containsExactly(0, 0, 0, 7);
    }

    private static byte[] written(CopyBuffer out) {
        return Arrays.copyOf(out.bytes(), out.size());
    }
}
