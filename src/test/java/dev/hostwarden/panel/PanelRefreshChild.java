package dev.hostwarden.panel;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelFleet;
import dev.hostwarden.panel.model.PanelModel;
import java.nio.file.Path;

/**
 * One panel-model refresh in a fresh JVM, as the panel does it, with inline executors and no
 * toolkit: with {@code --fleet URL} the fleet is asked too. Prints each role's verdict and fleet line.
 * Usage: {@code PanelRefreshChild LOCK_DIR HERMES_ROOT [--fleet URL]}.
 */
public final class PanelRefreshChild {
    private PanelRefreshChild() {
    }

    public static void main(String[] args) {
        PanelModel model = new PanelModel(Fixtures.context(Path.of(args[0]), Path.of(args[1]), null, Runnable::run, Runnable::run));
        if (args.length > 3 && args[2].equals("--fleet")) {
            model.useFleet(PanelFleet.of(args[3]));
        }
        model.refresh();
        for (Role role : Role.values()) {
            System.out.println(role.wireName() + " " + model.card(role).verdictProperty().get() + " [" + model.card(role).fleetLineProperty().get() + "]");
        }
        model.close();
    }
}
