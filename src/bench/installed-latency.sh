#!/usr/bin/env bash
# The packaged launcher against the plain jar: whole-process wall time of `status --json` over three
# live roles, `hostwarden status --json` (the app image's bin/hostwarden, or LAUNCHER) side by side
# with `java -jar target/hostwarden.jar status --json`, interleaved round by round. Prints medians.
# Goal (issue 9): the installed median at most the jar's.
# Usage: src/bench/installed-latency.sh [RUNS] [LAUNCHER]
#   (after installer/build-packages.sh; LAUNCHER e.g. /usr/bin/hostwarden with the .deb installed)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-21}
launcher=${2:-}
jar=target/hostwarden.jar
[ -f "$jar" ] || { echo "build first: installer/build-packages.sh" >&2; exit 2; }
work=$(mktemp -d)
trap 'kill "$fixture" 2>/dev/null || true; rm -rf "$work"' EXIT
if [ -z "$launcher" ]; then
  archive=$(ls target/packages/hostwarden-*-linux-*.tar.gz 2>/dev/null | head -n 1)
  [ -n "$archive" ] || { echo "no app image: run installer/build-packages.sh, or name a LAUNCHER" >&2; exit 2; }
  tar -C "$work" -xzf "$archive"
  launcher=$(ls "$work"/hostwarden-*/bin/hostwarden)
fi
export HERMES_GATEWAY_LOCK_DIR="$work/locks" XDG_CACHE_HOME="$work/cache"

python3 src/bench/status_fixture.py "$HERMES_GATEWAY_LOCK_DIR" > "$work/fixture.out" &
fixture=$!
for _ in $(seq 100); do grep -q READY "$work/fixture.out" 2>/dev/null && break; sleep 0.05; done
grep -q READY "$work/fixture.out" || { echo "fixture did not start" >&2; exit 1; }
"$launcher" status --json | grep -c '"verdict" : "LIVE"' | grep -qx 3 \
  || { echo "$launcher status did not report three LIVE roles" >&2; exit 1; }

# The first status makes the launcher's class-data-sharing archive (the package's postinst does it
# at install time); then one warm-up run each, so both are measured with a warm page cache.
"$launcher" status --json >/dev/null; "$launcher" status --json >/dev/null
java -jar "$jar" status --json >/dev/null

time_once() {  # appends one wall time in seconds to the file $1
  local file=$1 start end; shift
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f\n", e - s }' >> "$file"
}
for _ in $(seq "$runs"); do
  time_once "$work/t.installed" "$launcher" status --json
  time_once "$work/t.jar" java -jar "$jar" status --json
done
median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f", m}'; }
installed=$(median < "$work/t.installed")
plain=$(median < "$work/t.jar")
echo "status --json, 3 live roles, $runs interleaved runs each (median wall time)"
printf '  installed %-40s %s s\n' "$launcher" "$installed"
printf '  java -jar %-40s %s s\n' "$jar" "$plain"
awk -v a="$installed" -v b="$plain" 'BEGIN { printf "  ratio installed/java -jar: %.2f (goal <= 1.00)\n", a / b }'
