#!/usr/bin/env bash
# Footprint of an idle panel watching three roles: two real live owners (`run gateway` serving three
# profiles, or PROFILES=N, and `run serve`) and an empty desktop-serve.
#
# Prints: cold start to a visible window (the panel's own "WINDOW_SHOWN <ms since the process started>" line,
# written when the stage is first shown; printed only with -Dhostwarden.panel.debug=true, which this
# script passes), average CPU % of one core while idle (utime+stime deltas
# from /proc/<pid>/stat), and max resident memory (VmHWM from /proc/<pid>/status).
#
# Then, unless USE_SECONDS=0, it uses the panel for USE_SECONDS as a person would, through the same
# core the panel's buttons run (the hostwarden commands, separate processes, so none of their memory
# is counted): on desktop-serve, start an owner, restart it, stop it, start one and kill -9 it, retract
# the dead record; add a profile home with a marker and remove it; every third cycle minimize the
# window and show it again. After that: idle CPU with the window visible, then minimized (no re-ask,
# no ticking), the CPU the use itself cost, and the peak resident memory over the whole run, side by
# side with the figures before.
#
# PANEL_VARIANTS="OPTS;OPTS;..." measures one panel per OPTS side by side (started together, the same
# use, the same load): JVM options with NAME=value environment words first, e.g.
# "MALLOC_ARENA_MAX=2 -Xmx128m;MALLOC_ARENA_MAX=2 -Xmx96m", or a launcher script and options it gets
# through JAVA_TOOL_OPTIONS, e.g. "installer/linux/hostwarden" (its own flags and archive). Without it,
# one panel with PANEL_JAVA_OPTS. SAMPLE_SECONDS=60 prints where each panel's resident memory was every
# so often during use (heap, malloc arenas, other anonymous, files, collections; src/bench/panel_memory.py).
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
#        PANEL_LAUNCHER="" (a packaged bin/hostwarden, or "image")   PANEL_VARIANTS=""   SAMPLE_SECONDS=0
# Needs: Linux /proc; Xvfb when no DISPLAY is set (apt-get install -y xvfb xauth libgtk-3-0);
#        xdotool and a window manager (openbox) to minimize the window for the hidden figure.
#        NMT=1 prints each panel's heap, largest live classes and what a native heap trim returns, and
#        with -XX:NativeMemoryTracking=summary among its options the JVM's own accounting.
set -euo pipefail
cd "$(dirname "$0")/../.."

IDLE_SECONDS=${IDLE_SECONDS:-60}
SETTLE_SECONDS=${SETTLE_SECONDS:-30}
STARTS=${STARTS:-3}
USE_SECONDS=${USE_SECONDS:-900}
SAMPLE_SECONDS=${SAMPLE_SECONDS:-0}
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

# --- real owners: a `run gateway` serving three profiles (PROFILES=N: N homes, all served) and a
# `run serve`; desktop-serve empty (the use below starts, stops, kills and retracts owners of it) -------
LOCKS="$WORK/locks"; HOMEDIR="$WORK/hermes"
mkdir -p "$LOCKS" "$HOMEDIR/profiles/work"; chmod 700 "$LOCKS"
served=default,work
for n in $(seq 3 "${PROFILES:-3}"); do mkdir -p "$HOMEDIR/profiles/p$n"; served="$served,p$n"; done
HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" XDG_STATE_HOME="$WORK/owners-state" \
    "$JAVA" -jar target/hostwarden.jar run gateway --profiles "$served" >"$WORK/gateway.out" 2>"$WORK/gateway.err" &
PIDS+=($!)
HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" XDG_STATE_HOME="$WORK/owners-state" \
    "$JAVA" -jar target/hostwarden.jar run serve >"$WORK/serve.out" 2>"$WORK/serve.err" &
PIDS+=($!)
for out in gateway serve; do
    for _ in $(seq 600); do grep -q READY "$WORK/$out.out" 2>/dev/null && break; sleep 0.1; done
    grep -q READY "$WORK/$out.out" || { echo "the $out owner did not start:" >&2; cat "$WORK/$out.err" >&2; exit 1; }
