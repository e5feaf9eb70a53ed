package dev.hostwarden.panel.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Scene;

/**
 * The panel's look: AtlantaFX's Primer Light or Primer Dark as the user-agent stylesheet, chosen from
 * the user's {@link ThemeChoice}. "System" follows the operating system's dark preference: asked on a
 * background thread at start-up so the probe overlaps JavaFX's own start, then followed live through
 * the freedesktop settings portal where the session bus has one ({@link #followDesktop}); where it has
 * none, the answer at start stays. The compiled (.bss) stylesheets are used because parsing the CSS
 * text would cost start-up time.
 */
public final class Appearance {
    /** Marks the scene root so panel.css can adjust the few colours AtlantaFX does not name. */
    public static final String DARK_STYLE_CLASS = "theme-dark";
    private static final String USER_AGENT_STYLESHEET_PROPERTY = "javafx.userAgentStylesheetUrl";

    private final ThemeStore store;
    private final SystemThemeProbe probe;
    /** The system's answer; asked only once "System" is (or becomes) the choice. */
    private CompletableFuture<Boolean> systemPrefersDark;
    private final ReadOnlyObjectWrapper<ThemeChoice> choice;
    /** The desktop's latest word through the portal (null before any): it wins over the answer at start. */
    private volatile Boolean followed;
    private volatile AutoCloseable following;
    /** Whether the stylesheet in use is the dark one (null before the first apply); FX thread. */
    private Boolean appliedDark;
    private Scene scene;

    private Appearance(ThemeStore store, ThemeChoice initial, SystemThemeProbe probe) {
        this.store = store;
        this.choice = new ReadOnlyObjectWrapper<>(initial);
        this.probe = probe;
        if (initial == ThemeChoice.SYSTEM) {
            askSystem();
        }
    }

    /**
     * Starts asking the system (only when the choice is {@link ThemeChoice#SYSTEM}) and returns the
     * appearance; {@code fromCommandLine} wins over the remembered choice for this run.
     */
    public static Appearance begin(ThemeStore store, ThemeChoice fromCommandLine, SystemThemeProbe probe) {
        ThemeChoice initial = fromCommandLine != null ? fromCommandLine : store.load().orElse(ThemeChoice.SYSTEM);
        return new Appearance(store, initial, probe);
    }

    private void askSystem() {
        if (systemPrefersDark == null) {
            systemPrefersDark = CompletableFuture.supplyAsync(probe::prefersDark, runnable -> {
                Thread thread = new Thread(runnable, "hostwarden-theme-probe");
                thread.setDaemon(true);
                thread.start();
            });
        }
    }

    /**
     * Sets the user-agent stylesheet for the current choice. Call on the FX thread before the first
     * control is built, so JavaFX never loads its default Modena theme only to replace it.
     */
    public void applyToApplication() {
        apply();
    }

    private static String stylesheet(boolean dark) {
        return dark ? new PrimerDark().getUserAgentStylesheetBSS() : new PrimerLight().getUserAgentStylesheetBSS();
    }

    /** Marks {@code scene}'s root for the dark theme when it is in use, now and whenever the choice changes. */
    public void attach(Scene scene) {
        this.scene = scene;
        apply();
    }

    /** The user picked another theme in the panel: apply it now and remember it. */
    public void choose(ThemeChoice picked) {
        choice.set(picked);
        store.save(picked);
        if (picked == ThemeChoice.SYSTEM && followed == null && (systemPrefersDark == null || !systemPrefersDark.isDone())) {
            // Never wait on the FX thread for a desktop service: apply once it has answered.
            askSystem();
            systemPrefersDark.whenComplete((dark, failed) -> Platform.runLater(this::apply));
            return;
        }
        apply();
    }

    public ReadOnlyObjectProperty<ThemeChoice> choiceProperty() {
        return choice.getReadOnlyProperty();
    }

    /** Whether the theme in use is dark. */
    public boolean isDark() {
        return switch (choice.get()) {
            case LIGHT -> false;
            case DARK -> true;
            case SYSTEM -> systemSaysDark();
        };
    }

    private void apply() {
        boolean dark = isDark();
        appliedDark = dark;
        // JavaFX reads this property when the first control class loads (without it, it parses its
        // default Modena stylesheet first, a measurable part of a cold start) and again on every
        // change of stylesheet, where it overrides the one asked for: so it always names the one in use.
        System.setProperty(USER_AGENT_STYLESHEET_PROPERTY, stylesheet(dark));
        Application.setUserAgentStylesheet(stylesheet(dark));
        if (scene != null && scene.getRoot() != null) {
            scene.getRoot().getStyleClass().remove(DARK_STYLE_CLASS);
            if (dark) {
                scene.getRoot().getStyleClass().add(DARK_STYLE_CLASS);
            }
        }
    }

    /**
     * Follows the desktop's colour scheme through the settings portal on this session bus, where there
     * is one: each change restyles the panel at once while the choice is "System". Talks to the bus, so
     * call it off the FX thread, once the window shows. False where there is no portal to follow.
     */
    public boolean followDesktop() {
        String address = probe.sessionBus();
        if (address == null || following != null) {
            return false;
        }
        var portal = ColorSchemePortal.follow(address, scheme -> desktopSaid(scheme.orElseGet(probe::withoutPortal)));
        portal.ifPresent(opened -> following = opened);
        return portal.isPresent();
    }

    /** The desktop now prefers dark (or light): restyle, where the choice is "System" and the look differs. Any thread. */
    void desktopSaid(boolean dark) {
        followed = dark;
        Platform.runLater(() -> {
            if (choice.get() == ThemeChoice.SYSTEM && (appliedDark == null || appliedDark != dark)) {
                apply();
            }
        });
    }

    /** Stops following the desktop (the panel quits). */
    public void close() {
        AutoCloseable open = following;
        following = null;
        if (open != null) {
            try {
                open.close();
            } catch (Exception ignored) {
                // Best effort on the way out.
            }
        }
    }

    private boolean systemSaysDark() {
        Boolean live = followed;
        if (live != null) {
            return live;
        }
        try {
            // The probe bounds each question itself; this only guards against a stuck thread.
            return systemPrefersDark != null && systemPrefersDark.get(SystemThemeProbe.TIMEOUT_MILLIS * 3, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException unanswered) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
