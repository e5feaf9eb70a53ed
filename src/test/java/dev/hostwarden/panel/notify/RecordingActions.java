package dev.hostwarden.panel.notify;

import dev.hostwarden.core.record.Role;
import java.util.concurrent.CompletableFuture;

/** The buttons' targets: records which ran; what applies is set by the test. */
final class RecordingActions implements RoleActions {
    final CompletableFuture<Void> opened = new CompletableFuture<>();
    final CompletableFuture<Role> retracted = new CompletableFuture<>();
    final CompletableFuture<Role> restarted = new CompletableFuture<>();
    volatile boolean retractable = true;
    volatile boolean restartable = true;

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
    public boolean canRestart(Role role) {
        return restartable;
    }

    @Override
    public void restart(Role role) {
        restarted.complete(role);
    }
}
