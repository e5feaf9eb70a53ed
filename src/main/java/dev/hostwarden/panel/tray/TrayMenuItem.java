package dev.hostwarden.panel.tray;

import java.util.List;
import java.util.function.Consumer;

/**
 * One entry of the tray menu, as plain data (Cryptomator's menu-model idea): the port decides how
 * to draw it. Actions run on the toolkit's event thread; they must hop to their own thread.
 */
public sealed interface TrayMenuItem {

    /** The text the entry shows; its identity when the port compares one menu with the next. */
    String label();

    /** A line of state that cannot be chosen (drawn disabled). */
    record Status(String label) implements TrayMenuItem {
    }

    /** A command; {@code enabled} false draws it greyed out. */
    record Action(String label, boolean enabled, Runnable action) implements TrayMenuItem {
        public Action(String label, Runnable action) {
            this(label, true, action);
        }
    }

    /** A checkbox; {@code action} receives the new state the user chose. */
    record Toggle(String label, boolean checked, boolean enabled, Consumer<Boolean> action) implements TrayMenuItem {
    }

    /** A submenu of its own entries. */
    record Submenu(String label, List<TrayMenuItem> items) implements TrayMenuItem {
        public Submenu {
            items = List.copyOf(items);
        }
    }

    /** A dividing line. */
    record Separator() implements TrayMenuItem {
        @Override
        public String label() {
            return "-";
        }
    }
}
