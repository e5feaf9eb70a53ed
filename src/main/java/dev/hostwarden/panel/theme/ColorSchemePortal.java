package dev.hostwarden.panel.theme;

import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * Follows the desktop's colour scheme through the freedesktop settings portal on the session bus: its
 * {@code SettingChanged} signal for {@code org.freedesktop.appearance color-scheme} reaches the
 * listener as it happens, so "System" turns dark when the desktop does, without a restart. Where the
 * bus has no portal there is nothing to follow and {@link #follow} says so; the panel keeps the answer
 * it had at start ({@link SystemThemeProbe}). Loaded only after the window shows: dbus-java stays off
 * the way to the first window.
 */
public final class ColorSchemePortal implements AutoCloseable {
    /** dbus-java logs every connect at INFO; the panel's stderr carries real warnings only. Held: JUL keeps loggers weakly. */
    private static final Logger DBUS_JAVA_LOG = Logger.getLogger("org.freedesktop.dbus");

    static {
        DBUS_JAVA_LOG.setLevel(Level.WARNING);
    }

    private final DBusConnection connection;
    private final AutoCloseable handler;

    private ColorSchemePortal(DBusConnection connection, AutoCloseable handler) {
        this.connection = connection;
        this.handler = handler;
    }

    /**
     * Connects to the session bus at {@code address}, and where a settings portal is there, calls
     * {@code listener} with its current scheme and then with every change (on dbus-java's signal thread):
     * dark, light, or empty for "no preference". Empty when there is no bus or no portal.
     */
    public static Optional<ColorSchemePortal> follow(String address, Consumer<Optional<Boolean>> listener) {
        DBusConnection connection;
        try {
            connection = DBusConnectionBuilder.forAddress(address).withShared(false).build();
        } catch (DBusException | RuntimeException noBus) {
            return Optional.empty();
        }
        try {
            DBus bus = connection.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
            if (!bus.NameHasOwner(PortalSettings.BUS_NAME) && !Arrays.asList(bus.ListActivatableNames()).contains(PortalSettings.BUS_NAME)) {
                connection.disconnect();
                return Optional.empty();
            }
            AutoCloseable handler = connection.addSigHandler(PortalSettings.SettingChanged.class, signal -> {
                if (PortalSettings.APPEARANCE.equals(signal.getNamespace()) && PortalSettings.COLOR_SCHEME.equals(signal.getKey())) {
                    scheme(signal.getValue()).ifPresent(value -> listener.accept(meaning(value)));
                }
            });
            // Subscribed first, then read: a change in between is not lost.
            PortalSettings settings = connection.getRemoteObject(PortalSettings.BUS_NAME, PortalSettings.OBJECT_PATH, PortalSettings.class);
            Optional<Integer> now = read(settings);
            if (now.isEmpty()) {
                handler.close();
                connection.disconnect();
                return Optional.empty();
            }
            listener.accept(meaning(now.get()));
            return Optional.of(new ColorSchemePortal(connection, handler));
        } catch (Exception unanswered) {
            connection.disconnect();
            return Optional.empty();
        }
    }

    /** The scheme from ReadOne, else from the older Read; empty when the portal has no such setting. */
    private static Optional<Integer> read(PortalSettings settings) {
        try {
            return scheme(settings.ReadOne(PortalSettings.APPEARANCE, PortalSettings.COLOR_SCHEME));
        } catch (DBusExecutionException | ClassCastException olderPortal) {
            try {
                return scheme(settings.Read(PortalSettings.APPEARANCE, PortalSettings.COLOR_SCHEME));
            } catch (DBusExecutionException | ClassCastException none) {
                return Optional.empty();
            }
        }
    }

    /** The number inside a value, unwrapping the extra variant of the older Read. */
    static Optional<Integer> scheme(Object value) {
        Object inner = value;
        while (inner instanceof Variant<?> variant) {
            inner = variant.getValue();
        }
        if (inner instanceof UInt32 number) {
            return Optional.of(number.intValue());
        }
        return inner instanceof Number number ? Optional.of(number.intValue()) : Optional.empty();
    }

    static Optional<Boolean> meaning(int scheme) {
        return SystemThemeProbe.schemeMeaning(scheme);
    }

    @Override
    public void close() {
        try {
            handler.close();
        } catch (Exception ignored) {
            // Disconnecting below drops the handler anyway.
        }
        try {
            connection.close();
        } catch (IOException ignored) {
            // Closing is best effort on the way out.
        }
    }
}
