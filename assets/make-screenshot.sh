#!/usr/bin/env bash
# Rebuilds assets/screenshot.png from a real panel window under Xvfb: a live gateway (a real
# `hostwarden run gateway`), a serve record left by a dead process, no desktop-serve, and a profile
# home with a leftover planned-stop marker. Needs: xvfb xauth libgtk-3-0 imagemagick (Debian), python3.
# Usage: assets/make-screenshot.sh   (after `mvn -B package -DskipTests`)
set -euo pipefail
cd "$(dirname "$0")/.."
jar=target/hostwarden.jar
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
display=:$((90 + RANDOM % 9))
pids=()
cleanup() {
  java -jar "$jar" stop gateway --timeout 10 >/dev/null 2>&1 || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

export HERMES_GATEWAY_LOCK_DIR="$work/state/hermes/gateway-locks" HERMES_HOME="$work/home/.hermes" XDG_STATE_HOME="$work/state"
mkdir -p "$HERMES_HOME/profiles/work" "$HERMES_HOME/profiles/research"

Xvfb "$display" -screen 0 1400x1100x24 -nolisten tcp >"$work/xvfb.log" 2>&1 & pids+=($!)

java -jar "$jar" run gateway --profiles default,work,research >"$work/run.out" 2>"$work/run.err" & pids+=($!)
for _ in $(seq 200); do grep -q READY "$work/run.out" && break; sleep 0.05; done
grep -q READY "$work/run.out" || { echo "the gateway did not start" >&2; cat "$work/run.err" >&2; exit 1; }

# A serve owner that died without cleaning up (SIGKILL): its record names a PID that no longer exists.
python3 - "$HERMES_GATEWAY_LOCK_DIR" "$HERMES_HOME" <<'PY'
import datetime, hashlib, json, os, sys
locks, home = sys.argv[1], sys.argv[2]
boot = open("/proc/sys/kernel/random/boot_id").read().strip()
init = open("/proc/1/stat").read().rsplit(")", 1)[1].split()[19]
token = "a-dead-session-token"
def private(path, text):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(text)
private(os.path.join(locks, "host-serve.token"), token)
private(os.path.join(locks, "host-serve.json"), json.dumps({
    "role": "serve", "home": home, "pid": 4194301, "createTime": 1795968812.37, "startTime": 183211,
    "bootEpoch": f"{boot}:{init}", "host": "127.0.0.1", "port": 9119, "protocolVersion": 1,
    "tokenFingerprint": hashlib.sha256(token.encode()).hexdigest()[:16], "profiles": ["default"],
    "updatedAt": (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=47)).isoformat(timespec="microseconds")}))
open(os.path.join(locks, "host-serve.lock"), "a").close()
# A stop that was requested of a previous gateway in the work profile and never consumed.
private(os.path.join(home, "profiles", "work", ".gateway-planned-stop.json"), json.dumps({
    "target_pid": 4194299, "target_start_time": 98817, "stopper_pid": 4194290,
    "written_at": (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=12)).isoformat(timespec="microseconds")}))
PY

DISPLAY="$display" java -jar "$jar" --no-tray >"$work/panel.out" 2>"$work/panel.err" & pids+=($!)
for _ in $(seq 300); do grep -q '^WINDOW_SHOWN' "$work/panel.err" && break; sleep 0.05; done
grep -q '^WINDOW_SHOWN' "$work/panel.err" || { echo "the panel did not show a window" >&2; cat "$work/panel.err" >&2; exit 1; }
sleep 4   # the first refresh and the lazy lock-holder lookup settle
DISPLAY="$display" import -window root assets/screenshot.png
echo "wrote assets/screenshot.png"
