package dev.hostwarden.actions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.autostart.Autostart;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.panel.doctor.DoctorViewModel;
import dev.hostwarden.panel.doctor.SafeFix;
import dev.hostwarden.panel.model.HolderInfo;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.panel.notify.RoleActions;
import dev.hostwarden.panel.profiles.DesktopHandOff;
import dev.hostwarden.panel.profiles.ProfileRow;
import dev.hostwarden.panel.profiles.ProfilesViewModel;
import dev.hostwarden.panel.tray.TrayContent;
import dev.hostwarden.panel.tray.TrayMenuItem;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each action, driven from every entry point that offers it (the command line, the card, the tray
 * menu, the Doctor's fix, a notification's button, the Profiles view), records the same events in the
 * ownership history, each naming who acted. Real owners in child JVMs, each entry point in a
 * rendezvous directory of its own; the history is the one file every process of this test run writes.
 */
class EveryEntryPointRecordsTheSameTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    /** What owners and actions record; an observer's sightings are not recorded here (no model records them). */
    private static final Set<EventType> DONE = EnumSet.of(EventType.STARTED, EventType.STOP_REQUESTED, EventType.STOPPED,
            EventType.RETRACTED, EventType.RESTARTED, EventType.LAUNCHED, EventType.STOP_CANCELLED, EventType.MARKER_CLEARED,
            EventType.RESCANNED);

    @TempDir
    Path temp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private final List<ChildProcess> owners = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();

    @AfterEach
    void endEveryOwner() throws InterruptedException {
        for (ChildProcess owner : owners) {
            owner.close();
        }
        // Owners the actions launched are detached: end whatever still holds a lock here.
        for (Path locks : directories) {
            for (Role role : Role.values()) {
                var record = rendezvous(locks).read(role).recordOrNull();
                if (record != null) {
                    ProcessHandle.of(record.pid()).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        }
        background.shutdownNow();
    }

    /** One place an action is started from, in its own rendezvous directory. */
    private record EntryPoint(String name, Consumer<Place> act) {
    }

    /** A rendezvous directory and hermes home of one entry point, with the panel's models on them. */
    private final class Place {
        final Path locks;
        final Path home;
        PanelModel model;

        Place(String name) throws IOException {
            locks = temp.resolve(name).resolve("locks");
            home = temp.resolve(name).resolve("home");
            Files.createDirectories(home);
            directories.add(locks);
        }

        /** The panel's model on this place, refreshed until {@code role} shows {@code verdict}. */
        PanelModel panel(Role role, Verdict verdict) {
            if (model == null) {
                HostRendezvous rendezvous = rendezvous(locks);
                RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous).withSettings(LaunchSettings.none())
                        .withEnvironment(Environment.system().with("HERMES_HOME", home.toString()));
                model = new PanelModel(PanelContext.of(rendezvous, home, control, Place::describe, background, Runnable::run));
            }
            // The verdict is read only between refreshes, and a new one starts only then: asked for on every
            // poll, a refresh was nearly always in flight when the condition looked, and the wait passed only
            // when a descheduled test thread let one finish first (up to a minute under load).
            Waits.until(role + " shows " + verdict, DEADLINE, () -> {
                if (model.isRefreshing()) {
                    return false;
                }
                if (model.card(role).verdictProperty().get() == verdict) {
                    return true;
                }
                model.refresh();
                return false;
            });
            return model;
        }

        static Optional<HolderInfo> describe(long pid) {
            return Optional.empty();
        }

        Cli.Result cli(String... args) {
            List<String> all = new ArrayList<>(List.of(args));
            all.addAll(List.of("--lock-dir", locks.toString()));
            Map<String, String> env = new HashMap<>();
            env.put("HERMES_HOME", home.toString());
            env.put("XDG_CONFIG_HOME", temp.resolve("no-config").toString());
            env.put("HOSTWARDEN_SETTINGS", null);
            try {
                return Cli.runChildJvm(env, all.toArray(new String[0]));
            } catch (IOException | InterruptedException failed) {
                throw new AssertionError(failed);
            }
        }

        ChildProcess owner(String role) {
            try {
                ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                        "HERMES_HOME", home.toString()), "run", role);
                owners.add(owner);
                assertEquals("READY role=" + role + " pid=" + owner.pid(), owner.readLine(DEADLINE), owner.stderr());
                return owner;
            } catch (IOException failed) {
                throw new AssertionError(failed);
            }
        }

        /** A serve owner killed with SIGKILL: its record is left behind, STALE. */
        void deadOwner() {
            ChildProcess owner = owner("serve");
            try {
                owner.kill();
            } catch (InterruptedException interrupted) {
                throw new AssertionError(interrupted);
            }
            Waits.until("the killed owner's record turns STALE", DEADLINE,
                    () -> new RoleInspector(rendezvous(locks), false).inspect(Role.SERVE).verdict() == Verdict.STALE);
        }

        /** Ran the card action, then waits until its outcome is in. */
        void awaitCard(RoleCardModel card, Runnable action) {
            Object before = card.outcomeProperty().get();
            action.run();
            Waits.until(card.role() + "'s action to end", DEADLINE, () -> !card.busyProperty().get() && card.outcomeProperty().get() != before);
        }

        /** The tray menu's entry {@code label} of {@code role}, chosen as a person would (Stop… confirmed, Retract previewed and confirmed). */
        void tray(Role role, String label) {
            PanelModel panel = model;
            TrayContent.Window window = new TrayContent.Window() {
                @Override
                public void open() {
                }

                @Override
                public void confirmStop(Role which) {
                    panel.card(which).stop();
                }

                @Override
                public void previewRetract(Role which) {
                    panel.card(which).previewRetract();
                    panel.card(which).confirmRetract();
                }

                @Override
                public void saveDiagnostics() {
                }

                @Override
                public void quit() {
                }

                @Override
                public void say(String message) {
                }
            };
            TrayContent tray = new TrayContent(panel, new SimpleBooleanProperty(), NO_AUTOSTART, window, Runnable::run, background, () -> { });
            TrayMenuItem.Submenu menu = tray.state().menu().stream().filter(item -> item instanceof TrayMenuItem.Submenu sub
                    && sub.label().equals(role.toString())).map(TrayMenuItem.Submenu.class::cast).findFirst().orElseThrow();
            TrayMenuItem.Action action = menu.items().stream().filter(item -> item.label().equals(label))
                    .map(TrayMenuItem.Action.class::cast).findFirst().orElseThrow();
            assertTrue(action.enabled(), label + " is offered");
            awaitCard(panel.card(role), action.action());
        }

        /** Applies the Doctor's fix {@code id} after its confirmation, as a person would. */
        void doctor(String id) {
            DoctorViewModel doctor = new DoctorViewModel(model != null ? model.context() : panel(Role.SERVE, currentVerdict(Role.SERVE)).context());
            doctor.run();
            Waits.until("the doctor's checks", DEADLINE, () -> doctor.checkedProperty().get() && !doctor.runningProperty().get());
            SafeFix fix = doctor.rowsProperty().stream().flatMap(row -> row.fixes().stream()).filter(candidate -> candidate.id().equals(id))
                    .findFirst().orElseThrow(() -> new AssertionError("no fix " + id + " in " + doctor.rowsProperty()));
            doctor.ask(fix);
            doctor.confirm();
            Waits.until("the fix to be applied and checked again", DEADLINE,
                    () -> !doctor.runningProperty().get() && doctor.pendingProperty().get() == null && !doctor.messageProperty().get().endsWith("…"));
        }

        Verdict currentVerdict(Role role) {
            return new RoleInspector(rendezvous(locks), false).inspect(role).verdict();
        }

        ProfilesViewModel profiles() {
            ProfilesViewModel profiles = new ProfilesViewModel(panel(Role.GATEWAY, currentVerdict(Role.GATEWAY)).context().actions(), home,
                    new DesktopHandOff(Environment.system()), background, Runnable::run);
            profiles.refresh();
            Waits.until("the profiles scanned", DEADLINE, () -> !profiles.rowsProperty().isEmpty() && !profiles.busyProperty().get());
            return profiles;
        }

        /** The recorded events about this place's owners, oldest first, as "event" words. */
        List<HistoryEvent> events() {
            String dir = locks.toAbsolutePath().normalize().toString();
            return HistoryLog.forUser(Environment.system()).read().events().stream()
                    .filter(event -> dir.equals(event.lockDir()) && DONE.contains(event.type())).toList();
        }
    }

    private static final Autostart NO_AUTOSTART = new Autostart() {
        @Override
        public State state() {
            return new State(false, null, null);
        }

        @Override
        public State enable() {
            return state();
        }

        @Override
        public State disable() {
            return state();
        }
    };

    private static HostRendezvous rendezvous(Path locks) {
        return HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
    }

    /**
     * Runs {@code action} from every entry point, each in a place of its own made ready by
     * {@code prepare}, and checks they all recorded {@code expected}, with the acting events naming the
     * command line or the panel as who did it.
     */
    private void sameFromEvery(List<EventType> expected, Consumer<Place> prepare, List<EntryPoint> entryPoints) throws IOException {
        Map<String, List<EventType>> recorded = new LinkedHashMap<>();
        for (EntryPoint entry : entryPoints) {
            Place place = new Place(entry.name());
            prepare.accept(place);
            entry.act().accept(place);
            List<HistoryEvent> events = place.events();
            Waits.until(entry.name() + " recorded " + expected, DEADLINE, () -> place.events().size() >= expected.size());
            events = place.events();
            recorded.put(entry.name(), events.stream().map(HistoryEvent::type).toList());
            for (HistoryEvent event : events) {
                if (event.type() != EventType.STARTED && event.type() != EventType.STOPPED) {
                    assertNotNull(event.byCommand(), entry.name() + " names who acted: " + event);
                    boolean fromCli = entry.name().equals("command line");
                    assertEquals(fromCli, event.byCommand().startsWith("hostwarden "), entry.name() + ": " + event);
                    assertEquals(!fromCli, event.byCommand().equals(PanelContext.ACTOR) && event.byPid() == ProcessHandle.current().pid(),
                            entry.name() + ": " + event);
                }
            }
        }
        for (Map.Entry<String, List<EventType>> entry : recorded.entrySet()) {
            assertEquals(expected, entry.getValue(), entry.getKey() + " recorded something else; all: " + recorded);
        }
    }

    @Test
    void startIsRecordedAsAStartFromTheCommandLineTheCardTheTrayAndANotification() throws IOException {
        sameFromEvery(List.of(EventType.STARTED, EventType.LAUNCHED), place -> { }, List.of(
                new EntryPoint("command line", place -> {
                    Cli.Result start = place.cli("start", "serve");
                    assertEquals(0, start.exit(), start.toString());
                    assertTrue(start.out().contains("started the serve owner: PID "), start.toString());
                }),
                new EntryPoint("card", place -> {
                    RoleCardModel card = place.panel(Role.SERVE, Verdict.NO_OWNER).card(Role.SERVE);
                    place.awaitCard(card, card::start);
                    assertTrue(card.actionMessageProperty().get().startsWith("STARTED: started the serve owner: PID "),
                            "a start is shown as a start: " + card.actionMessageProperty().get());
                }),
                new EntryPoint("tray", place -> {
                    place.panel(Role.SERVE, Verdict.NO_OWNER);
                    place.tray(Role.SERVE, "Start");
                }),
                new EntryPoint("notification", place -> {
                    PanelModel panel = place.panel(Role.SERVE, Verdict.NO_OWNER);
                    RoleActions buttons = RoleActions.of(panel, () -> { });
                    assertTrue(buttons.canStart(Role.SERVE), "\"Start a new owner\" is offered");
                    place.awaitCard(panel.card(Role.SERVE), () -> buttons.start(Role.SERVE));
                })));
    }

    @Test
    void stopIsRecordedTheSameFromTheCommandLineTheCardAndTheTray() throws IOException {
        sameFromEvery(List.of(EventType.STARTED, EventType.STOP_REQUESTED, EventType.STOPPED), place -> place.owner("serve"), List.of(
                new EntryPoint("command line", place -> assertEquals(0, place.cli("stop", "serve").exit())),
                new EntryPoint("card", place -> {
                    RoleCardModel card = place.panel(Role.SERVE, Verdict.LIVE).card(Role.SERVE);
                    place.awaitCard(card, card::stop);
                    assertTrue(card.actionMessageProperty().get().startsWith("STOPPED: stopped the serve owner PID "), card.actionMessageProperty().get());
                }),
                new EntryPoint("tray", place -> {
                    place.panel(Role.SERVE, Verdict.LIVE);
                    place.tray(Role.SERVE, "Stop…");
                })));
    }

    @Test
    void restartIsRecordedTheSameFromTheCommandLineTheCardAndTheTray() throws IOException {
        sameFromEvery(List.of(EventType.STARTED, EventType.STOP_REQUESTED, EventType.STOPPED, EventType.STARTED, EventType.RESTARTED),
                place -> place.owner("serve"), List.of(
                new EntryPoint("command line", place -> {
                    Cli.Result restart = place.cli("restart", "serve");
                    assertEquals(0, restart.exit(), restart.toString());
                }),
                new EntryPoint("card", place -> {
                    RoleCardModel card = place.panel(Role.SERVE, Verdict.LIVE).card(Role.SERVE);
                    place.awaitCard(card, card::restart);
                    assertTrue(card.actionMessageProperty().get().startsWith("RESTARTED: restarted the serve owner: PID "),
                            card.actionMessageProperty().get());
                }),
                new EntryPoint("tray", place -> {
                    place.panel(Role.SERVE, Verdict.LIVE);
                    place.tray(Role.SERVE, "Restart");
                })));
    }

    @Test
    void retractIsRecordedTheSameFromTheCommandLineTheCardTheTrayTheDoctorAndANotification() throws IOException {
        sameFromEvery(List.of(EventType.STARTED, EventType.RETRACTED), Place::deadOwner, List.of(
                new EntryPoint("command line", place -> assertEquals(0, place.cli("retract", "serve").exit())),
                new EntryPoint("card", place -> {
                    RoleCardModel card = place.panel(Role.SERVE, Verdict.STALE).card(Role.SERVE);
                    card.previewRetract();
                    place.awaitCard(card, card::confirmRetract);
                    assertTrue(card.actionMessageProperty().get().startsWith("Removed host-serve.json and host-serve.token from "),
                            card.actionMessageProperty().get());
                }),
                new EntryPoint("tray", place -> {
                    place.panel(Role.SERVE, Verdict.STALE);
                    place.tray(Role.SERVE, "Retract dead record…");
                }),
                new EntryPoint("doctor", place -> {
                    place.panel(Role.SERVE, Verdict.STALE);
                    place.doctor("retract-serve");
                }),
                new EntryPoint("notification", place -> {
                    PanelModel panel = place.panel(Role.SERVE, Verdict.STALE);
                    RoleActions buttons = RoleActions.of(panel, () -> { });
                    assertTrue(buttons.canRetract(Role.SERVE));
                    buttons.retract(Role.SERVE);
                    assertNotNull(panel.card(Role.SERVE).retractPreviewProperty().get(), "the button opens the preview; nothing is removed yet");
                    place.awaitCard(panel.card(Role.SERVE), panel.card(Role.SERVE)::confirmRetract);
                })));
    }

    @Test
    void clearingAnExpiredMarkerIsRecordedTheSameFromTheCommandLineTheProfilesViewAndTheDoctor() throws IOException {
        sameFromEvery(List.of(EventType.MARKER_CLEARED), place -> {
            try {
                Process gone = new ProcessBuilder("true").start();
                gone.waitFor();
                assertTrue(PlannedStopMarker.write(place.home, gone.pid(), ProcessInspector.system()));
            } catch (IOException | InterruptedException failed) {
                throw new AssertionError(failed);
            }
        }, List.of(
                new EntryPoint("command line", place -> {
                    Cli.Result clear = place.cli("profiles", "clear-marker", "default", "--home", place.home.toString());
                    assertEquals(0, clear.exit(), clear.toString());
                }),
                new EntryPoint("profiles view", place -> {
                    ProfilesViewModel profiles = place.profiles();
                    ProfileRow root = profiles.rowsProperty().stream().filter(row -> row.home().equals(place.home)).findFirst().orElseThrow();
                    profiles.clearMarker(root);
                    Waits.until("the marker cleared", DEADLINE, () -> !profiles.busyProperty().get()
                            && profiles.messageProperty().get().startsWith("removed: "));
                }),
                new EntryPoint("doctor", place -> {
                    place.panel(Role.GATEWAY, Verdict.NO_OWNER);
                    place.doctor("clear-marker-default");
                })));
    }

    @Test
    void rescanningProfilesIsRecordedTheSameFromTheCommandLineAndTheProfilesView() throws IOException {
        sameFromEvery(List.of(EventType.STARTED, EventType.RESCANNED), place -> place.owner("gateway"), List.of(
                new EntryPoint("command line", place -> {
                    Cli.Result rescan = place.cli("profiles", "rescan", "--home", place.home.toString());
                    assertEquals(0, rescan.exit(), rescan.toString());
                }),
                new EntryPoint("profiles view", place -> {
                    ProfilesViewModel profiles = place.profiles();
                    profiles.rescan();
                    Waits.until("the rescan answered", DEADLINE, () -> !profiles.busyProperty().get()
                            && profiles.messageProperty().get().startsWith("Rescan profiles done"));
                })));
    }
}
