package dev.hostwarden.testsupport;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A Python hermes owner as hermes writes one (src/bench/status_fixture.py): the host flock, then the
 * token and a record naming this process with its incarnation proof. It prints its PID and holds
 * until killed or until the test closes its stdin. It does not heal itself, as a real hermes does not.
 *
 * <p>Arguments: lock dir, home, role, the record's host, the token.
 */
public final class HermesOwnerScript {
    private static final String TEXT = String.join("\n",
            "import datetime, fcntl, hashlib, json, os, sys",
            "lock_dir, home, role, host, token = sys.argv[1:6]",
            "pid = os.getpid()",
            "def start_ticks(p):",
            "    with open(f'/proc/{p}/stat') as f:",
            "        return int(f.read().rsplit(')', 1)[1].split()[19])  # field 22",
            "ticks = start_ticks(pid)",
            "with open('/proc/stat') as f:",
            "    btime = next(float(l.split()[1]) for l in f if l.startswith('btime '))",
            "with open('/proc/sys/kernel/random/boot_id') as f:",
            "    boot_id = f.read().strip()",
            "os.makedirs(lock_dir, mode=0o700, exist_ok=True)",
            "lock = os.open(os.path.join(lock_dir, f'host-{role}.lock'), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)",
            "fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)",
            "def write_private(name, text):",
            "    fd = os.open(os.path.join(lock_dir, name), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)",
            "    with os.fdopen(fd, 'w') as f:",
            "        f.write(text)",
            "write_private(f'host-{role}.token', token)",
            "write_private(f'host-{role}.json', json.dumps({",
            "    'role': role, 'home': home, 'pid': pid, 'createTime': btime + ticks / 100.0, 'startTime': ticks,",
            "    'bootEpoch': f'{boot_id}:{start_ticks(1)}', 'host': host, 'port': None, 'protocolVersion': 1,",
            "    'tokenFingerprint': hashlib.sha256(token.encode()).hexdigest()[:16], 'profiles': ['default'],",
            "    'updatedAt': datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='microseconds'),",
            "}))",
            "print(pid, flush=True)",
            "sys.stdin.read()  # hold until killed, or until the test closes our stdin",
            "");

    private HermesOwnerScript() {
    }

    /** Writes the script into {@code dir}; skips the calling test loudly when python3 is missing. */
    public static Python.Script writeTo(Path dir) throws IOException {
        return Python.script(dir.resolve("hermes_owner.py"), TEXT);
    }
}
