#!/usr/bin/env python3
"""Edits of the panel file while the window runs (issue 41, rules §12.4):
how long a save takes to show, and a storm of rewrites. Each save renames
a new file over the panel, as editors do, changing Shape's title. The
figures: the median from a save to the first traced frame with its label;
during a storm of 1,000 rewrites in 2 s, how many reloads (distinct labels
traced) against frames drawn; the CPU Rewrap uses in the 2 s after the
storm, once it has settled; and on a panel of 2,000 dropdowns, the frame
intervals of a move that a second save interrupts.

Usage:
    python3 bench/edits.py [--rewrap .build/release/rewrap] [--saves 20] [--storm 1000]
"""
import json
import os
import statistics
import subprocess
import sys
import time

import harness
from harness import cpu_ticks, records, wait_for


def many_dropdowns(rewrap, env, workdir):
    """A panel of 2,000 dropdowns: a save widens the first, so every other
    one moves, and a second save lands 0.1 s into that move. Returns the CPU
    of each loop pass that drew a frame of the moves, in ms, from
    --frame-log: a trace of 2,000 nodes a frame would cost more than the
    frames themselves."""
    panel = harness.many_dropdowns()
    items = panel["menus"]["items"]
    path = os.path.join(workdir, "many.json")
    log_path = os.path.join(workdir, "many.log")

    def save(title):
        items[0]["title"] = title
        with open(path + ".new", "w", encoding="utf-8") as new:
            json.dump(panel, new)
        os.rename(path + ".new", path)

    def log():
        try:
            with open(log_path, encoding="utf-8") as lines:
                return [line.split() for line in lines if line.endswith("\n")]
        except FileNotFoundError:
            return []

    save("Item 0")
    app = subprocess.Popen([rewrap, "--geometry", "680x420+0+0", "--panel", path, "--frame-log", log_path], env=env)
    try:
        wait_for(log, timeout=30)
        time.sleep(1)
        before = len(log())
        save("A much longer first item")
        wait_for(lambda: any(line[1] == "true" for line in log()[before:]), timeout=10)
        time.sleep(0.1)
        save("A first item longer still, saved mid-move")
        time.sleep(1.5)
        moved = [float(line[0]) * 1000 for line in log()[before:] if line[1] == "true"]
    finally:
        harness.stop_process(app)
    return moved


def edits(args, panel, xvfb, workdir):
    path = os.path.join(workdir, "panel.json")
    trace_path = os.path.join(workdir, "trace.jsonl")

    def save(title):
        panel["menus"]["items"][0]["title"] = title
        with open(path + ".new", "w", encoding="utf-8") as new:
            json.dump(panel, new)
        os.rename(path + ".new", path)

    save("Shape")
    env = harness.private_state(xvfb.env())
    app = subprocess.Popen([args.rewrap, "--geometry", "680x420+0+0", "--panel", path, "--trace", trace_path], env=env)
    shown = []
    try:
        wait_for(lambda: records(trace_path))

        def label():
            nodes = records(trace_path)[-1]["nodes"]
            return harness.node({"nodes": nodes}, "shape")["text"]

        for index in range(args.saves):
            title = f"Shape {index}" if index % 2 else f"A longer shape title {index}"
            saved = time.monotonic()
            save(title)
            wait_for(lambda: label().startswith(title + ":"), timeout=5)
            shown.append((time.monotonic() - saved) * 1000)
            time.sleep(0.4)

        before = len(records(trace_path))
        start = time.monotonic()
        for index in range(args.storm):
            save(f"Storm {index}")
            time.sleep(max(0, start + 2 * (index + 1) / args.storm - time.monotonic()))
        wait_for(lambda: label() == f"Storm {args.storm - 1}: Circle", timeout=5)
        time.sleep(1)
        storm = records(trace_path)[before:]
        reloads = len({harness.node(f, "shape")["text"] for f in storm})
        ticks = cpu_ticks(app.pid)
        time.sleep(2)
        idle = cpu_ticks(app.pid) - ticks
    finally:
        harness.stop_process(app)
    gaps = many_dropdowns(args.rewrap, env, workdir)
    hertz = os.sysconf("SC_CLK_TCK")
    print("## Edits of the panel file (bench/edits.py)\n")
    print("| figure | value |")
    print("|---|---:|")
    print(f"| save → first frame with the new label, median of {len(shown)} | {statistics.median(shown):.0f} ms "
          f"({min(shown):.0f}–{max(shown):.0f}) |")
    print(f"| storm: rewrites in 2 s | {args.storm} |")
    print(f"| storm: reloads (distinct labels traced) | {reloads} |")
    print(f"| storm: frames drawn | {len(storm)} |")
    print(f"| CPU in the 2 s after the storm settled | {idle * 1000 / hertz:.0f} ms |")
    print(f"| 2,000 dropdowns, a save during a move: CPU per drawn frame, median and most, of {len(gaps)} | "
          f"{statistics.median(gaps):.1f} ms, {max(gaps):.1f} ms |")
    if reloads > len(storm):
        print("more reloads than frames drawn", file=sys.stderr)
        return 1
    return 0


def main() -> int:
    panel = harness.shipped_panel()
    return harness.main_on_xvfb("edits", __doc__, {"--saves": 20, "--storm": 1000},
                                lambda args, xvfb, folder: edits(args, panel, xvfb, folder))


if __name__ == "__main__":
    sys.exit(main())
