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
