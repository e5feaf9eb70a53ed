package dev.hostwarden.core.profiles;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A home's planned-stop marker as the profiles view shows it: whom it names, its age against the
 * TTL, and whether "Clear expired marker" may remove it (past its TTL, or naming a process that is gone).
 *
 * @param contents the well-formed marker, or null when {@code problem} says what is there instead
 * @param problem  "" or why the file is not a marker that can be obeyed
 * @param age      the marker's age by {@code written_at}, else by modification time; null when unknown
 * @param target   whether the target still runs (null without a well-formed marker)
 */
public record MarkerView(Path path, PidMarker.Contents contents, String problem, Duration age, ProcessMatch target) {

    /** The marker of {@code home}, or null when there is none. A path that is not a regular file is never opened. */
    public static MarkerView of(Path home, ProcessInspector inspector) {
        Path path = PlannedStopMarker.pathFor(home);
        PrivateFiles.Kind kind;
        try {
            kind = PrivateFiles.kindOf(path);
        } catch (IOException unreadable) {
            return new MarkerView(path, null, "cannot be read: " + IoMessages.describe(unreadable), null, null);
        }
        if (kind == PrivateFiles.Kind.ABSENT) {
            return null;
        }
        if (kind != PrivateFiles.Kind.REGULAR) {
            return new MarkerView(path, null, kind == PrivateFiles.Kind.SYMLINK ? "is a symbolic link (not followed)"
                    : "is not a regular file (not opened)", null, null);
        }
        PidMarker.Read read = PlannedStopMarker.at(path).peek();
        if (read instanceof PidMarker.Missing) {
            return null;
        }
        if (read instanceof PidMarker.Unusable unusable) {
            return new MarkerView(path, null, "not a marker: " + unusable.why(), unusable.age(), null);
        }
        if (read instanceof PidMarker.InvalidTarget invalid) {
            return new MarkerView(path, null, "no valid target: " + invalid.why(), null, null);
        }
        PidMarker.Contents contents = ((PidMarker.Found) read).contents();
        return new MarkerView(path, contents, "", contents.age(),
                ProcessMatch.of(contents.targetPid(), contents.targetStartTime(), inspector));
    }

    /** Past its TTL: by {@code written_at} for a marker (unreadable counts as expired), else by modification time. */
    public boolean expired() {
        if (contents != null) {
            return contents.expired();
        }
        return age != null && age.compareTo(PidMarker.TTL) > 0;
    }

    /** The one rule of "Clear expired marker": past its TTL, or naming a process that is gone. */
    public boolean clearable() {
        return expired() || (target != null && target.gone());
    }

    /** Plain words: whom it names, its age, and whether it may be cleared and why. */
    public String describe() {
        long ttl = PidMarker.TTL.toSeconds();
        String ageText = age == null ? "age unknown" : "age " + age.toSeconds() + " s";
        if (contents == null) {
            return problem + " (" + ageText + (expired() ? ", past the " + ttl + " s TTL)" : ")");
        }
        String expiry = contents.age() == null ? "written_at '" + contents.writtenAt() + "' unreadable: counts as expired"
                : contents.expired() ? ageText + ", expired (TTL " + ttl + " s)" : ageText + ", expires in " + (ttl - age.toSeconds()) + " s";
        return "names PID " + contents.targetPid() + " (" + target.describe(contents.targetPid()) + "), " + expiry;
    }
}
