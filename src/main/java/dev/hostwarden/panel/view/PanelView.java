package dev.hostwarden.panel.view;

import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** The main window's content: header, one card per role, the profile homes, and a footer line. */
public final class PanelView extends BorderPane {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final Label notice = Ui.wrapping("", "small");
    private final Label footer = Ui.wrapping("", "subtle", "small");

    public PanelView(PanelModel model, Clock clock) {
        getStyleClass().add("panel");
        ImageView icon = new ImageView();
        icon.imageProperty().bind(Bindings.createObjectBinding(
                () -> new Image(PanelView.class.getResource(model.trayStatusProperty().get().iconResource(32)).toExternalForm()),
                model.trayStatusProperty()));
        Label lockDir = Ui.label("", "subtle", "small");
        lockDir.textProperty().bind(Bindings.concat("Rendezvous directory: ", model.lockDirProperty()));
        VBox titles = new VBox(2, Ui.label("Hostwarden", "app-title"), lockDir);
        Label refreshed = Ui.label("", "subtle", "small");
        refreshed.setId("last-refresh");
        refreshed.textProperty().bind(Bindings.createStringBinding(() -> model.lastRefreshProperty().get() == null ? "not inspected yet"
                : "checked " + TIME.format(model.lastRefreshProperty().get().atZone(clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone())),
                model.lastRefreshProperty()));
        Button refresh = new Button("Refresh");
        refresh.setId("refresh");
        refresh.setOnAction(event -> model.refresh());
        HBox header = new HBox(icon, titles, Ui.spacer(), refreshed, refresh);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);

        notice.setId("notice");
        notice.getStyleClass().add("notice");
        notice.managedProperty().bind(notice.visibleProperty());
        notice.visibleProperty().bind(notice.textProperty().isNotEmpty());
        Label error = Ui.wrapping("", "warning");
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.visibleProperty());
        error.visibleProperty().bind(error.textProperty().isNotEmpty());
        setTop(new VBox(header, notice, error));

        HBox cards = new HBox();
        cards.getStyleClass().add("cards");
        for (RoleCardModel card : model.cards()) {
            RoleCardView view = new RoleCardView(card, clock);
            HBox.setHgrow(view, javafx.scene.layout.Priority.ALWAYS);
            cards.getChildren().add(view);
        }
        ProfilesView profiles = new ProfilesView(model);
        VBox content = new VBox(cards, padded(profiles));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setStyle("-fx-background-color: transparent; -fx-background: #eef0f3;");
        setCenter(scroll);
        footer.getStyleClass().add("footer");
        setBottom(footer);
    }

    private static VBox padded(javafx.scene.Node node) {
        VBox box = new VBox(node);
        box.setStyle("-fx-padding: 4 18 14 18;");
        return box;
    }

    /** A notification shown in the window (the only place for them when there is no tray). */
    public void showNotice(String text) {
        notice.setText(text);
    }

    public void setFooter(String text) {
        footer.setText(text);
    }
}
