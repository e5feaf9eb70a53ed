package dev.hostwarden.panel.tray;

/**
 * One entry of the tray menu, as plain data (Cryptomator's menu-model idea): the port decides how
 * to draw it. {@code action} runs on the toolkit's event thread; it must hop to its own thread.
 */
public record TrayMenuItem(String label, Runnable action) {
}
