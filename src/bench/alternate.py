"""Times commands side by side in one run: round by round, each contender once per round (in a
rotating order), so a neighbour's load slows every contender alike. Prints, for each, the median
wall time, its spread, the median CPU time (user + system of the process and its children) and the
ratio of the medians to the first contender (the comparison, e.g. a JVM hello-world).

Usage: python3 src/bench/alternate.py RUNS 'NAME=COMMAND' 'NAME=COMMAND' ...
  COMMAND is run by /bin/sh with stdout and stderr discarded. Environment: WARMUP (default 1 round,
  not counted). A line "name median_wall p25 p75 median_cpu ratio" per contender is also written to
  the file named by ALTERNATE_TSV when set.
"""
import os
import statistics
import subprocess
import sys
import time


def quantile(values, q):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(q * len(ordered) + 0.5) - 1))
    return ordered[index]


def run_once(command):
    start = time.perf_counter()
    process = subprocess.Popen(["/bin/sh", "-c", command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    runs = int(sys.argv[1])
    contenders = []
    for arg in sys.argv[2:]:
        name, _, command = arg.partition("=")
        contenders.append((name, command))
    warmup = int(os.environ.get("WARMUP", "1"))
    walls = {name: [] for name, _ in contenders}
    cpus = {name: [] for name, _ in contenders}
    exits = {name: set() for name, _ in contenders}
    for round_ in range(warmup + runs):
        shift = round_ % len(contenders)
        for name, command in contenders[shift:] + contenders[:shift]:
            wall, cpu, code = run_once(command)
            if round_ >= warmup:
                walls[name].append(wall)
                cpus[name].append(cpu)
                exits[name].add(code)
    base = statistics.median(walls[contenders[0][0]])
    base_cpu = statistics.median(cpus[contenders[0][0]])
    rows = []
    width = max(len(name) for name, _ in contenders)
    for name, _ in contenders:
        median = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        rows.append((name, median, quantile(walls[name], 0.25), quantile(walls[name], 0.75), cpu, median / base))
        print(f"  {name:<{width}}  {median:6.3f} s [p25 {quantile(walls[name], 0.25):.3f}, p75 {quantile(walls[name], 0.75):.3f}]"
              f"  cpu {cpu:6.3f} s  ratio {median / base:5.2f}  (cpu ratio {cpu / base_cpu:5.2f})"
              f"  exit {','.join(str(code) for code in sorted(exits[name]))}")
    tsv = os.environ.get("ALTERNATE_TSV")
    if tsv:
        with open(tsv, "a") as out:
            for row in rows:
                out.write("%s\t%.4f\t%.4f\t%.4f\t%.4f\t%.3f\n" % row)


if __name__ == "__main__":
    main()
