#!/usr/bin/env bash
# Cold start of the panel to a visible window, side by side with another build of it, alternating runs
# so both see the same machine load. The figure is the wall time from the launch to the panel's
# "WINDOW_SHOWN" line (printed with -Dhostwarden.panel.debug=true when the window's shown event comes),
# measured here, polled every 10 ms, under Xvfb with a window manager (openbox): the same clock for
# any build, including the time a bare java -jar spends replacing its first JVM (PanelReexec). Beside
# it, the CPU time the panel had used by then (user + system, all threads, across that exec): on a
# machine another job keeps busy the wall time mostly measures that job, while the CPU time still
# compares the work done.
#
# Usage: src/bench/panel-cold-start.sh OTHER.jar [RUNS]     (from the repository root, after mvn package)
#   e.g. git worktree add /tmp/prev HEAD~1 && (cd /tmp/prev && mvn -B -q -o package -DskipTests)
#        src/bench/panel-cold-start.sh /tmp/prev/target/hostwarden.jar 9
# Env:   THIS_JAR=target/hostwarden.jar   PANEL_ARGS="--no-tray"   GOAL_MS=1500 (issue 10: <= 1.5 s with java -jar)
# Needs: Xvfb, openbox, xdotool (apt-get install -y xvfb openbox xdotool libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/../.."
other=${1:?usage: src/bench/panel-cold-start.sh OTHER.jar [RUNS]}
runs=${2:-7}
this=${THIS_JAR:-target/hostwarden.jar}
goal=${GOAL_MS:-1500}
read -r -a panel_args <<<"${PANEL_ARGS:---no-tray}"
for jar in "$this" "$other"; do [ -f "$jar" ] || { echo "no such jar: $jar" >&2; exit 2; }; done
for tool in Xvfb openbox xdotool; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y xvfb openbox xdotool)" >&2; exit 2; }; done

source src/bench/bench-lib.sh
start_work
start_desktop

tick=$(getconf CLK_TCK)
one_start() {  # one_start JAR -> prints "ms cpu-ms", or "- -" when no window came within 30 s
  local jar=$1 state; state=$(mktemp -d "$WORK/state.XXXX")
  local t0; t0=$(date +%s%N)
  XDG_STATE_HOME=$state HERMES_HOME=$state/home java -Dhostwarden.panel.debug=true -jar "$jar" "${panel_args[@]}" --lock-dir "$state/locks" \
    >"$state/out" 2>"$state/err" &
  local pid=$! ms=- cpu=-
  for _ in $(seq 3000); do
    if grep -q '^WINDOW_SHOWN' "$state/err"; then ms=$(( ($(date +%s%N) - t0) / 1000000 )); break; fi
    sleep 0.01
  done
  [ "$ms" = - ] || cpu=$(awk -v tick="$tick" '{print int(($14 + $15) * 1000 / tick)}' "/proc/$pid/stat")
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
  echo "$ms $cpu"
}
median() { printf '%s\n' "$@" | grep -v '^-$' | sort -n | awk '{a[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

one_start "$this" >/dev/null; one_start "$other" >/dev/null   # warm the page cache for both, as a second login would
a=(); b=(); ca=(); cb=()
for i in $(seq "$runs"); do
  read -r ms cpu < <(one_start "$this"); a+=("$ms"); ca+=("$cpu")
  read -r ms cpu < <(one_start "$other"); b+=("$ms"); cb+=("$cpu")
done
ma=$(median "${a[@]}"); mb=$(median "${b[@]}"); mca=$(median "${ca[@]}"); mcb=$(median "${cb[@]}")
echo "cold start to a visible window, $runs alternating runs, load average $(cut -d' ' -f1 /proc/loadavg) at the end"
echo "  this  ($this): ${a[*]} ms  median $ma ms (goal <= $goal ms); CPU by then: median $mca ms"
echo "  other ($other): ${b[*]} ms  median $mb ms; CPU by then: median $mcb ms"
[ "$ma" = - ] || [ "$mb" = - ] || awk -v a="$ma" -v b="$mb" -v ca="$mca" -v cb="$mcb" \
  'BEGIN {printf "  ratio this/other: %.2f (CPU %.2f)\n", a / b, (ca == "-" || cb == "-") ? 0 : ca / cb}'
