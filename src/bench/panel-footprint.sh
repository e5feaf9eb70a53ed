#!/usr/bin/env bash
# Footprint of an idle panel watching three roles: one live (a child JVM holds the host lock and has
# published its record), one stale (a record naming a dead PID), one empty.
#
# Prints: cold start to a visible window (the panel's own "WINDOW_SHOWN <ms since JVM start>" line,
# written when the stage is first shown; printed only with -Dhostwarden.panel.debug=true, which this
# script passes), average CPU % of one core while idle (utime+stime deltas
# from /proc/<pid>/stat), and max resident memory (VmHWM from /proc/<pid>/status).
#
# With PANEL_LAUNCHER (a packaged bin/hostwarden, e.g. /usr/bin/hostwarden, or "image" for the app image
# in target/packages/), its panel's cold start is measured too, interleaved with `java -jar`'s: after one
# first start that makes the launcher's class-data-sharing archive (timed and printed on its own), each
# round starts a fresh packaged panel, then a fresh `java -jar` one. Wall times count from the command's
# invocation (the launcher script included) to the WINDOW_SHOWN line, polled every 10 ms.
# Issue 9's goal: the packaged panel's window in at most 1.0 s.
#
# Usage: src/bench/panel-footprint.sh            (from the repository root; builds what is missing)
# Env:   IDLE_SECONDS=60   SETTLE_SECONDS=30   STARTS=3   JAVA=java   PANEL_JAVA_OPTS=""   DISPLAY (else Xvfb is started)
#        PANEL_LAUNCHER=""
# Needs: Linux /proc; Xvfb when no DISPLAY is set (apt-get install -y xvfb xauth libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/../.."

IDLE_SECONDS=${IDLE_SECONDS:-60}
SETTLE_SECONDS=${SETTLE_SECONDS:-30}
STARTS=${STARTS:-3}
JAVA=${JAVA:-java}
PANEL_JAVA_OPTS=${PANEL_JAVA_OPTS:-}
GOAL_CPU=1.0
GOAL_MB=200
GOAL_START_MS=2000
PANEL_LAUNCHER=${PANEL_LAUNCHER:-}
GOAL_PACKAGED_MS=1000

