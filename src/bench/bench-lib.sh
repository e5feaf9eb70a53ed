# Sourced by the bench scripts (from the repository root): the pieces they share.

# compile_bench SOURCE...: compiles the bench harness SOURCEs against target/classes and the Maven
# runtime class path into target/bench-classes; leaves that class path in $cp.
compile_bench() {
  if [ ! -f target/bench-cp.txt ] || [ pom.xml -nt target/bench-cp.txt ] || [ ! -d target/classes/dev ]; then
    mvn -B -q -o compile dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt >/dev/null \
      || mvn -B -q compile dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt >/dev/null
  fi
  cp="target/classes:$(cat target/bench-cp.txt)"
  mkdir -p target/bench-classes
  javac -nowarn -d target/bench-classes -cp "$cp" "$@"
}

# start_work: $WORK, a scratch directory, and PIDS, the processes started; at exit both go, the
# processes newest first, so a panel goes before the X server it draws on (GTK crashes otherwise).
start_work() {
  WORK=$(mktemp -d)
  PIDS=()
  trap cleanup_work EXIT
}
cleanup_work() {
  for (( i=${#PIDS[@]}-1; i>=0; i-- )); do
    kill "${PIDS[$i]}" 2>/dev/null || true
    wait "${PIDS[$i]}" 2>/dev/null || true
  done
  rm -rf "$WORK"
}

# start_desktop: Xvfb (1280x800) on a free display with openbox on it, both in PIDS; exports DISPLAY.
# Call after start_work.
start_desktop() {
  local n=$((300 + RANDOM % 600))
  while [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb ":$n" -screen 0 1280x800x24 -nolisten tcp >"$WORK/xvfb.log" 2>&1 & PIDS+=($!)
  for _ in $(seq 100); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.05; done
  export DISPLAY=":$n"
  openbox >"$WORK/wm.log" 2>&1 & PIDS+=($!)
  for _ in $(seq 100); do xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q window && break; sleep 0.05; done
}

# start_full_desktop: start_desktop, plus a session D-Bus, an XEmbed tray (trayer) and a notification
# daemon (dunst), the desktop the panel meets at a login; exports DBUS_SESSION_BUS_ADDRESS.
start_full_desktop() {
  start_desktop
  local out; out=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
  export DBUS_SESSION_BUS_ADDRESS=$(printf '%s\n' "$out" | sed -n 1p)
  PIDS+=($(printf '%s\n' "$out" | sed -n 2p))
  trayer --edge top --align right --widthtype pixel --width 160 --height 24 --transparent false --tint 0x333333 \
    >"$WORK/tray.log" 2>&1 & PIDS+=($!)
  dunst >"$WORK/notify.log" 2>&1 & PIDS+=($!)
  for _ in $(seq 100); do xwininfo -root -tree 2>/dev/null | grep -qi trayer && break; sleep 0.05; done
}

# start_real_owners LAUNCH...: a `run gateway` serving three profiles and a `run serve` (started with
# LAUNCH, e.g. java -jar target/hostwarden.jar) in $WORK, waited for READY; exports HERMES_HOME and
# HERMES_GATEWAY_LOCK_DIR for everything started after.
start_real_owners() {
  export HERMES_HOME="$WORK/hermes" HERMES_GATEWAY_LOCK_DIR="$WORK/locks"
  mkdir -p "$HERMES_HOME/profiles/alpha" "$HERMES_HOME/profiles/beta"
  "$@" run gateway --profiles default,alpha,beta >"$WORK/gateway.out" 2>"$WORK/gateway.err" & PIDS+=($!)
  "$@" run serve >"$WORK/serve.out" 2>"$WORK/serve.err" & PIDS+=($!)
  for out in gateway serve; do
    for _ in $(seq 600); do grep -q READY "$WORK/$out.out" 2>/dev/null && break; sleep 0.05; done
    grep -q READY "$WORK/$out.out" || { echo "the $out owner did not start:" >&2; cat "$WORK/$out.err" >&2; exit 1; }
  done
}
