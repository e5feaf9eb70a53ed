package dev.hostwarden.panel.notify;

import dev.hostwarden.core.record.Role;
import java.util.concurrent.CompletableFuture;

/** The buttons' targets: records which ran; what applies is set by the test. */
final class RecordingActions implements RoleActions {
    final CompletableFuture<Void> opened = new CompletableFuture<>();
    final CompletableFuture<Role> retracted = new CompletableFuture<>();
    final CompletableFuture<Role> started = new CompletableFuture<>();
    volatile boolean retractable = true;
    volatile boolean startable = true;

    @Override
    public void open() {
        opened.complete(null);
    }

    @Override
    public boolean canRetract(Role role) {
        return retractable;
    }

    @Override
    public void retract(Role role) {
        retracted.complete(role);
    }

    @Override
    public boolean canStart(Role role) {
        return startable;
    }

    @Override
    public void start(Role role) {
        started.complete(role);
    }
}
