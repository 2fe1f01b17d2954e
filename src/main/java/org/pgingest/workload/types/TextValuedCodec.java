package org.pgingest.workload.types;

/**
 * Codecs whose Java value is the text form itself (text, varchar, char, enums, json, bit strings, text-only
 * types): the value is appended, returned and parsed as it is, and its binary form is its UTF-8 (textsend,
 * bpcharsend, enum_send and json_send all send the text) unless a codec says otherwise.
 */
abstract class TextValuedCodec extends BaseCodec {
    TextValuedCodec(String sqlType) {
        super(sqlType, String.class);
    }

    @Override
    public void appendText(StringBuilder out, Object value) {
        out.append((String) value);
    }

    @Override
    public String text(Object value) {
        return (String) value;
    }

    /** The text is the value. */
    @Override
    public Object parse(String text) {
        return text;
    }

    @Override
    public void writeBinary(BinarySink out, Object value) {
        out.writeLengthPrefixedUtf8((String) value);
    }
}
