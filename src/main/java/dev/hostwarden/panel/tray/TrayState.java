package dev.hostwarden.panel.tray;

import dev.hostwarden.core.Verdict;
import java.util.List;

/**
 * Everything the tray shows at one moment: the worst verdict (its glyph), one tooltip line per role
 * and the menu. The panel builds a new one whenever a role changes; the port draws it.
 */
public record TrayState(Verdict worst, boolean attention, List<String> tooltipLines, List<TrayMenuItem> menu) {
    public TrayState {
        tooltipLines = List.copyOf(tooltipLines);
        menu = List.copyOf(menu);
    }
}
