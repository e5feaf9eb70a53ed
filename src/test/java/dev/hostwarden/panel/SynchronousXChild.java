package dev.hostwarden.panel;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.animation.Animation;
import javafx.animation.RotateTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * A child JVM for {@link SynchronousXTest}: the panel's rendering defaults applied as the panel applies
 * them before GTK starts, then a 640x480 window whose square spins for {@code FRAMES} pulses (each one a
 * frame put on screen through cairo). Prints {@code shmem <kB> frame <bytes>}: the X shared memory
 * resident in this process ({@code RssShmem}) and the size of one frame's pixels.
 */
public final class SynchronousXChild {
    static final int WIDTH = 640;
    static final int HEIGHT = 480;
    private static final int FRAMES = 240;

    private SynchronousXChild() {
    }

    public static void main(String[] args) throws Exception {
        RenderingDefaults.apply(true);
        CountDownLatch drawn = new CountDownLatch(FRAMES);
        CompletableFuture<Void> shown = new CompletableFuture<>();
        Platform.startup(() -> {
            Rectangle square = new Rectangle(120, 120);
            RotateTransition spin = new RotateTransition(Duration.seconds(1), square);
            spin.setByAngle(360);
            spin.setCycleCount(Animation.INDEFINITE);
            Scene scene = new Scene(new StackPane(square), WIDTH, HEIGHT);
            scene.addPostLayoutPulseListener(drawn::countDown);
            Stage stage = new Stage();
            stage.setTitle("SynchronousXChild");
            stage.setScene(scene);
            stage.setResizable(false);
            stage.show();
            spin.play();
            shown.complete(null);
        });
        shown.get(30, TimeUnit.SECONDS);
        if (!drawn.await(60, TimeUnit.SECONDS)) {
            System.out.println("too few frames: " + (FRAMES - drawn.getCount()));
        }
        System.out.println("shmem " + rssShmemKb() + " frame " + (long) WIDTH * HEIGHT * 4);
        System.out.flush();
        Platform.exit();
    }

    private static long rssShmemKb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
            if (line.startsWith("RssShmem:")) {
                return Long.parseLong(line.substring("RssShmem:".length()).replace("kB", "").strip());
            }
        }
        return -1;
    }
}
