package dev.hostwarden.panel.view;

import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.TrayStatus;
import dev.hostwarden.panel.tray.TrayGlyph;
import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The main window's content: header, one card per role, the profile homes, and a footer line. */
public final class PanelView extends BorderPane {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final Label notice = Ui.wrapping("", "small");
    private final Label footer = Ui.wrapping("", "subtle", "small");
    private final List<RoleCardView> views;
    private final HBox header;

    public PanelView(PanelModel model, Clock clock) {
        getStyleClass().add("panel");
        ImageView icon = new ImageView();
        icon.imageProperty().bind(Bindings.createObjectBinding(
                () -> new Image(PanelView.class.getResource(TrayGlyph.resource(model.trayStatusProperty().get().typical(), model.trayStatusProperty().get() == TrayStatus.ATTENTION, 32)).toExternalForm()),
                model.trayStatusProperty()));
        Label lockDir = Ui.label("", "subtle", "small");
        lockDir.setId("lock-dir");
        lockDir.textProperty().bind(Bindings.concat("Rendezvous directory: ", model.lockDirProperty()));
        // A long directory gives way in its middle; the buttons on the right never do.
        lockDir.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
        lockDir.setMinWidth(0);
        HoverTooltip.install(lockDir, model.lockDirProperty());
        Ui.copyable(lockDir, "");
        model.lockDirProperty().addListener((observable, before, after) -> Ui.copyable(lockDir, after));
        VBox titles = new VBox(2, Ui.label("Hostwarden", "app-title"), lockDir);
        titles.setMinWidth(0);
        HBox.setHgrow(titles, Priority.ALWAYS);
        Label refreshed = Ui.label("", "subtle", "small");
        refreshed.setId("last-refresh");
        refreshed.textProperty().bind(Bindings.createStringBinding(() -> model.lastRefreshProperty().get() == null ? "not inspected yet"
                : "checked " + TIME.format(model.lastRefreshProperty().get().atZone(clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone())),
                model.lastRefreshProperty()));
        refreshed.setMinWidth(Region.USE_PREF_SIZE);
        Button refresh = new Button("Refresh");
        refresh.setId("refresh");
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        HoverTooltip.install(refresh, "Re-inspect every role now (F5)");
        refresh.setOnAction(event -> model.refresh());
        icon.setFitWidth(32);
        icon.setFitHeight(32);
        header = new HBox(icon, titles, refreshed, refresh);
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

        views = model.cards().stream().map(card -> new RoleCardView(card, clock)).toList();
        HBox row = new HBox();
        row.getStyleClass().add("cards");
        VBox column = new VBox();
        column.getStyleClass().add("cards");
        StackPane cards = new StackPane();
        cards.setId("cards");
        ProfilesView profiles = new ProfilesView(model);
        VBox content = new VBox(cards, padded(profiles));
        // Side by side where three cards fit, stacked below that (the window, not the screen, decides).
        widthProperty().addListener((observable, before, after) -> arrange(views, row, column, cards, after.doubleValue()));
        arrange(views, row, column, cards, STACK_BELOW + 1);
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setStyle("-fx-background-color: transparent; -fx-background: -color-bg-subtle;");
        setCenter(scroll);
        footer.getStyleClass().add("footer");
        setBottom(footer);
    }

    /** Narrower than this (about a 1100 px window less its frame), three cards side by side squeeze their text: they stack. */
    static final double STACK_BELOW = 1060;

    /** Puts a control (a menu, a toggle) in the header, just before Refresh, which stays last and unsqueezed. */
    public void addHeaderControl(Node control) {
        header.getChildren().add(header.getChildren().size() - 1, control);
    }

    private static void arrange(List<RoleCardView> views, HBox row, VBox column, StackPane cards, double width) {
        boolean stacked = width < STACK_BELOW;
        Pane wanted = stacked ? column : row;
        if (!cards.getChildren().isEmpty() && cards.getChildren().get(0) == wanted) {
            return;
        }
        row.getChildren().clear();
        column.getChildren().clear();
        for (RoleCardView view : views) {
            HBox.setHgrow(view, Priority.ALWAYS);
            view.setPrefWidth(stacked ? Region.USE_COMPUTED_SIZE : 1);
            wanted.getChildren().add(view);
        }
        cards.getChildren().setAll(wanted);
        cards.pseudoClassStateChanged(STACKED, stacked);
    }

    private static final PseudoClass STACKED = PseudoClass.getPseudoClass("stacked");

    private static VBox padded(Node node) {
        VBox box = new VBox(node);
        box.setStyle("-fx-padding: 4 18 14 18;");
        return box;
    }

    /** Brings relative times ("running for 3 min 5 s") up to now; the app calls it every 10 s while the window shows. */
    public void tick() {
        views.forEach(RoleCardView::tick);
    }

    /** A notification shown in the window (the only place for them when there is no tray). */
    public void showNotice(String text) {
        notice.setText(text);
    }

    public void setFooter(String text) {
        footer.setText(text);
    }
}
