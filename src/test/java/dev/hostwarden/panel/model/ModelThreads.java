package dev.hostwarden.panel.model;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The two threads a view-model runs on in tests: a background pool for core calls and one "UI"
 * thread standing in for the FX thread, with reads and commands run on it and awaited.
 */
public final class ModelThreads implements AutoCloseable {
    private final ExecutorService background = Executors.newCachedThreadPool();
    private final ExecutorService ui = Executors.newSingleThreadExecutor();

    public ExecutorService background() {
        return background;
    }

    public ExecutorService ui() {
        return ui;
    }

    /** Runs {@code read} on the UI thread and returns what it answered. */
    public <T> T onUi(Callable<T> read) {
        try {
            return ui.submit(read).get(30, TimeUnit.SECONDS);
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
