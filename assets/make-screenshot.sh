#!/usr/bin/env bash
# Rebuilds assets/screenshot.png from the real panel window on a real desktop at 1280x800: Xvfb with a
# window manager (openbox), via /work/shared/tools/desktop-session when it exists (DESKTOP_SESSION_TOOL),
# else Xvfb + openbox started here. Three roles from real owners: a live gateway (`hostwarden run
# gateway`, with a runtime status whose work:discord needs attention), a stale serve record (`hostwarden run serve`, then kill -9), no desktop-serve; and profile
# homes, one with a planned-stop marker left by an earlier stop.
# Needs: xvfb openbox imagemagick xdotool (Debian), libgtk-3-0.
# Usage: [THEME=light|dark] assets/make-screenshot.sh [OUT.png] [WIDTHxHEIGHT]   (after `mvn -B package -DskipTests`)
# The README shows both: assets/screenshot.png (light) and THEME=dark ... assets/screenshot-dark.png.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-assets/screenshot.png}
size=${2:-1280x800}
jar=target/hostwarden.jar
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
tool=${DESKTOP_SESSION_TOOL:-/work/shared/tools/desktop-session}
work=$(mktemp -d)
pids=()
session=""
cleanup() {
  java -jar "$jar" stop gateway --lock-dir "$locks" --timeout 10 >/dev/null 2>&1 || true
  for (( i=${#pids[@]}-1; i>=0; i-- )); do kill "${pids[$i]}" 2>/dev/null || true; wait "${pids[$i]}" 2>/dev/null || true; done
  [ -z "$session" ] || DESKTOP_SESSION_DIR="$session" "$tool" stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

locks="$work/locks"
export HERMES_HOME="$work/home/.hermes" XDG_STATE_HOME="$work/state"
unset HERMES_GATEWAY_LOCK_DIR
mkdir -p "$HERMES_HOME/profiles/work" "$HERMES_HOME/profiles/research"

if [ -x "$tool" ]; then
  eval "$(NO_TRAY=1 "$tool" start "$size")"
  session=$DESKTOP_SESSION_DIR
else
  n=$((300 + RANDOM % 600)); while [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 "${size}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 & pids+=($!)
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
  export DISPLAY=":$n"
  openbox >"$work/wm.log" 2>&1 & pids+=($!)
  sleep 0.5
fi

await_ready() { for _ in $(seq 300); do grep -q READY "$1" 2>/dev/null && return 0; sleep 0.05; done; echo "no owner in $1" >&2; exit 1; }
java -jar "$jar" run gateway --lock-dir "$locks" --home "$HERMES_HOME" --profiles default,work,research >"$work/gateway.out" 2>"$work/gateway.err" & pids+=($!)
await_ready "$work/gateway.out"
# The gateway's runtime status as hermes writes it, by the live owner's PID and start time: telegram
# connected, the work profile's discord needing attention (its token refused a few minutes ago).
gateway=$(sed -n 's/^READY role=gateway pid=//p' "$work/gateway.out")
printf '{"pid": %s, "start_time": %s, "gateway_state": "running", "desired_state": "running", "updated_at": "%s", "platforms": {"telegram": {"state": "connected", "needs_attention": false, "updated_at": "%s"}, "work:discord": {"state": "retrying", "error_code": "auth_failed", "error_message": "401 Unauthorized", "needs_attention": true, "updated_at": "%s"}}}' \
  "$gateway" "$(awk '{print $22}' "/proc/$gateway/stat")" "$(date -u +%Y-%m-%dT%H:%M:%S+00:00)" \
  "$(date -u -d '-40 min' +%Y-%m-%dT%H:%M:%S+00:00)" "$(date -u -d '-6 min' +%Y-%m-%dT%H:%M:%S+00:00)" >"$HERMES_HOME/gateway_state.json"
# A serve owner that dies without cleaning up: its record names a PID that no longer exists.
java -jar "$jar" run serve --lock-dir "$locks" --home "$HERMES_HOME" >"$work/serve.out" 2>"$work/serve.err" &
serve=$!
await_ready "$work/serve.out"
kill -9 "$serve"; wait "$serve" 2>/dev/null || true
# A stop requested of an earlier gateway in the work profile and never consumed.
printf '{"target_pid": 4194299, "target_start_time": 98817, "stopper_pid": 4194290, "written_at": "%s"}' \
  "$(date -u -d '-12 min' +%Y-%m-%dT%H:%M:%S.000000+00:00)" >"$HERMES_HOME/profiles/work/.gateway-planned-stop.json"
chmod 600 "$HERMES_HOME/profiles/work/.gateway-planned-stop.json"
sleep 3   # the serve record is older than the gateway by a few seconds, as in life

java -jar "$jar" --no-tray --lock-dir "$locks" --theme "${THEME:-light}" >"$work/panel.out" 2>"$work/panel.err" & pids+=($!)
window=""
for _ in $(seq 300); do window=$(xdotool search --onlyvisible --name '^Hostwarden' 2>/dev/null | head -n 1 || true); [ -n "$window" ] && break; sleep 0.1; done
[ -n "$window" ] || { echo "the panel did not show a window" >&2; cat "$work/panel.err" >&2; exit 1; }
sleep 1   # the panel gives its window its size once the frame is known (JDK-8316423); resize after that
# Full screen minus the frame, as a maximized window would be, so the shot shows the whole desktop.
xdotool windowmove "$window" 0 0
w=${size%x*}; h=${size#*x}
xdotool windowsize "$window" $((w - 2)) $((h - 25))
sleep 4   # the first refresh and the lazy lock-holder lookup settle
import -window root "$out"
[ ! -s "$work/panel.err" ] || { echo "panel stderr:" >&2; cat "$work/panel.err" >&2; }
echo "wrote $out"
