#!/usr/bin/env bash
# The packaged launcher against the plain jar, over real owners (a `run gateway` serving three
# profiles and a `run serve`): `status --json` and `status desktop-serve` from LAUNCHER (default: the
# app image's bin/hostwarden from target/packages/) and from `java -jar target/hostwarden.jar`, with a
# JVM hello-world, round by round (src/bench/status-latency.sh with INSTALLED). Prints medians and ratios.
# Usage: src/bench/installed-latency.sh [RUNS] [LAUNCHER]
#   (after installer/build-packages.sh; LAUNCHER e.g. /usr/bin/hostwarden with the .deb installed)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-21}
launcher=${2:-}
if [ -z "$launcher" ]; then
  archive=$(ls target/packages/hostwarden-*-linux-*.tar.gz 2>/dev/null | head -n 1)
  [ -n "$archive" ] || { echo "no app image: run installer/build-packages.sh, or name a LAUNCHER" >&2; exit 2; }
  image=$(mktemp -d)
  trap 'rm -rf "$image"' EXIT
  tar -C "$image" -xzf "$archive"
  launcher=$(ls "$image"/hostwarden-*/bin/hostwarden)
fi
INSTALLED=$launcher src/bench/status-latency.sh "$runs"
