package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import dev.hostwarden.runtime.OwnerControl;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop and Restart through an injected {@link OwnerControl}: steps appear live, cancel reaches the
 * runtime, and without a runtime the buttons are disabled with the reason. Core work runs on a real
 * background thread and results are applied on a separate single "UI" thread, as in the app.
 */
class OwnerControlViewModelTest {
    @TempDir
    Path temp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private final ExecutorService ui = Executors.newSingleThreadExecutor();
    private HostRendezvous rendezvous;

    /** Records its calls, emits steps, and (for restart) waits until cancelled. */
    static class FakeOwnerControl implements OwnerControl {
        final List<String> calls = new CopyOnWriteArrayList<>();

        @Override
        public ControlResult stop(Role role, Duration timeout, boolean escalate, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
            calls.add("stop " + role + " timeout=" + timeout.toSeconds() + " escalate=" + escalate);
            progress.accept(new ControlStep(ControlStep.Kind.MARKER_WRITTEN, "marker written", Duration.ofMillis(5)));
            progress.accept(new ControlStep(ControlStep.Kind.EXITED, "PID 1 exited", Duration.ofMillis(50)));
            return new ControlResult(ControlResult.Outcome.STOPPED, "stopped PID 1", 1L, null);
        }

        @Override
        public ControlResult start(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
            calls.add("start " + role);
            return new ControlResult(ControlResult.Outcome.STARTED, "started PID 2", null, 2L);
        }

        @Override
        public ControlResult restart(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress,
                                     BooleanSupplier cancelled) {
            calls.add("restart " + role);
            progress.accept(new ControlStep(ControlStep.Kind.MARKER_WRITTEN, "marker written", Duration.ofMillis(5)));
            progress.accept(new ControlStep(ControlStep.Kind.DRAINING, "waiting for PID 1", Duration.ofMillis(10)));
            Waits.until("the panel to cancel", Fixtures.DEADLINE, cancelled);
            progress.accept(new ControlStep(ControlStep.Kind.CANCELLED, "cancelled by the user", Duration.ofMillis(20)));
            return new ControlResult(ControlResult.Outcome.CANCELLED, "restart cancelled", 1L, null);
        }
    }

    @BeforeEach
    void ownTheGatewayInProcess() {
        // This test process is the live gateway owner, so Stop is meaningful.
        rendezvous = Fixtures.rendezvous(temp.resolve("locks"));
        assertTrue(rendezvous.claimHostLock(Role.GATEWAY).acquired());
        rendezvous.publishRecord(Role.GATEWAY, "127.0.0.1", null, List.of("default"), "token", "");
    }

    @AfterEach
    void release() throws InterruptedException {
        rendezvous.clearOwnRecord(Role.GATEWAY);
        rendezvous.releaseHostLock(Role.GATEWAY);
        background.shutdownNow();
        ui.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private PanelModel panel(OwnerControl control) {
        PanelModel panel = new PanelModel(Fixtures.context(temp.resolve("locks"), temp.resolve("hermes"), control, background, ui));
        onUi(() -> {
            panel.refresh();
            return null;
        });
        Waits.until("the first refresh", Fixtures.DEADLINE, () -> onUi(() -> panel.refreshCountProperty().get() >= 1));
        return panel;
    }

    /** Reads view-model state on its UI thread, as a view would. */
    private <T> T onUi(Callable<T> read) {
        try {
            return ui.submit(read).get(30, TimeUnit.SECONDS);
        } catch (Exception failed) {
            throw new AssertionError(failed);
        }
    }

    @Test
    void stopRunsThroughTheRuntimeWithItsStepsShownInOrder() {
        FakeOwnerControl control = new FakeOwnerControl();
        RoleCardModel gateway = panel(control).card(Role.GATEWAY);
        assertEquals(Verdict.LIVE, onUi(() -> gateway.verdictProperty().get()));
        assertTrue(onUi(() -> gateway.stopEnabledProperty().get()));

        onUi(() -> {
            gateway.stop();
            return null;
        });
        Waits.until("the stop to finish", Fixtures.DEADLINE, () -> onUi(() -> !gateway.busyProperty().get()));
        assertEquals(List.of("stop gateway timeout=30 escalate=true"), control.calls);
        assertEquals(List.of(ControlStep.Kind.MARKER_WRITTEN, ControlStep.Kind.EXITED),
                onUi(() -> gateway.stepsProperty().stream().map(ControlStep::kind).toList()));
        assertEquals("STOPPED: stopped PID 1", onUi(() -> gateway.actionMessageProperty().get()));
    }

    @Test
    void restartShowsEachStepLiveAndCancelReachesTheRuntime() {
        FakeOwnerControl control = new FakeOwnerControl();
        RoleCardModel gateway = panel(control).card(Role.GATEWAY);
        onUi(() -> {
            gateway.restart();
            return null;
        });
        Waits.until("the draining step to show while the restart runs", Fixtures.DEADLINE,
                () -> onUi(() -> gateway.stepsProperty().size() == 2));
        assertTrue(onUi(() -> gateway.busyProperty().get() && gateway.cancellableProperty().get()));
        assertFalse(onUi(() -> gateway.stopEnabledProperty().get() || gateway.restartEnabledProperty().get()),
                "no second action while one runs");

        onUi(() -> {
            gateway.cancel();
            return null;
        });
        Waits.until("the restart to end", Fixtures.DEADLINE, () -> onUi(() -> !gateway.busyProperty().get()));
        assertEquals(List.of("restart gateway"), control.calls);
        assertEquals(List.of(ControlStep.Kind.MARKER_WRITTEN, ControlStep.Kind.DRAINING, ControlStep.Kind.CANCELLED),
                onUi(() -> gateway.stepsProperty().stream().map(ControlStep::kind).toList()));
        assertTrue(onUi(() -> gateway.actionMessageProperty().get()).startsWith("CANCELLED"), onUi(() -> gateway.actionMessageProperty().get()));
        assertTrue(onUi(() -> gateway.restartEnabledProperty().get()), "enabled again afterwards");
    }

    @Test
    void withoutARuntimeStopAndRestartAreDisabledAndSayWhy() {
        RoleCardModel gateway = panel(null).card(Role.GATEWAY);
        assertEquals(Verdict.LIVE, onUi(() -> gateway.verdictProperty().get()));
        assertFalse(onUi(() -> gateway.stopEnabledProperty().get()));
        assertFalse(onUi(() -> gateway.restartEnabledProperty().get()));
        assertEquals("Stop and Restart are unavailable: this panel was started read-only, without owner control",
                onUi(() -> gateway.controlDisabledReasonProperty().get()));
        onUi(() -> {
            gateway.stop();
            return null;
        });
        assertFalse(onUi(() -> gateway.busyProperty().get()), "a disabled command does nothing");
    }
}
