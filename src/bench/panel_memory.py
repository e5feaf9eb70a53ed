"""Where a JVM's resident memory is, from /proc/<pid>/status and smaps and the JVM's own jcmd: one row.

Usage: panel_memory.py --header | panel_memory.py PID [SECONDS]
Columns (MB): peak and current RSS; anonymous, file-backed and shared-memory resident; of the anonymous,
the Java heap's resident pages (its address range from GC.heap_info) and the heap's live-or-not used
part, glibc's malloc arenas (the [heap] of the main arena and each 64 MB thread arena: the JVM's own
malloc, GTK's, fontconfig's, Prism's native buffers), and the rest (the JVM's mmaps: metaspace, code
cache, thread stacks, GC tables; anything else mapped anonymously); then thread count, with native
memory tracking on what the JVM itself counts outside the heap (committed), and the collections so far
with the seconds they took (what a smaller heap costs).
"""
import re, subprocess, sys

ARENA = 64 * 1024  # kB: glibc's HEAP_MAX_SIZE on 64-bit; a thread arena is one such aligned mapping
COLUMNS = ["s", "VmHWM", "VmRSS", "anon", "file", "shmem", "heap rss", "heap used", "malloc", "other anon",
           "threads", "NMT non-heap", "GCs young/full", "GC s"]


def jcmd(pid, command):
    try:
        return subprocess.run(["jcmd", str(pid), command], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def status(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = int(value.split()[0]) if value.split() and value.split()[0].isdigit() else 0
    return fields


def mappings(pid):
    """(start, end, perms, name, rss kB) for each mapping, in address order."""
    out, current = [], None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$", line)
            if head:
                current = [int(head[1], 16), int(head[2], 16), head[3], head[5].strip() if head[4] != "0" or head[5] else "", 0]
                out.append(current)
            elif line.startswith("Rss:") and current is not None:
                current[4] = int(line.split()[1])
    return out


def row(pid, seconds):
    st = status(pid)
    heap_info = jcmd(pid, "GC.heap_info")
    heap_used = sum(int(m) for m in re.findall(r"generation\s+total \d+K, used (\d+)K", heap_info))
    addresses = [int(a, 16) for a in re.findall(r"0x([0-9a-f]+)", heap_info.split("Metaspace")[0])]
    low, high = (min(addresses), max(addresses)) if addresses else (0, 0)
    maps = mappings(pid)
    heap_rss = malloc = 0
    for i, (start, end, perms, name, rss) in enumerate(maps):
        if low <= start < high:
            heap_rss += rss
        elif name == "[heap]":
            malloc += rss
        elif not name and perms.startswith("rw") and start % (ARENA * 1024) == 0:
            size = (end - start) // 1024
            follow = maps[i + 1] if i + 1 < len(maps) else None
            if follow and follow[0] == end and follow[2].startswith("---"):
                size += (follow[1] - follow[0]) // 1024
            if size == ARENA:
                malloc += rss
    nmt = jcmd(pid, "VM.native_memory summary")
    total = re.search(r"Total: reserved=\d+KB, committed=(\d+)KB", nmt)
    heap = re.search(r"Java Heap \(reserved=\d+KB, committed=(\d+)KB", nmt)
    non_heap = f"{(int(total[1]) - int(heap[1])) / 1024:.1f}" if total and heap else "-"
    counters = dict(re.findall(r"^(sun\.gc\.collector\.[01]\.(?:invocations|time)|sun\.os\.hrt\.frequency)=(\d+)",
                               jcmd(pid, "PerfCounter.print"), re.M))
    collections, gc_seconds = "-", "-"
    if len(counters) == 5:
        collections = f"{counters['sun.gc.collector.0.invocations']}/{counters['sun.gc.collector.1.invocations']}"
        ticks = int(counters["sun.gc.collector.0.time"]) + int(counters["sun.gc.collector.1.time"])
        gc_seconds = f"{ticks / int(counters['sun.os.hrt.frequency']):.2f}"
    anon = st.get("RssAnon", 0)
    mb = lambda kb: f"{kb / 1024:.1f}"
    return [str(seconds), mb(st["VmHWM"]), mb(st["VmRSS"]), mb(anon), mb(st.get("RssFile", 0)),
            mb(st.get("RssShmem", 0)), mb(heap_rss), mb(heap_used), mb(malloc), mb(anon - heap_rss - malloc),
            str(st.get("Threads", 0)), non_heap, collections, gc_seconds]


if __name__ == "__main__":
    cells = COLUMNS if sys.argv[1] == "--header" else row(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "-")
    print("| " + " | ".join(cells) + " |")
