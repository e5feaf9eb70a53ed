#!/usr/bin/env bash
# Is `status` slowed by the ownership history? Whole-process wall time of
# `java -jar target/hostwarden.jar status --json` (three live records, as status-latency.sh) with
#   - no history at all,
#   - a full history (history.jsonl and history.jsonl.1 at their 1 MiB bound),
#   - and, given as $1, the previous jar (built before the history existed) on the same fixture,
# interleaved round by round. Prints medians and ratios side by side. status never reads the history,
# so the goal is: ratios within the run-to-run spread (about 1.00). Also checks status left the
# full history byte for byte as it was.
# Usage: src/bench/status-history-latency.sh [PREVIOUS_JAR] [RUNS]   (after `mvn -B package -DskipTests`)
set -euo pipefail
cd "$(dirname "$0")/../.."
previous=${1:-}
runs=${2:-21}
jar=target/hostwarden.jar
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
trap 'kill "$fixture" 2>/dev/null || true; rm -rf "$work"' EXIT
export HERMES_GATEWAY_LOCK_DIR="$work/locks"
python3 src/bench/status_fixture.py "$work/locks" > "$work/fixture.out" &
fixture=$!
for _ in $(seq 100); do grep -q READY "$work/fixture.out" 2>/dev/null && break; sleep 0.05; done
grep -q READY "$work/fixture.out" || { echo "fixture did not start" >&2; exit 1; }

mkdir -p "$work/empty" "$work/full/hostwarden"
python3 - "$work/full/hostwarden" <<'PY'
import json, sys, os
d = sys.argv[1]
for name in ("history.jsonl.1", "history.jsonl"):
    with open(os.path.join(d, name), "w") as f:
        size, i = 0, 0
        while True:
            line = json.dumps({"at": "2026-12-01T00:00:00Z", "event": "started", "role": "gateway", "pid": 100000 + i,
                               "startTime": i, "profiles": ["default", "work"], "home": "/home/u/.hermes", "writer": 100000 + i},
                              separators=(",", ":")) + "\n"
            if size + len(line) > 1 << 20:
                break
            f.write(line); size += len(line); i += 1
PY
before=$(sha256sum "$work/full/hostwarden/"*)

time_once() {  # time_once FILE COMMAND...: appends one wall time in seconds to FILE
  local file=$1 start end; shift
  start=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.4f\n", e - s }' >> "$file"
}
with_state() { local state=$1; shift; XDG_STATE_HOME="$state" "$@"; }
with_state "$work/full" java -jar "$jar" status --json >/dev/null   # warm the page cache
for _ in $(seq "$runs"); do
  time_once "$work/t.empty" with_state "$work/empty" java -jar "$jar" status --json
  time_once "$work/t.full" with_state "$work/full" java -jar "$jar" status --json
  [ -n "$previous" ] && time_once "$work/t.prev" with_state "$work/full" java -jar "$previous" status --json
done
[ "$before" = "$(sha256sum "$work/full/hostwarden/"*)" ] || { echo "status changed the history" >&2; exit 1; }
[ -z "$(ls -A "$work/empty")" ] || { echo "status created something in the state directory" >&2; exit 1; }

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.3f", m}'; }
empty=$(median < "$work/t.empty"); full=$(median < "$work/t.full")
printf 'status --json, %s runs each, medians (s):\n' "$runs"
printf '  this jar, no history          %s\n' "$empty"
printf '  this jar, 2 x 1 MiB history   %s   ratio to no history %.2f\n' "$full" "$(awk -v a="$full" -v b="$empty" 'BEGIN{print a/b}')"
if [ -n "$previous" ]; then
  prev=$(median < "$work/t.prev")
  printf '  previous jar %s  %s   this jar with history / previous %.2f\n' "$previous" "$prev" \
    "$(awk -v a="$full" -v b="$prev" 'BEGIN{print a/b}')"
fi
echo "  status left the history byte for byte as it was, and created nothing in an empty state directory"
# The deterministic half of the answer: the classes status loads (a loaded machine makes the timings noisy).
loaded() { java -verbose:class -jar "$1" status --json 2>/dev/null | grep -c "$2" || true; }
printf '  classes status loads: this jar %s Hostwarden classes, %s of them history' "$(loaded "$jar" 'dev\.hostwarden\.')" \
  "$(loaded "$jar" 'dev\.hostwarden\.history')"
[ -n "$previous" ] && printf '; previous jar %s Hostwarden classes' "$(loaded "$previous" 'dev\.hostwarden\.')"
echo
