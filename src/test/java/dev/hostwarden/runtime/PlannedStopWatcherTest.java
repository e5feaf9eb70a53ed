package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hermes' tests/gateway/test_planned_stop_watcher.py, test for test, with real marker files. */
class PlannedStopWatcherTest {
    private static final ProcessInspector INSPECTOR = ProcessInspector.system();
    private static final Duration JOIN = Duration.ofSeconds(10);

    @TempDir
    Path tmp;

    /** A marker naming THIS process (PID + start fingerprint); {@code stale} backdates it past the TTL. */
    private static void writeSelfMarker(Path marker, boolean stale) throws IOException {
        long pid = Platform.currentPid();
        var record = JsonTrees.object();
        record.put("target_pid", pid);
        Long start = INSPECTOR.startTicks(pid);
        if (start == null) {
            record.putNull("target_start_time");
        } else {
            record.put("target_start_time", start);
        }
        record.put("stopper_pid", pid);
        record.put("written_at", stale ? "2000-01-01T00:00:00+00:00" : RecordCodec.utcNow());
        Files.writeString(marker, JsonTrees.compact(record), StandardCharsets.UTF_8);
    }

    /** Stand-in for the runner: only the two flags the watcher reads. */
    private record FakeRunner(boolean running, boolean draining) implements PlannedStopWatcher.RunnerState {
        @Override
        public boolean isRunning() {
            return running;
        }

        @Override
        public boolean isDraining() {
            return draining;
        }
    }

    /** One captured {@code call_soon_threadsafe(fn, *args)}. */
    private record Call(PlannedStopWatcher.ShutdownHandler fn, String signal) {
    }

    /** A fake event loop whose call_soon_threadsafe records its arguments. */
    private static final class CapturingLoop implements PlannedStopWatcher.Loop {
        final List<Call> captured = new CopyOnWriteArrayList<>();

        @Override
        public void callSoonThreadsafe(PlannedStopWatcher.ShutdownHandler handler, String signal) {
            captured.add(new Call(handler, signal));
        }
    }

    /** A shutdown handler that must never run directly (only through the loop). */
    private static final class MockHandler implements PlannedStopWatcher.ShutdownHandler {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void shutdown(String signal) {
            calls.incrementAndGet();
        }
    }

    private static Path marker(Path dir) {
        return dir.resolve(PlannedStopMarker.FILE_NAME);
    }

    private static PlannedStopWatcher watcher(PlannedStopWatcher.MarkerPath path, FakeRunner runner, CapturingLoop loop,
                                              PlannedStopWatcher.ShutdownHandler handler, double pollSeconds) {
        return new PlannedStopWatcher(path, runner, loop, handler, Duration.ofMillis((long) (pollSeconds * 1000)), INSPECTOR);
    }

    /** Instead of sleeping "a few polls": wait until the watcher has really ticked that often. */
    private static void awaitTicks(PlannedStopWatcher watcher, int ticks) {
        Waits.until(ticks + " watcher ticks", JOIN, () -> watcher.ticks() >= ticks);
    }

    private static void join(Thread thread) throws InterruptedException {
        thread.join(JOIN.toMillis());
    }

    @Test
    void watcherFiresShutdownWhenMarkerAppears() throws Exception {
        Path marker = marker(tmp);
        CapturingLoop loop = new CapturingLoop();
        MockHandler shutdownHandler = new MockHandler();
        writeSelfMarker(marker, false);

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, shutdownHandler, 0.05);
        Thread thread = watcher.startThread();
        join(thread);

