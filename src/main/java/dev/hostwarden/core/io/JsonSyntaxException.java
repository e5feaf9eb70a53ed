package dev.hostwarden.core.io;

import java.io.IOException;

/** Text that is not one valid JSON document, with where (1-based line and column) and why in plain words. */
public class JsonSyntaxException extends IOException {
    private final int line;
    private final int column;
    private final String reason;

    JsonSyntaxException(String reason, int line, int column) {
        super(reason + " at line " + line + ", column " + column);
        this.reason = reason;
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** What is wrong, without the position. */
    public String reason() {
        return reason;
    }

    /** Content after one complete document: a torn write or two concatenated documents. */
    public static final class TrailingContent extends JsonSyntaxException {
        TrailingContent(int line, int column) {
            super("trailing content", line, column);
        }
    }
}
