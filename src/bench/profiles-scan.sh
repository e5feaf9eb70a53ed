#!/usr/bin/env bash
# One full profiles scan (panel refresh / `hostwarden profiles`) of 1, 30 and 300 profile homes against
# a real multiplexing `run gateway` owner: median wall and CPU ms, side by side. Not part of the test suite.
#   src/bench/profiles-scan.sh [RUNS]
# goal: a scan of 300 profiles within 100 ms of CPU
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-21}"
. src/bench/bench-lib.sh
compile_bench src/bench/java/dev/hostwarden/bench/ProfilesScanBench.java
java -Downer.classpath="$cp" -cp "target/bench-classes:$cp" dev.hostwarden.bench.ProfilesScanBench "$runs"
