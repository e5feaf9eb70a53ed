package dev.hostwarden.panel.logs;

import dev.hostwarden.panel.window.SecondaryWindows;
import dev.hostwarden.report.Redactor;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * A role's log in a window of its own: the source (Hostwarden's launched owners, hermes' gateway log),
 * a search that keeps only matching lines, "Follow" (new lines every half second while shown) and
 * "Copy". Esc and Ctrl+W close it.
 */
public final class LogWindow {
    private static final Duration FOLLOW_EVERY = Duration.millis(500);

    private LogWindow() {
    }

    /** Opens the window on {@code sources}, reading on a thread of its own that ends with the window. */
    public static Stage open(Window owner, String title, List<LogViewModel.Source> sources, Supplier<Redactor> redactor) {
        ExecutorService reader = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hostwarden-log-reader");
            thread.setDaemon(true);
            return thread;
        });
        Stage stage = open(owner, title, new LogViewModel(sources, redactor, reader, Platform::runLater));
        stage.addEventHandler(WindowEvent.WINDOW_HIDDEN, event -> reader.shutdownNow());
        return stage;
    }

    static Stage open(Window owner, String title, LogViewModel model) {
        TextArea text = new TextArea();
        text.setId("log-text");
        text.setEditable(false);
        text.setWrapText(false);
        text.setStyle("-fx-font-family: monospace;");
        model.linesProperty().addListener((ListChangeListener<String>) change -> {
            text.setText(model.text());
            if (model.followProperty().get()) {
                text.positionCaret(text.getLength());
                text.setScrollTop(Double.MAX_VALUE);
            }
        });
        ComboBox<LogViewModel.Source> sources = new ComboBox<>();
        sources.setId("log-source");
        sources.getItems().setAll(model.sources());
        sources.valueProperty().bindBidirectional(model.sourceProperty());
        sources.setConverter(new StringConverter<>() {
            @Override
            public String toString(LogViewModel.Source source) {
                return source == null ? "" : source.name();
            }

            @Override
            public LogViewModel.Source fromString(String name) {
                return model.sources().stream().filter(source -> source.name().equals(name)).findFirst().orElse(null);
            }
        });
        TextField search = new TextField();
        search.setId("log-search");
        search.setPromptText("Search");
        search.textProperty().bindBidirectional(model.searchProperty());
        HBox.setHgrow(search, Priority.ALWAYS);
        CheckBox follow = new CheckBox("Follow");
        follow.setId("log-follow");
        follow.selectedProperty().bindBidirectional(model.followProperty());
        Button copy = new Button("Copy");
        copy.setId("log-copy");
        copy.setOnAction(event -> {
            ClipboardContent content = new ClipboardContent();
            String selected = text.getSelectedText();
            content.putString(selected.isEmpty() ? model.text() : selected);
            Clipboard.getSystemClipboard().setContent(content);
        });
        HBox bar = new HBox(8, sources, search, follow, copy);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        Label status = new Label();
        status.setId("log-status");
        status.textProperty().bind(model.statusProperty());
        status.setPadding(new Insets(4, 8, 6, 8));
        BorderPane root = new BorderPane(text, bar, null, status, null);
        Stage stage = SecondaryWindows.create(owner, title, root, 900, 560);
        Timeline again = new Timeline(new KeyFrame(FOLLOW_EVERY, event -> {
            if (model.followProperty().get()) {
                model.reload();
            }
        }));
        again.setCycleCount(Animation.INDEFINITE);
        stage.setOnShown(event -> again.play());
        stage.setOnHidden(event -> again.stop());
        stage.show();
        model.reload();
        return stage;
    }
}
