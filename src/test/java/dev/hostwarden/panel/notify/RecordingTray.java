package dev.hostwarden.panel.notify;

import dev.hostwarden.panel.tray.TrayPort;
import dev.hostwarden.panel.tray.TrayState;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A tray whose messages the test can read: stands in for the AWT balloon, which needs a display. */
final class RecordingTray implements TrayPort {
    private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();

    @Override
    public boolean install(TrayState state, Runnable onLeftClick) {
        return true;
    }

    @Override
    public void update(TrayState state) {
        // Not looked at.
    }

    @Override
    public void notify(String title, String message) {
        messages.add(title + " | " + message);
    }

    @Override
    public void remove() {
        // Nothing installed.
    }

    @Override
    public String unavailableReason() {
        return null;
    }

    String nextMessage(Duration timeout) throws InterruptedException {
        String message = messages.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (message == null) {
            throw new AssertionError("no tray message within " + timeout);
        }
        return message;
    }
}
