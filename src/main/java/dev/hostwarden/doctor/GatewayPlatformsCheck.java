package dev.hostwarden.doctor;

import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.HealthJudge;
import dev.hostwarden.health.PlatformState;
import dev.hostwarden.report.CommandHint;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The live gateway's platforms that need a person (a rejected token, a parked platform), from its
 * runtime status file when the live owner wrote it: "alive but not receiving" is a problem a PID check
 * cannot see. Messages are redacted; the fix names where the platform's credentials live.
 */
final class GatewayPlatformsCheck implements DoctorCheck {
    static final String NAME = "gatewayPlatforms";

    @Override
    public Finding run(DoctorContext context) {
        RoleReport gateway = new RoleInspector(context.rendezvous(), false).inspect(Role.GATEWAY);
        Redactor redactor = Redactor.deferred(() -> KnownSecrets.redactor(context.rendezvous(), context.environment(), context.hermesHome()));
        Optional<Health> health = new HealthJudge(context.rendezvous().inspector(), redactor).judge(gateway, context.hermesHome());
        if (health.isEmpty()) {
            return Finding.ok(NAME, "no runtime status file from a gateway (" + context.hermesHome().resolve("gateway_state.json") + ")");
        }
        if (!health.get().current()) {
            return Finding.ok(NAME, "the runtime status file was written by PID " + health.get().writerPid()
                    + ", not by the live gateway owner: it tells nothing about platforms now");
        }
        List<PlatformState> troubled = health.get().needingAttention();
        if (troubled.isEmpty()) {
            long connected = health.get().platforms().stream().filter(platform -> platform.condition() == PlatformState.Condition.CONNECTED).count();
            return Finding.ok(NAME, connected + " of " + health.get().platforms().size() + " platforms connected; none needs attention");
        }
        List<String> said = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        HostRecord owner = gateway.record().recordOrNull();
        Path root = owner != null && !owner.home().isEmpty() ? HermesHome.ownerHome(owner) : context.hermesHome();
        for (PlatformState platform : troubled) {
            said.add(platform.describe() + " needs attention" + (platform.errorCode() == null ? "" : ": " + platform.errorCode())
                    + (platform.errorMessage() == null ? "" : " (" + redactor.redact(platform.errorMessage()) + ")"));
            Path home = PlatformState.DEFAULT_PROFILE.equals(platform.profile()) ? root : root.resolve("profiles").resolve(platform.profile());
            fixes.add("check " + platform.name() + "'s settings (such as " + platform.name().toUpperCase(Locale.ROOT) + "_BOT_TOKEN) in "
                    + home.resolve(".env"));
        }
        fixes.add("then " + CommandHint.of(context.rendezvous().dir(), "restart gateway"));
        return Finding.problem(NAME, String.join("; ", said), String.join("; ", fixes));
    }
}
