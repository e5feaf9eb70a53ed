#!/usr/bin/env bash
# Owner runtime latency benchmarks (medians), against real owner JVMs. Not part of the test suite.
#   src/bench/run-bench.sh [planned-stop|takeover|all] [RUNS]
# planned-stop: marker written -> owner exited and its record gone   (goal: median <= 150 ms; hermes polls every 500 ms)
# takeover:     holder SIGKILLed -> the `run --wait` claimer's READY   (goal: median <= 100 ms)
set -euo pipefail
cd "$(dirname "$0")/../.."
mode="${1:-all}"
runs="${2:-15}"
. src/bench/bench-lib.sh
compile_bench src/bench/java/dev/hostwarden/bench/*.java
bench() {
  java -Downer.classpath="$cp" -cp "target/bench-classes:$cp" dev.hostwarden.bench.OwnerLatencyBench "$1" "$runs"
}
case "$mode" in
  planned-stop|takeover) bench "$mode" ;;
  all) bench planned-stop; bench takeover ;;
  *) echo "usage: $0 [planned-stop|takeover|all] [RUNS]" >&2; exit 2 ;;
esac
