package dev.hostwarden.panel.notify;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * A tiny notification server on a real bus: it owns org.freedesktop.Notifications, records every
 * Notify and CloseNotification it receives over the wire, and emits the signals a user's click would.
 */
final class FakeNotificationServer implements FreedesktopNotifications, AutoCloseable {

    record NotifyCall(long id, String appName, String appIcon, long replacesId, String summary, String body, List<String> actions,
                      Map<String, Variant<?>> hints) {
    }

    private final DBusConnection connection;
    private final BlockingQueue<NotifyCall> notifies = new LinkedBlockingQueue<>();
    private final BlockingQueue<Long> closes = new LinkedBlockingQueue<>();
    private final AtomicLong nextId = new AtomicLong(1);

    private FakeNotificationServer(DBusConnection connection) {
        this.connection = connection;
    }

    static FakeNotificationServer on(String address) throws DBusException {
        DBusConnection connection = DBusConnectionBuilder.forAddress(address).withShared(false).build();
        FakeNotificationServer server = new FakeNotificationServer(connection);
        connection.exportObject(OBJECT_PATH, server);
        connection.requestBusName(BUS_NAME);
        return server;
    }

    @Override
    public UInt32 Notify(String appName, UInt32 replacesId, String appIcon, String summary, String body,
                         List<String> actions, Map<String, Variant<?>> hints, int expireTimeout) {
        long id = replacesId.longValue() != 0 ? replacesId.longValue() : nextId.getAndIncrement();
        notifies.add(new NotifyCall(id, appName, appIcon, replacesId.longValue(), summary, body, List.copyOf(actions), Map.copyOf(hints)));
        return new UInt32(id);
    }

    @Override
    public void CloseNotification(UInt32 id) {
        closes.add(id.longValue());
    }

    @Override
    public List<String> GetCapabilities() {
        return List.of("actions", "body");
    }

    @Override
    public String getObjectPath() {
        return OBJECT_PATH;
    }

    /** The next Notify received, within {@code timeout}; fails otherwise. */
    NotifyCall nextNotify(Duration timeout) throws InterruptedException {
        NotifyCall call = notifies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (call == null) {
            throw new AssertionError("no Notify call reached the server within " + timeout);
        }
        return call;
    }

    long nextClose(Duration timeout) throws InterruptedException {
        Long id = closes.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (id == null) {
            throw new AssertionError("no CloseNotification call reached the server within " + timeout);
        }
        return id;
    }

    /** What a click on button {@code key} of notification {@code id} sends. */
    void invoke(long id, String key) throws DBusException {
        connection.sendMessage(new ActionInvoked(OBJECT_PATH, new UInt32(id), key));
    }

    void closedByUser(long id) throws DBusException {
        connection.sendMessage(new NotificationClosed(OBJECT_PATH, new UInt32(id), new UInt32(2)));
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
