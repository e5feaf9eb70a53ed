#!/usr/bin/env bash
# Supervision figures with real owners (`hostwarden run serve`), side by side in one run:
#   - kill -9 of the owner to a new LIVE owner (median, p95):
#       supervised  `hostwarden supervise serve` notices and starts a new owner by itself
#                   (backoffInitialSeconds as configured below: the wait before each start is part of it)
#       by hand     a person's `hostwarden restart serve` typed the moment the owner died
#   - an idle supervisor: CPU used over IDLE_SECONDS while watching a live owner, and its resident memory
# LIVE is polled from outside with `status serve --json` in a loop of this shell's own (not the JVM):
# the clock stops when the record names a new PID and the verdict is LIVE.
# Usage: src/bench/supervise-recovery.sh [RUNS]      (from the repository root, after mvn package)
# Env:   JAR=target/hostwarden.jar  INITIAL=1 (backoffInitialSeconds)  IDLE_SECONDS=60  KEEP=1 (keep the work directory)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
jar=${JAR:-target/hostwarden.jar}
initial=${INITIAL:-1}
idle_seconds=${IDLE_SECONDS:-60}
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  pid=$(owner_pid || true); [ -z "$pid" ] || kill -9 "$pid" 2>/dev/null || true
  if [ -n "${KEEP:-}" ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
export HERMES_GATEWAY_LOCK_DIR=$work/locks HERMES_HOME=$work/home XDG_STATE_HOME=$work/state XDG_CONFIG_HOME=$work/config
mkdir -p "$HERMES_HOME" "$XDG_CONFIG_HOME/hostwarden"
echo "{\"roles\": {\"serve\": {\"supervise\": {\"backoffInitialSeconds\": $initial, \"minUptimeSeconds\": 1}}}}" \
  > "$XDG_CONFIG_HOME/hostwarden/settings.json"
hw() { java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -jar "$jar" "$@"; }
# For `hw_exec ... &`: the background job IS the JVM, so $! is its PID (a plain function would leave
# $! naming a subshell, and a kill would orphan the supervisor instead of stopping it).
hw_exec() { exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto -jar "$jar" "$@"; }
now_ms() { date +%s%3N; }
# The live owner's PID from the record, when the lock is held by it (a cheap look: no JVM).
owner_pid() {
  python3 - "$HERMES_GATEWAY_LOCK_DIR" <<'PY'
import json, os, sys
d = sys.argv[1]
try:
    pid = json.load(open(os.path.join(d, "host-serve.json")))["pid"]
    os.kill(pid, 0)
    print(pid)
except Exception:
    pass
PY
}
await_new_owner() {  # await_new_owner OLD_PID: until a live owner with another PID is proven by status
  for _ in $(seq 3000); do
    pid=$(owner_pid || true)
    if [ -n "$pid" ] && [ "$pid" != "$1" ] && hw status serve >/dev/null 2>&1; then return 0; fi
    sleep 0.02
  done
  echo "no new owner" >&2; return 1
}
stats() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; p=a[int(0.95*NR+0.999)]; printf "median %d ms, p95 %d ms (n=%d)", m, p, NR}'; }

hw_exec supervise serve 2>"$work/supervise.err" & sup=$!; pids+=($sup)
await_new_owner none
supervised=(); by_hand=()
for i in $(seq "$runs"); do
  # Supervised: kill the owner, the supervisor brings a new one.
  sleep 1.5   # past minUptimeSeconds, so each kill starts from the initial delay
  old=$(owner_pid); t0=$(now_ms); kill -9 "$old"
  await_new_owner "$old"; supervised+=($(( $(now_ms) - t0 )))
done
kill "$sup"; wait "$sup" 2>/dev/null || true   # the owner it started keeps running (KillMode=process semantics)
for i in $(seq "$runs"); do
  # By hand: kill the owner, then a person's restart, typed at once.
  old=$(owner_pid); t0=$(now_ms); kill -9 "$old"
  hw restart serve >/dev/null 2>&1 || true
  await_new_owner "$old"; by_hand+=($(( $(now_ms) - t0 )))
done
echo "kill -9 to a new LIVE owner, $runs runs each (backoffInitialSeconds $initial):"
s=$(printf '%s\n' "${supervised[@]}" | stats); h=$(printf '%s\n' "${by_hand[@]}" | stats)
echo "  supervised (hostwarden supervise):       $s"
echo "  by hand (hostwarden restart right away):  $h"
echo "  samples: supervised ${supervised[*]}; by hand ${by_hand[*]}"
sm=$(printf '%s\n' "${supervised[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}')
hm=$(printf '%s\n' "${by_hand[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}')
awk -v s="$sm" -v h="$hm" 'BEGIN {printf "  ratio supervised / by hand: %.2f (the supervisor waits backoffInitialSeconds first; a person also has to notice)\n", s/h}'

# An idle supervisor watching a live owner.
hw_exec supervise serve 2>>"$work/supervise.err" & sup=$!; pids+=($sup)
sleep 5
kill -0 "$sup" 2>/dev/null || { echo "the idle supervisor exited:" >&2; cat "$work/supervise.err" >&2; exit 1; }
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
hz=$(getconf CLK_TCK)
c0=$(ticks "$sup"); sleep "$idle_seconds"; c1=$(ticks "$sup")
rss=$(awk '/VmRSS/ {print $2}' "/proc/$sup/status"); hwm=$(awk '/VmHWM/ {print $2}' "/proc/$sup/status")
awk -v c=$((c1 - c0)) -v hz="$hz" -v s="$idle_seconds" -v r="$rss" -v m="$hwm" 'BEGIN {
  printf "idle supervisor over %d s: CPU %.2f %% of a core (%.2f s), RSS %.1f MB (peak %.1f MB)\n", s, 100 * c / hz / s, c / hz, r / 1024, m / 1024 }'
