#!/usr/bin/env bash
# The panel's cold start to its window, as a person sees it: Xvfb with openbox, an XEmbed tray (trayer),
# a session bus and a notification daemon (dunst), real owners (a `run gateway` serving three profiles
# and a `run serve`), and the window found mapped with its title by polling the X server from outside
# (src/bench/panel_window.py). `java -jar target/hostwarden.jar` and the launcher (installer/linux/hostwarden,
# or LAUNCHER, e.g. /usr/bin/hostwarden) alternate; each first starts once unmeasured, which makes the
# class-data archives where the launch makes one. OTHER_JAR adds a `java -jar` of another build.
# Goal (issue 22): median <= 1.0 s for both on an idle machine.
#
# Usage: src/bench/panel-window.sh [PAIRS]     (after mvn -B package -DskipTests; default 6 pairs)
# Needs: xvfb openbox trayer dunst dbus, libX11 (python3 reads the screen through ctypes).
set -euo pipefail
cd "$(dirname "$0")/../.."
pairs=${1:-6}
. src/bench/bench-lib.sh
start_work
start_full_desktop
export XDG_CACHE_HOME="$WORK/cache" XDG_CONFIG_HOME="$WORK/config"
start_real_owners java -jar target/hostwarden.jar
contenders=("java-jar=java -jar target/hostwarden.jar" "launcher=${LAUNCHER:-installer/linux/hostwarden}")
[ -z "${OTHER_JAR:-}" ] || contenders+=("other-jar=java -jar $OTHER_JAR")
python3 src/bench/panel_window.py "$pairs" "${contenders[@]}"
