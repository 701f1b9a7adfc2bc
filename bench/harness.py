"""The bench's harness: what every script in bench/ imports.

    import harness
    with harness.run("goals") as folder:          # a scratch folder, every child stopped at the end
        with harness.Xvfb(folder) as xvfb:
            c = harness.CPrograms(folder)
            ms, pid = harness.first_frame_x11(c.first_frame, xvfb.env(), [str(c.c_panel)])

It holds, once each: the processes (stopping by PID, CPU and memory read
from /proc), the servers (Xvfb, a headless sway), first-frame detection on
each, waiting, the C programs' build, load and medians, and Markdown
tables. Python 3.11's standard library only.
"""
from __future__ import annotations

import argparse
import atexit
import contextlib
import ctypes
import json
import os
import platform
import random
import re
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
REWRAP = REPO / ".build/release/rewrap"
CLK_TCK = os.sysconf("SC_CLK_TCK")
# Every storm is the same: 200 widths, seeded, at one height. Seed 8's last
# width, 449, wraps both the dropdowns and the chips.
STORM_HEIGHT = 600
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, which sees python3-gi
GTK_PROBE = ("import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk; "
             "print('%d.%d.%d' % (Gtk.get_major_version(), Gtk.get_minor_version(), Gtk.get_micro_version()))")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def storm_widths(count: int = 200, seed: int = 8) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(320, 1100) for _ in range(count)]


# ---------------------------------------------------------------- a run

@contextlib.contextmanager
def run(name: str):
    """A benchmark's run: a scratch folder (0755, so a server run as nobody
    reads it), SIGTERM and SIGHUP turned into exits so every `finally`
    stops its servers, and every process left behind, ours or re-parented
    to us, stopped by PID at the end."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    become_subreaper()
    folder = Path(tempfile.mkdtemp(prefix=f"rewrap-{name}-bench-"))
    os.chmod(folder, 0o755)
    try:
        yield folder
    finally:
        for pid in our_children():
            stop_pid(pid, grace=1.0)
        shutil.rmtree(folder, ignore_errors=True)


def main_on_xvfb(name: str, doc: str, options: dict[str, int], measure) -> int:
    """A script measured on a private Xvfb: `--rewrap` and its own whole-
    number `options` with their defaults, a run's folder, and the load line
    at the end. `measure(args, xvfb, folder)` prints the figures and returns
    the exit status."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--rewrap", default=str(REWRAP))
    for option, default in options.items():
        parser.add_argument(option, type=int, default=default)
    args = parser.parse_args()
    load = Load()
    with run(name) as folder, Xvfb(folder) as xvfb:
        status = measure(args, xvfb, folder)
    print(load.report())
    return status


def become_subreaper() -> None:
    """Orphans (a program whose first-frame parent exited) are re-parented
    to us, so they can be found and stopped."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def private_state(env: dict[str, str]) -> dict[str, str]:
    """`env` with an XDG_STATE_HOME of its own, removed at exit: each Rewrap
    starts at the panel's defaults and writes nothing to the home folder."""
    home = tempfile.mkdtemp(prefix="rewrap-bench-state-")
    atexit.register(shutil.rmtree, home, True)
    return dict(env, XDG_STATE_HOME=home)


# ---------------------------------------------------------------- processes

def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie child of ours: reap it
        done, _ = os.waitpid(pid, os.WNOHANG)
        return done == 0
    except ChildProcessError:
        fields = _stat(pid)
        return fields is not None and fields[0] != "Z"


def stop_pid(pid: int, grace: float = 2.0) -> None:
    """SIGTERM, then SIGKILL after `grace` seconds; reaped if it is our child."""
    for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 2.0)):
        if not alive(pid):
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and alive(pid):
            time.sleep(0.01)


def stop_process(proc: subprocess.Popen, grace: float = 3.0) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def our_children() -> list[int]:
    me, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields and int(fields[1]) == me:
            found.append(int(entry.name))
    return found


def cpu_ticks(pid: int) -> int | None:
    """utime + stime of all the process's threads, in clock ticks."""
    fields = _stat(pid)
    return int(fields[11]) + int(fields[12]) if fields else None


def runtime_ms(pid: int) -> float | None:
    """On-CPU time of the process's live threads in ms, to 1 µs
    (se.sum_exec_runtime in /proc/PID/task/TID/sched); far finer than
    clock ticks. None when the process is gone."""
    total, seen = 0.0, False
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None
    for task in tasks:
        with contextlib.suppress(OSError):
            match = re.search(r"^se\.sum_exec_runtime\s*:\s*([0-9.]+)", (task / "sched").read_text(), re.M)
            if match:
                total, seen = total + float(match.group(1)), True
    return total if seen else None


