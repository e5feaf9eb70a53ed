package dev.hostwarden.core.io;

import java.math.BigInteger;

/**
 * A pull reader of one strict JSON document (RFC 8259, as jackson-core reads it with its default
 * features: no comments, no NaN, no trailing commas, no leading zeros; a repeated key is the
 * caller's to resolve). Every file and answer {@code status} reads goes through this: a fresh JVM
 * loading jackson-core's 85 classes from the jar cost a polled {@code status} about 35 ms, more than
 * all its own work. {@code JsonReaderTest} holds it to jackson-core's tokens and verdicts.
 */
public final class JsonReader {
    /** The kinds of token, named as jackson-core names them. */
    public enum Token {
        START_OBJECT, END_OBJECT, START_ARRAY, END_ARRAY, FIELD_NAME,
        VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_TRUE, VALUE_FALSE, VALUE_NULL
    }

    /** The smallest Java type an integral number fits. */
    public enum NumberType { INT, LONG, BIG_INTEGER }

    /** jackson-core's default limits: deeper nesting or longer numbers are refused, never a stack overflow. */
    static final int MAX_DEPTH = 1000;
    static final int MAX_NUMBER_LENGTH = 1000;

    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final String text;
    private int position;
    /** Open containers, innermost last: true for an object. */
    private final boolean[] objects = new boolean[MAX_DEPTH + 1];
    private int depth;
    /** Whether the innermost container already holds a member (so the next needs a comma). */
    private boolean hasMember;
    private boolean rootRead;
    private Token current;
    private String name;
    private String value;
    private NumberType numberType;

    public JsonReader(String text) {
        this.text = text;
    }

    /** The next token, or null after the (one) root value has been read and at the end of empty input. */
    public Token nextToken() throws JsonSyntaxException {
        if (current == Token.FIELD_NAME) {
            skipWhiteSpace();
            return current = readValue();
        }
        skipWhiteSpace();
        if (depth == 0) {
            if (rootRead || position == text.length()) {
                if (position < text.length()) {
                    throw trailing(position);
                }
                return current = null;
            }
            rootRead = true;
            return current = readValue();
        }
        if (position == text.length()) {
            throw error("unexpected end of input", position);
        }
        char c = text.charAt(position);
        boolean inObject = objects[depth - 1];
        if (c == (inObject ? '}' : ']')) {
            position++;
            depth--;
            hasMember = true;
            return current = inObject ? Token.END_OBJECT : Token.END_ARRAY;
        }
        if (hasMember) {
            if (c != ',') {
                throw error("expected ',' or '" + (inObject ? '}' : ']') + "' but found " + describe(c), position);
            }
            position++;
            skipWhiteSpace();
            hasMember = false;
            // "[1,]" and "{"a":1,}": a comma must be followed by a member.
            if (position < text.length() && text.charAt(position) == (inObject ? '}' : ']')) {
                throw error("a '" + text.charAt(position) + "' after a comma", position);
            }
        }
        if (!inObject) {
            return current = readValue();
        }
        if (position == text.length()) {
            throw error("unexpected end of input", position);
        }
        if (text.charAt(position) != '"') {
            throw error("expected a field name in double quotes but found " + describe(text.charAt(position)), position);
        }
        name = readString();
        skipWhiteSpace();
        if (position == text.length()) {
            throw error("unexpected end of input", position);
        }
        if (text.charAt(position) != ':') {
            throw error("expected ':' but found " + describe(text.charAt(position)), position);
        }
        position++;
        return current = Token.FIELD_NAME;
    }

