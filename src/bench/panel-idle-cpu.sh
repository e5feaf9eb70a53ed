#!/usr/bin/env bash
# The panel's idle CPU, window visible, side by side with the floor JavaFX itself sets: a JavaFX
# window holding one label (src/bench/java/dev/hostwarden/bench/FxHelloWindow.java, the panel's own JavaFX
# jars and rendering defaults: software renderer, 30 Hz pulse, GDK_GL=disable), on the
# same desktop (Xvfb, openbox, an XEmbed tray, a session bus, dunst) at the same time. The panel
# watches real owners (a `run gateway` serving three profiles and a `run serve`) and re-asks them
# every 10 s while visible. Both are sampled ROUNDS times over IDLE_SECONDS each (utime+stime from
# /proc, all threads) after SETTLE_SECONDS; prints each round, the medians and their ratio.
# Goal (issue 22): the panel at most 0.5 % of one core.
#
# Usage: src/bench/panel-idle-cpu.sh [ROUNDS]   (after mvn -B package -DskipTests; default 3 rounds)
# Env:   IDLE_SECONDS=60  SETTLE_SECONDS=30  PANEL="java -jar target/hostwarden.jar" (or a launcher)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
idle=${IDLE_SECONDS:-60}
settle=${SETTLE_SECONDS:-30}
panel_command=${PANEL:-java -jar target/hostwarden.jar}
[ -f target/hostwarden.jar ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
. src/bench/bench-lib.sh
start_work
start_full_desktop
export XDG_CACHE_HOME="$WORK/cache" XDG_CONFIG_HOME="$WORK/config" XDG_STATE_HOME="$WORK/state"
start_real_owners java -jar target/hostwarden.jar

fx=$(ls target/lib/javafx-*-linux.jar | tr '\n' ':')
mkdir -p "$WORK/fx"
javac -nowarn -d "$WORK/fx" -cp "$fx" src/bench/java/dev/hostwarden/bench/FxHelloWindow.java
# With the panel's rendering defaults (RenderingDefaults): JavaFX's software renderer, a 30 Hz pulse, GTK without OpenGL.
GDK_GL=disable java -Dprism.order=sw -Djavafx.animation.pulse=30 -cp "$fx$WORK/fx" dev.hostwarden.bench.FxHelloWindow >"$WORK/fx.out" 2>&1 & PIDS+=($!); fx_pid=$!
# shellcheck disable=SC2086
$panel_command >"$WORK/panel.out" 2>&1 & PIDS+=($!); panel_pid=$!   # a bare java -jar re-executes in place: same PID
for name in FxHelloWindow Hostwarden; do
  for _ in $(seq 400); do xdotool search --onlyvisible --name "^$name" >/dev/null 2>&1 && break; sleep 0.05; done
  xdotool search --onlyvisible --name "^$name" >/dev/null 2>&1 || { echo "no $name window" >&2; cat "$WORK/panel.out" >&2; exit 1; }
done
# A launcher's first panel (no class-data archive yet) stays a shell that waits for the JVM it started:
# measure that JVM.
if [ "$(cat "/proc/$panel_pid/comm")" != java ]; then
  jvm=$(pgrep -P "$panel_pid" -x java | head -n 1)
  [ -z "$jvm" ] || panel_pid=$jvm
fi
sleep "$settle"

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }   # utime + stime, every thread's, in clock ticks
hz=$(getconf CLK_TCK)
echo "idle CPU, window visible, $rounds rounds of ${idle} s after ${settle} s settling; load average $(cut -d' ' -f1-3 /proc/loadavg)"
: >"$WORK/panel.pct"; : >"$WORK/fx.pct"
for round in $(seq "$rounds"); do
  p0=$(ticks "$panel_pid"); f0=$(ticks "$fx_pid")
  sleep "$idle"
  p1=$(ticks "$panel_pid"); f1=$(ticks "$fx_pid")
  p=$(awk -v a="$p0" -v b="$p1" -v hz="$hz" -v s="$idle" 'BEGIN { printf "%.2f", (b - a) / hz / s * 100 }')
  f=$(awk -v a="$f0" -v b="$f1" -v hz="$hz" -v s="$idle" 'BEGIN { printf "%.2f", (b - a) / hz / s * 100 }')
  echo "$p" >>"$WORK/panel.pct"; echo "$f" >>"$WORK/fx.pct"
  printf '  round %d: panel %s %%, JavaFX one-label window %s %%\n' "$round" "$p" "$f"
done
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }
pm=$(median <"$WORK/panel.pct"); fm=$(median <"$WORK/fx.pct")
printf '  median: panel %s %% of one core, JavaFX one-label window %s %%, ratio %s; VmRSS panel %s\n' "$pm" "$fm" \
  "$(awk -v a="$pm" -v b="$fm" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" "$(grep VmRSS /proc/$panel_pid/status | awk '{print $2/1024 " MB"}')"
echo "  goal: panel <= 0.5 %"
