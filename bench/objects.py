#!/usr/bin/env python3
"""Where start-up, memory and a storm go, object by object: what stands between Rewrap and its goals.

    python3 bench/objects.py [--rewrap .build/release/rewrap] [--starts 3] [--platforms x11,sway]
                             [--no-callgrind] [--no-smaps] [--storm [--resizes 50] [--before OTHER/rewrap]]

On one private Xvfb and one private headless sway:
  * instructions from exec to the first frame, by object (callgrind, Ir
    self cost summed by library): the count stops as Rewrap's platform
    enters `finishStartup` (the first call after its first frame is
    presented) and as the C programs enter `bench_first_frame` (called
    once, after their first frame is sent); the hellos count to their exit.
    Rewrap's platform executables are run directly: the launcher execs them
    and is gone. Instruction counts do not depend on the machine's load, so
    levers are chosen by them;
  * resident memory by mapping, 1 s after the window appears, median of
    --starts in turns: the executable's code, read-only and written data,
    each library, heap, shared buffers (wl_shm) and mapped files, for
    Rewrap, the C program and Tk (X11);
  * with --storm, instead: the instructions of --resizes size changes of
    the storm's widths, each given time to settle (the program idle for
    0.2 s) so that every one is laid out and drawn, counted by callgrind
    from the first to the last (callgrind_control zeroes and dumps) and
    summed by object and by function, for Rewrap, the C program and
    --before, an older build (its launcher, or its one binary from before
    the platforms' split) measured the same way.
Prints Markdown tables; parts under 64 kB in every program are summed as
"other".
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import harness
from harness import BENCH, Sway, Xvfb

GEOMETRY = ["--geometry", "680x420+0+0"]
# Where each program's count stops: entered once, right after the first frame.
FIRST_FRAME = {"rewrap-x11": "$s9RewrapX110B8PlatformC13finishStartupyyF",
               "rewrap-wayland": "$s13RewrapWayland0B8PlatformC13finishStartupyyF",
               "c-panel": "bench_first_frame", "wl-panel": "bench_first_frame"}


def count(name: str, argv: list[str], env: dict[str, str], folder: Path) -> dict[str, int]:
    """Callgrind's instructions by object, to the first frame or the exit."""
    stop_at = FIRST_FRAME.get(name)
    out = folder / f"callgrind.{name}"
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}.%p",
               *([f"--dump-before={stop_at}"] if stop_at else []), harness.without_debug_info(argv[0]), *argv[1:]]
    proc = subprocess.Popen(command, env=harness.private_state(env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dumped = lambda: sorted(folder.glob(f"callgrind.{name}.*.1")) if stop_at else None  # noqa: E731
    try:
        harness.wait_for(lambda: proc.poll() is not None or dumped(), timeout=180, what=f"{name}'s count", every=0.1)
        if stop_at:
            time.sleep(0.5)  # the dump is written whole before the function runs on
    finally:
        harness.stop_pid(proc.pid)
    dumps = dumped() if stop_at else sorted(folder.glob(f"callgrind.{name}.*"))
    return harness.callgrind_by_object(dumps[0]) if dumps else {}


def storm_count(name: str, argv: list[str], env: dict[str, str], window, resize, widths: list[int],
                folder: Path) -> dict[tuple[str, str], int]:
    """Callgrind's instructions by (object, function) for one resize to
    each of `widths`, each left to settle."""
    out = folder / f"storm.{name.replace(' ', '-')}"
    proc = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}.%p",
                             harness.without_debug_info(argv[0]), *argv[1:]], env=harness.private_state(env),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # Its window, then quiet: the start's drawing is not the storm's.
        target = window(proc.pid)
        harness.wait_idle(proc.pid, quiet=1.0)
        subprocess.run(["callgrind_control", "--zero", str(proc.pid)], capture_output=True, check=True)
        for width in widths:
            resize(target, width)
            harness.wait_idle(proc.pid, quiet=0.2)
        subprocess.run(["callgrind_control", "--dump", str(proc.pid)], capture_output=True, check=True)
        dump = harness.wait_for(lambda: sorted(folder.glob(f"{out.name}.{proc.pid}.1")), timeout=30, what="the dump")[0]
        time.sleep(0.5)  # written whole before the program runs on
        return harness.callgrind_costs(dump)
    finally:
        harness.stop_pid(proc.pid)