    private Token readValue() throws JsonSyntaxException {
        if (position == text.length()) {
            throw error("unexpected end of input", position);
        }
        char c = text.charAt(position);
        hasMember = true;
        switch (c) {
            case '{':
            case '[':
                if (depth == MAX_DEPTH) {
                    throw error("nesting deeper than " + MAX_DEPTH + " levels", position);
                }
                position++;
                objects[depth++] = c == '{';
                hasMember = false;
                return c == '{' ? Token.START_OBJECT : Token.START_ARRAY;
            case '"':
                value = readString();
                return Token.VALUE_STRING;
            case 't':
                return literal("true", Token.VALUE_TRUE);
            case 'f':
                return literal("false", Token.VALUE_FALSE);
            case 'n':
                return literal("null", Token.VALUE_NULL);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return readNumber();
                }
                throw error("unexpected " + describe(c), position);
        }
    }

    private Token literal(String word, Token token) throws JsonSyntaxException {
        int end = position;
        while (end < text.length() && Character.isJavaIdentifierPart(text.charAt(end))) {
            end++;
        }
        if (end == position) {
            end++;
        }
        if (!text.regionMatches(position, word, 0, word.length()) || end != position + word.length()) {
            throw error("unrecognised token '" + text.substring(position, Math.min(end, position + 40)) + "'", position);
        }
        position = end;
        value = word;
        return token;
    }

    private Token readNumber() throws JsonSyntaxException {
        int start = position;
        if (text.charAt(position) == '-') {
            position++;
        }
        int integerStart = position;
        skipDigits();
        int integerDigits = position - integerStart;
        if (integerDigits == 0) {
            throw error("a number without digits", start);
        }
        if (integerDigits > 1 && text.charAt(integerStart) == '0') {
            throw error("a number with a leading zero", start);
        }
        boolean integral = true;
        if (position < text.length() && text.charAt(position) == '.') {
            integral = false;
            position++;
            int fraction = position;
            skipDigits();
            if (position == fraction) {
                throw error("a number without digits after its decimal point", start);
            }
        }
        if (position < text.length() && (text.charAt(position) == 'e' || text.charAt(position) == 'E')) {
            integral = false;
            position++;
            if (position < text.length() && (text.charAt(position) == '+' || text.charAt(position) == '-')) {
                position++;
            }
            int exponent = position;
            skipDigits();
            if (position == exponent) {
                throw error("a number without digits in its exponent", start);
            }
        }
        if (position - start > MAX_NUMBER_LENGTH) {
            throw error("a number longer than " + MAX_NUMBER_LENGTH + " characters", start);
        }
        if (position < text.length() && Character.isJavaIdentifierPart(text.charAt(position))) {
            throw error("unexpected " + describe(text.charAt(position)) + " after a number", position);
        }
        value = text.substring(start, position);
        if (!integral) {
            return Token.VALUE_NUMBER_FLOAT;
        }
        int digits = integerDigits;
        if (digits <= 9) {
            numberType = NumberType.INT;
        } else if (digits <= 18) {
            long parsed = Long.parseLong(value);
            numberType = parsed == (int) parsed ? NumberType.INT : NumberType.LONG;
        } else {
            BigInteger big = new BigInteger(value);
            numberType = big.compareTo(LONG_MIN) >= 0 && big.compareTo(LONG_MAX) <= 0 ? NumberType.LONG : NumberType.BIG_INTEGER;
        }
        return Token.VALUE_NUMBER_INT;
    }

    private void skipDigits() {
        while (position < text.length() && text.charAt(position) >= '0' && text.charAt(position) <= '9') {
            position++;
        }
    }

    /** Reads a string whose opening quote is at the current position; leaves the position after its closing quote. */
    private String readString() throws JsonSyntaxException {
        int start = ++position;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                position = i + 1;
                return text.substring(start, i);
            }
            if (c == '\\' || c < 0x20) {
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        while (true) {
            if (position >= text.length()) {
                throw error("a string without its closing quote", start - 1);
            }
            char c = text.charAt(position);
            if (c == '"') {
                position++;
                return out.toString();
            }
            if (c < 0x20) {
                throw error("an unescaped control character (code " + (int) c + ") in a string", position);
            }
            if (c != '\\') {
                out.append(c);
                position++;
                continue;
            }
            if (position + 1 >= text.length()) {
                throw error("a string without its closing quote", start - 1);
            }
            char escape = text.charAt(position + 1);
            switch (escape) {
                case '"', '\\', '/' -> out.append(escape);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append(unicodeEscape(position));
                    position += 4;
                }
                default -> throw error("an unknown escape \\" + describeBare(escape) + " in a string", position);
            }
            position += 2;
        }
    }

    private char unicodeEscape(int backslash) throws JsonSyntaxException {
        int code = 0;
        for (int i = backslash + 2; i < backslash + 6; i++) {
            int digit = i < text.length() ? Character.digit(text.charAt(i), 16) : -1;
            if (digit < 0 || text.charAt(i) > 'f') {
                throw error("a \\u escape without four hexadecimal digits", backslash);
            }
            code = code * 16 + digit;
        }
        return (char) code;
    }

    private void skipWhiteSpace() {
        while (position < text.length()) {
            char c = text.charAt(position);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            position++;
        }
    }

    /**
     * After {@link Token#START_OBJECT} or {@link Token#START_ARRAY}: reads up to and including the
     * matching end. After any other token: nothing.
     */
    public void skipChildren() throws JsonSyntaxException {
        if (current != Token.START_OBJECT && current != Token.START_ARRAY) {
            return;
        }
        int level = 1;
        while (level > 0) {
            Token token = nextToken();
            if (token == Token.START_OBJECT || token == Token.START_ARRAY) {
                level++;
            } else if (token == Token.END_OBJECT || token == Token.END_ARRAY) {
                level--;
            }
        }
    }

    /** Checks that nothing but white space follows the one complete document read. */
    public void expectEnd() throws JsonSyntaxException {
        if (depth > 0 || current == Token.FIELD_NAME) {
            throw error("unexpected end of input", position);
        }
        skipWhiteSpace();
        if (position < text.length()) {
            throw trailing(position);
        }
    }

    /** The name of the field read last. */
    public String currentName() {
        return name;
    }

    /** A name, a string, a number as written, or the literal word of the token just read. */
    public String getText() {
        if (current == null) {
            return null;
        }
        return switch (current) {
            case FIELD_NAME -> name;
            case START_OBJECT -> "{";
            case END_OBJECT -> "}";
            case START_ARRAY -> "[";
            case END_ARRAY -> "]";
            default -> value;
        };
    }

    /** For an integral number: the smallest type it fits. */
    public NumberType getNumberType() {
        return current == Token.VALUE_NUMBER_INT ? numberType : null;
    }

    public int getIntValue() throws JsonSyntaxException {
        long number = getLongValue();
        if (number != (int) number) {
            throw error("the number " + value + " is out of the range of an int", position);
        }
        return (int) number;
    }

    public long getLongValue() throws JsonSyntaxException {
        if (current != Token.VALUE_NUMBER_INT) {
            throw error("the value " + getText() + " is not an integral number", position);
        }
        if (numberType == NumberType.BIG_INTEGER) {
            throw error("the number " + value + " is out of the range of a long", position);
        }
        return Long.parseLong(value);
    }

    public BigInteger getBigIntegerValue() throws JsonSyntaxException {
        if (current != Token.VALUE_NUMBER_INT) {
            throw error("the value " + getText() + " is not an integral number", position);
        }
        return new BigInteger(value);
    }

    public double getDoubleValue() throws JsonSyntaxException {
        if (current == Token.VALUE_NUMBER_INT || current == Token.VALUE_NUMBER_FLOAT) {
            return Double.parseDouble(value);
        }
        throw error("the current value is not a number", position);
    }

    private JsonSyntaxException error(String reason, int at) {
        int[] place = place(at);
        return new JsonSyntaxException(reason, place[0], place[1]);
    }

    private JsonSyntaxException trailing(int at) {
        int[] place = place(at);
        return new JsonSyntaxException.TrailingContent(place[0], place[1]);
    }

    /** The 1-based line and column of a position, counted only when an error is reported. */
    private int[] place(int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < Math.min(at, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new int[] {line, at - lineStart + 1};
    }

    private static String describe(char c) {
        return "'" + describeBare(c) + "'";
    }

    private static String describeBare(char c) {
        if (c >= 0x20 && c != 0x7f && !Character.isSurrogate(c)) {
            return String.valueOf(c);
        }
        String hex = Integer.toHexString(c);
        return "\\u" + "0000".substring(hex.length()) + hex;
    }
}