def wait_idle(pid: int, quiet: float = 0.3, limit: float = 120) -> float:
    """Polls the program's CPU time every 5 ms until it has not changed for
    `quiet` s; returns the monotonic time of its last change."""
    start = changed = time.monotonic()
    last = runtime_ms(pid)
    while True:
        time.sleep(0.005)
        now, used = time.monotonic(), runtime_ms(pid)
        if used is None:
            raise RuntimeError(f"pid {pid} died while it was measured")
        if used != last:
            last, changed = used, now
        elif now - changed >= quiet or now - start > limit:
            return changed


def cpu_over(pid: int, action) -> float:
    """The program's CPU in ms from `action` until it is idle again."""
    before = runtime_ms(pid)
    action()
    wait_idle(pid)
    return runtime_ms(pid) - before


def rss_kb(pid: int) -> int | None:
    """VmRSS."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def private_kb(pid: int) -> int | None:
    """Private_Dirty: the pages the program wrote and shares with no one
    (heap, stacks, relocated data, buffers), which is what a second copy of
    it costs; the clean pages of its files, which smaps counts as private
    too while no other process maps them, a second copy would share."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    return sum(int(m) for m in re.findall(r"^Private_Dirty:\s+(\d+)", text, re.M))


SMAPS_HEADER = re.compile(r"^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \d+\s*(.*)$")


def rss_by(pid: int, key_of) -> dict[str, int]:
    """Rss in kB from /proc/PID/smaps, summed by `key_of(perms, path, exe)`
    of each mapping (None leaves a mapping out)."""
    exe = os.path.realpath(f"/proc/{pid}/exe")
    result: dict[str, int] = defaultdict(int)
    key = None
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            header = SMAPS_HEADER.match(line)
            if header:
                key = key_of(*header.groups(), exe)
            elif line.startswith("Rss:") and key:
                result[key] += int(line.split()[1])
    return dict(result)


def mapping_part(perms: str, path: str, exe: str) -> str:
    """The part of a program a mapping is: its own file by permission, a
    shared library, heap, shared buffers, or other mapped files."""
    if path == exe:
        return "the executable: " + {"r-x": "code", "r--": "read-only data", "rw-": "written data"}.get(perms[:3], perms)
    if ".so" in path:
        return re.sub(r"\.so.*", "", os.path.basename(path))
    if path in ("", "[heap]"):
        return "heap and anonymous"
    if path.startswith("["):
        return path
    if path.startswith(("/memfd:", "/dev/shm/")):
        return "shared buffers (memfd, wl_shm)"
    return "mapped files (fonts, caches)"


def rss_by_mapping(pid: int) -> dict[str, int]:
    """Rss in kB by part of the program (`mapping_part`)."""
    return rss_by(pid, mapping_part)


def rss_by_file(pid: int) -> dict[str, int]:
    """Rss in kB of each mapped file, by its name."""
    return rss_by(pid, lambda perms, path, exe: os.path.basename(path) or None)


# ---------------------------------------------------------------- waiting

def wait_for(condition, timeout: float = 10, what: str = "a condition", every: float = 0.005):
    """Polls `condition` until it returns something true, and returns that."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise RuntimeError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(every)


def records(path) -> list[dict]:
    """A --trace file's complete lines; a line still being written waits."""
    result = []
    with contextlib.suppress(FileNotFoundError):
        with open(path) as trace:
            for line in trace:
                with contextlib.suppress(json.JSONDecodeError):
                    result.append(json.loads(line))
    return result


def node(record: dict, id: str) -> dict:
    return next(n for n in record["nodes"] if n["id"] == id)


# ---------------------------------------------------------------- servers

class Server:
    """A server of a run's own: its processes, stopped last started first,
    and its log, closed, when the `with` block ends."""

    processes: list[subprocess.Popen]
    log = None

    def stop(self) -> None:
        for proc in reversed(self.processes):
            stop_process(proc)
        if self.log:
            self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