done

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
    echo "  packaged $PANEL_LAUNCHER: wall ${PKG_WALL[*]} (median $(median "${PKG_WALL[@]}")), since process start ${PKG_SHOWN[*]} (median $(median "${PKG_SHOWN[@]}"))"
    echo "  java -jar target/hostwarden.jar: wall ${JAR_WALL[*]} (median $(median "${JAR_WALL[@]}")), since process start ${JAR_SHOWN[*]} (median $(median "${JAR_SHOWN[@]}"))"
    echo "  packaged median wall $(median "${PKG_WALL[@]}") ms (goal <= $GOAL_PACKAGED_MS ms) $(verdict "$(median "${PKG_WALL[@]}")" "$GOAL_PACKAGED_MS")"
fi

echo "panel footprint: $(nproc) cores, $("$JAVA" -version 2>&1 | head -n 1), DISPLAY=$DISPLAY, load average $(cut -d' ' -f1-3 /proc/loadavg)"
STARTS_MS=()
for run in $(seq "$STARTS"); do
    start_panel
    [[ -n "$SHOWN_MS" ]] || { echo "the panel showed no window:" >&2; cat "$WORK/panel.err" >&2; exit 1; }
    STARTS_MS+=("$SHOWN_MS")
    stop_panel
done
BEST=$(printf '%s\n' "${STARTS_MS[@]}" | sort -n | head -n 1)
MEDIAN=$(median "${STARTS_MS[@]}")
echo "cold start to visible window: ${STARTS_MS[*]} ms (median $MEDIAN ms, best $BEST ms; goal <= $GOAL_START_MS ms) $(verdict "$MEDIAN" "$GOAL_START_MS")"

