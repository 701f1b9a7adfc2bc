#!/usr/bin/env python3
"""Start-up, memory and instructions to the first frame, Rewrap against C and a static Swift hello, on X11 and sway.

    python3 bench/start.py [--rewrap .build/release/rewrap] [--starts 10] [--platforms x11,sway] [--no-cold]

One run, the programs taking turns, on one private Xvfb (black root,
1280x1024x24, 96 dpi) and one private headless sway (wayland.py's):
  * start-up, exec -> the display server has the window mapped with its
    first drawn frame, no debugging on: on X11 the first-frame helper
    (text strokes read back from the server every 0.5 ms), on sway the
    window's "new" event on sway's IPC, which sway sends as it maps the
    surface, at its first commit with a buffer. Rewrap is started through
    its launcher, `rewrap`, as a person starts it, and also its platform's
    executable directly. Median (range) of --starts, warm and cold: warm
    after one start that is not counted; cold after every file the program
    mapped in a warm start (its binary, libraries, font files, fontconfig's
    caches) and Rewrap's assets were dropped from the page cache with
    posix_fadvise(DONTNEED). Pages another process maps stay (libc, and what
    Xvfb or sway share), so "cold" is as cold as an unprivileged bench can
    make it without dropping the whole machine's cache;
  * resident memory (VmRSS) 1 s after each warm start, median;
  * callgrind's instructions from exec to the first frame, by library: the
    count stops as Rewrap's platform finishes its start-up (the call right
    after its first frame is presented) and as the C programs enter
    `bench_first_frame`; the hellos are counted to their exit.
The hellos are built here: a static Swift program (`swiftc -static-stdlib`)
and the same in C, each printing one line and sleeping. Their start-up is
exec -> the line read from their stdout. The Swift runtime's own cost is
the Swift hello's resident memory less the C hello's, and the floor of
rules' memory goal is the C program, plus HarfBuzz with what it brings
where the C program does not shape (X11; read from Rewrap's own smaps),
plus that runtime cost. Prints Markdown tables.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from callgrind import by_object  # noqa: E402
from compare import REPO, Xvfb, become_subreaper, build_helpers, private_state, rss_kb, stop_pid  # noqa: E402
from wayland import Sway, build_wl_panel  # noqa: E402

BENCH = Path(__file__).resolve().parent
GEOMETRY = ["--geometry", "680x420+0+0"]
SHAPING = ("libharfbuzz", "libglib-2.0", "libgraphite2", "libpcre2-8")
# Where each program's count stops: entered once, right after the first frame.
FIRST_FRAME = {"rewrap-x11": "$s9RewrapX110B8PlatformC13finishStartupyyF",
               "rewrap-wayland": "$s13RewrapWayland0B8PlatformC13finishStartupyyF",
               "c": "bench_first_frame"}


def build_hellos(folder: Path) -> dict[str, Path]:
    """A static Swift hello and a C one: one line on stdout, then a sleep
    (`--exit`: none, for callgrind)."""
    # write(2), not print: the runtime's own cost, not that of Swift's printing.
    (folder / "hello.swift").write_text(
        "#if canImport(Glibc)\nimport Glibc\n#endif\n_ = write(1, \"hello\\n\", 6)\n"
        "if !CommandLine.arguments.contains(\"--exit\") { sleep(30) }\n")
    (folder / "hello.c").write_text(
        "#include <stdio.h>\n#include <string.h>\n#include <unistd.h>\n"
        "int main(int c, char **v) { write(1, \"hello\\n\", 6); if (c < 2 || strcmp(v[1], \"--exit\")) sleep(30); return 0; }\n")
    swiftc = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"
    subprocess.run([swiftc, "-O", "-static-stdlib", "-o", str(folder / "hello-swift"), str(folder / "hello.swift")],
                   check=True, capture_output=True)
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-o", str(folder / "hello-c"), str(folder / "hello.c")], check=True)
    return {"swift-hello": folder / "hello-swift", "c-hello": folder / "hello-c"}


def mapped_files(pid: int) -> set[str]:
    try:
        lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
    except OSError:
        return set()
    return {line.split(None, 5)[5] for line in lines if len(line.split(None, 5)) == 6 and line.split(None, 5)[5].startswith("/")
            and not line.split(None, 5)[5].startswith(("/dev/", "/memfd:"))}


def shaping_kb(pid: int) -> int:
    """Rss of HarfBuzz and what it brings, from /proc/PID/smaps."""
    total, counting = 0, False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if fields and "-" in fields[0] and len(fields) >= 5:
            counting = len(fields) == 6 and os.path.basename(fields[5]).startswith(SHAPING)
        elif counting and line.startswith("Rss:"):
            total += int(fields[1])
    return total


def evict(files: set[str]) -> None:
    for name in files:
        try:
            fd = os.open(name, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


class SilentBus:
    """A session bus that accepts connections and never answers, as a hung
    bus does: what the desktop portal's deadline costs a Wayland start."""

    def __init__(self, folder: Path):
        self.address = f"unix:path={folder / 'silent-bus'}"
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(folder / "silent-bus"))
        self.server.listen(64)
        self.held: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            self.held.append(self.server.accept()[0])