class Xvfb(Server):
    """A private Xvfb: black root (first-frame looks for a light window on
    it), 1280x1024x24, 96 dpi, -noreset (a probe's disconnect must not
    reset it), its display number from -displayfd."""

    SCREEN = "1280x1024x24"

    def __init__(self, folder: Path):
        read_fd, write_fd = os.pipe()
        self.log = open(folder / "xvfb.log", "ab")
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-br", "-screen", "0", self.SCREEN, "-dpi", "96",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            start_new_session=True)  # Ctrl-C must not take the server down before its clients
        self.processes = [self.proc]
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 10
        try:
            while not number.endswith(b"\n"):
                ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
                chunk = os.read(read_fd, 16) if ready else b""
                if not chunk:
                    self.stop()
                    raise RuntimeError(f"Xvfb reported no display (see {folder / 'xvfb.log'})")
                number += chunk
        finally:
            os.close(read_fd)
        self.display = ":" + number.decode().strip()

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "REWRAP_PLATFORM")}
        return dict(env, DISPLAY=self.display, **extra)

    def xdotool(self, *words, timeout: float = 30) -> str:
        return subprocess.run(["xdotool", *map(str, words)], env=self.env(), capture_output=True, text=True,
                              check=True, timeout=timeout).stdout

    def window_of(self, pid: int | None = None, title: str | None = None, timeout: float = 10) -> str:
        """The window of a pid (_NET_WM_PID) or of an exact title (wish sets no pid)."""
        query = ["--pid", str(pid)] if title is None else ["--name", f"^{re.escape(title)}$"]
        search = lambda: subprocess.run(["xdotool", "search", *query], env=self.env(), capture_output=True,  # noqa: E731
                                        text=True).stdout.split()[:1]
        return wait_for(search, timeout=timeout, what=f"the window of {pid or title}", every=0.02)[0]

    def size(self, window: str) -> tuple[int, int]:
        text = subprocess.run(["xwininfo", "-id", window], env=self.env(), capture_output=True, text=True).stdout
        width, height = re.search(r"Width: (\d+)", text), re.search(r"Height: (\d+)", text)
        return (int(width.group(1)), int(height.group(1))) if width and height else (0, 0)


class Sway(Server):
    """A headless sway run as nobody (sway refuses root), pixman renderer, no
    input devices, every window floating at its own size, and its IPC's
    window events read on a thread: `mapped[pid]` is when sway mapped the
    pid's window, at the surface's first commit with a buffer."""

    def __init__(self, folder: Path):
        self.runtime = folder / "sway-run"
        self.runtime.mkdir(mode=0o700)
        os.chown(self.runtime, 65534, 65534)
        config = folder / "sway.conf"
        config.write_text("xwayland disable\noutput HEADLESS-1 resolution 1280x800\n"
                          "default_border none\nfor_window [app_id=\".*\"] floating enable\n")
        config.chmod(0o644)
        env = dict(os.environ, XDG_RUNTIME_DIR=str(self.runtime), WLR_BACKENDS="headless", WLR_RENDERER="pixman",
                   WLR_LIBINPUT_NO_DEVICES="1")
        for key in ("DISPLAY", "WAYLAND_DISPLAY"):
            env.pop(key, None)
        self.log = open(folder / "sway.log", "ab")
        self.proc = subprocess.Popen(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "sway", "-c",
                                      str(config)], env=env, stdout=self.log, stderr=self.log, start_new_session=True)
        self.processes = [self.proc]
        try:
            names = wait_for(lambda: self._sockets(), timeout=15, what="sway's sockets", every=0.02)
        except RuntimeError:
            self.stop()
            raise
        self.socket, self.ipc = names
        # The socket's file comes before sway listens on it.
        try:
            wait_for(lambda: subprocess.run(["swaymsg", "-s", self.ipc, "-t", "get_version"], capture_output=True).returncode == 0,
                     timeout=15, what="sway's IPC", every=0.02)
        except RuntimeError:
            self.stop()
            raise
        self.client_env = {"XDG_RUNTIME_DIR": str(self.runtime), "WAYLAND_DISPLAY": self.socket}
        self.mapped: dict[int, float] = {}
        self.events = subprocess.Popen(["swaymsg", "-s", self.ipc, "-m", "-r", "-t", "subscribe", '["window"]'],
                                       stdout=subprocess.PIPE, text=True)
        self.processes.append(self.events)
        threading.Thread(target=self._read_events, daemon=True).start()

    def _sockets(self) -> tuple[str, str] | None:
        names = os.listdir(self.runtime)
        sockets = [n for n in names if n.startswith("wayland-") and not n.endswith(".lock")]
        ipc = [n for n in names if n.startswith("sway-ipc.")]
        return (sockets[0], str(self.runtime / ipc[0])) if sockets and ipc else None

    def _read_events(self) -> None:
        decoder, text = json.JSONDecoder(), ""
        for line in self.events.stdout:
            now = time.monotonic()
            text += line
            while text.strip():
                try:
                    event, end = decoder.raw_decode(text.lstrip())
                except ValueError:
                    break
                text = text.lstrip()[end:]
                container = event.get("container", {}) if isinstance(event, dict) else {}
                if event.get("change") == "new" and container.get("pid"):
                    self.mapped.setdefault(container["pid"], now)

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "REWRAP_PLATFORM")}
        return dict(env, **self.client_env, **extra)

    def msg(self, *args: str) -> str:
        return subprocess.run(["swaymsg", "-s", self.ipc, *args], capture_output=True, text=True, timeout=10).stdout

    def resize(self, pid: int, width: int, height: int) -> None:
        self.msg(f"[pid={pid}]", "resize", "set", "width", f"{width} px", "height", f"{height} px")

    def size(self, pid: int) -> tuple[int, int]:
        def find(tree):
            if tree.get("pid") == pid and tree.get("app_id") is not None:
                return tree
            return next(filter(None, map(find, tree.get("nodes", []) + tree.get("floating_nodes", []))), None)
        found = find(json.loads(self.msg("-t", "get_tree")))
        return (found["rect"]["width"], found["rect"]["height"]) if found else (0, 0)


