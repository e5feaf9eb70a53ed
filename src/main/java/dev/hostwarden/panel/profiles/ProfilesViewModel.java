package dev.hostwarden.panel.profiles;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.profiles.GatewayOwnerView;
import dev.hostwarden.core.profiles.ProfileActions;
import dev.hostwarden.core.profiles.ProfileScan;
import dev.hostwarden.core.profiles.ProfilesReport;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.HealthJudge;
import dev.hostwarden.health.PlatformState;
import dev.hostwarden.report.Redactor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * The Profiles view's model, fed by the same core report as {@code hostwarden profiles}: one
 * {@link ProfileRow} per home, the gateway owner line, and the actions with their previews in the
 * command line's words. Every core call runs on {@code background}; results are applied on {@code ui}.
 * A refresh writes nothing; refreshes asked for while one runs fold into one more. The owner's control
 * socket is asked with hermes' 2 s client timeout for identify (8 s for rescan-profiles, as hermes'
 * own client waits), always off the UI thread.
 */
public final class ProfilesViewModel {
    /** More served names than this are counted, not listed, in the owner line (the full set is in the details). */
    static final int LISTED_NAMES = 8;

    private final Actions actions;
    private final HealthJudge healthJudge;
    private final Path root;
    private final DesktopHandOff desktop;
    private final Executor background;
    private final Executor ui;
    private final Duration identifyTimeout;
    private final ProfileScan scan;

    private final ReadOnlyListWrapper<ProfileRow> rows = new ReadOnlyListWrapper<>(this, "rows", FXCollections.observableArrayList());
    private final ReadOnlyStringWrapper ownerLine = new ReadOnlyStringWrapper(this, "ownerLine", "gateway owner: not inspected yet");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper ownerLive = new ReadOnlyBooleanWrapper(this, "ownerLive");
    private final ReadOnlyIntegerWrapper refreshCount = new ReadOnlyIntegerWrapper(this, "refreshCount");
    private final ReadOnlyObjectWrapper<RefreshCost> lastCost = new ReadOnlyObjectWrapper<>(this, "lastCost");
    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private volatile ProfilesReport report;

    public ProfilesViewModel(Actions actions, Path root, DesktopHandOff desktop, Executor background, Executor ui) {
        this(actions, root, desktop, background, ui, ControlSocket.DEFAULT_TIMEOUT);
    }

    public ProfilesViewModel(Actions actions, Path root, DesktopHandOff desktop, Executor background, Executor ui,
                             Duration identifyTimeout) {
        this.actions = actions;
        HostRendezvous rendezvous = actions.rendezvous();
        this.root = root;
        this.desktop = desktop;
        this.background = background;
        this.ui = ui;
        this.identifyTimeout = identifyTimeout;
        this.scan = new ProfileScan(rendezvous, identifyTimeout);
        // Only the platforms' names and states reach the table; a message would be redacted first.
        this.healthJudge = new HealthJudge(rendezvous.inspector(), Redactor.builder().build());
    }

    // Properties //

    public ReadOnlyListProperty<ProfileRow> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    /** "gateway owner: PID 4242, answered identify, serving default, work", as {@code hostwarden profiles} says it. */
    public ReadOnlyStringProperty ownerLineProperty() {
        return ownerLine.getReadOnlyProperty();
    }

    /** "301 homes · 300 served · 1 standalone gateway · 2 markers (1 clearable) · 3 with leftovers". */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** "" or why the homes themselves cannot be read. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** The outcome of the last action, in the command line's words. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** An action is running: the action buttons wait for it. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** A live gateway owner was seen in the last scan: "Rescan profiles" can be sent. */
    public ReadOnlyBooleanProperty ownerLiveProperty() {
        return ownerLive.getReadOnlyProperty();
    }

