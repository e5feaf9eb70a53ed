#!/usr/bin/env bash
# Footprint of the panel's Profiles view with 1, 30 and 300 profile homes, side by side, each served by
# a real multiplexing `hostwarden run gateway` owner (so identify is answered and every home is served).
# Not part of the test suite.
#
# Prints per size: idle resident memory of the panel (VmRSS after settling, and VmHWM), then for each
# size the CPU of one full refresh of the Profiles view (scan on its background thread + applying the
# rows on the FX thread, from the panel's own "PROFILES_REFRESH" debug line) and the whole panel
# process's CPU per refresh (utime+stime from /proc, which also counts the role cards' inspection and
# rendering), as medians over REFRESHES refreshes triggered by touching a file in the rendezvous directory.
#
# Goals (issue 13): at most +10 MB idle RSS from 1 to 300 profiles; one refresh of 300 within 100 ms CPU.
# Usage: src/bench/profiles-panel-footprint.sh     (from anywhere; builds what is missing)
# Env:   SETTLE_SECONDS=20  REFRESHES=15  SIZES="1 30 300"  JAVA=java  DISPLAY (else Xvfb)
#        OWNER_ARGS="--profiles default" (extra `run gateway` arguments; that one makes the owner serve only the root home)
#        PANEL_JAVA_OPTS (default: the installed launcher's panel flags, see installer/linux/hostwarden)
# Needs: Linux /proc; Xvfb when no DISPLAY is set.
set -euo pipefail
cd "$(dirname "$0")/../.."

SETTLE_SECONDS=${SETTLE_SECONDS:-20}
REFRESHES=${REFRESHES:-15}
SIZES=${SIZES:-"1 30 300"}
JAVA=${JAVA:-java}
# The flags the installed launcher (installer/linux/hostwarden) starts the panel with.
PANEL_JAVA_OPTS=${PANEL_JAVA_OPTS:-"-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xms32m -Xmx128m -Xmn16m -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=30 -XX:-UsePerfData -XX:TrimNativeHeapInterval=10000"}
OWNER_ARGS=${OWNER_ARGS:-}
GOAL_DELTA_MB=10
GOAL_REFRESH_MS=100

if [[ ! -f target/hostwarden.jar ]]; then
    mvn -B -q -DskipTests package >&2
fi

. src/bench/bench-lib.sh
start_work
forget() { local kept=(); for p in "${PIDS[@]}"; do [[ "$p" == "$1" ]] || kept+=("$p"); done; PIDS=("${kept[@]}"); }

if [[ -z "${DISPLAY:-}" ]]; then
    for n in $(seq 91 199); do [[ -e /tmp/.X11-unix/X$n || -e /tmp/.X$n-lock ]] || { DISPLAY_NUM=$n; break; }; done
    Xvfb ":$DISPLAY_NUM" -screen 0 1440x960x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 &
    PIDS+=($!)
    export DISPLAY=":$DISPLAY_NUM"
    for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$DISPLAY_NUM ]] && break; sleep 0.1; done
fi

TICK=$(getconf CLK_TCK)
cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }
median() { sort -n | awk '{a[NR]=$1} END { if (NR == 0) print "n/a"; else print a[int((NR+1)/2)] }'; }
refresh_lines() { grep -c '^PROFILES_REFRESH' "$1" 2>/dev/null || true; }
# Waits (up to 60 s) until FILE holds more than N refresh lines.
await_refresh() {
    for _ in $(seq 600); do (( $(refresh_lines "$1") > $2 )) && return 0; sleep 0.1; done
    echo "no refresh of the Profiles view within 60 s:" >&2; tail -n 20 "$1" >&2; exit 1
}

