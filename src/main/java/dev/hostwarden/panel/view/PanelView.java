package dev.hostwarden.panel.view;

import dev.hostwarden.panel.model.Describe;
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
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
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
    private final VBox header;
    private final FlowPane controls;
    private final VBox underHeader;

    public PanelView(PanelModel model, Clock clock) {
        getStyleClass().add("panel");
        ImageView icon = new ImageView();
        icon.imageProperty().bind(Bindings.createObjectBinding(
                () -> new Image(PanelView.class.getResource(TrayGlyph.resource(model.trayStatusProperty().get().typical(), model.trayStatusProperty().get() == TrayStatus.ATTENTION, 32)).toExternalForm()),
                model.trayStatusProperty()));
        // The directory has a line of its own under the title and wraps between names: it is never cut,
        // and it never takes room from the buttons.
        Label lockDir = Ui.wrapping("", "subtle", "small");
        lockDir.setId("lock-dir");
        lockDir.textProperty().bind(Bindings.createStringBinding(
                () -> "Rendezvous directory: " + Describe.breakablePath(model.lockDirProperty().get()), model.lockDirProperty()));
        Ui.copyable(lockDir, "");
        model.lockDirProperty().addListener((observable, before, after) -> Ui.copyable(lockDir, after));
        Label refreshed = Ui.label("", "subtle", "small");
        refreshed.setId("last-refresh");
        // The re-checks every 10 s move it too: it says when the state was last proven, not last changed.
        refreshed.textProperty().bind(Bindings.createStringBinding(() -> model.lastCheckedProperty().get() == null ? "not inspected yet"
                : "checked " + TIME.format(model.lastCheckedProperty().get().atZone(clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone())),
                model.lastCheckedProperty()));
        VBox titles = new VBox(2, Ui.label("Hostwarden", "app-title"), refreshed);
        titles.setMinWidth(Region.USE_PREF_SIZE);
        Button refresh = new Button("Refresh");
        refresh.setId("refresh");
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        HoverTooltip.install(refresh, "Re-inspect every role now (F5)");
        refresh.setOnAction(event -> model.refresh());
        icon.setFitWidth(32);
        icon.setFitHeight(32);
        // The buttons sit on the right and wrap onto a second row in a narrow window, never under the title.
        controls = new FlowPane(8, 6, refresh) {
            /** One row, as wide as its buttons side by side: the row shrinks it (and it wraps) only where the window is narrow. */
            @Override
            protected double computePrefWidth(double height) {
                double width = snappedLeftInset() + snappedRightInset() + getHgap() * Math.max(0, getManagedChildren().size() - 1);
                for (Node child : getManagedChildren()) {
                    width += child.prefWidth(-1);
                }
                return width;
            }
        };
        controls.setId("header-controls");
        controls.setAlignment(Pos.CENTER_RIGHT);
        HBox.setHgrow(controls, Priority.ALWAYS);
        HBox top = new HBox(12, icon, titles, controls);
        top.setAlignment(Pos.CENTER_LEFT);
        header = new VBox(6, top, lockDir);
        header.setId("header");
        header.getStyleClass().add("header");

        notice.setId("notice");
        notice.getStyleClass().add("notice");
        notice.managedProperty().bind(notice.visibleProperty());
        notice.visibleProperty().bind(notice.textProperty().isNotEmpty());
        Label error = Ui.wrapping("", "warning");
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(error.visibleProperty());
        error.visibleProperty().bind(error.textProperty().isNotEmpty());
        underHeader = new VBox(header, notice, error);
        setTop(underHeader);

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
        controls.getChildren().add(controls.getChildren().size() - 1, control);
    }

    /** Puts a line (the notification banner) right under the header, above the notice and the cards. */
    public void addUnderHeader(Node line) {
        underHeader.getChildren().add(underHeader.getChildren().indexOf(header) + 1, line);
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
