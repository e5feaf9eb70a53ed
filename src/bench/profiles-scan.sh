#!/usr/bin/env bash
# One full profiles scan (panel refresh / `hostwarden profiles`) of 1, 30 and 300 profile homes against
# a real multiplexing `run gateway` owner: median wall and CPU ms, side by side. Not part of the test suite.
#   src/bench/profiles-scan.sh [RUNS]
# goal: a scan of 300 profiles within 100 ms of CPU
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-21}"
if [ ! -f target/bench-cp.txt ] || [ pom.xml -nt target/bench-cp.txt ] || [ ! -d target/classes/dev ]; then
  mvn -B -q -o compile dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt >/dev/null \
    || mvn -B -q compile dependency:build-classpath -Dmdep.outputFile=target/bench-cp.txt >/dev/null
fi
cp="target/classes:$(cat target/bench-cp.txt)"
mkdir -p target/bench-classes
javac -nowarn -d target/bench-classes -cp "$cp" src/bench/java/dev/hostwarden/bench/ProfilesScanBench.java
java -Downer.classpath="$cp" -cp "target/bench-classes:$cp" dev.hostwarden.bench.ProfilesScanBench "$runs"
