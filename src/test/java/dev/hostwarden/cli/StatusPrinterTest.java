package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway is looked at last (its Unix socket's set-up runs meanwhile), yet reported where it was asked. */
class StatusPrinterTest {
    @Test
    void theGatewayIsLookedAtLast() {
        assertEquals(List.of(Role.SERVE, Role.DESKTOP_SERVE, Role.GATEWAY),
                StatusPrinter.gatewayLast(List.of(Role.GATEWAY, Role.SERVE, Role.DESKTOP_SERVE)));
        assertEquals(List.of(Role.SERVE, Role.GATEWAY), StatusPrinter.gatewayLast(List.of(Role.SERVE, Role.GATEWAY)));
        assertEquals(List.of(Role.GATEWAY), StatusPrinter.gatewayLast(List.of(Role.GATEWAY)));
        assertEquals(List.of(Role.DESKTOP_SERVE, Role.SERVE), StatusPrinter.gatewayLast(List.of(Role.DESKTOP_SERVE, Role.SERVE)));
    }

    @Test
    void theRolesAreReportedInTheOrderAsked(@TempDir Path dir) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = StatusPrinter.execute(HostRendezvous.at(RendezvousDir.of(dir), ProcessInspector.system()), List.of(Role.GATEWAY, Role.DESKTOP_SERVE, Role.SERVE),
                new Output(new PrintWriter(out), new PrintWriter(err), false));
        assertEquals(0, exit, err.toString());
        String text = out.toString();
        int gateway = text.indexOf("\ngateway ");
        int desktop = text.indexOf("\ndesktop-serve ");
        int serve = text.indexOf("\nserve ");
        assertTrue(gateway > 0 && gateway < desktop && desktop < serve, text);
    }
}
