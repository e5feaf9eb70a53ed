package dev.hostwarden.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hermes' {@code _get_lock_dir()} resolution order and {@code ensure_host_state_dir}. */
class RendezvousDirTest {
    private static final String PASSWD_HOME = "/passwd/home";

    private static RendezvousDir resolve(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        return RendezvousDir.resolve(new Environment(env, PASSWD_HOME));
    }

    private static Path defaultUnder(String home) {
        return Path.of(home, ".local", "state", "hermes", "gateway-locks");
    }

    @Test
    void theExplicitVariableWinsVerbatim() {
        RendezvousDir dir = resolve("HERMES_GATEWAY_LOCK_DIR", "/srv/locks", "XDG_STATE_HOME", "/xdg", "HOME", "/home/u");
        assertEquals(Path.of("/srv/locks"), dir.path());
        assertEquals(LockDirSource.HERMES_GATEWAY_LOCK_DIR, dir.source());
    }

    @Test
    void aRelativeExplicitVariableIsNotRejected() {
        RendezvousDir dir = resolve("HERMES_GATEWAY_LOCK_DIR", "rel/locks", "HOME", "/home/u");
        assertEquals(Path.of("rel/locks").toAbsolutePath(), dir.path());
        assertEquals(LockDirSource.HERMES_GATEWAY_LOCK_DIR, dir.source());
    }

    /**
     * "Verbatim" matters with a symbolic link before "..": the kernel resolves {@code link/..} to the
     * link target's parent, so a lexical clean-up would put us in another directory than hermes.
     */
    @Test
    void theExplicitVariableIsNotCleanedUpLexically(@TempDir Path tmp) throws IOException {
        Path target = Files.createDirectories(tmp.resolve("real/sub"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), target);
        String verbatim = link + "/../locks";
        RendezvousDir dir = resolve("HERMES_GATEWAY_LOCK_DIR", verbatim);
        dir.ensure();
        assertTrue(Files.isDirectory(tmp.resolve("real/locks")), "where hermes (and the kernel) put it");
        assertFalse(Files.exists(tmp.resolve("locks")), "not the lexically cleaned path");
        assertTrue(Files.isSameFile(dir.path(), tmp.resolve("real/locks")));
        assertEquals(dir.lockPath(Role.GATEWAY).toString(), verbatim + "/host-gateway.lock");

        claimed = HostRendezvous.at(dir, ProcessInspector.system());
        assertTrue(claimed.claimHostLock(Role.GATEWAY).acquired());
        LockProbe seenByHermesSpelling = FileLocks.probe(Role.GATEWAY.wireName(), tmp.resolve("real/locks/host-gateway.lock"));
        assertEquals(LockState.HELD, seenByHermesSpelling.state(), "the lock is on the file hermes would lock");
        assertFalse(Files.exists(tmp.resolve("locks/host-gateway.lock")));
    }

    private HostRendezvous claimed;

    @AfterEach
    void releaseLocks() {
        if (claimed != null) {
            claimed.releaseHostLock(Role.GATEWAY);
        }
    }

    @Test
    void anEmptyExplicitVariableIsIgnored() {
        RendezvousDir dir = resolve("HERMES_GATEWAY_LOCK_DIR", "", "HOME", "/home/u");
        assertEquals(defaultUnder("/home/u"), dir.path());
        assertEquals(LockDirSource.HOME, dir.source());
    }

    @Test
    void anAbsoluteXdgStateHomeIsUsed() {
        RendezvousDir dir = resolve("XDG_STATE_HOME", "/xdg/state", "HOME", "/home/u");
        assertEquals(Path.of("/xdg/state/hermes/gateway-locks"), dir.path());
        assertEquals(LockDirSource.XDG_STATE_HOME, dir.source());
    }

    @Test
    void aRelativeXdgStateHomeIsIgnored() {
        for (String relative : new String[] {"state", "./state", "../state", ""}) {
            RendezvousDir dir = resolve("XDG_STATE_HOME", relative, "HOME", "/home/u");
            assertEquals(defaultUnder("/home/u"), dir.path(), relative);
            assertEquals(LockDirSource.HOME, dir.source());
        }
    }

    @Test
    void homeComesBeforeTheJavaUserHomeProperty() {
        assertEquals(defaultUnder("/home/from-env"), resolve("HOME", "/home/from-env").path());
        assertEquals(defaultUnder(PASSWD_HOME), resolve().path());
        assertEquals(defaultUnder(PASSWD_HOME), resolve("HOME", "").path());
    }

    @Test
    void theRealHomeWinsOverARepointedProfileHome() {
        RendezvousDir dir = resolve("HERMES_REAL_HOME", "/home/real", "HOME", "/home/real/.hermes/home");
        assertEquals(defaultUnder("/home/real"), dir.path());
        assertEquals(resolve("HOME", "/home/real").path(), dir.path(), "both processes meet in one directory");
    }

    @Test
    void fileNamesFollowTheRole() {
        RendezvousDir dir = RendezvousDir.of(Path.of("/d"));
        assertEquals(Path.of("/d/host-desktop-serve.lock"), dir.lockPath(Role.DESKTOP_SERVE));
        assertEquals(Path.of("/d/host-serve.json"), dir.recordPath(Role.SERVE));
        assertEquals(Path.of("/d/host-gateway.token"), dir.tokenPath(Role.GATEWAY));
        assertEquals(LockDirSource.OPTION, dir.source());
    }

    @Test
    void ensureCreatesTheDirectoryAndItsParentsOwnerOnly(@TempDir Path tmp) throws IOException {
        assumeTrue(Platform.current().hasPosixPermissions(), "POSIX modes");
        Path path = tmp.resolve("state/hermes/gateway-locks");
        RendezvousDir.of(path).ensure();
        assertEquals("rwx------", Fixtures.modeOf(path));
        RendezvousDir.of(path).ensure();
        assertEquals("rwx------", Fixtures.modeOf(path), "idempotent");
    }

    @Test
    void ensureRepairsGroupAndOtherBits(@TempDir Path tmp) throws IOException {
        assumeTrue(Platform.current().hasPosixPermissions(), "POSIX modes");
        for (String loose : new String[] {"rwxr-xr-x", "rwxrwxrwx", "rwx-----x"}) {
            Path path = tmp.resolve("locks-" + loose.replace('-', '_'));
            Files.createDirectory(path);
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(loose));
            Path marker = Files.writeString(path.resolve("kept"), "x");
            RendezvousDir.of(path).ensure();
            assertEquals("rwx------", Fixtures.modeOf(path), loose);
            assertEquals("x", Files.readString(marker), "repaired, not recreated");
        }
    }

    @Test
    void ensureRefusesARegularFileInThePath(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "not a directory");
        assertThrows(IOException.class, () -> RendezvousDir.of(file.resolve("locks")).ensure());
        assertThrows(IOException.class, () -> RendezvousDir.of(file).ensure());
        assertEquals("not a directory", Files.readString(file));
    }
}
