"""A stop while scripts poll status: real owners (a `run gateway` serving three profiles and a `run serve`),
POLLERS loops of `status gateway --json` started from this process, then, RUNS times each: `stop gateway`
end to end, and a planned-stop marker written here -> the gateway owner's process gone. Each stop and
each marker (timed until the owner consumed it, i.e. noticed it, removed its record, and was gone) is followed by a new gateway (waited for READY) while the loops keep polling. The same two
measurements alone (no pollers) come first, as the comparison. Prints medians and ratios.

Usage: python3 src/bench/polling_stop.py 'HOSTWARDEN COMMAND' [POLLERS] [RUNS]
  e.g. 'java -jar target/hostwarden.jar' or 'installer/linux/hostwarden'. Environment: POLL_COMMAND
  (the pollers' command instead of the same one), SETTLE (seconds of polling before measuring, 5).
"""
import datetime
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def main():
    command = shlex.split(sys.argv[1])
    pollers = int(sys.argv[2]) if len(sys.argv) > 2 else 16
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    poll_command = shlex.split(os.environ.get("POLL_COMMAND", sys.argv[1]))
    settle = float(os.environ.get("SETTLE", "5"))
    work = tempfile.mkdtemp(prefix="hostwarden-polling-")
    home = os.path.join(work, "home")
    for profile in ("alpha", "beta"):
        os.makedirs(os.path.join(home, "profiles", profile))
    env = dict(os.environ, HERMES_HOME=home, HERMES_GATEWAY_LOCK_DIR=os.path.join(work, "locks"),
               XDG_STATE_HOME=os.path.join(work, "state"), XDG_CONFIG_HOME=os.path.join(work, "config"))
    env.setdefault("XDG_CACHE_HOME", os.path.join(work, "cache"))
    owners = []
    loops = []

    def start_owner(role, *extra):
        process = subprocess.Popen(command + ["run", role, *extra], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   text=True, start_new_session=True)
        line = process.stdout.readline()
        if not line.startswith("READY"):
            raise SystemExit(f"{role} did not start: {line!r}")
        owners.append(process)
        return process

    def start_gateway():
        return start_owner("gateway", "--profiles", "default,alpha,beta")

    def stop_once(gateway):
        start = time.perf_counter()
        result = subprocess.run(command + ["stop", "gateway"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        took = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(f"stop gateway exited {result.returncode}: {result.stderr}")
        gateway.wait(30)
        return took

    def marker_once(gateway):
        with open(f"/proc/{gateway.pid}/stat") as stat:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
        marker = {"target_pid": gateway.pid, "target_start_time": ticks, "stopper_pid": os.getpid(),
                  "written_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds")}
        path = os.path.join(home, ".gateway-planned-stop.json")
        tmp = path + ".bench.tmp"
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as out:
            json.dump(marker, out, separators=(",", ":"))
        record = os.path.join(env["HERMES_GATEWAY_LOCK_DIR"], "host-gateway.json")
        os.rename(tmp, path)
        written = time.perf_counter()
        noticed = gone = None
        while gateway.poll() is None:
            now = time.perf_counter()
            if noticed is None and not os.path.exists(path):
                noticed = now   # the owner consumes the marker once it has read it and found it names itself
            if gone is None and not os.path.exists(record):
                gone = now
            time.sleep(0.001)
        end = time.perf_counter()
        return ((noticed or end) - written, (gone or end) - written, end - written)

    def measure(label):
        stops, markers = [], []
        # markers: (marker consumed, record removed, process gone), seconds after the marker was written
        gateway = owners_by_role["gateway"]
        for _ in range(runs):
            stops.append(stop_once(gateway))
            gateway = start_gateway()
            markers.append(marker_once(gateway))
            gateway = start_gateway()
        owners_by_role["gateway"] = gateway
        return stops, markers

    try:
        owners_by_role = {"gateway": start_gateway(), "serve": start_owner("serve")}
        alone_stop, alone_marker = measure("alone")
        counter = os.path.join(work, "polls")
        for i in range(pollers):
            script = f'while :; do "$@" status gateway --json >/dev/null 2>&1; echo >> {shlex.quote(counter)}.{i}; done'
            loops.append(subprocess.Popen(["sh", "-c", script, "sh", *poll_command], env=env, start_new_session=True))
        time.sleep(settle)
        load = os.getloadavg()[0]
        polled_before = sum(count_lines(f"{counter}.{i}") for i in range(pollers))
        began = time.perf_counter()
        busy_stop, busy_marker = measure("busy")
        polls_per_second = (sum(count_lines(f"{counter}.{i}") for i in range(pollers)) - polled_before) / (time.perf_counter() - began)
        load = max(load, os.getloadavg()[0])
    finally:
        for loop in loops:
            os.killpg(loop.pid, signal.SIGTERM)
        for owner in owners:
            if owner.poll() is None:
                owner.send_signal(signal.SIGINT)
                owner.wait(30)
        subprocess.run(["rm", "-rf", work])

    def row(name, values, base):
        median = statistics.median(values)
        print(f"  {name:<44} median {median * 1000:7.0f} ms  [{min(values) * 1000:.0f}-{max(values) * 1000:.0f}]"
              f"  ratio to alone {median / statistics.median(base):5.2f}")

    print(f"{' '.join(command)}: {pollers} loops of status gateway --json ({polls_per_second:.1f} polls/s), {runs} runs each,"
          f" load average up to {load:.1f}")
    row("stop gateway, alone", alone_stop, alone_stop)
    row(f"stop gateway, {pollers} pollers", busy_stop, alone_stop)
    for index, what in enumerate(("noticed (marker consumed)", "record removed", "process gone")):
        alone = [m[index] for m in alone_marker]
        busy = [m[index] for m in busy_marker]
        row(f"marker -> {what}, alone", alone, alone)
        row(f"marker -> {what}, {pollers} pollers", busy, alone)


def count_lines(path):
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


if __name__ == "__main__":
    main()
