#!/usr/bin/env bash
# Footprint of an idle panel watching three roles: one live (a child JVM holds the host lock and has
# published its record), one stale (a record naming a dead PID), one empty.
#
# Prints: cold start to a visible window (the panel's own "WINDOW_SHOWN <ms since JVM start>" line,
# written when the stage is first shown; printed only with -Dhostwarden.panel.debug=true, which this
# script passes), average CPU % of one core while idle (utime+stime deltas
# from /proc/<pid>/stat), and max resident memory (VmHWM from /proc/<pid>/status).
#
# Then, unless USE_SECONDS=0, it uses the panel for USE_SECONDS as a person would, through the same
# core the panel's buttons run (the hostwarden commands, separate processes, so none of their memory
# is counted): on desktop-serve, start an owner, restart it, stop it, start one and kill -9 it, retract
# the dead record; add a profile home with a marker and remove it; every third cycle minimize the
# window and show it again. After that: idle CPU with the window visible, then minimized (no re-ask,
# no ticking), and the peak resident memory over the whole run, side by side with the figures before.
#
# With PANEL_LAUNCHER (a packaged bin/hostwarden, e.g. /usr/bin/hostwarden, or "image" for the app image
# in target/packages/), its panel's cold start is measured too, interleaved with `java -jar`'s: after one
# first start that makes the launcher's class-data-sharing archive (timed and printed on its own), each
# round starts a fresh packaged panel, then a fresh `java -jar` one. Wall times count from the command's
# invocation (the launcher script included) to the WINDOW_SHOWN line, polled every 10 ms.
# Issue 9's goal: the packaged panel's window in at most 1.0 s.
#
# Usage: src/bench/panel-footprint.sh            (from the repository root; builds what is missing)
# Env:   IDLE_SECONDS=60   SETTLE_SECONDS=30   STARTS=3   USE_SECONDS=900 (0: idle only)
#        JAVA=java   PANEL_JAVA_OPTS=""   DISPLAY (else Xvfb is started, with openbox when installed)
#        PANEL_LAUNCHER="" (a packaged bin/hostwarden, or "image")
# Needs: Linux /proc; Xvfb when no DISPLAY is set (apt-get install -y xvfb xauth libgtk-3-0);
#        xdotool and a window manager (openbox) to minimize the window for the hidden figure.
#        NMT=1 with PANEL_JAVA_OPTS=-XX:NativeMemoryTracking=summary prints the JVM's own accounting.
set -euo pipefail
cd "$(dirname "$0")/../.."

IDLE_SECONDS=${IDLE_SECONDS:-60}
SETTLE_SECONDS=${SETTLE_SECONDS:-30}
STARTS=${STARTS:-3}
USE_SECONDS=${USE_SECONDS:-900}
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

. src/bench/bench-lib.sh
start_work

if [[ -z "${DISPLAY:-}" ]]; then
    for n in $(seq 91 99); do [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]] || { DISPLAY_NUM=$n; break; }; done
    Xvfb ":$DISPLAY_NUM" -screen 0 1440x960x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    PIDS+=($!)
    export DISPLAY=":$DISPLAY_NUM"
    for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$DISPLAY_NUM ]] && break; sleep 0.1; done
    if command -v openbox >/dev/null; then
        openbox >"$WORK/openbox.log" 2>&1 &
        PIDS+=($!)
    fi
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

