"""The panel's cold start as a person sees it: from the launch to its window mapped on the X server with
its title, polled from outside the process every 5 ms (libX11 through ctypes; no help from the panel).
Starts each contender once first, unmeasured (it makes a launcher's class-data archive, and warms the
page cache), then PAIRS rounds, each contender once per round in a rotating order, each a fresh panel
ended with SIGTERM. Prints, per contender: the times, their median and spread, the CPU the panel had
used by its window (user + system, across a re-exec), the ratio to the first contender, and the load.

Usage: python3 src/bench/panel_window.py PAIRS 'NAME=COMMAND' ['NAME=COMMAND' ...]
  COMMAND runs under /bin/sh in the environment given (DISPLAY, HERMES_*, XDG_*); each contender gets
  its own XDG_STATE_HOME (kept across its runs, as a user's is) unless STATE_PER_RUN=1.
  TITLE (default "Hostwarden"): the title the window must start with. TIMEOUT seconds (default 30).
"""
import ctypes
import ctypes.util
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time

X11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
X11.XOpenDisplay.restype = ctypes.c_void_p
X11.XOpenDisplay.argtypes = [ctypes.c_char_p]
X11.XDefaultRootWindow.restype = ctypes.c_ulong
X11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
X11.XInternAtom.restype = ctypes.c_ulong
X11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
X11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                           ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)), ctypes.POINTER(ctypes.c_uint)]
X11.XFree.argtypes = [ctypes.c_void_p]
X11.XGetWindowProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long, ctypes.c_int,
                                   ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_int),
                                   ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
X11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]


class XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int), ("height", ctypes.c_int),
                ("border_width", ctypes.c_int), ("depth", ctypes.c_int), ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong),
                ("class", ctypes.c_int), ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
                ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int),
                ("all_event_masks", ctypes.c_long), ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


X11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(XWindowAttributes)]
IS_VIEWABLE = 2


@ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
def ignore_x_errors(display, event):  # a window that goes away between the query and the look at it
    return 0


X11.XSetErrorHandler(ignore_x_errors)


class Screen:
    def __init__(self):
        self.display = X11.XOpenDisplay(None)
        if not self.display:
            raise SystemExit("cannot open the X display " + os.environ.get("DISPLAY", "(DISPLAY not set)"))
        self.root = X11.XDefaultRootWindow(self.display)
        self.net_wm_name = X11.XInternAtom(self.display, b"_NET_WM_NAME", 0)
        self.utf8 = X11.XInternAtom(self.display, b"UTF8_STRING", 0)

    def children(self, window):
        root, parent, kids, count = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        if not X11.XQueryTree(self.display, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(kids), ctypes.byref(count)):
            return []
        found = [kids[i] for i in range(count.value)]
        if kids:
            X11.XFree(kids)
        return found

    def title(self, window):
        kind, size, items, after, data = ctypes.c_ulong(), ctypes.c_int(), ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        if X11.XGetWindowProperty(self.display, window, self.net_wm_name, 0, 1024, 0, self.utf8, ctypes.byref(kind), ctypes.byref(size),
                                  ctypes.byref(items), ctypes.byref(after), ctypes.byref(data)) != 0 or not data:
            return None
        text = ctypes.string_at(data, items.value).decode("utf-8", "replace")
        X11.XFree(data)
        return text

    def viewable(self, window):
        attributes = XWindowAttributes()
        if not X11.XGetWindowAttributes(self.display, window, ctypes.byref(attributes)):
            return False
        return attributes.map_state == IS_VIEWABLE and attributes.width >= 200 and attributes.height >= 150

    def mapped_title(self, prefix):
        """A viewable top-level window (or a window manager frame's client) whose title starts with prefix."""
        X11.XSync(self.display, 0)
        for top in self.children(self.root):
            for window in [top] + self.children(top):
                title = self.title(window)
                if title and title.startswith(prefix) and self.viewable(window) and self.viewable(top):
                    return title
        return None


def cpu_ms(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK")
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return None


def one_start(screen, command, state, prefix, timeout):
    env = dict(os.environ, XDG_STATE_HOME=state)
    if screen.mapped_title(prefix):
        raise SystemExit("a window titled " + prefix + "... is already on the screen; close it first")
    start = time.perf_counter()
    panel = subprocess.Popen(["/bin/sh", "-c", "exec " + command], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    took = cpu = None
    while time.perf_counter() - start < timeout and panel.poll() is None:
        if screen.mapped_title(prefix):
            took = time.perf_counter() - start
            cpu = cpu_ms(panel.pid)
            break
        time.sleep(0.005)
    try:
        os.killpg(panel.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        panel.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(panel.pid, signal.SIGKILL)
        panel.wait()
    # The window must be gone before the next launch looks for one.
    for _ in range(400):
        if not screen.mapped_title(prefix):
            break
        time.sleep(0.01)
    return took, cpu


def main():
    pairs = int(sys.argv[1])
    contenders = [arg.partition("=")[::2] for arg in sys.argv[2:]]
    prefix = os.environ.get("TITLE", "Hostwarden")
    timeout = float(os.environ.get("TIMEOUT", "30"))
    screen = Screen()
    work = tempfile.mkdtemp(prefix="hostwarden-panel-window-")
    states = {name: os.path.join(work, name) for name, _ in contenders}
    times = {name: [] for name, _ in contenders}
    cpus = {name: [] for name, _ in contenders}
    loads = []
    try:
        for name, command in contenders:
            first, _ = one_start(screen, command, states[name], prefix, timeout)
            print(f"  {name}: first start (unmeasured; makes an archive where the launch does) "
                  f"{'-' if first is None else f'{first:.3f} s'}", flush=True)
        for round_ in range(pairs):
            shift = round_ % len(contenders)
            for name, command in contenders[shift:] + contenders[:shift]:
                state = tempfile.mkdtemp(dir=work) if os.environ.get("STATE_PER_RUN") == "1" else states[name]
                took, cpu = one_start(screen, command, state, prefix, timeout)
                loads.append(os.getloadavg()[0])
                if took is not None:
                    times[name].append(took)
                    cpus[name].append(cpu)
    finally:
        subprocess.run(["rm", "-rf", work])
    base = statistics.median(times[contenders[0][0]]) if times[contenders[0][0]] else None
    print(f"window mapped with its title, {pairs} alternating rounds, load average {min(loads):.2f}-{max(loads):.2f}")
    for name, _ in contenders:
        values = sorted(times[name])
        if not values:
            print(f"  {name:<12} no window within {timeout:.0f} s")
            continue
        median = statistics.median(values)
        ratio = f"  ratio {median / base:.2f}" if base else ""
        print(f"  {name:<12} median {median:.3f} s  [{values[0]:.3f}-{values[-1]:.3f}]  CPU by then {statistics.median(cpus[name]) / 1000:.2f} s"
              f"{ratio}  ({' '.join(f'{v:.2f}' for v in times[name])})")


if __name__ == "__main__":
    main()
