package dev.hostwarden.core.record;

/** What reading a role's record file found. Reading never throws: every fault has a named outcome. */
public sealed interface RecordRead {
    /** No record file. */
    record Absent() implements RecordRead {
    }

    /** The record or its directory belongs to another OS user: treated as absent, never removed. */
    record Foreign(String message) implements RecordRead {
    }

    /** The file exists but cannot be used; {@code message} says why in plain language. */
    record Corrupt(String message) implements RecordRead {
    }

    /** A valid record (stale or not: staleness is the verdict's business). */
    record Present(HostRecord record) implements RecordRead {
    }

    /** The record when one was read, else null. */
    default HostRecord recordOrNull() {
        return this instanceof Present present ? present.record() : null;
    }
}
