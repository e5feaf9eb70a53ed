#!/usr/bin/env bash
# Regenerates the list of classes the panel loads from jars on its way to the first shown window
# (src/main/resources/dev/hostwarden/panel/first-show-classes.txt), which ClassPreloader loads on a
# second thread while JavaFX starts. Run it after changing what the first window shows or a dependency
# version, then rebuild; FirstShowClassesTest fails when the list no longer covers a real first show.
#
# Usage: src/bench/panel-first-show-classes.sh      (from the repository root, after mvn package)
# Needs: Xvfb, openbox (apt-get install -y xvfb openbox libgtk-3-0).
set -euo pipefail
cd "$(dirname "$0")/../.."
source src/bench/bench-lib.sh
list=src/main/resources/dev/hostwarden/panel/first-show-classes.txt
for tool in Xvfb openbox; do command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install -y xvfb openbox)" >&2; exit 2; }; done
[ -f target/hostwarden.jar ] || { echo "no target/hostwarden.jar: mvn -B -q package -DskipTests first" >&2; exit 2; }

start_work
start_desktop

# The preloader is off (an empty list would do the same) so the log shows the order the panel itself needs.
XDG_STATE_HOME=$WORK/state HERMES_HOME=$WORK/home java -Dhostwarden.panel.debug=true -Dhostwarden.panel.preload=false \
  -Xlog:class+load=info:file="$WORK/classes.log":uptime -jar target/hostwarden.jar --no-tray --lock-dir "$WORK/locks" \
  >"$WORK/out" 2>"$WORK/err" & PIDS+=($!)
shown=
for _ in $(seq 600); do shown=$(sed -n 's/^WINDOW_SHOWN \([0-9]*\).*/\1/p' "$WORK/err" | head -n 1); [ -n "$shown" ] && break; sleep 0.05; done
[ -n "$shown" ] || { echo "the panel showed no window within 30 s; its stderr:" >&2; cat "$WORK/err" >&2; exit 1; }

# "[0.563s] NAME source: file:...jar" or "jrt:/java.base"; the JDK's shared archive, lambdas, proxies and
# generated classes cannot be named in advance, and the fleet's classes stay unloaded without a fleet.
awk -v shown="$shown" '{ t = substr($1, 2); sub(/s]$/, "", t); if (t * 1000 <= shown) print }' "$WORK/classes.log" \
  | grep -E ' source: (file:|jrt:/)' | awk '{print $2}' \
  | grep -v -E '\$\$Lambda|\$Proxy|^jdk\.internal\.reflect\.Generated|^dev\.hostwarden\.fleet\.|PanelFleet' >"$list"
echo "$(wc -l <"$list") classes before the window showed at $shown ms -> $list"
