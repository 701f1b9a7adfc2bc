#!/usr/bin/env python3
"""Extreme but valid panels: 2,000 dropdowns, and one 3,000-character label.

For each, moves the pointer 200 times across the panel at rest and reports
the CPU Rewrap spent on it (hit testing, and a redraw when the hovered
control changes); then resizes the window ten times and reports how long
each resize takes to reach the screen (from the resize request to the
--frame-log line of a frame at the new size, xdotool's own start-up
included) and the CPU that frame cost: handling the event, laying out,
painting and copying.

    python3 bench/extreme.py [--rewrap .build/release/rewrap]
"""
import argparse
import json
import os
import subprocess
import sys
import time

import harness
from harness import percentile, wait_for


def long_label():
    panel = harness.shipped_panel()
    label = ("Very long option " * 177)[:3000]
    item = panel["menus"]["items"][2]
    item["options"][1] = label
    item["selected"] = label
    return panel


def pointer_cpu(pid, env):
    """CPU for 200 pointer moves zigzagging between two rows of dropdowns,
    so that on the 2,000-dropdown panel the hovered control changes at
    nearly every move; counted until the process has been idle for 0.3 s."""
    moves = "".join(f"mousemove {60 + 3 * i} {104 if i % 2 else 141}\n" for i in range(200))
    return harness.cpu_over(pid, lambda: subprocess.run(["xdotool", "-"], input=moves, text=True, env=env, check=True,
                                                        timeout=30))


def measure(rewrap, name, panel):
    with harness.run("extreme") as work, harness.Xvfb(work) as xvfb:
        panel_path = os.path.join(work, "panel.json")
        with open(panel_path, "w") as out:
            json.dump(panel, out)
        log = os.path.join(work, "frames.log")
        env = xvfb.env()
        app = subprocess.Popen([rewrap, "--panel", panel_path, "--geometry", "680x420+0+0", "--frame-log", log],
                               env=harness.private_state(env))

        def logged():
            if not os.path.exists(log):
                return []
            with open(log) as lines:
                return [line.split() for line in lines if line.strip()]

        latencies, costs = [], []
        try:
            wait_for(logged)
            window = xvfb.window_of(app.pid)
            pointer = pointer_cpu(app.pid, env)
            for width in [900, 500, 1100, 340, 760, 420, 1000, 600, 820, 380]:
                count = len(logged())
                size = f"{width}x420"
                start = time.monotonic()
                subprocess.run(["xdotool", "windowsize", window, str(width), "420"], env=env, check=True)
                line = wait_for(lambda: next((l for l in logged()[count:] if l[2] == size), None), timeout=20)
                latencies.append((time.monotonic() - start) * 1000)
                costs.append(float(line[0]) * 1000)
        finally:
            harness.stop_process(app)
    print(f"| {name} | {percentile(latencies, 0.5):.1f} ms | {max(latencies):.1f} ms | "
          f"{percentile(costs, 0.5):.1f} ms | {max(costs):.1f} ms | {pointer:.0f} ms |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(harness.REWRAP))
    args = parser.parse_args()
    load = harness.Load()
    print("| panel | resize to screen (median) | worst | frame CPU (median) | worst | 200 pointer moves, CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    measure(args.rewrap, "2,000 dropdowns", harness.many_dropdowns())
    measure(args.rewrap, "one 3,000-character label", long_label())
    print(load.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
