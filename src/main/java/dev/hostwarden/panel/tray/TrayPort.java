package dev.hostwarden.panel.tray;

/**
 * The system tray, behind a port of our own so the panel never depends on AWT directly and the
 * no-tray path (headless, Xvfb, GNOME without extension, Wayland, {@code --no-tray}) is a plain
 * implementation. Every method may be called from any thread and returns without blocking on a UI
 * thread.
 */
public interface TrayPort {

    /**
     * Shows the icon with its tooltip and menu; {@code onLeftClick} runs on a left click (the panel
     * toggles its window). False when no tray icon could be shown, with the reason in
     * {@link #unavailableReason()}.
     */
    boolean install(TrayState state, Runnable onLeftClick);

    /** Redraws icon, tooltip and menu for {@code state}. */
    void update(TrayState state);

    /** A desktop notification from the tray icon. */
    void notify(String title, String message);

    /** Removes the icon (before the JVM exits: AWT's event thread keeps the JVM alive otherwise). */
    void remove();

    /** Why there is no tray icon, or null while one is shown. */
    String unavailableReason();
}
