package dev.hostwarden.supervise;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.HealthJudge;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryCache;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.history.StopRequests;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.LaunchedProcesses;
import dev.hostwarden.runtime.RoleLog;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps one role owned. While it holds the role's {@link SupervisorSlot} it looks at the role every
 * {@link #TICK}: an owner is watched; an owner that ends without anyone asking it to is a crash, and
 * after a delay that doubles each time (the {@link Backoff}) a new owner is started through the same
 * action as Start ({@link Actions#supervisedStart}: retract the dead record race-safely, launch the
 * configured command detached, wait until it is proven live). A stop someone asked for is never undone;
 * a lock held by someone else (a starting owner, another profile's gateway, an owner that cannot be
 * proven) is waited on, never fought over; too many failed starts in the window and it gives up until
 * someone starts the role again. Everything it decides is published in its slot and recorded in the
 * history (crashed, supervised_start, gave_up).
 */
public final class RoleSupervisor {
    /** How often the role is looked at; an owner's death is noticed within it. */
    static final Duration TICK = Duration.ofMillis(250);
    /**
     * While a proven owner is watched, the full inspection (lock, record, proof) runs at least this
     * often; in between each tick only glances at the owner's process and its record file, and an
     * owner that dies or is replaced fails the glance at once, so no death waits for it.
     */
    static final Duration FULL_LOOK_EVERY = Duration.ofSeconds(2);
    /** How long a start waits for the new owner to be proven live before it counts as failed. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final System.Logger LOG = System.getLogger(RoleSupervisor.class.getName());

    private final Role role;
    private final HostRendezvous rendezvous;
    private final Actions actions;
    private final OwnershipHistory history;
    private final HistoryCache recorded;
    private final StopRequests stops;
    private final SupervisorSlot slot;
    private final Backoff backoff;
    private final RoleLog log;
    private final Clock clock;
    private final Consumer<SupervisionRecord> listener;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile Thread thread;

    private SupervisorState state = SupervisorState.WATCHING;
    private Instant since;
    private String note = "";
    private Instant nextAttemptAt;
    private String lastExit;
    private Integer lastExitCode;
    private String stoppedBy;
    private List<String> lastOutput = List.of();
    private HostRecord owner;
    private Instant ownerSince;
    private boolean uptimeReached;
    /** The watched owner at the last full look: its start ticks and its record file's modification time. */
    private Long glancedTicks;
    private FileTime glancedRecordTime;
    private Instant nextFullLook = Instant.MIN;
    private int attempts;
    private Long replaced;
    private SupervisionRecord published;

    /**
     * @param actions  the actions it starts owners with, recorded as done by {@code actions.actor()}
     * @param listener told of every change of what it publishes (any thread)
     */
    public RoleSupervisor(Role role, Actions actions, OwnershipHistory history, SupervisionPolicy policy, Path stateHome, Clock clock,
                          Consumer<SupervisionRecord> listener) {
        this.role = role;
        this.rendezvous = actions.rendezvous();
        this.actions = actions;
        this.history = history;
        this.recorded = new HistoryCache(history.log(), rendezvous.dir().path());
        this.stops = new StopRequests(pid -> ProcessHandle.of(pid).flatMap(handle -> handle.info().commandLine()));
        this.slot = SupervisorSlot.of(stateHome, role, rendezvous.dir().path());
        this.backoff = new Backoff(policy);
        this.log = RoleLog.of(stateHome, role);
        this.clock = clock;
        this.listener = listener;
    }

    public Role role() {
        return role;
    }

    public SupervisorSlot slot() {
        return slot;
    }

    /**
     * Takes the role's slot and starts supervising on a thread of its own; empty when it is taken.
     * Otherwise the supervisor that holds it, as it describes itself (empty too when it cannot be read).
     */
    public Optional<SupervisionRecord> start() throws IOException {
        if (!slot.claim()) {
            return Optional.of(slot.holder().orElseGet(this::unknownHolder));
        }
        Thread running = new Thread(this::run, "supervise-" + role.wireName());
        running.setDaemon(true);
        thread = running;
        running.start();
        return Optional.empty();
    }

    /** A holder whose record cannot be read (still being written): named by the lock alone. */
    private SupervisionRecord unknownHolder() {
        return new SupervisionRecord(0, "another supervisor", role, rendezvous.dir().path().toString(), SupervisorState.WAITING, clock.instant(),
                "its record is not readable yet", null, 0, backoff.policy().maxFailedStarts(), backoff.policy().window().toSeconds(), null, null,
                List.of());
    }

    /** Ends supervising (the owners it launched keep running) and gives the slot up; waits for the loop to end. */
    public void stop() {
        stopping = true;
        Thread running = thread;
        if (running != null) {
            running.interrupt();
            try {
                ended.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** What it publishes now; null before its first look. */
    public SupervisionRecord current() {
        return published;
    }

    private void run() {
        try {
            since = clock.instant();
            decideAtStart();
            while (!stopping) {
                try {
                    tick();
                } catch (RuntimeException unexpected) {
                    LOG.log(Level.WARNING, "supervising {0}: {1}", role, unexpected.toString());
                }
                pause(TICK);
            }
        } finally {
            slot.release();
            ended.countDown();
        }
    }

    /** A supervisor that starts where the role was last stopped on purpose respects that stop. */
    private void decideAtStart() {
        RoleReport report = inspect();
        List<HistoryEvent> events = roleEvents();
        if (!owned(report) && report.verdict() != Verdict.STARTING) {
            Optional<StopRequests.Request> planned = StopRequests.lastEndWasPlanned(role, events);
            HostRecord dead = report.record().recordOrNull();
            stops.learn(events);
            if (planned.isEmpty() && dead != null) {
                planned = stops.of(role, dead.pid());
            }
            if (planned.isEmpty()) {
                planned = operatorStop(report);
            }
            if (planned.isPresent()) {
                stoppedOnPurpose(planned.get());
            }
        }
    }

    private void tick() {
        Instant now = clock.instant();
        if (state == SupervisorState.WATCHING && owner != null && now.isBefore(nextFullLook) && unchangedAtAGlance()) {
            return;
        }
        log.keepBounded();
        RoleReport report = inspect();
        HostRecord record = report.record().recordOrNull();
        now = clock.instant();
        if (owned(report)) {
            watch(record, now);
            rememberForGlances(record, now);
            return;
        }
        nextFullLook = Instant.MIN;
        if (report.verdict() == Verdict.STARTING || report.verdict() == Verdict.UNPROVABLE || report.verdict() == Verdict.UNUSABLE) {
            Long holder = report.lock().holderPid();
            enter(SupervisorState.WAITING, switch (report.verdict()) {
                case STARTING -> "the host lock is held by " + (holder == null ? "a process" : "PID " + holder) + " that has not published yet; waiting";
                case UNUSABLE -> "the rendezvous directory cannot be used: " + firstReason(report) + "; waiting";
                default -> "the owner cannot be proven alive or dead (" + firstReason(report) + "); waiting, nothing is started beside it";
            });
            return;
        }
        if (owner != null) {
            ownerEnded(report, now);
            return;
        }
        switch (state) {
            case GAVE_UP, STOPPED_ON_PURPOSE -> {
                // Nothing until someone starts the role again.
            }
            case BACKING_OFF -> {
                if (!now.isBefore(nextAttemptAt)) {
                    attempt();
                }
            }
            default -> backOff(now, "no owner");
        }
    }

    /** A live owner: watched; one that stays live long enough resets the brake; someone's start resumes a given-up role. */
    private void watch(HostRecord record, Instant now) {
        if (owner == null || owner.pid() != record.pid()) {
            owner = record;
            ownerSince = startedAt(record, now);
            uptimeReached = false;
        }
        if (state == SupervisorState.GAVE_UP || state == SupervisorState.STOPPED_ON_PURPOSE) {
            // Someone started the role again: keep it running from here, afresh.
            backoff.reset();
            stoppedBy = null;
        }
        if (!uptimeReached && !now.isBefore(ownerSince.plus(backoff.policy().minUptime()))) {
            uptimeReached = true;
            backoff.reset();
        }
        stops.learn(record);
        String home = record.home().isEmpty() ? "" : " (home " + record.home() + ")";
        enter(SupervisorState.WATCHING, "owner PID " + record.pid() + home);
    }

    /** What the glances between full looks compare with; the next full look no later than the owner's minimum uptime. */
    private void rememberForGlances(HostRecord record, Instant now) {
        glancedTicks = rendezvous.inspector().startTicks(record.pid());
        glancedRecordTime = recordTime();
        Instant next = now.plus(FULL_LOOK_EVERY);
        Instant uptime = ownerSince.plus(backoff.policy().minUptime());
        nextFullLook = !uptimeReached && uptime.isBefore(next) ? uptime : next;
    }

    /** The same process (PID and start ticks) and the same record file as at the last full look; false when either cannot be read. */
    private boolean unchangedAtAGlance() {
        Long ticks = rendezvous.inspector().startTicks(owner.pid());
        FileTime recordTime = recordTime();
        return ticks != null && ticks.equals(glancedTicks) && recordTime != null && recordTime.equals(glancedRecordTime);
    }

    private FileTime recordTime() {
        try {
            return Files.getLastModifiedTime(rendezvous.dir().recordPath(role), LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    /** The owner it watched is gone: a planned stop is respected, anything else is a crash and a start is scheduled. */
    private void ownerEnded(RoleReport report, Instant now) {
        HostRecord gone = owner;
        owner = null;
        stops.learn(roleEvents());
        Optional<StopRequests.Request> planned = stops.of(role, gone.pid());
        // Asked once: the launched process's exit is handed out a single time.
        Optional<Integer> launchedExit = LaunchedProcesses.exitOf(gone.pid());
        Optional<Integer> exit = launchedExit.or(() -> recordedExit(gone.pid()));
        if (planned.isEmpty()) {
            planned = operatorStop(report);
        }
        if (planned.isEmpty() && exit.isPresent() && exit.get() == 0) {
            planned = Optional.of(new StopRequests.Request(new Actor(gone.pid(), "its own planned stop, exit code 0"), now));
        }
        if (planned.isPresent()) {
            stoppedOnPurpose(planned.get());
            return;
        }
        lastExitCode = exit.orElse(null);
        lastExit = "PID " + gone.pid() + " " + exit.map(LaunchedProcesses::describe).orElse("ended (" + firstReason(report) + ")");
        // The log holds what the owners Hostwarden launched wrote; an owner started elsewhere wrote nothing there.
        lastOutput = launchedExit.isPresent() ? lastLogLines() : List.of();
        history.crashed(role, gone.pid(), exit.orElse(null), report.reasons().isEmpty() ? null : report.reasons().get(0).code().name(),
                exit.map(LaunchedProcesses::describe).orElse(null), actions.actor());
        LOG.log(Level.INFO, "{0}: the owner {1}; nobody asked it to stop", role, lastExit);
        replaced = gone.pid();
        if (!uptimeReached) {
            // It died before the minimum uptime: the start that made it failed.
            backoff.failed(now);
        }
        if (backoff.givesUp(now)) {
            giveUp(now);
            return;
        }
        backOff(now, "the owner " + lastExit);
    }

    private void backOff(Instant now, String why) {
        Duration delay = backoff.nextDelay();
        nextAttemptAt = now.plus(delay);
        enter(SupervisorState.BACKING_OFF, why + "; starting a new owner in " + seconds(delay));
    }

    private void attempt() {
        attempts++;
        enter(SupervisorState.STARTING, "attempt " + attempts + ": launching the " + role + " command");
        HostRecord lastServed = rendezvous.readRecord(role, true);
        ControlOutcome outcome = actions.supervisedStart(role, new ControlRequest(START_TIMEOUT, true, lastServed, step -> { },
                () -> stopping, () -> false), attempts, replaced);
        ControlResult result = outcome.result();
        Instant now = clock.instant();
        if (result.outcome() == ControlResult.Outcome.STARTED || result.outcome() == ControlResult.Outcome.ALREADY_LIVE) {
            replaced = null;
            HostRecord started = rendezvous.readRecord(role, true);
            if (started != null) {
                watch(started, now);
            }
            return;
        }
        if (stopping) {
            return;
        }
        backoff.failed(now);
        lastExitCode = result.launchedExit();
        lastExit = result.launchedExit() != null ? "the launched command's " + LaunchedProcesses.describe(result.launchedExit()) : outcome.words();
        lastOutput = lastLogLines();
        if (result.launchedPid() != null) {
            // Every attempt is on the record, the failed ones with how they ended: why it died is in one place.
            history.crashed(role, result.launchedPid(), result.launchedExit(), "FAILED_START", "attempt " + attempts + " did not become the live owner: "
                    + (result.launchedExit() != null ? LaunchedProcesses.describe(result.launchedExit()) : "not live within " + seconds(START_TIMEOUT)),
                    actions.actor());
        }
        LOG.log(Level.INFO, "{0}: attempt {1} failed: {2}", role, attempts, outcome.words());
        if (backoff.givesUp(now)) {
            giveUp(now);
            return;
        }
        backOff(now, "attempt " + attempts + " failed (" + lastExit + ")");
    }

    private void giveUp(Instant now) {
        int failed = backoff.failedWithin(now);
        String why = failed + " failed starts within " + seconds(backoff.policy().window()) + (lastExit == null ? "" : "; last: " + lastExit);
        history.gaveUp(role, failed, lastExitCode, why, actions.actor());
        nextAttemptAt = null;
        LOG.log(Level.WARNING, "{0}: gave up after {1}; start it by hand (hostwarden start {2}) to resume", role, why, role.wireName());
        enter(SupervisorState.GAVE_UP, "gave up after " + why + "; a Start or Restart resumes it");
    }

    private void stoppedOnPurpose(StopRequests.Request request) {
        owner = null;
        nextAttemptAt = null;
        String at = request.at().truncatedTo(ChronoUnit.SECONDS).toString();
        stoppedBy = request.by().named() + " at " + at;
        enter(SupervisorState.STOPPED_ON_PURPOSE, "stopped by " + stoppedBy + " — not restarted");
    }

    private void enter(SupervisorState next, String words) {
        if (next != state) {
            state = next;
            since = clock.instant();
        }
        if (next != SupervisorState.BACKING_OFF) {
            nextAttemptAt = null;
        }
        note = words;
        publish();
    }

    private void publish() {
        SupervisionRecord now = new SupervisionRecord(Platform.currentPid(), actions.actor().command(), role,
                rendezvous.dir().path().toAbsolutePath().normalize().toString(), state, since, note, nextAttemptAt,
                backoff.failedWithin(clock.instant()), backoff.policy().maxFailedStarts(), backoff.policy().window().toSeconds(), lastExit,
                stoppedBy, lastOutput);
        if (now.equals(published)) {
            return;
        }
        published = now;
        try {
            slot.publish(now);
        } catch (IOException failed) {
            LOG.log(Level.WARNING, "the supervision record of {0} could not be written: {1}", role, failed.getMessage());
        }
        listener.accept(now);
    }

    /** hermes' own record of the operator's intent: a gateway stopped with {@code hermes gateway stop} says {@code desired_state: stopped}. */
    private Optional<StopRequests.Request> operatorStop(RoleReport report) {
        Optional<Health> health = new HealthJudge(rendezvous.inspector(), Redactor.builder().build())
                .judge(report, HermesHome.resolve(Environment.system()));
        if (health.isEmpty() || !health.get().stoppedByOperator()) {
            return Optional.empty();
        }
        long writer = health.get().writerPid() == null ? 0 : health.get().writerPid();
        return Optional.of(new StopRequests.Request(new Actor(writer, "the operator: desired_state stopped in " + health.get().file()),
                clock.instant()));
    }

    /** The log's last lines, redacted as diagnose redacts; none when it cannot be read. */
    private List<String> lastLogLines() {
        try {
            List<String> lines = log.tail(SupervisionRecord.OUTPUT_LINES);
            if (lines.isEmpty()) {
                return List.of();
            }
            Environment env = Environment.system();
            Redactor redactor = KnownSecrets.redactor(rendezvous, env, HermesHome.resolve(env));
            return lines.stream().map(redactor::redact).toList();
        } catch (IOException | RuntimeException unreadable) {
            return List.of();
        }
    }

    /**
     * When the owner started, from its record: an owner that ran for hours before this supervisor began
     * watching has long passed its minimum uptime, and its death is a crash, not a failed start.
     */
    private static Instant startedAt(HostRecord record, Instant now) {
        Double created = record.createTime();
        if (created == null || !(created > 0) || created.isInfinite()) {
            return now;
        }
        Instant started = Instant.ofEpochMilli(Math.round(created * 1000));
        return started.isAfter(now) ? now : started;
    }

    private RoleReport inspect() {
        return new RoleInspector(rendezvous, false).inspect(role);
    }

    /** An owner to watch: LIVE, or proven live although its lock file was deleted under it. */
    private static boolean owned(RoleReport report) {
        return report.record().recordOrNull() != null
                && (report.verdict() == Verdict.LIVE || (report.verdict() == Verdict.UNPROVABLE && report.liveness().proven()));
    }

    private List<HistoryEvent> roleEvents() {
        return recorded.events().stream().filter(event -> event.role() == role).toList();
    }

    /** The exit code a Hostwarden owner recorded for itself. */
    private Optional<Integer> recordedExit(long pid) {
        List<HistoryEvent> events = roleEvents();
        for (int i = events.size() - 1; i >= 0; i--) {
            HistoryEvent event = events.get(i);
            if (event.type() == EventType.STOPPED && Long.valueOf(pid).equals(event.pid()) && event.exitCode() != null) {
                return Optional.of(event.exitCode());
            }
        }
        return Optional.empty();
    }

    private static String firstReason(RoleReport report) {
        return report.reasons().isEmpty() ? report.verdict().name() : report.reasons().get(0).code().name();
    }

    private static String seconds(Duration duration) {
        long seconds = duration.toSeconds();
        return seconds >= 120 ? (seconds / 60) + " min" : duration.toMillis() % 1000 == 0 ? seconds + " s"
                : String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }

    private void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException interrupted) {
            // stop() interrupts: the loop looks at the flag.
        }
    }
}
