package dev.hostwarden.panel.theme;

import dev.hostwarden.panel.view.HoverTooltip;
import javafx.scene.control.MenuButton;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.Region;

/** The header's "Theme" menu: System, Light, Dark, one of them checked; picking one applies and remembers it. */
public final class ThemeMenu {
    private ThemeMenu() {
    }

    public static MenuButton create(Appearance appearance) {
        MenuButton menu = new MenuButton("Theme");
        menu.setId("theme-menu");
        menu.setMinWidth(Region.USE_PREF_SIZE);
        HoverTooltip.install(menu, "Light, dark, or follow the system's setting");
        ToggleGroup group = new ToggleGroup();
        for (ThemeChoice choice : ThemeChoice.values()) {
            RadioMenuItem item = new RadioMenuItem(choice.label());
            item.setId("theme-" + choice.word());
            item.setToggleGroup(group);
            item.setSelected(appearance.choiceProperty().get() == choice);
            item.setOnAction(event -> appearance.choose(choice));
            menu.getItems().add(item);
        }
        return menu;
    }
}
