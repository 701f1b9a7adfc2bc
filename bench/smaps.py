#!/usr/bin/env python3
"""Where resident memory goes: Rss by library and by part of the binary.

    python3 bench/smaps.py [--rewrap .build/release/rewrap] [--starts 3]

Starts Rewrap, the C lower bound (c-panel.c) and Tk's wish (tk-panel.tcl)
on one private Xvfb, and Rewrap and the C Wayland panel (wl-panel.c) on
one private headless sway (wayland.py's), each --starts times
in turns. One second after its window appears, it reads /proc/PID/smaps and
sums Rss by mapping: the program's own file by permission (code r-x,
read-only data r--, written data rw-), each shared library, the heap and
anonymous memory, the stack, shared memory (Wayland's wl_shm buffers), and
mapped files (font files, fontconfig's caches). Prints the median of each part in kB, parts under 64 kB in every
program summed as "other", as a Markdown table for each platform.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import REPO, Xvfb, become_subreaper, build_helpers, stop_pid  # noqa: E402

BENCH = Path(__file__).resolve().parent
HEADER = re.compile(r"^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \d+\s*(.*)$")


def parts(pid: int) -> dict[str, int]:
    """Rss in kB by part, from /proc/PID/smaps."""
    exe = os.path.realpath(f"/proc/{pid}/exe")
    result: dict[str, int] = defaultdict(int)
    key = "?"
    with open(f"/proc/{pid}/smaps") as smaps:
        for line in smaps:
            header = HEADER.match(line)
            if header:
                perms, path = header.groups()
                if path == exe:
                    kind = {"r-x": "code", "r--": "read-only data", "rw-": "written data"}.get(perms[:3], perms)
                    key = f"{os.path.basename(exe)}: {kind}"
                elif ".so" in path:
                    key = re.sub(r"\.so.*", "", os.path.basename(path))
                elif path in ("", "[heap]"):
                    key = "heap and anonymous"
                elif path.startswith("["):
                    key = path
                elif path.startswith("/memfd:") or path.startswith("/dev/shm/"):
                    key = "shared buffers (memfd, wl_shm)"
                else:
                    key = "mapped files (fonts, caches)"
            elif line.startswith("Rss:"):
                result[key] += int(line.split()[1])
    return dict(result)


def settle(pid: int, shown, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not shown():
        if time.monotonic() > deadline:
            raise RuntimeError(f"pid {pid} showed no window")
        time.sleep(0.02)
    time.sleep(1.0)


def x11_readings(programs: dict[str, list[str]], starts: int, folder: Path) -> dict[str, list[dict[str, int]]]:
    titles = {"rewrap": "^Rewrap$", "c-panel": "^c-panel$", "wish": "^tk-panel$"}
    xvfb = Xvfb(folder / "xvfb.log")
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "REWRAP_PLATFORM")}
    env.update(DISPLAY=xvfb.display, XDG_RUNTIME_DIR=str(folder))
    readings: dict[str, list[dict[str, int]]] = {name: [] for name in programs}
    try:
        for _ in range(starts):
            for name, command in programs.items():
                app = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    # By title: wish sets no _NET_WM_PID.
                    settle(app.pid, lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", titles[name]],
                                                           env=env, capture_output=True).returncode == 0)
                    readings[name].append(parts(app.pid))
                finally:
                    stop_pid(app.pid)
    finally:
        xvfb.stop()
    return readings


def wayland_readings(programs: dict[str, list[str]], starts: int, folder: Path) -> dict[str, list[dict[str, int]]]:
    from wayland import Sway  # noqa: E402
    sway = Sway(folder)
    env = dict(os.environ, **sway.client_env)
    env.pop("DISPLAY", None)
    readings: dict[str, list[dict[str, int]]] = {name: [] for name in programs}
    try:
        for _ in range(starts):
            for name, command in programs.items():
                app = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                try:
                    settle(app.pid, lambda: app.pid in sway.mapped)
                    readings[name].append(parts(app.pid))
                finally:
                    stop_pid(app.pid)
    finally:
        sway.stop()
    return readings


def table(title: str, readings: dict[str, list[dict[str, int]]]) -> str:
    names = list(readings)
    keys = {key for runs in readings.values() for run in runs for key in run}
    median = {name: {key: statistics.median(run.get(key, 0) for run in runs) for key in keys}
              for name, runs in readings.items()}
    big = sorted((key for key in keys if any(median[name][key] >= 64 for name in names)),
                 key=lambda key: -max(median[name][key] for name in names))
    lines = [f"#### {title}", "", "| part (Rss, kB) | " + " | ".join(names) + " |",
             "|---|" + "---:|" * len(names)]
    for key in big:
        lines.append(f"| {key} | " + " | ".join(f"{median[name][key]:.0f}" for name in names) + " |")
    other = {name: sum(value for key, value in median[name].items() if key not in big) for name in names}
    lines.append("| other | " + " | ".join(f"{other[name]:.0f}" for name in names) + " |")
    totals = {name: statistics.median(sum(run.values()) for run in runs) for name, runs in readings.items()}
    lines.append("| **total (VmRSS)** | " + " | ".join(f"**{totals[name]:.0f}**" for name in names) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(REPO / ".build/release/rewrap"))
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--no-wayland", action="store_true")
    args = parser.parse_args()
    become_subreaper()
    folder = Path(tempfile.mkdtemp(prefix="rewrap-smaps-"))
    os.chmod(folder, 0o755)
    helpers = build_helpers(folder)
    if not args.no_wayland:
        from wayland import build_wl_panel  # noqa: E402
        helpers["wl-panel"] = build_wl_panel(folder)
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.2f}, "
          f"median of {args.starts} starts, 1 s after the window appears\n")
    x11 = {"rewrap": [args.rewrap, "--geometry", "680x420+0+0"], "c-panel": [str(helpers["c-panel"])],
           "wish": ["wish", str(BENCH / "tk-panel.tcl")]}
    print(table("X11 (Xvfb)", x11_readings(x11, args.starts, folder)))
    if not args.no_wayland:
        wayland = {"rewrap": [args.rewrap]}
        if "wl-panel" in helpers:
            wayland["wl-panel"] = [str(helpers["wl-panel"])]
        print()
        print(table("Wayland (headless sway)", wayland_readings(wayland, args.starts, folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
