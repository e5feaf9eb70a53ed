package dev.hostwarden.testsupport;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The panel's two threads as its view-model tests need them: a real background pool for core work
 * and one separate "UI" thread that applies results, as the app's FX thread does. {@link #onUi}
 * reads or acts on the UI thread and waits for the answer.
 */
public final class PanelThreads implements AutoCloseable {
    private final ExecutorService background = Executors.newCachedThreadPool();
    private final ExecutorService ui = Executors.newSingleThreadExecutor();
    private final Duration patience;

    public PanelThreads(Duration patience) {
        this.patience = patience;
    }

    /** Waiting at most 30 s for the UI thread. */
    public PanelThreads() {
        this(Duration.ofSeconds(30));
    }

    public ExecutorService background() {
        return background;
    }

    public ExecutorService ui() {
        return ui;
    }

    /** Runs {@code read} on the UI thread and returns what it answered. */
    public <T> T onUi(Callable<T> read) {
        try {
            return ui.submit(read).get(patience.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception failed) {
            throw new AssertionError(failed);
        }
    }

    /** Runs {@code command} on the UI thread and waits for it. */
    public void run(Runnable command) {
        onUi(() -> {
            command.run();
            return null;
        });
    }

    @Override
    public void close() throws InterruptedException {
        background.shutdownNow();
        ui.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }
}