def storm_tables(counts: dict[str, dict[tuple[str, str], int]], resizes: int) -> list[str]:
    """By object for every program; then Rewrap's dearest functions, the
    builds' executables as one object, with how far the builds differ."""
    by_object = {name: {} for name in counts}
    for name, costs in counts.items():
        for (obj, _), cost in costs.items():
            by_object[name][obj] = by_object[name].get(obj, 0) + cost
    lines = [instructions_table(by_object).replace("M instructions", f"M instructions, {resizes} resizes"), ""]
    rewraps = [name for name in counts if name.startswith("rewrap")]
    merged = {name: {} for name in rewraps}
    for name in rewraps:
        for (obj, function), cost in counts[name].items():
            key = ("the executable" if obj.startswith("rewrap") else obj, function)
            merged[name][key] = merged[name].get(key, 0) + cost

    def weight(key):
        values = [merged[name].get(key, 0) for name in rewraps]
        return -(max(values) if len(values) == 1 else max(values) + abs(values[0] - values[-1]))
    functions = sorted({key for name in rewraps for key in merged[name]}, key=weight)[:30]
    rows = [[f"{obj}: `{function[:90]}`", *(f"{merged[name].get((obj, function), 0) / resizes / 1e3:.1f}" for name in rewraps)]
            for obj, function in functions]
    return lines + [harness.table(["function (self, thousand instructions a resize)", *rewraps], rows,
                                  "l" + "r" * len(rewraps)), ""]


def instructions_table(counts: dict[str, dict[str, int]]) -> str:
    names = [name for name in counts if counts[name]]
    objects = sorted({o for name in names for o in counts[name]}, key=lambda o: -max(counts[n].get(o, 0) for n in names))
    rows = [["**total**", *(f"**{sum(counts[n].values()) / 1e6:.2f}**" for n in names)]]
    rows += [[o, *(f"{counts[n].get(o, 0) / 1e6:.2f}" for n in names)] for o in objects
             if max(counts[n].get(o, 0) for n in names) >= 50_000]
    return harness.table(["object (M instructions)", *names], rows, "l" + "r" * len(names))


def mapping_table(readings: dict[str, list[dict[str, int]]]) -> str:
    names = list(readings)
    keys = {key for runs in readings.values() for run in runs for key in run}
    median = {name: {key: statistics.median(run.get(key, 0) for run in runs) for key in keys}
              for name, runs in readings.items()}
    big = sorted((key for key in keys if any(median[name][key] >= 64 for name in names)),
                 key=lambda key: -max(median[name][key] for name in names))
    rows = [[key, *(f"{median[name][key]:.0f}" for name in names)] for key in big]
    rows.append(["other", *(f"{sum(v for k, v in median[name].items() if k not in big):.0f}" for name in names)])
    rows.append(["**total (VmRSS)**", *(f"**{statistics.median(sum(run.values()) for run in readings[name]):.0f}**"
                                        for name in names)])
    return harness.table(["part (Rss, kB)", *names], rows, "l" + "r" * len(names))


