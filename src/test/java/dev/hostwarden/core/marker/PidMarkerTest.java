package dev.hostwarden.core.marker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hermes' TestPlannedStopMarker and the takeover-marker tests of test_status.py. */
class PidMarkerTest {
    private static final ProcessInspector REAL = ProcessInspector.system();

    @TempDir
    Path home;

    /** An inspector that cannot read start times, as on Windows. */
    private static final ProcessInspector NO_START_TIMES = new ProcessInspector() {
        @Override
        public PresenceProbe presence(long pid) {
            return REAL.presence(pid);
        }

        @Override
        public Long startTicks(long pid) {
            return null;
        }

        @Override
        public Double createTime(long pid) {
            return null;
        }

        @Override
        public Double bootTime() {
            return null;
        }

        @Override
        public String currentBootEpoch() {
            return "";
        }
    };

    private void writeRaw(Path path, ObjectNode node) throws Exception {
        Files.writeString(path, JsonTrees.compact(node), StandardCharsets.UTF_8);
    }

    @Test
    void writeMarkerRecordsTargetIdentity() throws Exception {
        long self = Platform.currentPid();
        assertTrue(PlannedStopMarker.write(home, self, REAL));
        ObjectNode written = RecordCodec.parseObject(Files.readAllBytes(PlannedStopMarker.pathFor(home)));
        assertEquals(self, written.get("target_pid").longValue());
        assertEquals(REAL.startTicks(self), written.get("target_start_time").isNull() ? null : written.get("target_start_time").longValue());
        assertEquals(self, written.get("stopper_pid").longValue());
        assertTrue(written.get("written_at").textValue().endsWith("+00:00"), written.toString());
        var read = (PidMarker.Found) PlannedStopMarker.forHome(home).peek();
        assertFalse(read.contents().expired());
    }

    @Test
    void consumeReturnsTrueOnWindowsWhenStartTimeUnavailable() {
        assertTrue(PlannedStopMarker.write(home, Platform.currentPid(), NO_START_TIMES));
        assertTrue(PlannedStopMarker.forHome(home).consumeForSelf(NO_START_TIMES, home));
        assertFalse(Files.exists(PlannedStopMarker.pathFor(home)));
    }

    @Test
    void consumeStillRejectsStartTimeMismatchWhenBothKnown() throws Exception {
        ObjectNode marker = JsonTrees.object().put("target_pid", Platform.currentPid()).put("target_start_time", 100)
                .put("stopper_pid", 1).put("written_at", RecordCodec.utcNow());
        writeRaw(PlannedStopMarker.pathFor(home), marker);
        var contents = ((PidMarker.Found) PlannedStopMarker.forHome(home).peek()).contents();
        assertFalse(PidMarker.names(contents, Platform.currentPid(), 9999L));
        assertTrue(PidMarker.names(contents, Platform.currentPid(), 100L));
        assertTrue(PidMarker.names(contents, Platform.currentPid(), null), "PID alone decides when our side is unknown");
        assertFalse(PidMarker.names(contents, Platform.currentPid() + 1, 100L));
    }

    @Test
    void consumeDeletesAMarkerNamingAnotherProcessAndSaysNo() throws Exception {
        ObjectNode marker = JsonTrees.object().put("target_pid", Platform.currentPid()).put("target_start_time", -5)
                .put("stopper_pid", 1).put("written_at", RecordCodec.utcNow());
        writeRaw(PlannedStopMarker.pathFor(home), marker);
        assertFalse(PlannedStopMarker.forHome(home).consumeForSelf(REAL, home));
        assertFalse(Files.exists(PlannedStopMarker.pathFor(home)), "the authoritative consume deletes whether or not it matched");
    }

    @Test
    void probeDeletesInvalidTargetAndExpiredButKeepsFreshMalformedFiles() throws Exception {
        Path path = PlannedStopMarker.pathFor(home);
        Files.writeString(path, "{\"target_pid\": \"x\"}");
        assertFalse(PlannedStopMarker.at(path).targetsSelf(REAL));
        assertFalse(Files.exists(path), "an invalid target is deleted");

        Files.writeString(path, "{not valid json");
        assertFalse(PlannedStopMarker.at(path).targetsSelf(REAL));
        assertTrue(Files.exists(path), "a fresh unparseable file may be a writer mid-write: kept");
        Files.setLastModifiedTime(path, FileTime.from(Instant.now().minusSeconds(120)));
        assertFalse(PlannedStopMarker.at(path).targetsSelf(REAL));
        assertFalse(Files.exists(path), "an unparseable file older than the TTL is deleted");
    }

    @Test
    void takeoverMarkerWindowsNullStartTimeIsConsumed() {
        assertTrue(TakeoverMarker.write(home, Platform.currentPid(), home, NO_START_TIMES));
        assertTrue(TakeoverMarker.forHome(home).consumeForSelf(NO_START_TIMES, home));
        assertFalse(Files.exists(TakeoverMarker.pathFor(home)));
    }

    @Test
    void writeMarkerRecordsReplacerHermesHome() throws Exception {
        assertTrue(TakeoverMarker.write(home, Platform.currentPid(), home, REAL));
        ObjectNode written = RecordCodec.parseObject(Files.readAllBytes(TakeoverMarker.pathFor(home)));
        assertEquals(home.toAbsolutePath().normalize().toString(), written.get("target_hermes_home").textValue());
        assertEquals(Platform.currentPid(), written.get("replacer_pid").longValue());
        assertFalse(written.get("replacer_hermes_home").textValue().isEmpty());
    }

    @Test
    void consumeRejectsMarkerFromDifferentProfile() throws Exception {
        Path other = Files.createDirectories(home.resolve("profiles").resolve("work"));
        assertTrue(TakeoverMarker.write(home, Platform.currentPid(), other, REAL));
        assertFalse(TakeoverMarker.forHome(home).consumeForSelf(REAL, home));
        assertTrue(Files.exists(TakeoverMarker.pathFor(home)), "a takeover aimed at another home is left alone (#29092)");
    }

    @Test
    void consumeAcceptsLegacyMarkerWithoutHermesHome() throws Exception {
        writeRaw(TakeoverMarker.pathFor(home), JsonTrees.object().put("target_pid", Platform.currentPid())
                .put("replacer_pid", 1).put("written_at", RecordCodec.utcNow()));
        assertTrue(TakeoverMarker.forHome(home).consumeForSelf(REAL, home));
        assertFalse(Files.exists(TakeoverMarker.pathFor(home)));
    }

    @Test
    void missingOrUnparseableWrittenAtCountsAsExpired() throws Exception {
        writeRaw(PlannedStopMarker.pathFor(home), JsonTrees.object().put("target_pid", Platform.currentPid()).put("written_at", "yesterday"));
        var read = PlannedStopMarker.forHome(home).peek();
        assertInstanceOf(PidMarker.Found.class, read);
        assertNull(((PidMarker.Found) read).contents().age());
        assertTrue(((PidMarker.Found) read).contents().expired());
    }
}
