package dev.hostwarden.panel.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.testsupport.TestActions;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * issue 21: while the first scan ran, the table said "No profile homes found". It says it is scanning
 * until a scan has answered, and "No profile homes found" only when one found none. The scan is held
 * back by an executor the test releases, so "while it runs" is a state, not a race.
 */
@ExtendWith(ApplicationExtension.class)
class ProfilesPlaceholderFxTest {
    @TempDir
    Path temp;

    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    @Test
    void theTableSaysItIsScanningUntilTheFirstScanAnswers() throws Exception {
        Path root = temp.resolve("no-hermes-here");
        List<Runnable> held = new CopyOnWriteArrayList<>();
        Executor holding = held::add;
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(temp.resolve("locks")), ProcessInspector.system());
        Environment noDesktop = new Environment(Map.of("PATH", "/usr/bin:/bin"), System.getProperty("user.home"));
        ProfilesViewModel model = new ProfilesViewModel(TestActions.of(rendezvous), root, new DesktopHandOff(noDesktop), holding, Platform::runLater);
        onFx(() -> {
            stage.setScene(new Scene(new ProfilesPane(model), 900, 600));
            stage.show();
            model.refresh();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1, held.size(), "the first scan is under way");
        assertEquals("Scanning profile homes…", onFx(() -> placeholder().getText()));

        held.remove(0).run();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> model.refreshCountProperty().get() == 1));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(0, onFx(() -> table().getItems().size()));
        assertEquals("No profile homes found", onFx(() -> placeholder().getText()), "a scan that found nothing says so");
    }

    private TableView<?> table() {
        return (TableView<?>) stage.getScene().lookup("#profiles-table");
    }

    private Label placeholder() {
        return (Label) table().getPlaceholder();
    }
}
