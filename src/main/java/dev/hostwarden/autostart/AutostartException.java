package dev.hostwarden.autostart;

/** Autostart could not be read or changed; the message is one line naming the path or value. */
public final class AutostartException extends Exception {
    public AutostartException(String message) {
        super(message);
    }
}
