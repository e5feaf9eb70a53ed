package dev.hostwarden.panel.theme;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.exceptions.DBusExecutionException;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * A small xdg-desktop-portal on a real bus: it owns org.freedesktop.portal.Desktop, answers the
 * settings interface's Read and ReadOne for {@code org.freedesktop.appearance color-scheme} over the
 * wire, and emits SettingChanged when the test switches the desktop, as the real portal does. With
 * {@code readOne} false it is a portal of version 1, which has only Read.
 */
final class FakeSettingsPortal implements PortalSettings, AutoCloseable {
    private final DBusConnection connection;
    private final AtomicInteger scheme;
    private final boolean readOne;

    private FakeSettingsPortal(DBusConnection connection, int scheme, boolean readOne) {
        this.connection = connection;
        this.scheme = new AtomicInteger(scheme);
        this.readOne = readOne;
    }

    static FakeSettingsPortal on(String address, int scheme, boolean readOne) throws DBusException {
        DBusConnection connection = DBusConnectionBuilder.forAddress(address).withShared(false).build();
        FakeSettingsPortal portal = new FakeSettingsPortal(connection, scheme, readOne);
        connection.exportObject(OBJECT_PATH, portal);
        connection.requestBusName(BUS_NAME);
        return portal;
    }

    private Variant<UInt32> value(String namespace, String key) {
        if (!APPEARANCE.equals(namespace) || !COLOR_SCHEME.equals(key)) {
            throw new DBusExecutionException("Requested setting not found");
        }
        return new Variant<>(new UInt32(scheme.get()));
    }

    @Override
    public Variant<?> ReadOne(String namespace, String key) {
        if (!readOne) {
            throw new DBusExecutionException("No such method 'ReadOne'");
        }
        return value(namespace, key);
    }

    @Override
    public Variant<?> Read(String namespace, String key) {
        return new Variant<>(value(namespace, key));
    }

    /** The desktop switches: 0 no preference, 1 dark, 2 light; the change is announced to the bus. */
    void switchTo(int next) throws DBusException {
        scheme.set(next);
        connection.sendMessage(new SettingChanged(OBJECT_PATH, APPEARANCE, COLOR_SCHEME, new Variant<>(new UInt32(next))));
    }

    @Override
    public String getObjectPath() {
        return OBJECT_PATH;
    }

    @Override
    public void close() throws IOException {
        connection.close();
    }
}
