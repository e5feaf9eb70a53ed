#!/usr/bin/env bash
# How soon the panel shows what happened, without a manual Refresh: kill -9 of a young and of an old
# owner, kill -9 of a STARTING lock holder (python3 flock, no record), a new profile home and a
# planned-stop marker (file events), SIGSTOP of a live owner (ENDPOINT_SILENT from the 10 s re-ask)
# and SIGCONT. The panel's model runs wired as the app wires it (src/bench/java/.../PanelFreshnessBench).
# Prints medians side by side with the figures issue 10 measured before.
#
# Usage: src/bench/panel-freshness.sh            (from the repository root; builds what is missing)
# Env:   RUNS=5  OLD_SECONDS=60 (age of the "old" owners)
# Needs: Linux, python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-5}
OLD_SECONDS=${OLD_SECONDS:-60}
. src/bench/bench-lib.sh
compile_bench src/bench/java/dev/hostwarden/bench/PanelFreshnessBench.java
echo "panel freshness: $(nproc) cores, $(java -version 2>&1 | head -n 1), kernel $(uname -r)"
java -Downer.classpath="$cp" -cp "target/bench-classes:$cp" dev.hostwarden.bench.PanelFreshnessBench "$RUNS" "$OLD_SECONDS"
