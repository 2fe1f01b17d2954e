package org.pgingest.workload.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * One-dimensional arrays of any type with a codec: Java List of the element codec's values, null elements
 * allowed. real[] also takes a float[] (the embedding of the published articles shape), encoded without boxing.
 * Text: braces around the elements, each double-quoted with quotes and backslashes escaped, NULL unquoted.
 * Binary (array_send): int32 dimensions (0 for an empty array), int32 has-nulls flag, element type oid, then per
 * dimension its length and lower bound 1, then each element as a field (-1 for NULL); array_recv refuses an
 * element oid other than the column's, so arrays of a domain send the domain's oid.
 */
final class ArrayCodec extends BaseCodec {
    private final TypeCodec element;
    private final int elementOid;
    /** typdelim: ',' for every type but box (';'). */
    private final char delimiter;

    ArrayCodec(String sqlType, TypeCodec element, int elementOid, char delimiter) {
        super(sqlType, List.class);
        this.element = element;
        this.elementOid = elementOid;
        this.delimiter = delimiter;
    }

    private boolean takesFloats() {
        return element.javaType() == Float.class;
    }

    @Override
    public String castType() {
        return element.castType() + "[]";
    }

    @Override
    public Optional<String> binaryUnsupported() {
        return element.binaryUnsupported();
    }

    @Override
    public Optional<String> generatorUnsupported() {
        return element.generatorUnsupported();
    }

    @Override
    public Object checked(Object value) {
        if (value instanceof float[] && takesFloats()) {
            return value; // every float is storable
        }
        return super.checked(value);
    }

