package dev.hostwarden.panel;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Slows JavaFX's pulse timer while nobody uses the panel and nothing moves, and brings it back at the
 * first event. JavaFX asks its timer to pause whenever no animation runs and no pulse is wanted, but
 * on Linux GTK's glass timer implements pause and resume as empty methods, so the timer wakes the
 * event loop at the full pulse rate for as long as the panel lives, visible, minimized or in the
 * tray: most of an idle panel's CPU. Quiet, the timer runs at {@link #IDLE_PULSE_PROPERTY} (4 Hz):
 * a change the panel draws on its own (a verdict, the header's time) shows within a quarter of a
 * second. Any event in any of the panel's windows (a mouse move, a key, a focus or window change)
 * restores the full rate at once, and it stays while an animation runs (a spinner started from the
 * tray menu is seen at the next slow pulse).
 *
 * <p>Everything here reaches into JavaFX's internals by reflection and is only ever a saving: where
 * the toolkit is not GTK's (Windows and macOS pause their timers) or its internals differ, the
 * governor does nothing and the panel draws as before. {@code -Dhostwarden.panel.idlePulse=0} turns
 * it off.
 */
final class PulseGovernor {
    /** Pulses per second while idle; 0 turns the governor off. */
    static final String IDLE_PULSE_PROPERTY = "hostwarden.panel.idlePulse";
    static final int DEFAULT_IDLE_PULSE_HZ = 4;
    /** How long after the last event the rate drops. */
    static final long DEFAULT_QUIET_MILLIS = 3_000;
    private static final System.Logger LOG = System.getLogger(PulseGovernor.class.getName());
    private static final String GTK_TIMER = "com.sun.glass.ui.gtk.GtkTimer";

    private final Object timer;
    private final Method startWithPeriod;
    private final Object animationRunning;
    private final Method isAnimationRunning;
    private final int busyPeriodMillis;
    private final int idlePeriodMillis;
    private final long quietNanos;
    private final ScheduledExecutorService scheduler;
    private final EventHandler<Event> onEvent = event -> activity();
    /** FX thread only, as are the timer calls. */
    private long lastActivity = System.nanoTime();
    private boolean idle;
    private boolean broken;
    private boolean checkPending;

    private PulseGovernor(Object timer, Method startWithPeriod, Object animationRunning, Method isAnimationRunning,
            int busyPeriodMillis, int idlePeriodMillis, long quietMillis, ScheduledExecutorService scheduler) {
        this.timer = timer;
        this.startWithPeriod = startWithPeriod;
        this.animationRunning = animationRunning;
        this.isAnimationRunning = isAnimationRunning;
        this.busyPeriodMillis = busyPeriodMillis;
        this.idlePeriodMillis = idlePeriodMillis;
        this.quietNanos = TimeUnit.MILLISECONDS.toNanos(quietMillis);
        this.scheduler = scheduler;
    }

    /**
     * Governs the running toolkit's pulse from now on (call on the FX thread, once it has started),
     * watching every window the panel opens and {@code scene}'s pulses for animations. Returns whether
     * it governs; when not, why was logged (debug level).
     */
    static boolean install(Scene scene, ScheduledExecutorService scheduler) {
        return install(scene, scheduler, Integer.getInteger(IDLE_PULSE_PROPERTY, DEFAULT_IDLE_PULSE_HZ), DEFAULT_QUIET_MILLIS) != null;
    }

    /** The governor itself, or null where it cannot or should not govern. */
    static PulseGovernor install(Scene scene, ScheduledExecutorService scheduler, int idlePulseHz, long quietMillis) {
        if (idlePulseHz <= 0) {
            LOG.log(System.Logger.Level.DEBUG, "pulse governor off: " + IDLE_PULSE_PROPERTY + "=" + idlePulseHz);
            return null;
        }
        PulseGovernor governor;
        try {
            Object toolkit = Class.forName("com.sun.javafx.tk.Toolkit").getMethod("getToolkit").invoke(null);
            Object timer = field(toolkit, "pulseTimer");
            if (!timer.getClass().getName().equals(GTK_TIMER)) {
                LOG.log(System.Logger.Level.DEBUG, "pulse governor off: " + timer.getClass().getName() + " pauses by itself");
                return null;
            }
            int busyPeriod = (Integer) field(toolkit, "PULSE_INTERVAL");
            Object animationRunning = field(toolkit, "animationRunning");
            Method isRunning = animationRunning.getClass().getDeclaredMethod("get");
            isRunning.setAccessible(true);
            isRunning.invoke(animationRunning); // refused here, at install, rather than at the first pulse
            Method start = Class.forName("com.sun.glass.ui.Timer").getMethod("start", int.class);
            int idlePeriod = Math.max(busyPeriod, 1000 / Math.min(idlePulseHz, 1000));
            governor = new PulseGovernor(timer, start, animationRunning, isRunning, busyPeriod, idlePeriod, quietMillis, scheduler);
        } catch (ReflectiveOperationException | RuntimeException unlike) {
            // A JavaFX whose internals differ, or JavaFX as modules without its packages opened (the
            // packages' launcher opens them: installer/linux/hostwarden).
            LOG.log(System.Logger.Level.DEBUG, "pulse governor off: " + unlike);
            return null;
        }
        governor.watch(scene);
        return governor;
    }

    private static Object field(Object owner, String name) throws ReflectiveOperationException {
        Field field = owner.getClass().getDeclaredField(name);
        field.setAccessible(true);
        return field.get(owner);
    }

    private void watch(Scene scene) {
        for (Window window : Window.getWindows()) {
            window.addEventFilter(Event.ANY, onEvent);
        }
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                for (Window window : change.getAddedSubList()) {
                    window.addEventFilter(Event.ANY, onEvent);
                }
                for (Window window : change.getRemoved()) {
                    window.removeEventFilter(Event.ANY, onEvent);
                }
            }
            activity();
        });
        // A pulse while idle means something asked to be drawn; an animation (a spinner started
        // from the tray menu, say) gets the full rate back.
        scene.addPostLayoutPulseListener(() -> {
            if (idle && animating()) {
                activity();
            }
        });
        activity();
    }

    /** Whether the pulse runs at the idle rate now (FX thread). */
    boolean isIdle() {
        return idle;
    }

    private void activity() {
        lastActivity = System.nanoTime();
        if (broken) {
            return;
        }
        if (idle) {
            idle = false;
            setPeriod(busyPeriodMillis);
        }
        if (!checkPending) {
            checkPending = true;
            scheduleCheck(quietNanos);
        }
    }

    private void scheduleCheck(long delayNanos) {
        try {
            scheduler.schedule(() -> Platform.runLater(this::check), delayNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException shuttingDown) {
            // The panel is quitting: its windows close after the scheduler stopped.
            checkPending = false;
        }
    }

    private void check() {
        long quietFor = System.nanoTime() - lastActivity;
        if (quietFor < quietNanos) {
            scheduleCheck(quietNanos - quietFor);
        } else if (animating()) {
            scheduleCheck(quietNanos);
        } else {
            checkPending = false;
            if (!broken) {
                idle = true;
                setPeriod(idlePeriodMillis);
            }
        }
    }

    private boolean animating() {
        try {
            return (Boolean) isAnimationRunning.invoke(animationRunning);
        } catch (ReflectiveOperationException | RuntimeException unreadable) {
            return true;
        }
    }

    private void setPeriod(int millis) {
        try {
            startWithPeriod.invoke(timer, millis);
        } catch (ReflectiveOperationException | RuntimeException refused) {
            // Timer.start stops the old timer first: never leave the panel without a pulse.
            broken = true;
            idle = false;
            LOG.log(System.Logger.Level.WARNING, "pulse governor off: the timer refused " + millis + " ms: " + refused);
            try {
                startWithPeriod.invoke(timer, busyPeriodMillis);
            } catch (ReflectiveOperationException | RuntimeException again) {
                LOG.log(System.Logger.Level.ERROR, "the pulse timer did not restart: " + again);
            }
        }
    }
}