# --- use: stops, restarts, retracts, homes, markers, hide and show --------------------------------
hw() {
    HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" XDG_STATE_HOME="$WORK/state" PATH="$WORK/no-hermes:$PATH" \
        "$JAVA" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar target/hostwarden.jar "$@"
}
owner_up() {
    setsid bash -c 'exec "$@"' owner env HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" \
        "$JAVA" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar target/hostwarden.jar run desktop-serve >>"$WORK/use-owner.log" 2>&1 &
    USE_OWNER=$!
    for _ in $(seq 300); do hw status desktop-serve >/dev/null 2>&1 && return 0; sleep 0.2; done
    echo "use: the desktop-serve owner did not come up" >&2; return 1
}
window() { xdotool search --name '^Hostwarden' 2>/dev/null | head -n 1; }
cycle_cpu() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$PANEL/stat"; }
if (( USE_SECONDS > 0 )); then
    mkdir -p "$WORK/no-hermes"
    USE_T0=$(cycle_cpu); USE_END=$(( $(date +%s) + USE_SECONDS )); CYCLES=0; FAILS=0
    while (( $(date +%s) < USE_END )); do
        CYCLES=$((CYCLES + 1))
        owner_up || { FAILS=$((FAILS + 1)); continue; }
        hw restart desktop-serve --timeout 10 >>"$WORK/use.log" 2>&1 || FAILS=$((FAILS + 1))
        hw stop desktop-serve --timeout 10 >>"$WORK/use.log" 2>&1 || FAILS=$((FAILS + 1))
        owner_up || { FAILS=$((FAILS + 1)); continue; }
        kill -9 "$USE_OWNER" 2>/dev/null || true; wait "$USE_OWNER" 2>/dev/null || true
        sleep 1
        hw retract desktop-serve >>"$WORK/use.log" 2>&1 || FAILS=$((FAILS + 1))
        mkdir -p "$HOMEDIR/profiles/use$CYCLES"
        printf '{"target_pid": %d, "written_at": "%s"}' "$$" "$(date -u +%Y-%m-%dT%H:%M:%S+00:00)" >"$HOMEDIR/profiles/use$CYCLES/.gateway-planned-stop.json"
        sleep 1
        rm -rf "$HOMEDIR/profiles/use$CYCLES"
        if (( CYCLES % 3 == 0 )) && command -v xdotool >/dev/null && [[ -n "$(window)" ]]; then
            xdotool windowminimize "$(window)" 2>/dev/null || true; sleep 2
            xdotool windowactivate "$(window)" 2>/dev/null || xdotool windowmap "$(window)" 2>/dev/null || true
        fi
        kill -0 "$PANEL" 2>/dev/null || { echo "the panel exited during use:" >&2; cat "$WORK/panel.err" >&2; exit 1; }
    done
    echo "use: $CYCLES cycles in ${USE_SECONDS} s (each: start, restart, stop, start + kill -9, retract, a profile home with a marker; every third: minimize and show), $FAILS commands failed"
    sleep "$SETTLE_SECONDS"
    T0=$(cpu_ticks); S0=$(date +%s.%N); sleep "$IDLE_SECONDS"; T1=$(cpu_ticks); S1=$(date +%s.%N)
    CPU_VISIBLE=$(awk -v t0="$T0" -v t1="$T1" -v s0="$S0" -v s1="$S1" -v hz="$TICK" 'BEGIN { printf "%.2f", (t1 - t0) / hz / (s1 - s0) * 100 }')
    CPU_HIDDEN="n/a (no xdotool or window manager)"
    if command -v xdotool >/dev/null && [[ -n "$(window)" ]] && xdotool windowminimize "$(window)" 2>/dev/null; then
        sleep 5
        T0=$(cpu_ticks); S0=$(date +%s.%N); sleep "$IDLE_SECONDS"; T1=$(cpu_ticks); S1=$(date +%s.%N)
        CPU_HIDDEN=$(awk -v t0="$T0" -v t1="$T1" -v s0="$S0" -v s1="$S1" -v hz="$TICK" 'BEGIN { printf "%.2f", (t1 - t0) / hz / (s1 - s0) * 100 }')
    fi
    USE_HWM_MB=$(awk '/^VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$PANEL/status")
    USE_RSS_MB=$(awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$PANEL/status")
    echo
    echo "| after | idle CPU, window visible | idle CPU, minimized | VmHWM (peak) | VmRSS now |"
    echo "|---|---|---|---|---|"
    echo "| issue 10, before: about 8 min of use | - | - | 229 MB | - |"
    echo "| README, before: idle only, 60 s | 0.50 % | - | 180.3 MB | - |"
    echo "| this panel: idle only, ${IDLE_SECONDS} s | ${CPU} % | - | ${HWM_MB} MB | ${RSS_MB} MB |"
    echo "| this panel: ${USE_SECONDS} s of use, then ${IDLE_SECONDS} s | ${CPU_VISIBLE} % $(below "$CPU_VISIBLE" "$GOAL_CPU") | ${CPU_HIDDEN} % | ${USE_HWM_MB} MB $(verdict "$USE_HWM_MB" "$GOAL_MB") | ${USE_RSS_MB} MB |"
fi
if [[ -n "${NMT:-}" ]]; then
    # With PANEL_JAVA_OPTS=-XX:NativeMemoryTracking=summary: where the resident memory went.
    jcmd "$PANEL" VM.native_memory summary | grep -E '^(Total|-)' | sed 's/^/nmt: /' || true
    jcmd "$PANEL" GC.heap_info | sed 's/^/heap: /' || true
    jcmd "$PANEL" GC.class_histogram | sed -n '1,15p' | sed 's/^/live: /' || true
fi
grep -v '^WINDOW_SHOWN' "$WORK/panel.err" | grep -v 'Unsupported JavaFX configuration\|PlatformImpl startup\|Setting PULSE_DURATION\|Picked up JAVA_TOOL_OPTIONS' | sed 's/^/panel stderr: /' || true
