package org.pgingest.workload.types;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Arrays of any type with a codec: a Java List of the element codec's values (one dimension from 1, null elements
 * allowed), or a {@link PgArray} for more dimensions or other lower bounds, which PostgreSQL keeps
 * ({@code [0:1]={7,8}} is stored as written). real[] also takes a float[] (the embedding of the published articles
 * shape), encoded without boxing. Text: {@code [lower:upper]...=} where a lower bound is not 1, then nested braces
 * around the elements, each double-quoted with quotes and backslashes escaped, NULL unquoted. Binary (array_send):
 * int32 dimensions (0 for an empty array), int32 has-nulls flag, element type oid, then per dimension its length and
 * lower bound, then each element as a field (-1 for NULL); array_recv refuses an element oid other than the
 * column's, so arrays of a domain send the domain's oid.
 */
final class ArrayCodec extends BaseCodec {
    private final TypeCodec element;
    private final int elementOid;
    /** The element type's typdelim, read from the catalog: ',' for every built-in type but box (';'). */
    private final char delimiter;
    /** False for elements of a domain declared NOT NULL: the server refuses a NULL element of it. */
    private final boolean nullElements;

    ArrayCodec(String sqlType, TypeCodec element, int elementOid, char delimiter, boolean nullElements) {
        super(sqlType, List.class);
        this.element = element;
        this.elementOid = elementOid;
        this.delimiter = delimiter;
        this.nullElements = nullElements;
    }

    private boolean takesFloats() {
        return element.javaType() == Float.class;
    }

