package dev.hostwarden.panel.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.supervise.KeepRunningStore;
import dev.hostwarden.supervise.RoleSupervisor;
import dev.hostwarden.supervise.SupervisionPolicy;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorSlot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * A card's "Keep running": while on, this panel supervises the role (a {@link RoleSupervisor} in this
 * process, holding the role's supervisor slot) unless another supervisor already keeps it, which is
 * then shown instead; when that one ends, the panel takes over at the next refresh. Either way the
 * card shows who keeps the role running and what it is doing. Supervising runs on its own thread;
 * every property changes on the UI executor.
 */
final class KeepRunning {
    private final Role role;
    private final PanelContext context;
    private final KeepRunningStore store;
    final ReadOnlyBooleanWrapper on = new ReadOnlyBooleanWrapper(this, "keepRunning");
    final ReadOnlyObjectWrapper<SupervisionRecord> supervision = new ReadOnlyObjectWrapper<>(this, "supervision");
    final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "keepRunningProblem", "");
    private volatile RoleSupervisor mine;

    KeepRunning(Role role, PanelContext context, KeepRunningStore store) {
        this.role = role;
        this.context = context;
        this.store = store;
    }

    /** The user turned it on or off (UI executor): remembered, then acted on in the background. */
    void set(boolean wanted) {
        if (wanted == on.get()) {
            return;
        }
        on.set(wanted);
        context.background().execute(() -> {
            if (store != null) {
                store.save(lockDir(), role, wanted);
            }
            if (wanted) {
                takeOver();
            } else {
                release();
            }
            look();
        });
    }

    /** Turned on as remembered, at the panel's start (UI executor). */
    void restore() {
        if (store != null && store.load(lockDir()).contains(role)) {
            set(true);
        }
    }

    /** At each refresh (background): who keeps the role now; the panel takes over a slot another supervisor left. */
    void refresh() {
        if (on.get() && mine == null) {
            takeOver();
        }
        look();
    }

    private void takeOver() {
        if (!context.actions().controlsOwners()) {
            say("Keep running needs owner control; this panel was started read-only");
            return;
        }
        SupervisionPolicy policy;
        Environment env = Environment.system();
        try {
            LaunchSettings settings = LaunchSettings.loadDefault(env);
            Optional<JsonNode> section = settings.superviseSection(role);
            policy = section.isEmpty() ? SupervisionPolicy.DEFAULT : SupervisionPolicy.from(section.get(), "settings file "
                    + LaunchSettings.defaultPath(env) + ", role " + role.wireName());
        } catch (LaunchSettings.SettingsException | SupervisionPolicy.BadPolicyException bad) {
            say("Keep running is off: " + bad.getMessage());
            return;
        }
        RoleSupervisor supervisor = new RoleSupervisor(role, context.actions(), OwnershipHistory.forUser(lockDir()), policy, env.stateHome(),
                Clock.systemUTC(), now -> context.ui().execute(() -> supervision.set(now)));
        try {
            if (supervisor.start().isEmpty()) {
                mine = supervisor;
                say("");
            }
        } catch (IOException unusable) {
            say("Keep running cannot take the supervisor's lock: " + unusable.getMessage());
        }
    }

    /** Stops this panel's supervising (the owners it started keep running). */
    void release() {
        RoleSupervisor supervisor = mine;
        mine = null;
        if (supervisor != null) {
            supervisor.stop();
        }
    }

    private void look() {
        RoleSupervisor supervisor = mine;
        SupervisionRecord now = supervisor != null ? supervisor.current()
                : SupervisorSlot.of(Environment.system().stateHome(), role, lockDir()).holder().orElse(null);
        context.ui().execute(() -> supervision.set(now));
    }

    private void say(String words) {
        context.ui().execute(() -> problem.set(words));
    }

    /** Whether this panel is the role's supervisor now. */
    boolean supervisesHere() {
        return mine != null;
    }

    private Path lockDir() {
        return context.rendezvous().dir().path();
    }
}
