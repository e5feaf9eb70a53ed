package dev.hostwarden.panel.doctor;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.panel.model.PanelContext;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/** A real window (Monocle headless) and a panel context on real directories, for the Doctor's tests. */
@ExtendWith(ApplicationExtension.class)
abstract class DoctorFxTestBase {
    final ExecutorService background = Executors.newCachedThreadPool();
    Stage stage;

    /** The extension's primary stage (its @Start is looked up on the test class only, not inherited). */
    @BeforeEach
    void primaryStage() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void stopBackground() throws InterruptedException {
        background.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    /** The panel's context on {@code locks} and {@code hermes}, applying on the FX thread. */
    PanelContext context(Path hermes, Path locks) {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        return PanelContext.of(rendezvous, hermes, null, pid -> null, background, Platform::runLater);
    }
}