if [[ ! -f target/hostwarden.jar || ! -d target/test-classes/dev/hostwarden/panel ]]; then
    mvn -B -q -DskipTests package test-compile >&2
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() {
    # Newest first: the panel must go before the X server it draws on (GTK crashes otherwise).
    for (( i=${#PIDS[@]}-1; i>=0; i-- )); do
        kill "${PIDS[$i]}" 2>/dev/null || true
        wait "${PIDS[$i]}" 2>/dev/null || true
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

if [[ -z "${DISPLAY:-}" ]]; then
    for n in $(seq 91 99); do [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]] || { DISPLAY_NUM=$n; break; }; done
    Xvfb ":$DISPLAY_NUM" -screen 0 1440x960x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    PIDS+=($!)
    export DISPLAY=":$DISPLAY_NUM"
    for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$DISPLAY_NUM ]] && break; sleep 0.1; done
fi

# --- three roles: live gateway, stale serve, empty desktop-serve ---------------------------------
LOCKS="$WORK/locks"; HOMEDIR="$WORK/hermes"
mkdir -p "$LOCKS" "$HOMEDIR/profiles/work"; chmod 700 "$LOCKS"
CP="target/test-classes:target/classes:$(ls target/lib/*.jar | tr '\n' ':')"
mkfifo "$WORK/owner.in"
sleep infinity >"$WORK/owner.in" &
PIDS+=($!)
"$JAVA" -XX:+UseSerialGC -cp "$CP" dev.hostwarden.panel.LockHolderChild "$LOCKS" gateway "$HOMEDIR" <"$WORK/owner.in" >"$WORK/owner.out" 2>&1 &
OWNER=$!; PIDS+=($OWNER)
for _ in $(seq 300); do grep -q READY "$WORK/owner.out" 2>/dev/null && break; sleep 0.1; done
grep -q READY "$WORK/owner.out" || { echo "the owner child did not start:" >&2; cat "$WORK/owner.out" >&2; exit 1; }
sh -c 'exit 0' & DEAD=$!; wait $DEAD
BOOT="$(cat /proc/sys/kernel/random/boot_id):$(awk '{print $22}' /proc/1/stat)"
printf '{"role":"serve","home":"%s","pid":%d,"createTime":%s,"startTime":4242,"bootEpoch":"%s","host":"127.0.0.1","port":9120,"protocolVersion":1,"tokenFingerprint":"","profiles":["default"],"updatedAt":"%s"}' \
    "$HOMEDIR" "$DEAD" "$(date +%s).0" "$BOOT" "$(date -u +%Y-%m-%dT%H:%M:%S.000000+00:00)" >"$LOCKS/host-serve.json"
chmod 600 "$LOCKS/host-serve.json"

# start_panel [COMMAND...]: a fresh panel (default: java -jar); sets PANEL, SHOWN_MS (the panel's own
# time since its JVM started) and WALL_MS (since this call, polled every 10 ms).
start_panel() {
    : >"$WORK/panel.err"
    local t0; t0=$(date +%s%N)
    (( $# )) || set -- "$JAVA" $PANEL_JAVA_OPTS -Dhostwarden.panel.debug=true -jar target/hostwarden.jar
    # Its own state directory: a panel the user already runs would otherwise take this launch over.
    # JAVA_TOOL_OPTIONS carries the debug switch through a launcher script; a plain java gets it twice, harmlessly.
    HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" XDG_STATE_HOME="$WORK/state" XDG_CACHE_HOME="$WORK/cache" \
        JAVA_TOOL_OPTIONS="-Dhostwarden.panel.debug=true" "$@" >"$WORK/panel.out" 2>"$WORK/panel.err" &
    PANEL=$!
    for _ in $(seq 3000); do grep -q '^WINDOW_SHOWN' "$WORK/panel.err" && break; sleep 0.01; done
    WALL_MS=$(( ($(date +%s%N) - t0) / 1000000 ))
    SHOWN_MS=$(grep '^WINDOW_SHOWN' "$WORK/panel.err" | awk '{print $2}')
}
stop_panel() { kill "$PANEL"; wait "$PANEL" 2>/dev/null || true; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
verdict() { if awk -v v="$1" -v g="$2" 'BEGIN { exit !(v <= g) }'; then echo "ok"; else echo "OVER GOAL"; fi; }

if [[ -n "$PANEL_LAUNCHER" ]]; then
    if [[ "$PANEL_LAUNCHER" = image ]]; then
        archive=$(ls target/packages/hostwarden-*-linux-*.tar.gz 2>/dev/null | head -n 1)
        [[ -n "$archive" ]] || { echo "no app image: run installer/build-packages.sh" >&2; exit 2; }
        tar -C "$WORK" -xzf "$archive"
        PANEL_LAUNCHER=$(ls "$WORK"/hostwarden-*/bin/hostwarden)
    fi
    start_panel "$PANEL_LAUNCHER"
    [[ -n "$SHOWN_MS" ]] || { echo "the packaged panel showed no window:" >&2; cat "$WORK/panel.err" >&2; exit 1; }
    FIRST_WALL=$WALL_MS FIRST_SHOWN=$SHOWN_MS
    stop_panel  # its exit writes the panel's class-data-sharing archive
    PKG_WALL=() PKG_SHOWN=() JAR_WALL=() JAR_SHOWN=()
    for run in $(seq "$STARTS"); do
        start_panel "$PANEL_LAUNCHER"; PKG_WALL+=("$WALL_MS"); PKG_SHOWN+=("${SHOWN_MS:-none}"); stop_panel
        start_panel; JAR_WALL+=("$WALL_MS"); JAR_SHOWN+=("${SHOWN_MS:-none}"); stop_panel
    done
    echo "panel cold start, fresh process each, $STARTS interleaved rounds (ms; wall from invocation / the panel's since-JVM-start):"
    echo "  packaged $PANEL_LAUNCHER, first use (makes its archive): $FIRST_WALL / $FIRST_SHOWN"
    echo "  packaged $PANEL_LAUNCHER: wall ${PKG_WALL[*]} (median $(median "${PKG_WALL[@]}")), since JVM start ${PKG_SHOWN[*]} (median $(median "${PKG_SHOWN[@]}"))"
    echo "  java -jar target/hostwarden.jar: wall ${JAR_WALL[*]} (median $(median "${JAR_WALL[@]}")), since JVM start ${JAR_SHOWN[*]} (median $(median "${JAR_SHOWN[@]}"))"
    echo "  packaged median wall $(median "${PKG_WALL[@]}") ms (goal <= $GOAL_PACKAGED_MS ms) $(verdict "$(median "${PKG_WALL[@]}")" "$GOAL_PACKAGED_MS")"
fi

echo "panel footprint: $(nproc) cores, $("$JAVA" -version 2>&1 | head -n 1), DISPLAY=$DISPLAY"
STARTS_MS=()
for run in $(seq "$STARTS"); do
    start_panel
    [[ -n "$SHOWN_MS" ]] || { echo "the panel showed no window:" >&2; cat "$WORK/panel.err" >&2; exit 1; }
    STARTS_MS+=("$SHOWN_MS")
    if (( run < STARTS )); then stop_panel; fi
done
PIDS+=($PANEL)
BEST=$(printf '%s\n' "${STARTS_MS[@]}" | sort -n | head -n 1)
MEDIAN=$(median "${STARTS_MS[@]}")

# Idle means after start-up: let the first refresh, the lazy holder lookup, the tray attempt and the
# start-up JIT compilation finish (SETTLE_SECONDS), then measure.
sleep "$SETTLE_SECONDS"
TICK=$(getconf CLK_TCK)
cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$PANEL/stat"; }
T0=$(cpu_ticks); S0=$(date +%s.%N)
sleep "$IDLE_SECONDS"
T1=$(cpu_ticks); S1=$(date +%s.%N)
CPU=$(awk -v t0="$T0" -v t1="$T1" -v s0="$S0" -v s1="$S1" -v hz="$TICK" 'BEGIN { printf "%.2f", (t1 - t0) / hz / (s1 - s0) * 100 }')
HWM_KB=$(awk '/^VmHWM/ {print $2}' "/proc/$PANEL/status")
RSS_KB=$(awk '/^VmRSS/ {print $2}' "/proc/$PANEL/status")
HWM_MB=$(awk -v k="$HWM_KB" 'BEGIN { printf "%.1f", k / 1024 }')
RSS_MB=$(awk -v k="$RSS_KB" 'BEGIN { printf "%.1f", k / 1024 }')
below() { if awk -v v="$1" -v g="$2" 'BEGIN { exit !(v < g) }'; then echo "ok"; else echo "NOT UNDER GOAL"; fi; }

echo "cold start to visible window: ${STARTS_MS[*]} ms (median $MEDIAN ms, best $BEST ms; goal <= $GOAL_START_MS ms) $(verdict "$MEDIAN" "$GOAL_START_MS")"
echo "idle CPU over ${IDLE_SECONDS} s (after ${SETTLE_SECONDS} s settling): ${CPU} % of one core (goal < $GOAL_CPU %) $(below "$CPU" "$GOAL_CPU")"
echo "max resident memory (VmHWM): ${HWM_MB} MB, now (VmRSS) ${RSS_MB} MB (goal <= $GOAL_MB MB) $(verdict "$HWM_MB" "$GOAL_MB")"
grep -v '^WINDOW_SHOWN' "$WORK/panel.err" | grep -v 'Unsupported JavaFX configuration\|PlatformImpl startup\|Setting PULSE_DURATION\|Picked up JAVA_TOOL_OPTIONS' | sed 's/^/panel stderr: /' || true
