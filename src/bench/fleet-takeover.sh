#!/usr/bin/env bash
# Fleet takeover figures against a real etcd (Debian's etcd-server): two `hostwarden run serve --fleet`
# owners with their own lock directories and host names stand for two machines.
#   - takeover after SIGKILL of the holder: from the kill to the standby's READY (median, p95), against the TTL
#   - takeover after a clean stop (SIGTERM: the holder revokes its lease)
#   - renewal traffic per owner per minute: the keep-alive and range calls one idle holder makes, read
#     from etcd's own metrics (the JSON gateway turns each HTTP call into one gRPC call it counts)
# Usage: src/bench/fleet-takeover.sh [RUNS]     (from the repository root, after mvn package)
# Env:   TTL=3   JAR=target/hostwarden.jar
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}
ttl=${TTL:-3}
jar=${JAR:-target/hostwarden.jar}
command -v etcd >/dev/null || { echo "needs etcd (apt-get install -y etcd-server)" >&2; exit 2; }
[ -f "$jar" ] || { echo "build first: mvn -B package -DskipTests" >&2; exit 2; }
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
cport=$(port); pport=$(port); url=http://127.0.0.1:$cport
etcd --name bench --data-dir "$work/etcd" --listen-client-urls "$url" --advertise-client-urls "$url" \
  --listen-peer-urls "http://127.0.0.1:$pport" --initial-advertise-peer-urls "http://127.0.0.1:$pport" \
  --initial-cluster "bench=http://127.0.0.1:$pport" >"$work/etcd.log" 2>&1 & pids+=($!)
for _ in $(seq 100); do curl -s -o /dev/null "$url/health" && break; sleep 0.1; done

now_ms() { date +%s%3N; }
owner() {  # owner NAME [--wait] -> pid; stdout in $work/NAME.out
  HOSTWARDEN_FLEET_HOSTNAME=$1 java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$jar" run serve --lock-dir "$work/$1-locks" \
    --home "$work/$1-home" --fleet "$url" --fleet-ttl "$ttl" "${@:2}" >"$work/$1.out" 2>"$work/$1.err" &
  echo $!
}
await() {  # await FILE PATTERN
  for _ in $(seq 1200); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.01; done; echo "timed out on $1" >&2; return 1
}
stats() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; p=a[int(0.95*NR+0.999)]; printf "median %d ms, p95 %d ms (n=%d)", m, p, NR}'; }

kill_times=(); stop_times=()
for i in $(seq "$runs"); do
  for mode in kill stop; do
    a=$(owner alpha); pids+=("$a"); await "$work/alpha.out" READY
    b=$(owner beta --wait); pids+=("$b"); await "$work/beta.err" "standing by"
    sleep 1   # a renewal or two in, as in life
    t0=$(now_ms)
    if [ $mode = kill ]; then kill -9 "$a"; else kill -TERM "$a"; fi
    await "$work/beta.out" READY; t1=$(now_ms)
    if [ $mode = kill ]; then kill_times+=($((t1 - t0))); else stop_times+=($((t1 - t0))); fi
    kill -TERM "$b"; wait "$b" 2>/dev/null || true; wait "$a" 2>/dev/null || true
    rm -f "$work"/alpha.* "$work"/beta.*
  done
done

# Renewal traffic: etcd counts its gRPC calls, and the JSON gateway turns each HTTP call into one.
count() { curl -s "$url/metrics" | awk '/^grpc_server_handled_total/ && (/LeaseKeepAlive/ || /method="Range"/) {s+=$2} END {print s+0}'; }
a=$(owner alpha); pids+=("$a"); await "$work/alpha.out" READY
c0=$(count); sleep 30; c1=$(count)
kill -TERM "$a"; wait "$a" 2>/dev/null || true

echo "fleet takeover, TTL $ttl s, $runs runs each, load average $(cut -d' ' -f1 /proc/loadavg)"
echo "  after SIGKILL of the holder: $(printf '%s\n' "${kill_times[@]}" | stats)  (TTL = $((ttl * 1000)) ms; ratio median/TTL printed below)"
printf '%s\n' "${kill_times[@]}" | sort -n | awk -v t="$ttl" '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "  ratio median/TTL: %.2f\n", m/(t*1000)}'
echo "  after a clean stop:          $(printf '%s\n' "${stop_times[@]}" | stats)"
echo "  renewal traffic: $(( (c1 - c0) * 2 )) etcd calls per owner per minute (keep-alive + one range per renewal, TTL/3 apart)"