declare -A RSS HWM VIEW_CPU PROC_CPU WALL
echo "profiles panel footprint: $(nproc) cores, $("$JAVA" -version 2>&1 | head -n 1), DISPLAY=$DISPLAY, panel JVM flags: $PANEL_JAVA_OPTS"
for size in $SIZES; do
    dir="$WORK/$size"; home="$dir/hermes"; locks="$dir/locks"
    mkdir -p "$home" "$locks"; chmod 700 "$locks"
    for i in $(seq 1 "$size"); do mkdir -p "$home/profiles/$(printf 'p%03d' "$i")"; done

    # The owner: serves the root home and every profile home it finds, answers identify.
    # shellcheck disable=SC2086
    "$JAVA" -XX:+UseSerialGC -jar target/hostwarden.jar run gateway --lock-dir "$locks" --home "$home" $OWNER_ARGS \
        >"$dir/owner.out" 2>"$dir/owner.err" </dev/null &
    owner=$!; PIDS+=($owner)
    for _ in $(seq 600); do grep -q '^READY' "$dir/owner.out" 2>/dev/null && break; sleep 0.1; done
    grep -q '^READY' "$dir/owner.out" || { echo "the owner did not start:" >&2; cat "$dir/owner.err" >&2; exit 1; }

    # shellcheck disable=SC2086
    HERMES_GATEWAY_LOCK_DIR="$locks" HERMES_HOME="$home" XDG_STATE_HOME="$dir/state" "$JAVA" $PANEL_JAVA_OPTS \
        -Dhostwarden.panel.debug=true -jar target/hostwarden.jar >"$dir/panel.out" 2>"$dir/panel.err" &
    panel=$!; PIDS+=($panel)
    await_refresh "$dir/panel.err" 0
    # Idle: after the first refreshes, the tray attempt and start-up JIT compilation.
    sleep "$SETTLE_SECONDS"
    RSS[$size]=$(awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$panel/status")
    HWM[$size]=$(awk '/^VmHWM/ { printf "%.1f", $2 / 1024 }' "/proc/$panel/status")
    served=$(grep '^PROFILES_REFRESH' "$dir/panel.err" | tail -n 1 | sed 's/.*homes=\([0-9]*\).*/\1/')
    [[ "$served" == "$((size + 1))" ]] || { echo "the view shows $served homes, not $((size + 1))" >&2; exit 1; }

    # Refreshes: each touch of a file in the rendezvous directory is one file event, one panel refresh.
    : >"$dir/proc-cpu"
    for run in $(seq "$REFRESHES"); do
        before=$(refresh_lines "$dir/panel.err"); t0=$(cpu_ticks "$panel")
        touch "$locks/bench-poke-$run"
        await_refresh "$dir/panel.err" "$before"
        sleep 0.5   # let the FX pulse lay out and render what the refresh changed
        t1=$(cpu_ticks "$panel")
        awk -v a="$t0" -v b="$t1" -v hz="$TICK" 'BEGIN { printf "%.0f\n", (b - a) * 1000 / hz }' >>"$dir/proc-cpu"
    done
    VIEW_CPU[$size]=$(grep '^PROFILES_REFRESH' "$dir/panel.err" | tail -n "$REFRESHES" | sed 's/.* cpu_ms=\([0-9.]*\).*/\1/' | median)
    WALL[$size]=$(grep '^PROFILES_REFRESH' "$dir/panel.err" | tail -n "$REFRESHES" | sed 's/.*wall_ms=\([0-9.]*\).*/\1/' | median)
    PROC_CPU[$size]=$(median <"$dir/proc-cpu")

    kill "$panel" "$owner"; wait "$panel" 2>/dev/null || true; wait "$owner" 2>/dev/null || true
    forget "$panel"; forget "$owner"
done

printf '%-10s %12s %12s %20s %18s %22s\n' "profiles" "idle RSS MB" "VmHWM MB" "view refresh CPU ms" "view refresh wall" "panel CPU/refresh ms"
for size in $SIZES; do
    printf '%-10s %12s %12s %20s %18s %22s\n' "$size" "${RSS[$size]}" "${HWM[$size]}" "${VIEW_CPU[$size]}" "${WALL[$size]} ms" "${PROC_CPU[$size]}"
done
first=${SIZES%% *}; last=${SIZES##* }
delta=$(awk -v a="${RSS[$first]}" -v b="${RSS[$last]}" 'BEGIN { printf "%.1f", b - a }')
ok() { awk -v v="$1" -v g="$2" 'BEGIN { exit !(v <= g) }' && echo ok || echo "OVER GOAL"; }
echo "idle RSS from $first to $last profiles: +$delta MB (goal <= +$GOAL_DELTA_MB MB) $(ok "$delta" "$GOAL_DELTA_MB")"
echo "one Profiles view refresh of $last profiles: ${VIEW_CPU[$last]} ms CPU median (goal <= $GOAL_REFRESH_MS ms) $(ok "${VIEW_CPU[$last]}" "$GOAL_REFRESH_MS");" \
     "the whole panel process per refresh: ${PROC_CPU[$last]} ms CPU (role cards, old homes scan, layout and rendering included)"
