"""The comparison: a plain python3 process doing the same reads as `hostwarden status --json` for three
roles (record, token, /proc/<pid>/stat, boot id, btime, /proc/locks by inode) and printing JSON."""
import hashlib, json, os, sys

lock_dir = sys.argv[1]
with open("/proc/sys/kernel/random/boot_id") as f:
    boot_id = f.read().strip()
with open("/proc/locks") as f:
    locks = f.read().splitlines()
roles = []
for role in ("gateway", "serve", "desktop-serve"):
    entry = {"role": role}
    try:
        with open(os.path.join(lock_dir, f"host-{role}.json"), encoding="utf-8-sig") as f:
            record = json.load(f)
        entry["record"] = record
        pid = record["pid"]
        with open(f"/proc/{pid}/stat") as f:
            ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        entry["ticksMatch"] = abs(ticks - record["startTime"]) <= 200
        entry["bootMatch"] = record.get("bootEpoch", "").split(":")[0] == boot_id
        with open(os.path.join(lock_dir, f"host-{role}.token")) as f:
            entry["tokenOk"] = hashlib.sha256(f.read().strip().encode()).hexdigest()[:16] == record["tokenFingerprint"]
    except (OSError, ValueError, KeyError):
        entry["record"] = None
    st = os.stat(os.path.join(lock_dir, f"host-{role}.lock"))
    ident = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    entry["holder"] = next((int(l.split()[4]) for l in locks if ident in l and "->" not in l), None)
    roles.append(entry)
print(json.dumps({"lockDir": lock_dir, "roles": roles}, indent=2))