    /**
     * The element's cast type with [] added; for an element that is itself an array (a domain over one) the array's own
     * type, since PostgreSQL reads int[][] as int[] and would take each element's text for an integer.
     */
    @Override
    public String castType() {
        String elementCast = element.castType();
        return elementCast.endsWith("[]") ? sqlType() : elementCast + "[]";
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
        if (value instanceof PgArray array) {
            return checkedArray(array);
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

    private Object checkedArray(PgArray array) {
        if (array.lengths().size() > PgArray.MAX_DIMENSIONS) {
            throw new ValueRejectedException("54000", sqlType() + ": " + array.lengths().size()
                    + " dimensions, more than the " + PgArray.MAX_DIMENSIONS + " PostgreSQL allows");
        }
        for (int d = 0; d < array.lengths().size(); d++) {
            if ((long) array.lowerBounds().get(d) + array.lengths().get(d) - 1 > Integer.MAX_VALUE) {
                throw new ValueRejectedException(ValueRejectedException.NUMERIC_OUT_OF_RANGE, sqlType()
                        + ": upper bound of dimension " + (d + 1) + " beyond int4 (array size exceeds the maximum allowed)");
            }
        }
        if (array.elements().isEmpty()) {
            return List.of(); // PostgreSQL stores every empty array as the one of no dimensions
        }
        Object elements = checkedValue(array.elements());
        PgArray checked = elements == array.elements() ? array
                : new PgArray(array.lengths(), array.lowerBounds(), (List<Object>) elements);
        return checked.isPlainList() ? checked.elements() : checked;
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        if (value instanceof PgArray array) {
            appendText(out, array);
            return;
        }
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
            appendElement(out, scratch, list.get(i));
        }
        out.append('}');
    }

    /** array_in's form of any array: dimension decoration where a lower bound is not 1, then nested braces. */
    private void appendText(StringBuilder out, PgArray array) {
        List<Integer> lengths = array.lengths();
        if (array.lowerBounds().stream().anyMatch(lower -> lower != 1)) {
            for (int d = 0; d < lengths.size(); d++) {
                int lower = array.lowerBounds().get(d);
                out.append('[').append(lower).append(':').append(lower + lengths.get(d) - 1).append(']');
            }
            out.append('=');
        }
        StringBuilder scratch = new StringBuilder();
        int[] index = new int[lengths.size()];
        List<Object> elements = array.elements();
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                out.append(delimiter);
            }
            // a brace opens for every innermost dimension whose index is at 0 (all of them before the first element)
            for (int d = lengths.size() - 1; d >= 0 && index[d] == 0; d--) {
                out.append('{');
            }
            appendElement(out, scratch, elements.get(i));
            // advance the index, closing a brace for every dimension that wraps
            for (int d = lengths.size() - 1; d >= 0; d--) {
                if (++index[d] < lengths.get(d)) {
                    break;
                }
                index[d] = 0;
                out.append('}');
            }
        }
    }

    private void appendElement(StringBuilder out, StringBuilder scratch, Object v) {
        if (v == null) {
            out.append("NULL");
            return;
        }
        scratch.setLength(0);
        element.appendText(scratch, v);
        Texts.appendQuoted(out, scratch);
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
            PgArray array = value instanceof PgArray a ? a : null;
            List<?> list = array != null ? array.elements() : (List<?>) value;
            boolean hasNulls = false;
            for (Object v : list) {
                hasNulls |= v == null; // not list.contains(null): List.of refuses to look for null
            }
            if (array != null) {
                out.writeInt(array.lengths().size());
                out.writeInt(hasNulls ? 1 : 0);
                out.writeInt(elementOid);
                for (int d = 0; d < array.lengths().size(); d++) {
                    out.writeInt(array.lengths().get(d));
                    out.writeInt(array.lowerBounds().get(d));
                }
            } else {
                writeHeader(out, list.size(), hasNulls);
            }
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

    /** One dimension's decoration, {@code [lower:upper]} or {@code [upper]} (lower 1). */
    private static final Pattern BOUNDS = Pattern.compile("\\[\\s*([+-]?\\d+)\\s*(?::\\s*([+-]?\\d+)\\s*)?]\\s*");

    /**
     * array_out's form ("{1,NULL,\\"a b\\"}", "{{1,2},{3,4}}", "[0:1]={1,2}"): dimension decoration, then nested
     * braces; elements double-quoted (\\ escapes inside) or bare (blanks around dropped), an unquoted NULL for NULL,
     * each read by the element's codec. A List for one dimension from 1, else a {@link PgArray}.
     */
    @Override
    public Object parse(String text) {
        String t = text.trim();
        List<Integer> declaredLower = new ArrayList<>();
        List<Integer> declaredLengths = new ArrayList<>();
        if (t.startsWith("[")) {
            Matcher m = BOUNDS.matcher(t);
            int at = 0;
            while (m.find(at) && m.start() == at) {
                try {
                    int lower = m.group(2) == null ? 1 : Integer.parseInt(m.group(1));
                    int upper = Integer.parseInt(m.group(2) == null ? m.group(1) : m.group(2));
                    if (upper < lower - 1 || (long) upper - lower + 1 > Integer.MAX_VALUE) {
                        throw notText(text);
                    }
                    declaredLower.add(lower);
                    declaredLengths.add(upper - lower + 1);
                } catch (NumberFormatException e) {
                    throw notText(text);
                }
                at = m.end();
            }
            if (at >= t.length() || t.charAt(at) != '=') {
                throw notText(text);
            }
            t = t.substring(at + 1).trim();
        }
        if (!t.startsWith("{") || !t.endsWith("}")) {
            throw notText(text);
        }
        List<Object> tree = new ArrayList<>();
        try {
            int end = parseLevel(t, 0, tree, text);
            if (end != t.length()) {
                throw notText(text);
            }
        } catch (IndexOutOfBoundsException e) {
            throw notText(text);
        }
        if (tree.isEmpty()) {
            if (declaredLengths.stream().anyMatch(n -> n != 0)) {
                throw notText(text);
            }
            return List.of();
        }
        // the lengths along the first path; every level must then match them, elements only at the deepest
        List<Integer> lengths = new ArrayList<>();
        for (Object level = new Level(tree); level instanceof Level l; level = l.items().get(0)) {
            lengths.add(l.items().size());
        }
        List<Object> values = new ArrayList<>();
        flatten(new Level(tree), 0, lengths, values, text);
        if (lengths.size() > PgArray.MAX_DIMENSIONS
                || !declaredLengths.isEmpty() && !declaredLengths.equals(lengths)) {
            throw notText(text); // too many dimensions, or a decoration that does not match the braces
        }
        List<Integer> lower = declaredLower.isEmpty() ? Collections.nCopies(lengths.size(), 1) : declaredLower;
        PgArray array = new PgArray(lengths, lower, values);
        return array.isPlainList() ? array.elements() : array;
    }

    /** One pair of braces: its items, each a Level, an element's value or null (NULL). */
    private record Level(List<Object> items) {
    }

    private void flatten(Level level, int depth, List<Integer> lengths, List<Object> values, String text) {
        if (level.items().size() != lengths.get(depth)) {
            throw notText(text); // sub-arrays of different lengths
        }
        boolean deepest = depth == lengths.size() - 1;
        for (Object item : level.items()) {
            if (item instanceof Level sub) {
                if (deepest) {
                    throw notText(text);
                }
                flatten(sub, depth + 1, lengths, values, text);
            } else if (!deepest) {
                throw notText(text); // an element where sub-arrays belong
            } else {
                values.add(item);
            }
        }
    }

    /** Reads the braces at {@code at} into {@code items}; returns the index after the closing brace. */
    private int parseLevel(String t, int at, List<Object> items, String text) {
        int i = at + 1; // past '{'
        while (isArraySpace(t.charAt(i))) {
            i++;
        }
        if (t.charAt(i) == '}') {
            return i + 1;
        }
        while (true) {
            while (isArraySpace(t.charAt(i))) {
                i++;
            }
            if (t.charAt(i) == '{') {
                List<Object> sub = new ArrayList<>();
                i = parseLevel(t, i, sub, text);
                if (sub.isEmpty()) {
                    throw notText(text); // {{}}: left to the server, which reads it by its own version's rules
                }
                items.add(new Level(sub));
            } else {
                i = parseElement(t, i, items, text);
            }
            while (isArraySpace(t.charAt(i))) {
                i++;
            }
            char c = t.charAt(i++);
            if (c == '}') {
                return i;
            }
            if (c != delimiter) {
                throw notText(text);
            }
        }
    }

    /** Reads one element (quoted or bare) at {@code i} into {@code items}; returns the index after it. */
    private int parseElement(String t, int i, List<Object> items, String text) {
        StringBuilder element = new StringBuilder();
        boolean quoted = t.charAt(i) == '"';
        if (quoted) {
            for (i++; t.charAt(i) != '"'; i++) {
                element.append(t.charAt(i) == '\\' ? t.charAt(++i) : t.charAt(i));
            }
            i++;
        } else {
            for (; t.charAt(i) != delimiter && t.charAt(i) != '}'; i++) {
                char c = t.charAt(i);
                if (c == '{' || c == '"') {
                    throw notText(text);
                }
                element.append(c == '\\' ? t.charAt(++i) : c);
            }
        }
        String e = quoted ? element.toString() : stripArraySpace(element);
        if (!quoted && e.isEmpty()) {
            throw notText(text);
        }
        items.add(!quoted && e.equalsIgnoreCase("NULL") ? null : this.element.parse(e));
        return i;
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

    @Override
    public Optional<TypeCodec> element() {
        return Optional.of(element);
    }

    /** Zero to five typical elements, one in twenty of them NULL where the element type allows NULL. */
    @Override
    public Object generate(SplittableRandom random) {
        int n = random.nextInt(0, 6);
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(nullElements && random.nextInt(20) == 0 ? null : element.checked(element.generate(random)));
        }
        return Collections.unmodifiableList(list);
    }

    /** The one-element array of the element's n-th distinct value. */
    @Override
    public Optional<Object> distinct(long n) {
        return element.distinct(n).map(List::of);
    }

    /**
     * Empty, NULL elements (where the element type allows them), every hostile element value in one array, other lower bounds and two dimensions, and an
     * array of a thousand elements.
     */
    @Override
    public List<Object> hostileValues() {
        List<Object> elements = new ArrayList<>();
        for (Object v : element.hostileValues()) {
            elements.add(element.checked(v));
        }
        List<Object> values = new ArrayList<>();
        values.add(List.of());
        if (nullElements) {
            values.add(Collections.singletonList(null));
        }
        if (!elements.isEmpty()) {
            if (nullElements) {
                values.add(Collections.unmodifiableList(java.util.Arrays.asList(null, elements.get(0), null)));
            }
            values.add(Collections.unmodifiableList(elements));
        }
        if (elements.size() >= 2) {
            // bounds and dimensions PostgreSQL keeps: [0:1]={a,b}, {{a,NULL},{b,a}}, [-3:-3][7:8]={{b,NULL}}
            Object a = elements.get(0);
            Object b = elements.get(1);
            values.add(new PgArray(List.of(2), List.of(0), List.of(a, b)));
            Object orNull = nullElements ? null : b;
            values.add(new PgArray(List.of(2, 2), List.of(1, 1), java.util.Arrays.asList(a, orNull, b, a)));
            values.add(new PgArray(List.of(1, 2), List.of(-3, 7), java.util.Arrays.asList(b, orNull)));
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
