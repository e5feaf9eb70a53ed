package dev.hostwarden.panel.model;

import dev.hostwarden.core.HostRecord;
import dev.hostwarden.core.RendezvousDir;
import dev.hostwarden.core.Role;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.panel.tray.TrayStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
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
 * The panel's top view-model: one {@link RoleCardModel} per role, the profile homes, the worst
 * verdict (tray colour and tooltip) and ownership events. A refresh inspects on the background
 * executor through the read-only core and applies on the UI executor; refreshes that arrive while
 * one runs are folded into one more. A refresh writes nothing, except the ownership history's
 * changes when the panel app turned that on ({@link #recordHistory}).
 */
public final class PanelModel {
    private final PanelContext context;
    private final List<RoleCardModel> cards = new ArrayList<>();
    private final ReadOnlyListWrapper<HomeStatus> homes = new ReadOnlyListWrapper<>(this, "homes", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<Verdict> worst = new ReadOnlyObjectWrapper<>(this, "worst", Verdict.NO_OWNER);
    private final ReadOnlyObjectWrapper<TrayStatus> trayStatus = new ReadOnlyObjectWrapper<>(this, "trayStatus", TrayStatus.GREY);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "Hostwarden: not inspected yet");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "Hostwarden");
    private final ReadOnlyStringWrapper lockDir = new ReadOnlyStringWrapper(this, "lockDir", "");
    private final ReadOnlyObjectWrapper<Instant> lastRefresh = new ReadOnlyObjectWrapper<>(this, "lastRefresh");
    private final ReadOnlyIntegerWrapper refreshCount = new ReadOnlyIntegerWrapper(this, "refreshCount");
    private final ReadOnlyObjectWrapper<OwnershipEvent> lastEvent = new ReadOnlyObjectWrapper<>(this, "lastEvent");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final Set<Long> watchedPids = new HashSet<>();
    private Consumer<OwnershipEvent> eventListener = event -> { };
    /** Off unless the panel app turns it on: a test's model writes no history. */
    private volatile dev.hostwarden.history.OwnershipHistory history;
    private volatile dev.hostwarden.history.HistoryCache historyCache;
    /** Each role's history line from the last take(); apply() runs after it and before the next. */
    private volatile Map<Role, String> historyLines = Map.of();

    public PanelModel(PanelContext context) {
        this.context = context;
        for (Role role : Role.values()) {
            cards.add(new RoleCardModel(role, context, this::refresh));
        }
    }

    // Properties //

    public List<RoleCardModel> cards() {
        return List.copyOf(cards);
    }

    public RoleCardModel card(Role role) {
        return cards.get(role.ordinal());
    }

    public ReadOnlyListProperty<HomeStatus> homesProperty() {
        return homes.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Verdict> worstProperty() {
        return worst.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<TrayStatus> trayStatusProperty() {
        return trayStatus.getReadOnlyProperty();
    }

    /** One line per role, for the tray tooltip and the window header. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The window title, carrying the state: "Hostwarden — 1 stale", "Hostwarden — all live". */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty lockDirProperty() {
        return lockDir.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Instant> lastRefreshProperty() {
        return lastRefresh.getReadOnlyProperty();
    }

    /** How many refreshes have been applied (tests wait on it). */
    public ReadOnlyIntegerProperty refreshCountProperty() {
        return refreshCount.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<OwnershipEvent> lastEventProperty() {
        return lastEvent.getReadOnlyProperty();
    }

    /** Why the last refresh failed, or "". */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Called on the UI executor for every ownership change (owner appeared, died, turned stale). */
    public void setEventListener(Consumer<OwnershipEvent> listener) {
        this.eventListener = listener;
    }

    public PanelContext context() {
        return context;
    }

    /** Each refresh then appends what changed per role to {@code value} (only the panel process's own refreshes). */
    public void recordHistory(dev.hostwarden.history.OwnershipHistory value) {
        this.history = value;
        this.historyCache = value == null ? null : new dev.hostwarden.history.HistoryCache(value.log());
    }

    // Refresh //

    /** Re-inspects every role and home. Safe from any thread; never blocks; never writes. */
    public void refresh() {
        if (!inFlight.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        context.background().execute(() -> {
            Snapshot taken = null;
            String failure = "";
            try {
                taken = take();
            } catch (RuntimeException unexpected) {
                failure = "The last refresh failed: " + unexpected;
            }
            Snapshot result = taken;
            String problem = failure;
            context.ui().execute(() -> {
                try {
                    if (result != null) {
                        apply(result);
                    }
                    error.set(problem);
                } finally {
                    // Whatever happened, the next refresh must be able to run.
                    inFlight.set(false);
                    if (again.getAndSet(false)) {
                        refresh();
                    }
                }
            });
        });
    }

    private record Snapshot(RendezvousDir dir, List<RoleSnapshot> roles, List<HomeStatus> homes, Instant at) {
    }

    private Snapshot take() {
        List<RoleSnapshot> roles = new ArrayList<>();
        for (Role role : Role.values()) {
            RoleReport report = context.inspector().inspect(role);
            if (history != null) {
                history.observe(report);
            }
            // The retract verdict from what the report already observed: no second read or lock probe.
            roles.add(new RoleSnapshot(report, context.rendezvous().retractor().preview(role, report.lock(), report.record())));
        }
        dev.hostwarden.history.HistoryCache cache = historyCache;
        if (cache != null) {
            Map<Role, String> lines = new EnumMap<>(Role.class);
            dev.hostwarden.history.RoleHistorySummary.of(cache.events(), context.clock().instant(), context.clock().getZone())
                    .forEach((role, summary) -> lines.put(role, summary.line()));
            historyLines = lines;
        }
        List<HomeStatus> scanned = HomeStatus.scan(context.hermesRoot(), roles.get(Role.GATEWAY.ordinal()).report(),
                context.rendezvous().inspector());
        return new Snapshot(context.rendezvous().dir(), roles, scanned, context.clock().instant());
    }

    private void apply(Snapshot taken) {
        List<OwnershipEvent> events = new ArrayList<>();
        for (RoleSnapshot role : taken.roles()) {
            RoleCardModel card = card(role.report().role());
            RoleSnapshot before = card.snapshotProperty().get();
            OwnershipEvent.between(before == null ? null : before.report(), role.report()).ifPresent(events::add);
            card.apply(role);
            card.applyHistory(historyLines.getOrDefault(role.report().role(), ""));
            watchExit(role.report());
        }
        if (!homes.equals(taken.homes())) {
            homes.setAll(taken.homes());
        }
        lockDir.set(taken.dir().path() + " (from " + (taken.dir().source() == dev.hostwarden.core.LockDirSource.OPTION ? "--lock-dir"
                : taken.dir().source().name()) + ")");
        Verdict worstNow = worstOf(taken.roles());
        worst.set(worstNow);
        trayStatus.set(TrayStatus.of(worstNow));
        summary.set(summarize(taken.roles()));
        title.set(title(taken.roles().stream().map(role -> role.report().verdict()).toList()));
        lastRefresh.set(taken.at());
        refreshCount.set(refreshCount.get() + 1);
        for (OwnershipEvent event : events) {
            lastEvent.set(event);
            eventListener.accept(event);
        }
    }

    /**
     * An owner that dies, and a lock holder that dies while STARTING, are noticed at once, without
     * polling the rendezvous: the process's exit triggers a refresh.
     */
    private void watchExit(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        Long pid = report.verdict() == Verdict.STARTING ? report.lock().holderPid()
                : record != null && (report.verdict() == Verdict.LIVE || report.verdict() == Verdict.UNPROVABLE) ? Long.valueOf(record.pid())
                : null;
        // A process this user cannot see (another PID namespace, hidepid) is left to the re-verification timer.
        if (pid == null || pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).isEmpty() || !watchedPids.add(pid)) {
            return;
        }
        ExitWatch.onExit(pid).thenRun(() -> {
            context.ui().execute(() -> watchedPids.remove(pid));
            refresh();
        });
    }

    static Verdict worstOf(List<RoleSnapshot> roles) {
        return dev.hostwarden.panel.tray.TrayStatus.worst(roles.stream().map(role -> role.report().verdict()).toList());
    }

    /**
     * "Hostwarden — " and what needs a look, worst first ("1 stale, 1 starting"); with nothing amiss,
     * "all live", "no owners" or "2 live".
     */
    static String title(List<Verdict> verdicts) {
        Map<Verdict, Long> counts = verdicts.stream().collect(Collectors.groupingBy(verdict -> verdict, () -> new EnumMap<>(Verdict.class),
                Collectors.counting()));
        List<String> notable = new ArrayList<>();
        for (Verdict verdict : List.of(Verdict.UNUSABLE, Verdict.STALE, Verdict.UNPROVABLE, Verdict.STARTING)) {
            if (counts.containsKey(verdict)) {
                notable.add(counts.get(verdict) + " " + verdict.name().toLowerCase(java.util.Locale.ROOT));
            }
        }
        long live = counts.getOrDefault(Verdict.LIVE, 0L);
        String state = !notable.isEmpty() ? String.join(", ", notable)
                : live == verdicts.size() ? "all live"
                : live == 0 ? "no owners"
                : live + " live";
        return "Hostwarden — " + state;
    }

    static String summarize(List<RoleSnapshot> roles) {
        return "Hostwarden — " + roles.stream().map(role -> {
            RoleReport report = role.report();
            HostRecord record = report.record().recordOrNull();
            return report.role() + " " + report.verdict() + (record == null ? "" : " (PID " + record.pid() + ")");
        }).collect(Collectors.joining(" · "));
    }
}
