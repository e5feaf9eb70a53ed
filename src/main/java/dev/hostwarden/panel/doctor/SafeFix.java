package dev.hostwarden.panel.doctor;

import java.util.function.Supplier;

/**
 * A doctor fix the panel may apply with one click after a confirmation: it changes only what the
 * core re-checks as safe at the moment it runs (an expired marker, a dead owner's record).
 *
 * @param id       a stable node id suffix ("clear-marker-work", "retract-serve")
 * @param label    the button's words
 * @param confirm  what the confirmation says will happen
 * @param apply    runs the fix off the FX thread and says what happened, in one line
 */
public record SafeFix(String id, String label, String confirm, Supplier<String> apply) {
}
