#!/usr/bin/env bash
# Smoke test of a packaged Hostwarden through its launcher (an app image's bin/hostwarden, or
# /usr/bin/hostwarden): -V, status --json, explain, marker show, retract --dry-run, run for each
# role until READY, restart serve to a new live PID, stop every role, autostart status/on/off.
# Everything happens in a private temporary directory (lock dir, homes, state, cache, config).
# Usage: installer/smoke.sh LAUNCHER [EXPECTED_VERSION]
set -euo pipefail
launcher=${1:?usage: installer/smoke.sh LAUNCHER [EXPECTED_VERSION]}
expected=${2:-}
work=$(mktemp -d)
started=()
cleanup() {
  # Owners still running after a failure: only those this test started or launched, by PID.
  for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "smoke: FAIL: $*" >&2; for f in "$work"/*.err "$work"/state/hostwarden/*.log; do [ -f "$f" ] && sed "s|^|  $(basename "$f"): |" "$f" >&2; done; exit 1; }
step() { echo "smoke: $*"; }

export HERMES_GATEWAY_LOCK_DIR=$work/locks HERMES_HOME=$work/home XDG_STATE_HOME=$work/state \
  XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config HOSTWARDEN_SETTINGS=$work/settings.json
mkdir -p "$HERMES_HOME"
# A named settings file must exist (restart refuses a missing one): an empty one means the defaults.
echo "{}" >"$HOSTWARDEN_SETTINGS"
# restart's default relaunch is hermes' own command when hermes is on PATH; this test restarts ours.
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
if command -v hermes >/dev/null; then fail "hermes is on PATH ($(command -v hermes)): restart would launch it"; fi

version=$("$launcher" -V) || fail "-V exited $?"
step "$version"
if [ -n "$expected" ] && [ "$version" != "hostwarden $expected" ]; then fail "-V says '$version', the package is $expected"; fi

"$launcher" status --json > "$work/status.json" 2> "$work/status.err" || fail "status --json exited $?"
grep -q '"lockDir" : "'"$HERMES_GATEWAY_LOCK_DIR"'"' "$work/status.json" || fail "status --json: $(head -c 300 "$work/status.json")"
step "status --json: 3 roles, lock dir from HERMES_GATEWAY_LOCK_DIR"

owner_pid() {  # owner_pid ROLE: the PID in the role's record, or nothing
  "$launcher" status "$1" --json 2>/dev/null | grep -o '"pid" : [0-9]*' | head -n 1 | grep -o '[0-9]*$' || true
}
await_ready() {  # await_ready ROLE: runs the role's owner in the background until it prints READY
  local role=$1 deadline=$((SECONDS + 60))
  "$launcher" run "$role" --home "$HERMES_HOME" > "$work/run-$role.out" 2> "$work/run-$role.err" &
  started+=($!)
  until grep -q "^READY role=$role pid=" "$work/run-$role.out"; do
    kill -0 "$!" 2>/dev/null || fail "run $role exited before READY"
    [ $SECONDS -lt $deadline ] || fail "run $role: no READY in 60 s"
    sleep 0.1
  done
  step "run $role: $(head -n 1 "$work/run-$role.out")"
}

for role in gateway serve desktop-serve; do
  await_ready "$role"
  rc=0; "$launcher" status "$role" > /dev/null 2>&1 || rc=$?
  [ $rc -eq 0 ] || fail "status $role: exit $rc, want 0 (LIVE)"
done

old=$(owner_pid serve)
"$launcher" restart serve --timeout 30 > "$work/restart.out" 2> "$work/restart.err" || fail "restart serve exited $?"
new=$(owner_pid serve)
[ -n "$new" ] && [ "$new" != "$old" ] || fail "restart serve: owner PID '$old' -> '$new'"
started+=("$new")
kill -0 "$new" 2>/dev/null || fail "restart serve: new owner PID $new is not alive"
rc=0; "$launcher" status serve > /dev/null 2>&1 || rc=$?
[ $rc -eq 0 ] || fail "status serve after restart: exit $rc, want 0 (LIVE)"
step "restart serve: PID $old -> live PID $new"

for role in gateway serve desktop-serve; do
  "$launcher" stop "$role" --timeout 30 > /dev/null 2> "$work/stop-$role.err" || fail "stop $role exited $?"
  rc=0; "$launcher" status "$role" > /dev/null 2>&1 || rc=$?
  [ $rc -eq 3 ] || fail "status $role after stop: exit $rc, want 3 (NO_OWNER)"
done
step "stop gateway, serve, desktop-serve: no owner left"

expect_exit() {  # expect_exit CODE ARGS...: runs the launcher with ARGS, wants exit CODE
  local want=$1 rc=0; shift
  "$launcher" "$@" > "$work/last.out" 2> "$work/last.err" || rc=$?
  [ $rc -eq "$want" ] || fail "$*: exit $rc, want $want"
  step "$*: exit $rc"
}
expect_exit 3 explain serve
expect_exit 3 retract serve --dry-run
expect_exit 3 marker show --home "$HERMES_HOME"
expect_exit 3 autostart status
expect_exit 0 autostart on
entry=$XDG_CONFIG_HOME/autostart/hostwarden.desktop
real=$(readlink -f "$launcher")
grep -qx "Exec=$real" "$entry" || fail "the autostart entry does not run $real: $(grep Exec= "$entry")"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" || fail "desktop-file-validate $entry"
else
  echo "smoke: SKIPPED desktop-file-validate (apt-get install desktop-file-utils)" >&2
fi
expect_exit 0 autostart status
expect_exit 0 autostart off
expect_exit 3 autostart status

# The panel on a real X server (Xvfb, where installed): it shows its window and governs JavaFX's pulse,
# which needs JavaFX's internal packages opened where the image links JavaFX as modules.
if command -v Xvfb >/dev/null && ldconfig -p 2>/dev/null | grep -q 'libgtk-3\.so\.0'; then
  n=$((500 + $$ % 400))
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
  display=:$n
  Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp > /dev/null 2>&1 & started+=($!)
  for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  [ -e "/tmp/.X11-unix/X$n" ] || fail "Xvfb did not start on $display"
  panel_out=$work/panel.err
  DISPLAY=$display JAVA_TOOL_OPTIONS=-Dhostwarden.panel.debug=true "$launcher" --no-tray --lock-dir "$work/panel-locks" \
    > /dev/null 2> "$panel_out" & panel=$!; started+=($panel)
  for _ in $(seq 600); do grep -q '^PULSE_GOVERNED' "$panel_out" && break; kill -0 "$panel" 2>/dev/null || break; sleep 0.1; done
  grep -qx 'PULSE_GOVERNED true' "$panel_out" || fail "the panel did not govern its pulse: $(grep -E 'PULSE_GOVERNED|WINDOW_SHOWN|Exception' "$panel_out" | head -n 5)"
  step "panel: $(grep -m1 '^WINDOW_SHOWN' "$panel_out"), PULSE_GOVERNED true"
  kill "$panel" 2>/dev/null || true
  for _ in $(seq 600); do kill -0 "$panel" 2>/dev/null || break; sleep 0.1; done
else
  echo "smoke: SKIPPED the panel (no Xvfb or GTK 3: apt-get install xvfb libgtk-3-0)" >&2
fi
echo "smoke: PASS"
