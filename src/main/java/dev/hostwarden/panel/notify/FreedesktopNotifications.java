package dev.hostwarden.panel.notify;

import java.util.List;
import java.util.Map;
import org.freedesktop.dbus.annotations.DBusInterfaceName;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;

/**
 * The part of the freedesktop.org Desktop Notifications interface the panel uses, as dbus-java maps
 * it. Member names are the wire names (capitalised) because dbus-java derives them from the method
 * names.
 */
@DBusInterfaceName(FreedesktopNotifications.BUS_NAME)
public interface FreedesktopNotifications extends DBusInterface {
    String BUS_NAME = "org.freedesktop.Notifications";
    String OBJECT_PATH = "/org/freedesktop/Notifications";

    /** Shows (or, with a non-zero {@code replacesId}, replaces) a notification; returns its id. */
    UInt32 Notify(String appName, UInt32 replacesId, String appIcon, String summary, String body,
                  List<String> actions, Map<String, Variant<?>> hints, int expireTimeout);

    void CloseNotification(UInt32 id);

    List<String> GetCapabilities();

    /** The user chose an action of notification {@code id} ("default" is a click on the bubble). */
    class ActionInvoked extends DBusSignal {
        private final UInt32 id;
        private final String actionKey;

        public ActionInvoked(String path, UInt32 id, String actionKey) throws DBusException {
            super(path, id, actionKey);
            this.id = id;
            this.actionKey = actionKey;
        }

        public UInt32 getId() {
            return id;
        }

        public String getActionKey() {
            return actionKey;
        }
    }

    /** Notification {@code id} went away (1 expired, 2 dismissed, 3 closed by a call, 4 other). */
    class NotificationClosed extends DBusSignal {
        private final UInt32 id;
        private final UInt32 reason;

        public NotificationClosed(String path, UInt32 id, UInt32 reason) throws DBusException {
            super(path, id, reason);
            this.id = id;
            this.reason = reason;
        }

        public UInt32 getId() {
            return id;
        }

        public UInt32 getReason() {
            return reason;
        }
    }
}
