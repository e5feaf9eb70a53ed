package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.OwnerProbe;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.LockDirSource;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.HealthJudge;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.HistoryCache;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.history.RoleHistorySummary;
import dev.hostwarden.history.StopRequests;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
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
 * The panel's top view-model: one {@link RoleCardModel} per role, the profile homes, the worst
 * verdict (tray colour and tooltip) and ownership events. A refresh inspects on the background
 * executor through the read-only core and applies on the UI executor; refreshes that arrive while
 * one runs are folded into one more. A refresh writes nothing, except the ownership history's
 * changes when the panel app turned that on ({@link #recordHistory}). After {@link #close()} a
 * refresh asked for by a late event (an owner's exit, a file event, a timer) is dropped quietly.
 */
public final class PanelModel {
    private final PanelContext context;
    /** The fleet asked at each refresh, or null (no fleet configured). */
    private volatile FleetLookup fleet;
    private final List<RoleCardModel> cards = new ArrayList<>();
    private final ReadOnlyListWrapper<HomeStatus> homes = new ReadOnlyListWrapper<>(this, "homes", FXCollections.observableArrayList());
    private final ReadOnlyObjectWrapper<Verdict> worst = new ReadOnlyObjectWrapper<>(this, "worst", Verdict.NO_OWNER);
    private final ReadOnlyBooleanWrapper attention = new ReadOnlyBooleanWrapper(this, "attention");
    private final ReadOnlyObjectWrapper<TrayStatus> trayStatus = new ReadOnlyObjectWrapper<>(this, "trayStatus", TrayStatus.GREY);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "Hostwarden: not inspected yet");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title", "Hostwarden");
    private final ReadOnlyStringWrapper lockDir = new ReadOnlyStringWrapper(this, "lockDir", "");
    private final ReadOnlyObjectWrapper<Instant> lastRefresh = new ReadOnlyObjectWrapper<>(this, "lastRefresh");
    private final ReadOnlyObjectWrapper<Instant> lastChecked = new ReadOnlyObjectWrapper<>(this, "lastChecked");
    private final ReadOnlyIntegerWrapper refreshCount = new ReadOnlyIntegerWrapper(this, "refreshCount");
    private final ReadOnlyObjectWrapper<OwnershipEvent> lastEvent = new ReadOnlyObjectWrapper<>(this, "lastEvent");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

    private final AtomicBoolean inFlight = new AtomicBoolean();
    private final AtomicBoolean again = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean rechecking = new AtomicBoolean();
    private final Set<Long> watchedPids = new HashSet<>();
    private Consumer<OwnershipEvent> eventListener = event -> { };
    /** Who asked which owner to stop: its end is then a planned stop, not a death. */
    private final StopRequests plannedStops;
    /** Every platform message shown or notified goes through it: a platform's error may quote its token. */
    private final Redactor redactor;
    private final HealthJudge healthJudge;
    /** Off unless the panel app turns it on: a test's model writes no history. */
    private volatile OwnershipHistory history;
    private volatile HistoryCache historyCache;
    /** Each role's history line from the last take(); apply() runs after it and before the next. */
    private volatile Map<Role, String> historyLines = Map.of();

    public PanelModel(PanelContext context) {
        this.context = context;
        this.plannedStops = new StopRequests(pid -> context.describer().describe(pid).map(HolderInfo::commandLine));
        this.redactor = Redactor.deferred(() -> KnownSecrets.redactor(context.rendezvous(), Environment.system(), context.hermesRoot()));
        this.healthJudge = new HealthJudge(context.rendezvous().inspector(), redactor);
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

    /** A live gateway says a person is needed (a platform needs attention, or it serves degraded). */
    public ReadOnlyBooleanProperty attentionProperty() {
        return attention.getReadOnlyProperty();
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

    /** When the state was last proven: the last refresh, or a later 10 s re-check that found nothing changed. */
    public ReadOnlyObjectProperty<Instant> lastCheckedProperty() {
        return lastChecked.getReadOnlyProperty();
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
    public void recordHistory(OwnershipHistory value) {
        this.history = value;
        this.historyCache = value == null ? null : new HistoryCache(value.log(), value.lockDir());
    }

    // Refresh //

    /** Re-inspects every role and home. Safe from any thread; never blocks; never writes. */
    public void refresh() {
        if (closed.get()) {
            return;
        }
        if (!inFlight.compareAndSet(false, true)) {
            again.set(true);
            return;
        }
        boolean queued = submit(context.background(), () -> {
            // When this inspection began: an action whose outcome came later must not be judged by it.
            long begun = System.nanoTime();
            Snapshot taken = null;
            String failure = "";
            try {
                taken = take();
            } catch (RuntimeException unexpected) {
                failure = "The last refresh failed: " + unexpected;
            }
            Snapshot result = taken;
            String problem = failure;
            boolean applying = submit(context.ui(), () -> {
                try {
                    if (result != null && !closed.get()) {
                        apply(result, begun);
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
            if (!applying) {
                inFlight.set(false);
            }
        });
        if (!queued) {
            inFlight.set(false);
        }
    }

    /**
     * What no file event announces, asked again cheaply while the window shows (the app calls it every
     * 10 s, never while hidden; call on the UI executor). Each live owner's endpoint or control socket
     * gets one bounded connection: a hung (SIGSTOPped) owner turns ENDPOINT_SILENT, and one that
     * answers again loses it. Each role nobody holds gets one lock probe: a hermes that has taken the
     * host lock and not yet published (STARTING) writes nothing a watcher could see. Only an answer
     * that differs from what the cards show costs a refresh.
     */
    public void recheckWhileVisible() {
        List<RoleReport> reports = new ArrayList<>();
        for (RoleCardModel card : cards) {
            RoleSnapshot snapshot = card.snapshotProperty().get();
            if (snapshot != null) {
                reports.add(snapshot.report());
            }
        }
        if (reports.isEmpty() || closed.get() || !rechecking.compareAndSet(false, true)) {
            return;
        }
        boolean queued = submit(context.background(), () -> {
            try {
                if (reports.stream().anyMatch(this::differsNow)) {
                    refresh();
                } else {
                    // Nothing changed, but it was checked: the header's "checked" says when.
                    submit(context.ui(), () -> lastChecked.set(context.clock().instant()));
                }
            } finally {
                rechecking.set(false);
            }
        });
        if (!queued) {
            rechecking.set(false);
        }
    }

    /** Whether the owner's endpoint, or the role's unheld host lock, now says something else than {@code report}. */
    private boolean differsNow(RoleReport report) {
        Optional<Boolean> answered = endpointAnswered(report);
        if (answered.isPresent()) {
            HostRecord record = report.record().recordOrNull();
            String token = context.rendezvous().store().readToken(record.role()).orElse("");
            Optional<Boolean> now = OwnerProbe.answers(record, token, RoleInspector.ENDPOINT_TIMEOUT);
            return now.isPresent() && !now.equals(answered);
        }
        return report.lock().state() != LockState.HELD && context.rendezvous().probeHostLock(report.role()).state() == LockState.HELD;
    }

    /** Whether the report's endpoint check found the owner answering; empty when it was not asked or the role has no live owner. */
    private static Optional<Boolean> endpointAnswered(RoleReport report) {
        if (report.record().recordOrNull() == null || (report.verdict() != Verdict.LIVE && report.verdict() != Verdict.UNPROVABLE)) {
            return Optional.empty();
        }
        return report.checks().stream().filter(check -> check.name().equals("endpoint"))
                .filter(check -> check.result() == CheckResult.PASS || check.result() == CheckResult.FAIL)
                .map(check -> check.result() == CheckResult.PASS).findFirst();
    }

    /**
     * What the file watcher should watch: the whole rendezvous directory and {@code profiles/} (a home
     * made or removed), and in the hermes root and every profile home only the files the panel shows
     * (marker, {@code gateway.lock}, the leftovers {@code gateway.pid} and {@code gateway_state.json}):
     * hermes writes its state database and logs there all the time, and each of those writes would
     * otherwise cost a refresh.
     */
    public List<RendezvousWatcher.Watch> watchedDirectories() {
        List<RendezvousWatcher.Watch> dirs = new ArrayList<>();
        dirs.add(RendezvousWatcher.Watch.all(context.rendezvous().dir().path()));
        dirs.add(RendezvousWatcher.Watch.all(context.hermesRoot().resolve("profiles")));
        for (HermesHome.Profile profile : HermesHome.profiles(context.hermesRoot())) {
            dirs.add(RendezvousWatcher.Watch.only(profile.home(), HOME_FILES));
        }
        return dirs;
    }

    /** The names in a hermes home whose change the panel shows. */
    private static final String[] HOME_FILES = {PlannedStopMarker.FILE_NAME, GatewayRuntimeLock.FILE_NAME, "gateway.pid",
        "gateway_state.json", "profiles"};

    /** No refresh runs after this; one already running is not applied; this panel stops supervising. Idempotent. */
    public void close() {
        closed.set(true);
        cards.forEach(card -> card.keepRunning().release());
    }

    /** Turns "Keep running" on for the roles the user left it on for, in this rendezvous directory (UI executor). */
    public void restoreKeepRunning() {
        cards.forEach(card -> card.keepRunning().restore());
    }

    /** A refresh is inspecting or applying now (one an owner's exit started may run on its own thread). */
    public boolean isRefreshing() {
        return inFlight.get();
    }

    /** Hands {@code task} to {@code executor}; false when it is shut down (the panel is closing), which is no error. */
    private static boolean submit(Executor executor, Runnable task) {
        try {
            executor.execute(task);
            return true;
        } catch (RejectedExecutionException closing) {
            return false;
        }
    }

    private record Snapshot(RendezvousDir dir, List<RoleSnapshot> roles, List<HomeStatus> homes, Instant at) {
    }

    /**
     * Each later refresh also asks {@code lookup} about every role (on the background executor) and
     * shows its line and reasons on the cards. Without a call no fleet is asked and no fleet class loaded.
     */
    public void useFleet(FleetLookup lookup) {
        fleet = lookup;
    }

    private Snapshot take() {
        List<RoleSnapshot> roles = new ArrayList<>();
        FleetLookup fleetNow = fleet;
        for (Role role : Role.values()) {
            RoleReport inspected = context.inspector().inspect(role);
            Health health = healthJudge.judge(inspected, context.hermesRoot()).orElse(null);
            RoleReport report = health == null ? inspected : inspected.withReasons(health.reasons());
            if (history != null) {
                history.observe(report);
            }
            HostRecord owner = report.record().recordOrNull();
            if (owner != null && (report.verdict() == Verdict.LIVE || report.verdict() == Verdict.UNPROVABLE)) {
                plannedStops.learn(owner);
            }
            card(role).keepRunning().refresh();
            // The retract verdict from what the report already observed: no second read or lock probe.
            var dryRun = context.rendezvous().retractor().preview(role, report.lock(), report.record());
            if (fleetNow == null) {
                roles.add(new RoleSnapshot(report, dryRun, "", health));
            } else {
                FleetLookup.Look look = fleetNow.look(report);
                roles.add(new RoleSnapshot(look.report(), dryRun, look.line(), health));
            }
        }
        HistoryCache cache = historyCache;
        if (cache != null) {
            Map<Role, String> lines = new EnumMap<>(Role.class);
            List<HistoryEvent> events = cache.events();
            plannedStops.learn(events);
            RoleHistorySummary.of(events, context.clock().instant(), context.clock().getZone())
                    .forEach((role, summary) -> lines.put(role, summary.line()));
            historyLines = lines;
        }
        List<HomeStatus> scanned = HomeStatus.scan(context.hermesRoot(), roles.get(Role.GATEWAY.ordinal()).report(),
                context.rendezvous().inspector());
        return new Snapshot(context.rendezvous().dir(), roles, scanned, context.clock().instant());
    }

    private void apply(Snapshot taken, long begun) {
        List<OwnershipEvent> events = new ArrayList<>();
        for (RoleSnapshot role : taken.roles()) {
            RoleCardModel card = card(role.report().role());
            RoleSnapshot before = card.snapshotProperty().get();
            RoleReport was = before == null ? null : before.report();
            HostRecord previousOwner = was == null ? null : was.record().recordOrNull();
            Actor stoppedBy = plannedStops.of(role.report().role(), previousOwner == null ? null : previousOwner.pid())
                    .map(StopRequests.Request::by).orElse(null);
            OwnershipEvent.between(was, role.report(), stoppedBy).ifPresent(events::add);
            if (before != null) {
                events.addAll(OwnershipEvent.platformsBetween(role.report().role(), before.currentPlatforms(), role.currentPlatforms(), redactor));
            }
            card.apply(role, begun);
            card.applyHistory(historyLines.getOrDefault(role.report().role(), ""));
            watchExit(role.report());
        }
        for (HomeStatus home : taken.homes()) {
            // A standalone gateway holding a profile's gateway.lock: its death makes no file event.
            watchExit(home.runtimeLock().holderPid());
        }
        if (!homes.equals(taken.homes())) {
            homes.setAll(taken.homes());
        }
        lockDir.set(taken.dir().path() + " (from " + (taken.dir().source() == LockDirSource.OPTION ? "--lock-dir"
                : taken.dir().source().name()) + ")");
        Verdict worstNow = worstOf(taken.roles());
        worst.set(worstNow);
        boolean needsPerson = taken.roles().stream().anyMatch(RoleSnapshot::needsAttention);
        attention.set(needsPerson);
        trayStatus.set(needsPerson && TrayStatus.of(worstNow) != TrayStatus.RED && TrayStatus.of(worstNow) != TrayStatus.AMBER
                ? TrayStatus.ATTENTION : TrayStatus.of(worstNow));
        summary.set(summarize(taken.roles()));
        title.set(title(taken.roles().stream().map(role -> role.report().verdict()).toList()));
        lastRefresh.set(taken.at());
        lastChecked.set(taken.at());
        refreshCount.set(refreshCount.get() + 1);
        for (OwnershipEvent event : events) {
            lastEvent.set(event);
            eventListener.accept(event);
        }
    }

    /**
     * An owner that dies (whatever its age), and a lock holder that dies while STARTING (known only
     * from the lock, as no record names it yet), are noticed at once, without polling the
     * rendezvous: the process's exit triggers a refresh.
     */
    private void watchExit(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        if (record != null && (report.verdict() == Verdict.LIVE || report.verdict() == Verdict.UNPROVABLE)) {
            watchExit(Long.valueOf(record.pid()));
        }
        watchExit(report.lock().holderPid());
    }

    private void watchExit(Long pid) {
        // A process this user cannot see (another PID namespace, hidepid) is left to the re-verification timer.
        if (pid == null || closed.get() || pid == Platform.currentPid() || ProcessHandle.of(pid).isEmpty() || !watchedPids.add(pid)) {
            return;
        }
        ExitWatch.onExit(pid).thenRun(() -> {
            submit(context.ui(), () -> watchedPids.remove(pid));
            refresh();
        });
    }

    static Verdict worstOf(List<RoleSnapshot> roles) {
        return TrayStatus.worst(roles.stream().map(role -> role.report().verdict()).toList());
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
                notable.add(counts.get(verdict) + " " + verdict.name().toLowerCase(Locale.ROOT));
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