def readings(start, programs: dict[str, list[str]], starts: int) -> dict[str, list[dict[str, int]]]:
    found: dict[str, list[dict[str, int]]] = {name: [] for name in programs}
    for _ in range(starts):
        for name, argv in programs.items():
            _, pid = start(argv)
            try:
                time.sleep(1)
                found[name].append(harness.rss_by_mapping(pid))
            finally:
                harness.stop_pid(pid)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(harness.REWRAP))
    parser.add_argument("--starts", type=int, default=3)
    parser.add_argument("--platforms", default="x11,sway")
    parser.add_argument("--no-callgrind", dest="callgrind", action="store_false")
    parser.add_argument("--no-smaps", dest="smaps", action="store_false")
    parser.add_argument("--storm", action="store_true", help="count a storm's instructions instead")
    parser.add_argument("--resizes", type=int, default=50)
    parser.add_argument("--before", help="an older build's launcher (or its one binary) to count the storm of too")
    args = parser.parse_args()
    built = Path(os.path.abspath(args.rewrap)).parent
    if args.storm:
        return storm(args, built)
    load = harness.Load()
    output = []
    with harness.run("objects") as folder:
        c = harness.CPrograms(folder)
        if args.callgrind:
            hellos = {"swift-hello": count("swift-hello", [str(c.swift_hello), "--exit"], {}, folder),
                      "c-hello": count("c-hello", [str(c.c_hello), "--exit"], {}, folder)}
        if "x11" in args.platforms:
            with Xvfb(folder) as xvfb:
                if args.callgrind:
                    counts = {"rewrap-x11": count("rewrap-x11", [str(built / "rewrap-x11"), *GEOMETRY], xvfb.env(), folder),
                              "c-panel": count("c-panel", [str(c.c_panel)], xvfb.env(), folder), **hellos}
                    output += ["### Instructions to the first frame on X11 (Xvfb)", "", instructions_table(counts), ""]
                if args.smaps:
                    start = lambda argv: harness.first_frame_x11(c.first_frame, xvfb.env(), argv, kill=False)  # noqa: E731
                    found = readings(start, {"rewrap-x11": [str(built / "rewrap-x11"), *GEOMETRY],
                                             "c-panel": [str(c.c_panel)], "tk": ["wish", str(BENCH / "tk-panel.tcl")]},
                                     args.starts)
                    output += [f"### Resident memory by mapping on X11 (Xvfb), median of {args.starts}", "",
                               mapping_table(found), ""]
        if "sway" in args.platforms:
            with Sway(folder) as sway:
                if args.callgrind:
                    counts = {"rewrap-wayland": count("rewrap-wayland", [str(built / "rewrap-wayland"), *GEOMETRY],
                                                      sway.env(), folder),
                              "wl-panel": count("wl-panel", [str(c.wl_panel)], sway.env(), folder), **hellos}
                    output += ["### Instructions to the first frame on sway", "", instructions_table(counts), ""]
                if args.smaps:
                    start = lambda argv: harness.first_frame_sway(sway, argv)  # noqa: E731
                    found = readings(start, {"rewrap-wayland": [str(built / "rewrap-wayland"), *GEOMETRY],
                                             "wl-panel": [str(c.wl_panel)]}, args.starts)
                    output += [f"### Resident memory by mapping on sway, median of {args.starts}", "",
                               mapping_table(found), ""]
    print("\n".join(output))
    print(load.report())
    return 0


def executable(launcher: Path, platform: str) -> list[str]:
    """A build's executable for `platform`: beside its launcher since the
    platforms' split, else its one binary, told which platform to open."""
    split = launcher.parent / f"rewrap-{platform}"
    return [str(split)] if split.exists() else [str(launcher), "--platform", platform]


def storm(args, built: Path) -> int:
    load = harness.Load()
    widths = harness.storm_widths()[:args.resizes]
    output = []
    builds = {"rewrap": built / "rewrap"}
    if args.before:
        builds["rewrap, before"] = Path(os.path.abspath(args.before))
    with harness.run("objects") as folder:
        c = harness.CPrograms(folder)
        if "x11" in args.platforms:
            with Xvfb(folder) as xvfb:
                resize = lambda window, width: xvfb.xdotool("windowsize", window, width, harness.STORM_HEIGHT)  # noqa: E731
                counts = {name: storm_count(name, executable(path, "x11") + GEOMETRY, xvfb.env(),
                                            lambda pid: xvfb.window_of(pid, timeout=120), resize, widths, folder)
                          for name, path in builds.items()}
                counts["c-panel"] = storm_count("c-panel", [str(c.c_panel)], xvfb.env(),
                                                lambda pid: xvfb.window_of(title="c-panel", timeout=120), resize, widths,
                                                folder)
                output += ["### A storm's instructions on X11 (Xvfb)", "", *storm_tables(counts, len(widths))]
        if "sway" in args.platforms:
            with Sway(folder) as sway:
                resize = lambda pid, width: sway.resize(pid, width, harness.STORM_HEIGHT)  # noqa: E731
                mapped = lambda pid: harness.wait_for(lambda: pid in sway.mapped and pid, timeout=120,  # noqa: E731
                                                      what="a window on sway")
                counts = {name: storm_count(name, executable(path, "wayland") + GEOMETRY, sway.env(), mapped,
                                            resize, widths, folder) for name, path in builds.items()}
                counts["wl-panel"] = storm_count("wl-panel", [str(c.wl_panel)], sway.env(), mapped, resize, widths,
                                                 folder)
                output += ["### A storm's instructions on sway", "", *storm_tables(counts, len(widths))]
    print("\n".join(output))
    print(load.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