# ---------------------------------------------------------------- first frames

class FirstFrameError(RuntimeError):
    pass


def first_frame_x11(helper: Path, env: dict[str, str], argv: list[str], kill: bool = True,
                    timeout: float = 20) -> tuple[float, int]:
    """Milliseconds from exec to the first frame on an Xvfb, and the pid:
    first-frame.c reads the screen back every 0.5 ms until text strokes
    show on a light window. Without `kill` the program keeps running."""
    command = [str(helper), "--timeout", str(timeout), *(["--kill"] if kill else []), "--", *argv]
    done = subprocess.run(command, env=private_state(env), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                          timeout=timeout + 10)
    if done.returncode != 0:
        reason = {3: "no frame within the timeout", 4: "exited before drawing a frame"}
        raise FirstFrameError(f"{argv[0]}: " + reason.get(done.returncode, f"first-frame exited {done.returncode}"))
    ms, pid = done.stdout.split()
    return float(ms), int(pid)


def first_frame_sway(sway: Sway, argv: list[str], env: dict[str, str] | None = None,
                     timeout: float = 20) -> tuple[float, int]:
    """Milliseconds from exec until sway maps the window (its IPC's "new"
    event, sent as it maps the surface at its first commit with a buffer),
    with no debugging on, and the pid, which keeps running."""
    proc = subprocess.Popen(argv, env=private_state(sway.env(**(env or {}))), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    start = time.monotonic()
    try:
        wait_for(lambda: proc.pid in sway.mapped or proc.poll() is not None, timeout=timeout,
                 what=f"{argv[0]}'s window on sway", every=0.0002)
    except RuntimeError:
        stop_pid(proc.pid)
        raise
    if proc.pid not in sway.mapped:
        raise FirstFrameError(f"{argv[0]} exited with {proc.returncode} before showing a window")
    return (sway.mapped[proc.pid] - start) * 1000, proc.pid


DEBUG_STAMP = re.compile(r"\[\s*(\d+)\.(\d+)\]\s+->\s+wl_surface@(\d+)\.(attach\(wl_buffer|commit\(\))")


def committed_start(argv: list[str], env: dict[str, str], timeout: float = 20) -> float:
    """Milliseconds from exec until the program commits its first buffer,
    from libwayland's own log (WAYLAND_DEBUG=1: each request stamped with
    CLOCK_REALTIME in µs, modulo 2^32), for compositors with no IPC that
    says when a window maps. The log slows the client it times."""
    env = private_state(dict(env, WAYLAND_DEBUG="1"))
    start = int(time.time() * 1e6) & 0xFFFFFFFF
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    attached: set[str] = set()
    try:
        for line in proc.stderr:
            match = DEBUG_STAMP.search(line)
            if not match:
                continue
            if match.group(4).startswith("attach"):
                attached.add(match.group(3))
            elif match.group(3) in attached:
                stamp = int(match.group(1)) * 1000 + int(match.group(2))
                return ((stamp - start) % (1 << 32)) / 1000
        raise FirstFrameError(f"{argv[0]} committed no buffer")
    finally:
        stop_pid(proc.pid)


# ---------------------------------------------------------------- the C programs

class CPrograms:
    """The bench's C programs, each built on first use into `folder`:
    c_panel (the lower bound on X11), first_frame (the X11 detector),
    wl_panel (the lower bound on Wayland), and two hellos, a static Swift
    program and the same in C, which print one line and sleep (`--exit`:
    they exit), for the Swift runtime's own cost."""

    def __init__(self, folder: Path):
        self.folder = folder
        self._built: dict[str, Path] = {}

    def _cc(self, name: str, sources: list[str], packages: list[str], extra: list[str] = ()) -> Path:
        if name not in self._built:
            flags = subprocess.run(["pkg-config", "--cflags", "--libs", *packages], capture_output=True, text=True,
                                   check=True).stdout.split() if packages else []
            out = self.folder / name
            subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", str(out), *sources, *flags, *extra], check=True)
            self._built[name] = out
        return self._built[name]

    @property
    def c_panel(self) -> Path:
        return self._cc("c-panel", [str(BENCH / "c-panel.c")], ["x11", "xft", "fontconfig"])

    @property
    def first_frame(self) -> Path:
        return self._cc("first-frame", [str(BENCH / "first-frame.c")], ["x11"])

    @property
    def wl_panel(self) -> Path:
        """wl-panel.c with its xdg-shell glue from Debian's wayland-protocols."""
        if "wl-panel" not in self._built:
            xml = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
            for kind, name in (("client-header", "xdg-shell-client-protocol.h"), ("private-code", "xdg-shell-protocol.c")):
                subprocess.run(["wayland-scanner", kind, xml, str(self.folder / name)], check=True)
        return self._cc("wl-panel", [str(BENCH / "wl-panel.c"), str(self.folder / "xdg-shell-protocol.c")],
                        ["wayland-client", "pixman-1", "freetype2", "harfbuzz", "fontconfig"], ["-I", str(self.folder), "-lm"])

    @property
    def c_hello(self) -> Path:
        source = self.folder / "hello.c"
        source.write_text("#include <string.h>\n#include <unistd.h>\nint main(int c, char **v) { write(1, \"hello\\n\", 6); "
                          "if (c < 2 || strcmp(v[1], \"--exit\")) sleep(30); return 0; }\n")
        return self._cc("hello-c", [str(source)], [])

    @property
    def swift_hello(self) -> Path:
        if "hello-swift" not in self._built:
            # write(2), not print: the runtime's own cost, not that of Swift's printing.
            source = self.folder / "hello.swift"
            source.write_text("#if canImport(Glibc)\nimport Glibc\n#endif\n_ = write(1, \"hello\\n\", 6)\n"
                              "if !CommandLine.arguments.contains(\"--exit\") { sleep(30) }\n")
            swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
            out = self.folder / "hello-swift"
            subprocess.run([swiftc, "-O", "-static-stdlib", "-o", str(out), str(source)], check=True, capture_output=True)
            self._built["hello-swift"] = out
        return self._built["hello-swift"]


def start_hello(argv: list[str]) -> tuple[float, int]:
    """Milliseconds from exec to a hello's line on a pipe, and its pid."""
    start = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdout.readline()
    return (time.monotonic() - start) * 1000, proc.pid


def gtk_python() -> str | None:
    """Debian's python3 when it can import GTK 4 (python3-gi, gir1.2-gtk-4.0)."""
    try:
        done = subprocess.run([SYSTEM_PYTHON, "-c", GTK_PROBE], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return SYSTEM_PYTHON if done.returncode == 0 else None


# ---------------------------------------------------------------- load, medians, tables

class Load:
    """The machine's load average (one minute) before and after a run. A
    goal is judged only when neither is over 1: on two shared cores a busy
    neighbour moves every timing figure."""

    LIMIT = 1.0

    def __init__(self):
        self.before = os.getloadavg()[0]
        self.after: float | None = None
        self.started = time.gmtime()

    def finish(self) -> None:
        self.after = os.getloadavg()[0]

    @property
    def quiet(self) -> bool:
        return self.before <= self.LIMIT and (self.after is None or self.after <= self.LIMIT)

    def line(self) -> str:
        after = "" if self.after is None else f", {self.after:.2f} after"
        return f"{time.strftime('%Y-%m-%d %H:%M UTC', self.started)}, load average {self.before:.2f} before{after}"

    def report(self) -> str:
        """The line every script ends with: when, the load, the machine and the command."""
        if self.after is None:
            self.finish()
        command = " ".join(["python3", os.path.relpath(sys.argv[0], REPO), *sys.argv[1:]])
        return f"\n{self.line()}; {machine()}; `{command}`"


def machine() -> str:
    model = "?"
    with contextlib.suppress(OSError):
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "?")
    return f"{os.cpu_count()} CPUs ({model}), kernel {platform.release()}"


def median(values):
    return statistics.median(values) if values else None


def spread(values: list[float], unit: str = "ms", scale: float = 1.0, digits: int = 1) -> str:
    """"median unit (least–most)", or n/a."""
    if not values:
        return "n/a"
    low, mid, high = (v * scale for v in (min(values), statistics.median(values), max(values)))
    return f"{mid:.{digits}f} {unit} ({low:.{digits}f}–{high:.{digits}f})"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def table(header: list[str], rows: list[list], align: str = "") -> str:
    """A Markdown table; `align` has an l or r for each column (l by default)."""
    rule = ["---:" if align[i:i + 1] == "r" else "---" for i in range(len(header))]
    return "\n".join("| " + " | ".join(str(cell) for cell in row) + " |" for row in [header, rule, *rows])


# ---------------------------------------------------------------- callgrind

def without_debug_info(binary: str) -> str:
    """A copy of `binary` with its symbols but not its DWARF 5 debug
    information, which Debian's valgrind 3.19 cannot read. A build's
    executable is copied beside its configuration's folder (release/..),
    no deeper than it was, where Rewrap finds the same checkout's assets."""
    folder = Path(binary).resolve().parent
    copy = (folder.parent if folder.name in ("release", "debug") else folder) / "without-debug" / os.path.basename(binary)
    copy.parent.mkdir(parents=True, exist_ok=True)
    if Path(binary).read_bytes()[:2] == b"#!":  # the launcher, a script
        shutil.copy(binary, copy)
    else:
        subprocess.run(["strip", "--strip-debug", "-o", str(copy), binary], check=True)
    return str(copy)


_COMPRESSED = re.compile(r"^\((\d+)\)\s*(.*)$")


def callgrind_costs(dump: Path) -> dict[tuple[str, str], int]:
    """Each function's own instructions (self cost, Ir) in a callgrind dump,
    by (object, function). `ob=` and `fn=` name what the cost lines that
    follow belong to; `calls=` is followed by a line of the callee's
    inclusive cost, which is not ours. Names may be compressed to "(id)
    name" at first use and "(id)" later."""
    objects: dict[str, str] = {}
    names: dict[str, str] = {}
    costs: dict[tuple[str, str], int] = defaultdict(int)
    current, function, skip_next = "?", "?", False

    def resolve(table: dict[str, str], value: str) -> str:
        match = _COMPRESSED.match(value)
        if not match:
            return value
        if match.group(2):
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), value)

    for line in dump.read_text(errors="replace").splitlines():
        if skip_next:
            skip_next = False
        elif line.startswith("ob="):
            current = re.sub(r"\.so[.0-9]*$", "", os.path.basename(resolve(objects, line[3:])))
        elif line.startswith("cob="):
            resolve(objects, line[4:])
        elif line.startswith("fn="):
            function = re.sub(r"'\d+$", "", resolve(names, line[3:]))
        elif line.startswith("cfn="):
            resolve(names, line[4:])
        elif line.startswith("calls="):
            skip_next = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            fields = line.split()
            if len(fields) >= 2:
                costs[(current, function)] += int(fields[1])
    return dict(costs)


def callgrind_by_object(dump: Path) -> dict[str, int]:
    """Each object's own instructions in a callgrind dump."""
    totals: dict[str, int] = defaultdict(int)
    for (name, _), cost in callgrind_costs(dump).items():
        totals[name] += cost
    return dict(totals)


# ---------------------------------------------------------------- panels

def many_dropdowns(count: int = 2000) -> dict:
    """A valid panel of `count` dropdowns and no chips."""
    items = [{"id": f"d{i}", "title": f"Item {i}", "options": ["A", "Longer option"], "selected": "A"}
             for i in range(count)]
    return {"title": "Many", "menus": {"heading": f"{count:,} dropdowns", "footer": "Footer", "items": items},
            "chips": {"heading": "Chips", "footer": "Footer", "items": []}}


def shipped_panel() -> dict:
    return json.loads((REPO / "assets" / "panel.json").read_text(encoding="utf-8"))