# --- the panels measured, side by side ---------------------------------------------------------------
# One panel per variant, all started together and watching the same roles through the same use, so
# their figures differ by their options only, under the same load. A variant is JVM options, with
# NAME=value words first for its environment; or a launcher script (installer/linux/hostwarden) and
# options it passes on through JAVA_TOOL_OPTIONS, which it runs with its own flags and archive.
IFS=';' read -r -a VARIANTS <<<"${PANEL_VARIANTS:-$PANEL_JAVA_OPTS}"
(( ${#VARIANTS[@]} )) || VARIANTS=("")
VPID=()
launcher_of() {
    local word
    for word in ${VARIANTS[$1]}; do
        [[ $word =~ ^[A-Z_][A-Z0-9_]*= ]] && continue
        [[ -f "$word" && -x "$word" ]] && echo "$word"
        return 0
    done
}
start_variant() {
    local i=$1 envs=() opts=() word
    for word in ${VARIANTS[$i]}; do
        if [[ $word =~ ^[A-Z_][A-Z0-9_]*= ]]; then envs+=("$word"); else opts+=("$word"); fi
    done
    # BENCH_JAR=PATH among a variant's words: that build's jar instead of target/hostwarden.jar (for
    # a launcher, its HOSTWARDEN_JAR).
    local jar=target/hostwarden.jar kept=()
    for word in "${envs[@]}"; do
        if [[ $word == BENCH_JAR=* ]]; then jar=${word#BENCH_JAR=}; kept+=("HOSTWARDEN_JAR=$jar"); else kept+=("$word"); fi
    done
    envs=("${kept[@]}")
    local command=("$JAVA" "${opts[@]}" -Dhostwarden.panel.debug=true -jar "$jar")
    if [[ -n "$(launcher_of "$i")" ]]; then
        command=("${opts[0]}"); envs+=("JAVA_TOOL_OPTIONS=${opts[*]:1} -Dhostwarden.panel.debug=true")
    fi
    mkdir -p "$WORK/v$i"
    HERMES_GATEWAY_LOCK_DIR="$LOCKS" HERMES_HOME="$HOMEDIR" XDG_STATE_HOME="$WORK/v$i/state" XDG_CACHE_HOME="$WORK/v$i/cache" \
        env "${envs[@]}" "${command[@]}" >"$WORK/v$i/out" 2>"$WORK/v$i/err" &
    VPID[$i]=$!
}
# wait_window I: panel I's window shown, and VPID[I] its JVM (a launcher that stays as its parent
# to save its archive has it as its child).
wait_window() {
    for _ in $(seq 600); do grep -q '^WINDOW_SHOWN' "$WORK/v$1/err" && break; sleep 0.05; done
    grep -q '^WINDOW_SHOWN' "$WORK/v$1/err" || { echo "the panel ($(label "$1")) showed no window:" >&2; cat "$WORK/v$1/err" >&2; exit 1; }
    [[ "$(cat "/proc/${VPID[$1]}/comm")" = java ]] || VPID[$1]=$(pgrep -P "${VPID[$1]}" java)
}
label() { local v="${VARIANTS[$1]}"; [[ -n "${v// }" ]] && echo "$v" || echo "no options"; }
for i in "${!VARIANTS[@]}"; do
    # A launcher's first panel makes its class-data-sharing archive at exit; the one measured uses it.
    if [[ -n "$(launcher_of "$i")" ]]; then
        start_variant "$i"; launcher=$!; wait_window "$i"; kill "$launcher"; wait "$launcher" 2>/dev/null || true
    fi
done
for i in "${!VARIANTS[@]}"; do start_variant "$i"; PIDS+=($!); done
for i in "${!VARIANTS[@]}"; do wait_window "$i"; done

# Idle means after start-up: let the first refresh, the lazy holder lookup, the tray attempt and the
# start-up JIT compilation finish (SETTLE_SECONDS), then measure.
sleep "$SETTLE_SECONDS"
TICK=$(getconf CLK_TCK)
cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }
# idle_cpu SECONDS: CPU[i], each panel's average % of one core over the same SECONDS.
CPU=()
idle_cpu() {
    local t0=() i s0 s1
    for i in "${!VARIANTS[@]}"; do t0[$i]=$(cpu_ticks "${VPID[$i]}"); done
    s0=$(date +%s.%N); sleep "$1"; s1=$(date +%s.%N)
    for i in "${!VARIANTS[@]}"; do
        CPU[$i]=$(awk -v t0="${t0[$i]}" -v t1="$(cpu_ticks "${VPID[$i]}")" -v s0="$s0" -v s1="$s1" -v hz="$TICK" \
            'BEGIN { printf "%.2f", (t1 - t0) / hz / (s1 - s0) * 100 }')
    done
}
mb() { awk -v f="^$2:" '$0 ~ f {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
below() { if awk -v v="$1" -v g="$2" 'BEGIN { exit !(v < g) }'; then echo "ok"; else echo "NOT UNDER GOAL"; fi; }
idle_cpu "$IDLE_SECONDS"
IDLE_CPU=("${CPU[@]}") IDLE_HWM=() IDLE_RSS=()
for i in "${!VARIANTS[@]}"; do
    IDLE_HWM[$i]=$(mb "${VPID[$i]}" VmHWM); IDLE_RSS[$i]=$(mb "${VPID[$i]}" VmRSS)
    echo "$(label "$i"): idle CPU over ${IDLE_SECONDS} s (after ${SETTLE_SECONDS} s settling): ${IDLE_CPU[$i]} % of one core (goal < $GOAL_CPU %) $(below "${IDLE_CPU[$i]}" "$GOAL_CPU"); VmHWM ${IDLE_HWM[$i]} MB, VmRSS ${IDLE_RSS[$i]} MB"
done

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
windows() { xdotool search --name '^Hostwarden' 2>/dev/null || true; }
# SAMPLE_SECONDS: every so often during use, where each panel's resident memory is (panel_memory.py).
sample_memory() {
    local t0 i; t0=$(date +%s)
    while sleep "$SAMPLE_SECONDS"; do
        for i in "${!VARIANTS[@]}"; do
            python3 src/bench/panel_memory.py "${VPID[$i]}" $(( $(date +%s) - t0 )) >>"$WORK/v$i/samples" 2>/dev/null || true
        done
    done
}
if (( USE_SECONDS > 0 )); then
    mkdir -p "$WORK/no-hermes"
    if (( SAMPLE_SECONDS > 0 )); then sample_memory & SAMPLER=$!; PIDS+=($SAMPLER); fi
    USE_TICKS=(); for i in "${!VARIANTS[@]}"; do USE_TICKS[$i]=$(cpu_ticks "${VPID[$i]}"); done; USE_S0=$(date +%s.%N)
    USE_END=$(( $(date +%s) + USE_SECONDS )); CYCLES=0; FAILS=0
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
        if (( CYCLES % 3 == 0 )) && command -v xdotool >/dev/null; then
            for w in $(windows); do xdotool windowminimize "$w" 2>/dev/null || true; done
            sleep 2
            for w in $(windows); do xdotool windowactivate "$w" 2>/dev/null || xdotool windowmap "$w" 2>/dev/null || true; done
        fi
        for i in "${!VARIANTS[@]}"; do
            kill -0 "${VPID[$i]}" 2>/dev/null || { echo "the panel ($(label "$i")) exited during use:" >&2; cat "$WORK/v$i/err" >&2; exit 1; }
        done
    done
    USE_S1=$(date +%s.%N); CPU_USE=()
    for i in "${!VARIANTS[@]}"; do
        CPU_USE[$i]=$(awk -v t0="${USE_TICKS[$i]}" -v t1="$(cpu_ticks "${VPID[$i]}")" -v s0="$USE_S0" -v s1="$USE_S1" -v hz="$TICK" \
            'BEGIN { printf "%.2f", (t1 - t0) / hz / (s1 - s0) * 100 }')
    done
    if (( SAMPLE_SECONDS > 0 )); then kill "$SAMPLER"; wait "$SAMPLER" 2>/dev/null || true; fi
    echo "use: $CYCLES cycles in ${USE_SECONDS} s (each: start, restart, stop, start + kill -9, retract, a profile home with a marker; every third: minimize and show), $FAILS commands failed; load average $(cut -d' ' -f1-3 /proc/loadavg)"
    sleep "$SETTLE_SECONDS"
    idle_cpu "$IDLE_SECONDS"; CPU_VISIBLE=("${CPU[@]}")
    CPU_HIDDEN=()
    if command -v xdotool >/dev/null && [[ -n "$(windows)" ]]; then
        for w in $(windows); do xdotool windowminimize "$w" 2>/dev/null || true; done
        sleep 5
        idle_cpu "$IDLE_SECONDS"; CPU_HIDDEN=("${CPU[@]}")
    fi
    echo
    echo "| after | CPU during use | idle CPU, window visible | idle CPU, minimized | VmHWM (peak) | VmRSS now |"
    echo "|---|---|---|---|---|---|"
    echo "| issue 10, before: about 8 min of use | - | - | - | 229 MB | - |"
    echo "| README, before: 900 s of use, launcher's flags | - | 0.43 % | 0.42 % | 226.8 MB | - |"
    for i in "${!VARIANTS[@]}"; do
        echo "| $(label "$i"): idle only, ${IDLE_SECONDS} s | - | ${IDLE_CPU[$i]} % | - | ${IDLE_HWM[$i]} MB | ${IDLE_RSS[$i]} MB |"
    done
    for i in "${!VARIANTS[@]}"; do
        hwm=$(mb "${VPID[$i]}" VmHWM)
        echo "| $(label "$i"): ${USE_SECONDS} s of use, then ${IDLE_SECONDS} s | ${CPU_USE[$i]} % | ${CPU_VISIBLE[$i]} % $(below "${CPU_VISIBLE[$i]}" "$GOAL_CPU") | ${CPU_HIDDEN[$i]:-n/a} % | $hwm MB $(verdict "$hwm" "$GOAL_MB") | $(mb "${VPID[$i]}" VmRSS) MB |"
    done
    if (( SAMPLE_SECONDS > 0 )); then
        for i in "${!VARIANTS[@]}"; do
            echo
            echo "where $(label "$i")'s resident memory was during use (MB; src/bench/panel_memory.py):"
            python3 src/bench/panel_memory.py --header
            cat "$WORK/v$i/samples" 2>/dev/null || true
            python3 src/bench/panel_memory.py "${VPID[$i]}" end
        done
    fi
fi
if [[ -n "${NMT:-}" ]]; then
    # With -XX:NativeMemoryTracking=summary among a panel's options: the JVM's own accounting, the heap,
    # the largest live classes, and how much freed malloc memory glibc still held (trimming returns it).
    for i in "${!VARIANTS[@]}"; do
        p="nmt $i"
        jcmd "${VPID[$i]}" VM.native_memory summary | grep -E '^(Total|-)' | sed "s/^/$p: /" || true
        jcmd "${VPID[$i]}" GC.heap_info | sed "s/^/$p heap: /" || true
        jcmd "${VPID[$i]}" GC.class_histogram | sed -n "1,12p;\$p" | sed "s/^/$p live: /" || true
        jcmd "${VPID[$i]}" System.trim_native_heap | grep -i trim | sed "s/^/$p: /" || true
    done
fi
for i in "${!VARIANTS[@]}"; do
    grep -Ev "^(WINDOW_SHOWN|PROFILES_REFRESH) " "$WORK/v$i/err" | grep -v 'Unsupported JavaFX configuration\|PlatformImpl startup\|Setting PULSE_DURATION\|Picked up JAVA_TOOL_OPTIONS' | sed "s/^/panel $i stderr: /" || true
done