    public ReadOnlyIntegerProperty refreshCountProperty() {
        return refreshCount.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<RefreshCost> lastCostProperty() {
        return lastCost.getReadOnlyProperty();
    }

    // Refresh //

    /** Scans every home on the background executor and applies the rows on the UI executor. */
    public void refresh() {
        if (!inFlight.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        if (!submit(this::scanOnce)) {
            inFlight.set(false);
        }
    }

    /** Runs {@code task} on the background executor; false once it is shut down (the panel is quitting: nothing to do). */
    private boolean submit(Runnable task) {
        try {
            background.execute(task);
            return true;
        } catch (RejectedExecutionException quitting) {
            return false;
        }
    }

    /** Runs {@code task} on the UI thread; dropped once that is gone (the panel is quitting, a test has ended). */
    private void onUi(Runnable task) {
        try {
            ui.execute(task);
        } catch (RejectedExecutionException quitting) {
            inFlight.set(false);
        }
    }

    private void scanOnce() {
        long start = System.nanoTime();
        long cpu = RefreshCost.threadCpu();
        ProfilesReport scanned;
        List<ProfileRow> built = new ArrayList<>();
        String failure = "";
        try {
            scanned = scan.scan(root);
            Long livePid = scanned.owner().live() ? scanned.owner().pid() : null;
            List<PlatformState> platforms = healthJudge.judge(root, livePid).filter(Health::current).map(Health::platforms).orElse(List.of());
            for (var state : scanned.profiles()) {
                built.add(ProfileRow.of(state, platforms.stream().filter(platform -> platform.profile().equals(state.name())).toList()));
            }
        } catch (RuntimeException unexpected) {
            // One bad home must not end the panel's refreshes: say it and keep what was shown.
            scanned = null;
            failure = "the profiles could not be inspected: " + unexpected;
        }
        long scanCpu = RefreshCost.threadCpu() - cpu;
        ProfilesReport taken = scanned;
        String failed = failure;
        onUi(() -> {
            long applyStart = RefreshCost.threadCpu();
            if (taken != null) {
                apply(taken, built);
            } else {
                problem.set(failed);
            }
            lastCost.set(new RefreshCost(built.size(), scanCpu, RefreshCost.threadCpu() - applyStart, System.nanoTime() - start));
            refreshCount.set(refreshCount.get() + 1);
            inFlight.set(false);
            if (again.getAndSet(false)) {
                refresh();
            }
        });
    }

    private void apply(ProfilesReport taken, List<ProfileRow> built) {
        report = taken;
        rows.setAll(built);
        ownerLine.set(ownerLine(taken.owner()));
        ownerLive.set(taken.owner().live());
        problem.set(taken.problem());
        summary.set(summarize(built));
    }

    /** The command line's owner line; a long served set is counted after its first names. */
    static String ownerLine(GatewayOwnerView owner) {
        if (owner.absent()) {
            return "gateway owner: none (" + owner.why() + ")";
        }
        if (owner.answered()) {
            return "gateway owner: PID " + owner.pid() + ", answered identify, serving " + names(owner.served());
        }
        return "gateway owner: PID " + (owner.pid() == null ? "unknown" : owner.pid()) + " (" + owner.verdict() + "), served set unknown: "
                + owner.why();
    }

    static String names(List<String> names) {
        if (names.isEmpty()) {
            return "nothing";
        }
        if (names.size() <= LISTED_NAMES) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, LISTED_NAMES)) + ", … (" + names.size() + " in all)";
    }

    static String summarize(List<ProfileRow> built) {
        long served = built.stream().filter(row -> ProfileRow.YES.equals(row.served())).count();
        long unknown = built.stream().filter(row -> ProfileRow.UNKNOWN.equals(row.served())).count();
        long standalone = built.stream().filter(row -> row.state().standalone() != null).count();
        long markers = built.stream().filter(row -> row.state().marker() != null).count();
        long clearable = built.stream().filter(ProfileRow::markerClearable).count();
        long leftovers = built.stream().filter(row -> !row.state().leftovers().isEmpty()).count();
        return built.size() + (built.size() == 1 ? " home" : " homes") + " · " + served + " served"
                + (unknown > 0 ? " · " + unknown + " unknown" : "")
                + " · " + standalone + (standalone == 1 ? " standalone gateway" : " standalone gateways")
                + " · " + markers + (markers == 1 ? " marker" : " markers") + " (" + clearable + " clearable)"
                + " · " + leftovers + " with leftovers";
    }

    // Actions //

    /** What "Rescan profiles" will do, from the last scan's owner (the CLI's first line). */
    public String rescanPreview() {
        ProfilesReport seen = report;
        return seen == null ? ProfileActions.RESCAN + ": not possible, the profiles have not been inspected yet"
                : ProfileActions.rescanPreview(seen.owner());
    }

    /** Sends {@code rescan-profiles} to the live owner; the message shows the served set before and after. */
    public void rescan() {
        run(ProfileActions.RESCAN + ": asking the gateway owner…",
                () -> actions.rescanProfiles(root, identifyTimeout).words());
    }

    /** What "Clear expired marker" will do to this home's marker. */
    public static String clearMarkerPreview(ProfileRow row) {
        return row.state().marker() == null ? ProfileActions.CLEAR_MARKER + ": no planned-stop marker in " + row.home()
                : ProfileActions.clearMarkerPreview(row.state().marker());
    }

    /** Removes the marker only if it is (still) past its TTL or names a process that is gone; the core judges again. */
    public void clearMarker(ProfileRow row) {
        run(ProfileActions.CLEAR_MARKER + ": " + row.home() + "…", () -> actions.clearMarker(row.home(), false).words());
    }

    public void openFolder(ProfileRow row) {
        run("", () -> desktop.open("Open folder", row.home()));
    }

    public void openGatewayLog(ProfileRow row) {
        run("", () -> desktop.open("Open gateway log", row.gatewayLog()));
    }

    private void run(String starting, Supplier<String> action) {
        busy.set(true);
        if (!starting.isEmpty()) {
            message.set(starting);
        }
        boolean started = submit(() -> {
            String outcome;
            try {
                outcome = action.get();
            } catch (RuntimeException unexpected) {
                outcome = "failed: " + unexpected;
            }
            String said = outcome;
            ui.execute(() -> {
                message.set(said);
                busy.set(false);
                refresh();
            });
        });
        if (!started) {
            busy.set(false);
        }
    }
}
