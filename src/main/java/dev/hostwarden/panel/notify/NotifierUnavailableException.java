package dev.hostwarden.panel.notify;

/** Why a notifier cannot be used here (no session bus, no notification server); the message says it plainly. */
public final class NotifierUnavailableException extends Exception {
    public NotifierUnavailableException(String why, Throwable cause) {
        super(why, cause);
    }
}