        assertFalse(thread.isAlive(), "Watcher should exit after firing");
        assertEquals(1, loop.captured.size(), "Expected exactly one shutdown invocation, got " + loop.captured);
        Call call = loop.captured.get(0);
        assertSame(shutdownHandler, call.fn());
        assertNull(call.signal(), "the handler must be called with signal=None (planned stop sentinel)");
        assertEquals(0, shutdownHandler.calls.get(), "the watcher schedules the handler, it never runs it itself");
    }

    @Test
    void watcherDoesNotFireWhenMarkerAbsent() throws Exception {
        Path marker = marker(tmp);
        CapturingLoop loop = new CapturingLoop();
        MockHandler shutdownHandler = new MockHandler();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, shutdownHandler, 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 5);
        watcher.stop();
        join(thread);

        assertFalse(thread.isAlive());
        assertEquals(List.of(), loop.captured, "No marker present, but watcher fired shutdown");
        assertEquals(0, shutdownHandler.calls.get());
    }

    @Test
    void watcherSkipsWhenRunnerAlreadyDraining() throws Exception {
        Path marker = marker(tmp);
        writeSelfMarker(marker, false);
        CapturingLoop loop = new CapturingLoop();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(false, true), loop, new MockHandler(), 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 4);
        watcher.stop();
        join(thread);

        assertEquals(List.of(), loop.captured, "Watcher fired while runner was already draining");
    }

    @Test
    void watcherSkipsWhenRunnerNotStarted() throws Exception {
        Path marker = marker(tmp);
        Files.writeString(marker, "{\"target_pid\": 9999}", StandardCharsets.UTF_8);
        CapturingLoop loop = new CapturingLoop();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(false, false), loop, new MockHandler(), 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 4);
        watcher.stop();
        join(thread);

        assertEquals(List.of(), loop.captured, "Watcher fired before runner was running");
    }

    @Test
    void watcherRespondsToStopEventPromptly() throws Exception {
        Path marker = marker(tmp);
        CapturingLoop loop = new CapturingLoop();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, new MockHandler(), 0.1);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 1);
        long startedStop = System.nanoTime();
        watcher.stop();
        join(thread);
        double elapsed = (System.nanoTime() - startedStop) / 1e9;

        assertFalse(thread.isAlive());
        assertTrue(elapsed < 2.0, "Watcher took " + elapsed + "s to honour stop_event");
    }

    @Test
    void watcherFiresOnlyOnceWhenMarkerPersists() throws Exception {
        Path marker = marker(tmp);
        writeSelfMarker(marker, false);
        CapturingLoop loop = new CapturingLoop();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, new MockHandler(), 0.05);
        Thread thread = watcher.startThread();
        join(thread);

        assertFalse(thread.isAlive());
        assertEquals(1, loop.captured.size(), "Watcher fired " + loop.captured.size() + " times; should fire once and exit");
        assertTrue(Files.exists(marker), "the probe leaves a matching marker for the handler to consume");
    }

    @Test
    void watcherToleratesMarkerPathResolutionErrors() throws Exception {
        AtomicInteger callCount = new AtomicInteger();
        PlannedStopWatcher.MarkerPath explode = () -> {
            // The first call (the one at thread start) is fine; later calls fail.
            if (callCount.incrementAndGet() == 1) {
                return tmp.resolve("nonexistent");
            }
            throw new IOException("filesystem failed");
        };
        CapturingLoop loop = new CapturingLoop();

        PlannedStopWatcher watcher = watcher(explode, new FakeRunner(true, false), loop, new MockHandler(), 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 4);
        watcher.stop();
        join(thread);

        assertFalse(thread.isAlive(), "Watcher should still honour stop_event after errors");
        assertTrue(callCount.get() >= 4, "the failing resolver was really called on the ticks (" + callCount.get() + " calls)");
        assertEquals(List.of(), loop.captured);
    }

    // Regression coverage for hermes #34597: a marker left by a PREVIOUS instance (another PID, or
    // past its TTL) must not stop a freshly started owner; stale markers are cleaned up.

    @Test
    void watcherDoesNotFireForForeignPidMarker() throws Exception {
        Path marker = marker(tmp);
        long pid = Platform.currentPid();
        var record = JsonTrees.object();
        record.put("target_pid", pid + 1);
        record.put("target_start_time", -1);
        record.put("stopper_pid", pid + 1);
        record.put("written_at", RecordCodec.utcNow());
        Files.writeString(marker, JsonTrees.compact(record), StandardCharsets.UTF_8);
        CapturingLoop loop = new CapturingLoop();
        MockHandler shutdownHandler = new MockHandler();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, shutdownHandler, 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 5);
        watcher.stop();
        join(thread);

        assertFalse(thread.isAlive());
        assertEquals(List.of(), loop.captured, "Watcher fired on a foreign-PID marker (#34597 regression)");
        assertEquals(0, shutdownHandler.calls.get());
        assertTrue(Files.exists(marker), "a foreign marker is left in place: it may still belong to the process it names");
    }

    @Test
    void watcherCleansUpStaleMarkerAndKeepsRunning() throws Exception {
        Path marker = marker(tmp);
        writeSelfMarker(marker, true);
        CapturingLoop loop = new CapturingLoop();
        MockHandler shutdownHandler = new MockHandler();

        PlannedStopWatcher watcher = watcher(() -> marker, new FakeRunner(true, false), loop, shutdownHandler, 0.05);
        Thread thread = watcher.startThread();
        awaitTicks(watcher, 5);
        assertTrue(thread.isAlive(), "the watcher keeps running after cleaning a stale marker");
        watcher.stop();
        join(thread);

        assertFalse(thread.isAlive());
        assertEquals(List.of(), loop.captured, "Stale marker must not fire shutdown");
        assertEquals(0, shutdownHandler.calls.get());
        assertFalse(Files.exists(marker), "Stale marker should have been cleaned up");
    }

    @Test
    void plannedStopMarkerTargetsSelfProbeIsNonDestructive() throws Exception {
        Path marker = marker(tmp);
        writeSelfMarker(marker, false);

        assertTrue(PlannedStopMarker.at(marker).targetsSelf(INSPECTOR));
        assertTrue(Files.exists(marker), "Probe must not consume a matching marker");
        assertTrue(PlannedStopMarker.at(marker).targetsSelf(INSPECTOR), "idempotent: still true on a second call");
    }

    @Test
    void plannedStopMarkerTargetsSelfDropsMalformed() throws Exception {
        Path marker = marker(tmp);
        Files.writeString(marker, "{not valid json", StandardCharsets.UTF_8);

        assertFalse(PlannedStopMarker.at(marker).targetsSelf(INSPECTOR));
    }
}