class Program:
    """One program on one platform: how it starts, and what it measured."""

    def __init__(self, name: str, argv: list[str], env: dict[str, str], extra_files: set[str] = frozenset()):
        self.name, self.argv, self.env = name, argv, env
        self.files = set(extra_files) | {os.path.realpath(argv[0])}
        self.warm: list[float] = []
        self.cold: list[float] = []
        self.rss: list[int] = []
        self.shaping: list[int] = []
        self.instructions: dict[str, int] = {}


def start_x11(program: Program, first_frame: Path, display: str) -> tuple[float, int]:
    env = private_state(dict(os.environ, **program.env, DISPLAY=display))
    env.pop("WAYLAND_DISPLAY", None)
    done = subprocess.run([str(first_frame), "--timeout", "20", "--", *program.argv], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(f"{program.name}: first-frame exited {done.returncode}")
    ms, pid = done.stdout.split()
    return float(ms), int(pid)


def start_sway(program: Program, sway: Sway) -> tuple[float, int]:
    env = private_state(dict(os.environ, **sway.client_env, **program.env))
    env.pop("DISPLAY", None)
    start = time.monotonic()
    proc = subprocess.Popen(program.argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.pid not in sway.mapped:
        if time.monotonic() - start > 20 or proc.poll() is not None:
            stop_pid(proc.pid)
            raise RuntimeError(f"{program.name} showed no window on sway")
        time.sleep(0.0002)
    return (sway.mapped[proc.pid] - start) * 1000, proc.pid


def start_hello(program: Program) -> tuple[float, int]:
    start = time.monotonic()
    proc = subprocess.Popen(program.argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    proc.stdout.readline()
    return (time.monotonic() - start) * 1000, proc.pid


def measure(programs: list[Program], start, starts: int, cold: bool) -> None:
    for round_ in range(starts + 1):
        for program in programs:
            ms, pid = start(program)
            time.sleep(1)
            program.files |= mapped_files(pid)
            if round_ > 0:  # the first start fills the page cache
                program.warm.append(ms)
                program.rss.append(rss_kb(pid) or 0)
                program.shaping.append(shaping_kb(pid))
            stop_pid(pid)
        if cold and round_ > 0:
            for program in programs:
                evict(program.files)
                ms, pid = start(program)
                program.cold.append(ms)
                stop_pid(pid)


def without_debug_info(binary: str, into: Path = REPO / ".build" / "bench") -> str:
    """A copy of `binary` with its symbols but not its DWARF 5 debug
    information, which Debian's valgrind 3.19 cannot read ("unhandled dwarf2
    abbrev form code 0x25", then it gives up). It stays inside the checkout
    (in .build/bench), where Rewrap finds its assets as the original does."""
    copy = into / os.path.basename(binary)
    copy.parent.mkdir(parents=True, exist_ok=True)
    if Path(binary).read_bytes()[:2] == b"#!":  # the launcher, a script: nothing to strip
        shutil.copy(binary, copy)
    else:
        subprocess.run(["strip", "--strip-debug", "-o", str(copy), binary], check=True)
    return str(copy)


def count(program: Program, env: dict[str, str], folder: Path, stop_at: str | None, into: Path | None = None) -> None:
    """Callgrind's instructions by object, to the first frame (`stop_at`) or the exit."""
    out = folder / f"callgrind.{program.name}"
    for old in folder.glob(f"callgrind.{program.name}*"):
        old.unlink()
    argv = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}.%p"]
    argv += [f"--dump-before={stop_at}"] if stop_at else []
    full = private_state(dict(os.environ, **env))
    proc = subprocess.Popen(argv + [without_debug_info(program.argv[0], *([into] if into else [])), *program.argv[1:]], env=full,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # A window stays open: it is stopped once its count to the first frame is written.
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if stop_at and any(folder.glob(f"callgrind.{program.name}.*.1")):
            time.sleep(0.5)  # the dump is written whole before the function runs on
            break
        time.sleep(0.1)
    stop_pid(proc.pid)
    dumps = sorted(folder.glob(f"callgrind.{program.name}.*"))
    first = [d for d in dumps if d.name.endswith(".1")] if stop_at else dumps
    if first:
        program.instructions = by_object(first[0])


def count_launched(launched: Program, direct: Program, env: dict[str, str], folder: Path) -> None:
    """The launcher's instructions to its exec (`execve`, in a folder of its
    own beside a stand-in for the platform's executable, so it takes the
    path it takes in a start), added to its platform's executable's."""
    alone = folder / "launcher-alone"
    alone.mkdir(exist_ok=True)
    shutil.copy("/bin/true", alone / direct.name)
    launcher = Program("launcher", launched.argv, {})
    count(launcher, env, folder, "execve", into=alone)
    if launcher.instructions and direct.instructions:
        launched.instructions = {name: direct.instructions.get(name, 0) + launcher.instructions.get(name, 0)
                                 for name in set(direct.instructions) | set(launcher.instructions)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(REPO / ".build/release/rewrap"))
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--platforms", default="x11,sway")
    parser.add_argument("--no-cold", dest="cold", action="store_false")
    parser.add_argument("--no-callgrind", dest="callgrind", action="store_false")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    become_subreaper()
    folder = Path(tempfile.mkdtemp(prefix="rewrap-start-bench-"))
    os.chmod(folder, 0o755)
    launcher = Path(args.rewrap).resolve()
    assets = {str(p) for p in (REPO / "assets").rglob("*") if p.is_file()}
    helpers, hellos = build_helpers(folder), build_hellos(folder)
    load = os.getloadavg()[0]
    tables = {}
    try:
        hello = [Program(name, [str(path)], {}) for name, path in hellos.items()]
        measure(hello, start_hello, args.starts, args.cold)
        if args.callgrind:
            for program in hello:
                program.argv.append("--exit")
                count(program, {}, folder, None)
        if "x11" in args.platforms:
            xvfb = Xvfb(folder / "xvfb.log")
            try:
                x11 = [Program("rewrap", [str(launcher), "--platform", "x11", *GEOMETRY], {}, assets | {str(launcher.parent / "rewrap-x11")}),
                       Program("rewrap-x11", [str(launcher.parent / "rewrap-x11"), *GEOMETRY], {}, assets),
                       Program("c", [str(helpers["c-panel"])], {})]
                measure(x11, lambda p: start_x11(p, helpers["first-frame"], xvfb.display), args.starts, args.cold)
                if args.callgrind:
                    for program in x11[1:]:
                        count(program, {"DISPLAY": xvfb.display}, folder, FIRST_FRAME[program.name])
                    count_launched(x11[0], x11[1], {"DISPLAY": xvfb.display}, folder)
            finally:
                xvfb.stop()
            tables["X11 (Xvfb)"] = x11
        if "sway" in args.platforms:
            sway = Sway(folder)
            try:
                wl_panel = build_wl_panel(folder)
                native = [Program("rewrap", [str(launcher), *GEOMETRY], {}, assets | {str(launcher.parent / "rewrap-wayland")}),
                          Program("rewrap-wayland", [str(launcher.parent / "rewrap-wayland"), *GEOMETRY], {}, assets),
                          Program("c", [str(wl_panel)], {})]
                hung = Program("rewrap, a bus that never answers", native[0].argv,
                               {"DBUS_SESSION_BUS_ADDRESS": SilentBus(folder).address}, native[0].files)
                measure(native + [hung], lambda p: start_sway(p, sway), args.starts, args.cold)
                if args.callgrind:
                    for program in native[1:]:
                        count(program, sway.client_env, folder, FIRST_FRAME[program.name])
                    count_launched(native[0], native[1], sway.client_env, folder)
            finally:
                sway.stop()
            tables["Wayland (headless sway)"] = native + [hung]
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {load:.2f} before the run, "
          f"{os.getloadavg()[0]:.2f} after; {args.starts} starts each, in turns\n")
    for title, programs in tables.items():
        print_table(title, programs, hello)
    return 0


def spread(values: list[float]) -> str:
    if not values:
        return "n/a"
    return f"{statistics.median(values):.1f} ms ({min(values):.1f}–{max(values):.1f})"


def millions(program: Program) -> str:
    return f"{sum(program.instructions.values()) / 1e6:.1f} M" if program.instructions else "n/a"


def print_table(title: str, programs: list[Program], hello: list[Program]) -> None:
    launched, direct, c = programs[:3]
    everyone = programs + hello
    print(f"### {title}\n")
    print("| | " + " | ".join(p.name for p in everyone) + " | rewrap/c |")
    print("|---|" + "---:|" * (len(everyone) + 1))
    for label, key in (("start-up, warm", "warm"), ("start-up, cold", "cold")):
        ratio = (f"{statistics.median(getattr(launched, key)) / statistics.median(getattr(c, key)):.2f}×"
                 if getattr(c, key) and getattr(launched, key) else "n/a")
        print(f"| {label} | " + " | ".join(spread(getattr(p, key)) for p in everyone) + f" | {ratio} |")
    rss = {p.name: statistics.median(p.rss) for p in everyone}
    print("| resident 1 s later | " + " | ".join(f"{rss[p.name] / 1024:.1f} MB" for p in everyone)
          + f" | {rss['rewrap'] / rss['c']:.2f}× |")
    print("| instructions to the first frame | " + " | ".join(millions(p) for p in everyone) + " | |")
    runtime = rss["swift-hello"] - rss["c-hello"]
    shaping = 0 if statistics.median(c.shaping) else statistics.median(launched.shaping)
    floor = rss["c"] + runtime + shaping
    print(f"\nMemory floor: c {rss['c']:.0f} kB + HarfBuzz and what it brings {shaping:.0f} kB + the Swift runtime "
          f"{runtime:.0f} kB (swift-hello less c-hello) = {floor:.0f} kB; rewrap {rss['rewrap']:.0f} kB is "
          f"{rss['rewrap'] / floor:.2f}× the floor (goal ≤ 1.15×).\n")
    counted = [p for p in everyone if p.instructions]
    if counted:
        objects = sorted({o for p in counted for o in p.instructions}, key=lambda o: -max(p.instructions.get(o, 0) for p in counted))
        print("Instructions to the first frame by object, millions:\n")
        print("| object | " + " | ".join(p.name for p in counted) + " |")
        print("|---|" + "---:|" * len(counted))
        for name in objects:
            if max(p.instructions.get(name, 0) for p in counted) >= 50_000:
                print(f"| {name} | " + " | ".join(f"{p.instructions.get(name, 0) / 1e6:.2f}" for p in counted) + " |")
        print()


if __name__ == "__main__":
    sys.exit(main())
