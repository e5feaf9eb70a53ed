package dev.hostwarden.panel.view;

import dev.hostwarden.panel.notify.Banner;
import dev.hostwarden.panel.notify.NotificationEntry;
import dev.hostwarden.panel.notify.NotificationPolicy;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;

/**
 * The notifications inside the window: a banner under the header with the latest problem (dismissable,
 * and reading "Resolved — …" once the role is well again) and a header button that opens the last
 * {@link NotificationPolicy#HISTORY_SIZE} events, newest first, each with what became of it.
 */
public final class NotificationsView {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    /** Style classes in panel.css, coloured from the theme so the banner reads in light and dark. */
    private static final String PROBLEM_STYLE = "banner-problem";
    private static final String RESOLVED_STYLE = "banner-resolved";

    private final NotificationPolicy policy;
    private final Clock clock;
    private final HBox banner = new HBox(10);
    private final Label bannerText = new Label();
    private final Button historyButton = new Button();
    private final ListView<NotificationEntry> list = new ListView<>();
    private final Popup popup = new Popup();

    public NotificationsView(NotificationPolicy policy, Clock clock) {
        this.policy = policy;
        this.clock = clock;
        bannerText.setId("notification-banner-text");
        bannerText.setWrapText(true);
        bannerText.setMinWidth(0);
        HBox.setHgrow(bannerText, Priority.ALWAYS);
        bannerText.setMaxWidth(Double.MAX_VALUE);
        Button dismiss = new Button("Dismiss");
        dismiss.setId("notification-dismiss");
        dismiss.setMinWidth(Region.USE_PREF_SIZE);
        dismiss.setOnAction(event -> policy.dismissBanner());
        banner.setId("notification-banner");
        banner.getChildren().setAll(bannerText, dismiss);
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.getStyleClass().add("banner");
        banner.managedProperty().bind(banner.visibleProperty());
        policy.bannerProperty().addListener((observable, before, after) -> showBanner(after));
        showBanner(policy.bannerProperty().get());

        historyButton.setId("notification-history");
        historyButton.setMinWidth(Region.USE_PREF_SIZE);
        historyButton.textProperty().bind(Bindings.createStringBinding(
                () -> "Events (" + policy.historyProperty().size() + ")", policy.historyProperty()));
        HoverTooltip.install(historyButton, Bindings.concat("The last ", NotificationPolicy.HISTORY_SIZE,
                " ownership events and what became of each; notifications go to ", policy.deliveredByProperty()));
        historyButton.setOnAction(event -> toggleHistory());

        list.setId("notification-history-list");
        list.setItems(policy.historyProperty());
        list.setPlaceholder(new Label("No ownership events since the panel started."));
        list.setCellFactory(view -> new ListCell<>() {
            @Override
            protected void updateItem(NotificationEntry entry, boolean empty) {
                super.updateItem(entry, empty);
                setText(empty || entry == null ? null : line(entry));
                setWrapText(true);
                setPrefWidth(0);
            }
        });
        list.setPrefSize(560, 320);
        Label title = new Label("Ownership events (newest first)");
        title.getStyleClass().add("headline");
        Button close = new Button("Close");
        close.setOnAction(event -> popup.hide());
        HBox top = new HBox(10, title, new Pane(), close);
        HBox.setHgrow(top.getChildren().get(1), Priority.ALWAYS);
        top.setAlignment(Pos.CENTER_LEFT);
        VBox content = new VBox(8, top, list);
        content.setId("notification-history-popup");
        content.getStyleClass().add("events-popup");
        // A popup is its own scene: it gets the panel's stylesheet here, the theme's colours from the user agent.
        content.getStylesheets().add(NotificationsView.class.getResource("/dev/hostwarden/panel/panel.css").toExternalForm());
        popup.getContent().setAll(content);
        popup.setAutoHide(true);
        policy.historyProperty().addListener((ListChangeListener<NotificationEntry>) change -> list.scrollTo(0));
    }

    /** "14:02:07  serve: owner PID 4242 turned stale (…) — notified" */
    String line(NotificationEntry entry) {
        String fate = switch (entry.delivery()) {
            case SHOWN -> "notified";
            case HISTORY_ONLY -> "noted";
            case RATE_LIMITED -> "held back (rate limit)";
            case PAUSED -> "held back (paused)";
            case BY_PANEL -> "expected: stopped from the panel";
        };
        return TIME.format(entry.at().atZone(clock.getZone())) + "  " + entry.event().message() + " — " + fate;
    }

    private void showBanner(Banner shown) {
        banner.setVisible(shown != null);
        if (shown == null) {
            bannerText.setText("");
            return;
        }
        String when = TIME.format(shown.at().atZone(clock.getZone()));
        bannerText.setText(shown.resolved() ? "Resolved — " + shown.event().message() + " (" + when + ")"
                : when + "  " + shown.event().message());
        banner.getStyleClass().removeAll(PROBLEM_STYLE, RESOLVED_STYLE);
        banner.getStyleClass().add(shown.resolved() ? RESOLVED_STYLE : PROBLEM_STYLE);
    }

    private void toggleHistory() {
        if (popup.isShowing()) {
            popup.hide();
            return;
        }
        Bounds at = historyButton.localToScreen(historyButton.getBoundsInLocal());
        if (at != null) {
            popup.show(historyButton, Math.max(0, at.getMaxX() - list.getPrefWidth() - 20), at.getMaxY() + 4);
        }
    }

    /** The header button that opens the history. */
    public Button historyButton() {
        return historyButton;
    }

    /** The banner (hidden while there is none). */
    public Node banner() {
        return banner;
    }

    /** Whether the history is open (tests). */
    public boolean historyShowing() {
        return popup.isShowing();
    }

    /** Places the history button left of Refresh and the banner under the header. */
    public void attachTo(PanelView view) {
        view.addHeaderControl(historyButton);
        view.addUnderHeader(banner);
    }
}
