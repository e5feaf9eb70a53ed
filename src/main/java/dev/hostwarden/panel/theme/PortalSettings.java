package dev.hostwarden.panel.theme;

import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.Variant;

/**
 * The part of the freedesktop settings portal ({@code org.freedesktop.portal.Settings}, served by
 * xdg-desktop-portal at {@code org.freedesktop.portal.Desktop}) the panel uses: the desktop's
 * {@code org.freedesktop.appearance color-scheme} (0 no preference, 1 prefer dark, 2 prefer light) and
 * the signal that announces its change. Member names are the wire names, as dbus-java maps them.
 */
@DBusInterfaceName(PortalSettings.INTERFACE)
public interface PortalSettings extends DBusInterface {
    String BUS_NAME = "org.freedesktop.portal.Desktop";
    String OBJECT_PATH = "/org/freedesktop/portal/desktop";
    String INTERFACE = "org.freedesktop.portal.Settings";
    String APPEARANCE = "org.freedesktop.appearance";
    String COLOR_SCHEME = "color-scheme";

    /** One setting's value (version 2 of the interface). */
    Variant<?> ReadOne(String namespace, String key);

    /** One setting's value wrapped once more in a variant (version 1, deprecated but still served). */
    Variant<?> Read(String namespace, String key);

    /** A setting changed; the portal sends it to everyone on the bus. */
    class SettingChanged extends DBusSignal {
        private final String namespace;
        private final String key;
        private final Variant<?> value;

        public SettingChanged(String path, String namespace, String key, Variant<?> value) throws DBusException {
            super(path, namespace, key, value);
            this.namespace = namespace;
            this.key = key;
            this.value = value;
        }

        public String getNamespace() {
            return namespace;
        }

        public String getKey() {
            return key;
        }

        public Variant<?> getValue() {
            return value;
        }
    }
}
