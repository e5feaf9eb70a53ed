"""Holds a hermes-style owner for the status benchmark: flock on host-<role>.lock for three roles and
records naming this process, written exactly as hermes writes them. Prints READY, then sleeps until
killed."""
import fcntl, hashlib, json, os, sys, time, datetime

lock_dir = sys.argv[1]
os.makedirs(lock_dir, mode=0o700, exist_ok=True)
pid = os.getpid()
with open(f"/proc/{pid}/stat") as f:
    ticks = int(f.read().rsplit(")", 1)[1].split()[19])
with open("/proc/stat") as f:
    btime = next(float(l.split()[1]) for l in f if l.startswith("btime "))
with open("/proc/sys/kernel/random/boot_id") as f:
    boot_id = f.read().strip()
with open("/proc/1/stat") as f:
    init_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
held = []
for role in ("gateway", "serve", "desktop-serve"):
    handle = open(os.path.join(lock_dir, f"host-{role}.lock"), "a")
    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    held.append(handle)
    token = f"bench-token-{role}"
    with open(os.path.join(lock_dir, f"host-{role}.token"), "w") as f:
        f.write(token)
    os.chmod(os.path.join(lock_dir, f"host-{role}.token"), 0o600)
    record = {
        "role": role, "home": "", "pid": pid, "createTime": btime + ticks / 100.0, "startTime": ticks,
        "bootEpoch": f"{boot_id}:{init_ticks}", "host": "" if role == "gateway" else "127.0.0.1",
        "port": None, "protocolVersion": 1,
        "tokenFingerprint": hashlib.sha256(token.encode()).hexdigest()[:16], "profiles": ["default"],
        "updatedAt": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds"),
    }
    path = os.path.join(lock_dir, f"host-{role}.json")
    with open(path, "w") as f:
        json.dump(record, f)
    os.chmod(path, 0o600)
print("READY", flush=True)
time.sleep(3600)
