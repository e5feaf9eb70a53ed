package dev.hostwarden.panel.notify;

import dev.hostwarden.core.platform.Environment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * freedesktop.org notifications over a D-Bus session bus: {@code Notify} with the actions the
 * server supports, a click ("default") and the buttons answered through the {@code ActionInvoked}
 * signal, {@code NotificationClosed} forgetting the id. Calls go out on one thread of its own, so a
 * slow server never holds up the panel; a call that fails goes to {@code fallback} instead.
 */
public final class DbusNotifier implements Notifier {
    static final String APP_NAME = "Hostwarden";
    /** dbus-java logs every connect at INFO; the panel's stderr carries real warnings only. Held: JUL keeps loggers weakly. */
    private static final Logger DBUS_JAVA_LOG = Logger.getLogger("org.freedesktop.dbus");

    static {
        DBUS_JAVA_LOG.setLevel(Level.WARNING);
    }

    private final DBusConnection connection;
    private final FreedesktopNotifications server;
    private final boolean actionsSupported;
    private final boolean bodyMarkup;
    private final Notifier fallback;
    /** The app icon every notification carries (NotificationIcon), or "". */
    private final String appIcon;
    private final Environment environment = Environment.system();
    private final ExecutorService sender = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "hostwarden-notify");
        thread.setDaemon(true);
        return thread;
    });
    /** Open notifications by the id the server gave them; only touched on {@link #sender}'s thread or by signals. */
    private final Map<Long, Notification> open = new ConcurrentHashMap<>();
    private final Map<String, Long> idByTag = new ConcurrentHashMap<>();
    private final List<AutoCloseable> handlers = new ArrayList<>();
    private volatile boolean closed;

    private DbusNotifier(DBusConnection connection, FreedesktopNotifications server, List<String> capabilities,
                         Notifier fallback, String appIcon) {
        this.connection = connection;
        this.appIcon = appIcon;
        this.server = server;
        this.actionsSupported = capabilities.contains("actions");
        this.bodyMarkup = capabilities.contains("body-markup");
        this.fallback = fallback;
    }

    /**
     * Connects to the bus at {@code address} (a D-Bus address such as {@code unix:path=/run/user/1000/bus})
     * and makes sure a notification server owns, or can be started for, {@code org.freedesktop.Notifications}.
     */
    public static DbusNotifier connect(String address, Notifier fallback) throws NotifierUnavailableException {
        DBusConnection connection;
        try {
            // One signal thread (dbus-java's default, pinned): a close is handled before a later click.
            connection = DBusConnectionBuilder.forAddress(address)
                    .receivingThreadConfig().withSignalThreadCount(1).connectionConfig()
                    .withShared(false).build();
        } catch (DBusException | RuntimeException failed) {
            throw new NotifierUnavailableException("cannot connect to the session D-Bus at " + address + ": " + failed.getMessage(), failed);
        }
        try {
            DBus bus = connection.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
            if (!bus.NameHasOwner(FreedesktopNotifications.BUS_NAME)
                    && !Arrays.asList(bus.ListActivatableNames()).contains(FreedesktopNotifications.BUS_NAME)) {
                throw new NotifierUnavailableException("no notification server on the session D-Bus", null);
            }
            FreedesktopNotifications server = connection.getRemoteObject(FreedesktopNotifications.BUS_NAME,
                    FreedesktopNotifications.OBJECT_PATH, FreedesktopNotifications.class);
            DbusNotifier notifier = new DbusNotifier(connection, server, server.GetCapabilities(), fallback,
                    NotificationIcon.appIcon(Environment.system()));
            notifier.listen();
            return notifier;
        } catch (NotifierUnavailableException | DBusException | RuntimeException failed) {
            connection.disconnect();
            if (failed instanceof NotifierUnavailableException unavailable) {
                throw unavailable;
            }
            throw new NotifierUnavailableException("the notification server did not answer: " + failed.getMessage(), failed);
        }
    }

    private void listen() throws DBusException {
        handlers.add(connection.addSigHandler(FreedesktopNotifications.ActionInvoked.class, signal -> {
            Notification notification = open.get(signal.getId().longValue());
            if (notification != null) {
                notification.action(signal.getActionKey()).ifPresent(action -> action.run().run());
            }
        }));
        handlers.add(connection.addSigHandler(FreedesktopNotifications.NotificationClosed.class, signal -> {
            long id = signal.getId().longValue();
            Notification notification = open.remove(id);
            if (notification != null) {
                idByTag.remove(notification.tag(), id);
            }
        }));
    }

    @Override
    public void show(Notification notification) {
        sender.execute(() -> {
            long replaces = idByTag.getOrDefault(notification.tag(), 0L);
            try {
                UInt32 id = server.Notify(APP_NAME, new UInt32(replaces), appIcon, notification.summary(),
                        bodyMarkup ? escape(notification.body()) : notification.body(), actionList(notification),
                        hints(notification, environment), -1);
                open.remove(replaces);
                open.put(id.longValue(), notification);
                idByTag.put(notification.tag(), id.longValue());
            } catch (RuntimeException failed) {
                if (closed) {
                    return; // Quitting interrupted the call: nobody is left to tell.
                }
                System.err.println("hostwarden: desktop notification failed (" + failed.getMessage() + "); using "
                        + fallback.describe());
                fallback.show(notification);
            }
        });
    }

    private List<String> actionList(Notification notification) {
        List<String> flat = new ArrayList<>();
        if (actionsSupported) {
            for (NotificationAction action : notification.actions()) {
                flat.add(action.key());
                flat.add(action.label());
            }
        }
        return flat;
    }

    private static Map<String, Variant<?>> hints(Notification notification, Environment environment) {
        Map<String, Variant<?>> hints = new HashMap<>();
        hints.put("urgency", new Variant<>((byte) notification.urgency().ordinal()));
        if (notification.shows() != null) {
            String picture = NotificationIcon.statePicture(environment, notification.shows());
            if (!picture.isEmpty()) {
                hints.put("image-path", new Variant<>(picture));
            }
        }
        return hints;
    }

    /** Servers that announce body-markup parse the body as a subset of HTML. */
    static String escape(String body) {
        return body.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** True once the server's id for a shown notification is known (its reply arrived) and until it closes. */
    boolean isOpen(long id) {
        return open.containsKey(id);
    }

    @Override
    public void withdraw(String tag) {
        sender.execute(() -> {
            Long id = idByTag.remove(tag);
            if (id != null && open.remove(id) != null) {
                try {
                    server.CloseNotification(new UInt32(id));
                } catch (RuntimeException gone) {
                    // Already closed by the user or the server: nothing left to withdraw.
                }
            }
        });
    }

    @Override
    public String describe() {
        return "freedesktop notifications on the session D-Bus" + (actionsSupported ? "" : " (the server shows no buttons)");
    }

    @Override
    public void close() {
        closed = true;
        sender.shutdownNow();
        for (AutoCloseable handler : handlers) {
            try {
                handler.close();
            } catch (Exception ignored) {
                // Disconnecting below drops every handler anyway.
            }
        }
        try {
            connection.close();
        } catch (IOException ignored) {
            // Closing is best effort on the way out.
        }
    }
}
