package dev.hostwarden.panel.notify;

import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.actions.Outcome;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorState;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Decides what reaches the desktop. Only ownership transitions count (the model's
 * {@link OwnershipEvent}s); an owner's death or a stale record interrupts the user, a new owner
 * goes to the history only. At most one notification per role per {@link #PER_ROLE_INTERVAL} and
 * {@link #GLOBAL_CAP} per {@link #GLOBAL_WINDOW}; none while paused. Every event lands in the
 * history (newest first, {@link #HISTORY_SIZE} kept); a problem raises the banner, which the user
 * may dismiss and which is marked resolved, and its notification withdrawn, once the role is LIVE
 * again or its dead record is gone. An owner that ends because this panel stopped or restarted it
 * is no failure: it goes to the history as {@link NotificationEntry.Delivery#BY_PANEL}, with no
 * notification and no banner. Runs on the UI thread; the notifier's button presses are handed to
 * {@code ui}.
 */
public final class NotificationPolicy {
    public static final Duration PER_ROLE_INTERVAL = Duration.ofSeconds(30);
    public static final Duration GLOBAL_WINDOW = Duration.ofMinutes(1);
    public static final int GLOBAL_CAP = 3;
    public static final int HISTORY_SIZE = 50;

    static final String OPEN = "open";
    static final String RETRACT = "retract";
    static final String START = "start";

    private final RoleActions actions;
    private final Clock clock;
    private final Executor ui;
    private volatile Notifier notifier;
    /** The model being watched, for the PID behind an event; null until {@link #watch}. */
    private PanelModel model;

    private final BooleanProperty paused = new SimpleBooleanProperty(this, "paused");
    private final ObservableList<NotificationEntry> entries = FXCollections.observableArrayList();
    private final ReadOnlyListWrapper<NotificationEntry> history =
            new ReadOnlyListWrapper<>(this, "history", FXCollections.unmodifiableObservableList(entries));
    private final ReadOnlyObjectWrapper<Banner> banner = new ReadOnlyObjectWrapper<>(this, "banner");
    private final ReadOnlyObjectWrapper<String> deliveredBy = new ReadOnlyObjectWrapper<>(this, "deliveredBy");

    private final Map<Role, Instant> lastShown = new EnumMap<>(Role.class);
    private final Deque<Instant> recentlyShown = new ArrayDeque<>();
    /** The owner PID each role's running panel Stop or Restart is ending; its exit is expected. */
    private final Map<Role, Long> endingByPanel = new EnumMap<>(Role.class);
    /** Roles whose problem notification may still be up. */
    private final Set<Role> troubled = EnumSet.noneOf(Role.class);

    public NotificationPolicy(Notifier notifier, RoleActions actions, Clock clock, Executor ui) {
        this.notifier = notifier;
        this.actions = actions;
        this.clock = clock;
        this.ui = ui;
        deliveredBy.set(notifier.describe());
    }

    // Properties //

    /** "Pause notifications": while true nothing reaches the desktop; the history and banner still update. */
    public BooleanProperty pausedProperty() {
        return paused;
    }

    /** The last {@link #HISTORY_SIZE} events, newest first, each with what became of it. */
    public ReadOnlyListProperty<NotificationEntry> historyProperty() {
        return history.getReadOnlyProperty();
    }

    /** The latest problem, or null when there was none or the user dismissed it. */
    public ReadOnlyObjectProperty<Banner> bannerProperty() {
        return banner.getReadOnlyProperty();
    }

    /** What delivers notifications, in words (for the panel and the log). */
    public ReadOnlyObjectProperty<String> deliveredByProperty() {
        return deliveredBy.getReadOnlyProperty();
    }

    // Wiring //

    /** The PID in {@code role}'s record as the watched model last saw it; null without a record or a model. */
    private Long recordedPid(Role role) {
        PanelModel seen = model;
        if (seen == null || seen.card(role).snapshotProperty().get() == null) {
            return null;
        }
        HostRecord record = seen.card(role).snapshotProperty().get().report().record().recordOrNull();
        return record == null ? null : record.pid();
    }

    /** Follows every card's verdict, to mark problems resolved. The model's events come through {@link #accept}. */
    public void watch(PanelModel model) {
        this.model = model;
        for (RoleCardModel card : model.cards()) {
            card.verdictProperty().addListener((observable, before, after) -> verdictChanged(card.role(), before, after));
            card.busyProperty().addListener((observable, before, after) -> {
                HostRecord owner = card.snapshotProperty().get() == null ? null : card.snapshotProperty().get().report().record().recordOrNull();
                if (after) {
                    panelControlStarted(card.role(), owner == null ? null : owner.pid());
                }
            });
            card.supervisionProperty().addListener((observable, before, after) -> supervisionChanged(card.role(), before, after));
            // The outcome is set right after busy clears, and says whether the owner was ended.
            card.outcomeProperty().addListener((observable, before, after) -> {
                if (!card.busyProperty().get()) {
                    panelControlEnded(card.role(), after);
                }
            });
        }
    }

    /** Switches to {@code next} (the desktop's notifier, once found); safe from any thread. */
    public void useNotifier(Notifier next) {
        Notifier previous = notifier;
        notifier = next;
        ui.execute(() -> deliveredBy.set(next.describe()));
        if (previous != next) {
            previous.close();
        }
    }

    public void close() {
        notifier.close();
    }

    // Commands //

    /** The panel began stopping or restarting {@code role}'s owner {@code pid} (null: none yet): its end is no failure. */
    public void panelControlStarted(Role role, Long pid) {
        if (pid != null) {
            endingByPanel.put(role, pid);
        }
    }

    /**
     * The panel's Stop or Restart of {@code role} finished with {@code outcome}. Unless it ended the
     * owner (cancelled, refused, failed), the owner's later death is news again. An owner that was
     * ended stays expected until a new owner appears.
     */
    public void panelControlEnded(Role role, Outcome outcome) {
        boolean ended = outcome instanceof ControlOutcome control && control.endedTheOwner();
        if (!ended) {
            endingByPanel.remove(role);
        }
    }

    public void dismissBanner() {
        banner.set(null);
    }

    /** One ownership transition, as the model reports it. */
    public void accept(OwnershipEvent event) {
        Instant now = clock.instant();
        if (event.kind() == OwnershipEvent.Kind.PLATFORM_FAILED || event.kind() == OwnershipEvent.Kind.PLATFORM_RECOVERED) {
            platformChanged(event, now);
            return;
        }
        boolean ends = event.kind() == OwnershipEvent.Kind.DIED || event.kind() == OwnershipEvent.Kind.TURNED_STALE
                || event.kind() == OwnershipEvent.Kind.STOPPED || event.kind() == OwnershipEvent.Kind.GAVE_UP;
        // A planned stop (someone asked the owner to stop) is said calmly; only an end nobody asked for is a problem.
        boolean problem = ends && event.kind() != OwnershipEvent.Kind.STOPPED;
        NotificationEntry.Delivery delivery;
        // The end of an owner the panel is stopping, in however many steps it is seen (gone, then its
        // record stale), is expected until a new owner appears; a problem with another PID is news.
        Long ending = ends ? endingByPanel.get(event.role()) : endingByPanel.remove(event.role());
        Long recorded = recordedPid(event.role());
        boolean byThisPanel = event.stoppedBy() != null && event.stoppedBy().pid() == Platform.currentPid();
        boolean expected = ends && (byThisPanel || (ending != null && (recorded == null || recorded.equals(ending))));
        if (expected) {
            delivery = NotificationEntry.Delivery.BY_PANEL;
        } else if (!ends) {
            delivery = NotificationEntry.Delivery.HISTORY_ONLY;
        } else if (paused.get()) {
            delivery = NotificationEntry.Delivery.PAUSED;
        } else if (rateLimited(event.role(), now)) {
            delivery = NotificationEntry.Delivery.RATE_LIMITED;
        } else {
            lastShown.put(event.role(), now);
            recentlyShown.addLast(now);
            troubled.add(event.role());
            delivery = NotificationEntry.Delivery.SHOWN;
        }
        if (problem && !expected) {
            banner.set(new Banner(now, event, false));
        }
        remember(new NotificationEntry(now, event, delivery));
        // Last: the panel's own state is settled before the desktop (or a test's server) hears of it.
        if (delivery == NotificationEntry.Delivery.SHOWN) {
            notifier.show(notificationFor(event));
        }
    }

    /**
     * A role's supervisor changed what it does: giving up is said once (a notification, rate-limited
     * like the others, and the banner); everything else is for the card.
     */
    public void supervisionChanged(Role role, SupervisionRecord before, SupervisionRecord after) {
        boolean gaveUpNow = after != null && after.state() == SupervisorState.GAVE_UP && (before == null || before.state() != SupervisorState.GAVE_UP);
        if (gaveUpNow) {
            String output = after.lastOutput().isEmpty() ? "" : "; its last output: " + after.lastOutput().get(after.lastOutput().size() - 1);
            accept(new OwnershipEvent(role, OwnershipEvent.Kind.GAVE_UP, role + ": " + after.note() + " (kept running by PID " + after.pid()
                    + ", " + after.by() + ")" + output));
        }
    }

    /**
     * A live gateway's platform failed or came back: both are said (rate-limited like the others, under
     * a tag of the platform's own so they never replace an owner's); a failure raises the banner, the
     * recovery resolves it and withdraws the failure's notification.
     */
    private void platformChanged(OwnershipEvent event, Instant now) {
        boolean failed = event.kind() == OwnershipEvent.Kind.PLATFORM_FAILED;
        NotificationEntry.Delivery delivery;
        if (paused.get()) {
            delivery = NotificationEntry.Delivery.PAUSED;
        } else if (rateLimited(event.role(), now)) {
            delivery = NotificationEntry.Delivery.RATE_LIMITED;
        } else {
            lastShown.put(event.role(), now);
            recentlyShown.addLast(now);
            delivery = NotificationEntry.Delivery.SHOWN;
        }
        Banner current = banner.get();
        if (failed) {
            banner.set(new Banner(now, event, false));
        } else if (current != null && !current.resolved() && current.event().kind() == OwnershipEvent.Kind.PLATFORM_FAILED
                && current.event().role() == event.role()) {
            banner.set(current.resolve());
        }
        remember(new NotificationEntry(now, event, delivery));
        if (!failed || delivery != NotificationEntry.Delivery.SHOWN) {
            // The desktop never keeps stale news: a recovery withdraws the failure, and a failure too soon
            // after a shown recovery to be said again (flapping) still withdraws the "is back".
            notifier.withdraw(platformTag(event.role()));
        }
        if (delivery == NotificationEntry.Delivery.SHOWN) {
            List<NotificationAction> buttons = List.of(new NotificationAction(NotificationAction.DEFAULT, "Open", onUi(actions::open)),
                    new NotificationAction(OPEN, "Open panel", onUi(actions::open)));
            notifier.show(new Notification(platformTag(event.role()), failed ? "Hostwarden: a " + event.role() + " platform is failing"
                    : "Hostwarden: a " + event.role() + " platform is back", event.message(),
                    failed ? Notification.Urgency.NORMAL : Notification.Urgency.LOW, buttons));
        }
    }

    /** The newest entry first; the oldest beyond {@link #HISTORY_SIZE} go. */
    private void remember(NotificationEntry entry) {
        entries.add(0, entry);
        if (entries.size() > HISTORY_SIZE) {
            entries.remove(HISTORY_SIZE, entries.size());
        }
    }

    static String platformTag(Role role) {
        return "platforms:" + role;
    }

    /** A role's verdict changed: LIVE again, or a problem verdict cleared to NO_OWNER, resolves its problem. */
    public void verdictChanged(Role role, Verdict before, Verdict after) {
        boolean well = after == Verdict.LIVE || (after == Verdict.NO_OWNER && before != null && before != Verdict.NO_OWNER);
        if (!well) {
            return;
        }
        Banner current = banner.get();
        if (current != null && !current.resolved() && current.event().role() == role) {
            banner.set(current.resolve());
        }
        if (troubled.remove(role)) {
            notifier.withdraw(tag(role));
        }
    }

    private boolean rateLimited(Role role, Instant now) {
        Instant last = lastShown.get(role);
        if (last != null && now.isBefore(last.plus(PER_ROLE_INTERVAL))) {
            return true;
        }
        while (!recentlyShown.isEmpty() && !now.isBefore(recentlyShown.peekFirst().plus(GLOBAL_WINDOW))) {
            recentlyShown.removeFirst();
        }
        return recentlyShown.size() >= GLOBAL_CAP;
    }

    Notification notificationFor(OwnershipEvent event) {
        Role role = event.role();
        List<NotificationAction> buttons = new ArrayList<>();
        buttons.add(new NotificationAction(NotificationAction.DEFAULT, "Open", onUi(actions::open)));
        buttons.add(new NotificationAction(OPEN, "Open panel", onUi(actions::open)));
        if (actions.canRetract(role)) {
            buttons.add(new NotificationAction(RETRACT, "Retract dead record…", onUi(() -> actions.retract(role))));
        }
        if (actions.canStart(role)) {
            buttons.add(new NotificationAction(START, "Start a new owner", onUi(() -> actions.start(role))));
        }
        String summary = switch (event.kind()) {
            case TURNED_STALE -> "Hostwarden: " + role + " is stale";
            case STOPPED -> "Hostwarden: " + role + " was stopped";
            case GAVE_UP -> "Hostwarden: gave up keeping " + role + " running";
            default -> "Hostwarden: " + role + " owner is gone";
        };
        Notification.Urgency urgency = event.kind() == OwnershipEvent.Kind.STOPPED ? Notification.Urgency.LOW : Notification.Urgency.NORMAL;
        Verdict now = event.kind() == OwnershipEvent.Kind.TURNED_STALE ? Verdict.STALE : Verdict.NO_OWNER;
        return new Notification(tag(role), summary, event.message(), urgency, buttons, now);
    }

    private Runnable onUi(Runnable action) {
        return () -> ui.execute(action);
    }

    static String tag(Role role) {
        return "role:" + role;
    }
}