    @Override
    Object checkedValue(Object value) {
        List<?> list = (List<?>) value;
        List<Object> checked = null;
        for (int i = 0; i < list.size(); i++) {
            Object v = list.get(i);
            Object c = v == null ? null : element.checked(v);
            if (checked == null && c != v) {
                checked = new ArrayList<>(list.subList(0, i));
            }
            if (checked != null) {
                checked.add(c);
            }
        }
        return checked == null ? value : Collections.unmodifiableList(checked);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append('{');
        if (value instanceof float[] floats) {
            for (int i = 0; i < floats.length; i++) {
                out.append(i > 0 ? "," : "").append(floats[i]);
            }
            out.append('}');
            return;
        }
        List<?> list = (List<?>) value;
        StringBuilder scratch = new StringBuilder();
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.append(delimiter);
            }
            Object v = list.get(i);
            if (v == null) {
                out.append("NULL");
                continue;
            }
            scratch.setLength(0);
            element.appendText(scratch, v);
            out.append('"');
            for (int j = 0; j < scratch.length(); j++) {
                char c = scratch.charAt(j);
                if (c == '"' || c == '\\') {
                    out.append('\\');
                }
                out.append(c);
            }
            out.append('"');
        }
        out.append('}');
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        int mark = out.reserveLength();
        if (value instanceof float[] floats) {
            writeHeader(out, floats.length, false);
            for (float f : floats) {
                out.writeInt(4);
                out.writeInt(Float.floatToRawIntBits(f));
            }
        } else {
            List<?> list = (List<?>) value;
            boolean hasNulls = false;
            for (Object v : list) {
                hasNulls |= v == null; // not list.contains(null): List.of refuses to look for null
            }
            writeHeader(out, list.size(), hasNulls);
            for (Object v : list) {
                if (v == null) {
                    out.writeInt(-1);
                } else {
                    element.writeBinary(out, v);
                }
            }
        }
        out.fillLength(mark);
    }

    private void writeHeader(BinarySink out, int size, boolean hasNulls) {
        out.writeInt(size == 0 ? 0 : 1);
        out.writeInt(hasNulls ? 1 : 0);
        out.writeInt(elementOid);
        if (size > 0) {
            out.writeInt(size);
            out.writeInt(1);
        }
    }

    /**
     * array_out's form of a one-dimensional array ("{1,NULL,\\"a b\\"}", "[0:1]={1,2}" with other lower bounds):
     * elements double-quoted (\\ escapes inside) or bare (blanks around dropped), an unquoted NULL for NULL,
     * each read by the element's codec.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        if (t.startsWith("[")) {
            int equals = t.indexOf('=');
            if (equals < 0 || t.indexOf('[', 1) > 0 && t.indexOf('[', 1) < equals) {
                throw notText(text); // bounds of more than one dimension
            }
            t = t.substring(equals + 1).trim();
        }
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw notText(text);
        }
        List<Object> values = new ArrayList<>();
        String body = t.substring(1, t.length() - 1);
        if (body.isBlank()) {
            return Collections.unmodifiableList(values);
        }
        int i = 0;
        try {
            while (true) {
                while (isArraySpace(body.charAt(i))) {
                    i++;
                }
                StringBuilder element = new StringBuilder();
                boolean quoted = body.charAt(i) == '"';
                if (body.charAt(i) == '{') {
                    throw notText(text); // a nested array: more than one dimension
                }
                if (quoted) {
                    for (i++; body.charAt(i) != '"'; i++) {
                        element.append(body.charAt(i) == '\\' ? body.charAt(++i) : body.charAt(i));
                    }
                    i++;
                } else {
                    for (; i < body.length() && body.charAt(i) != delimiter; i++) {
                        element.append(body.charAt(i) == '\\' ? body.charAt(++i) : body.charAt(i));
                    }
                }
                while (i < body.length() && isArraySpace(body.charAt(i))) {
                    i++;
                }
                String e = quoted ? element.toString() : stripArraySpace(element);
                values.add(!quoted && e.equalsIgnoreCase("NULL") ? null : this.element.parse(e));
                if (i == body.length()) {
                    break;
                }
                if (body.charAt(i++) != delimiter) {
                    throw notText(text);
                }
            }
        } catch (IndexOutOfBoundsException e) {
            throw notText(text);
        }
        return Collections.unmodifiableList(values);
    }

    /** array_isspace: the blanks array_in drops around a bare element (not every Unicode space). */
    private static boolean isArraySpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\u000B' || c == '\f';
    }

    private static String stripArraySpace(CharSequence s) {
        int end = s.length();
        while (end > 0 && isArraySpace(s.charAt(end - 1))) {
            end--;
        }
        return s.subSequence(0, end).toString();
    }

    /** Zero to five typical elements, one in twenty of them NULL. */
    @Override
    public Optional<TypeCodec> element() {
        return Optional.of(element);
    }

    @Override
    public Object generate(SplittableRandom random) {
        int n = random.nextInt(0, 6);
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(random.nextInt(20) == 0 ? null : element.checked(element.generate(random)));
        }
        return Collections.unmodifiableList(list);
    }

    /** The one-element array of the element's n-th distinct value. */
    @Override
    public Optional<Object> distinct(long n) {
        return element.distinct(n).map(List::of);
    }

    /** Empty, NULL elements, every hostile element value in one array, and an array of a thousand elements. */
    @Override
    public List<Object> hostileValues() {
        List<Object> elements = new ArrayList<>();
        for (Object v : element.hostileValues()) {
            elements.add(element.checked(v));
        }
        List<Object> values = new ArrayList<>();
        values.add(List.of());
        values.add(Collections.singletonList(null));
        if (!elements.isEmpty()) {
            values.add(Collections.unmodifiableList(java.util.Arrays.asList(null, elements.get(0), null)));
            values.add(Collections.unmodifiableList(elements));
        }
        if (element.generatorUnsupported().isEmpty()) {
            List<Object> many = new ArrayList<>();
            SplittableRandom random = new SplittableRandom(16);
            for (int i = 0; i < 1000; i++) {
                many.add(element.checked(element.generate(random)));
            }
            values.add(Collections.unmodifiableList(many));
        }
        return values;
    }
}
