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
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from compare import private_state, runtime_ms, wait_idle  # noqa: E402
from motion import percentile, start_xvfb, wait_for  # noqa: E402


def many_dropdowns():
    items = [{"id": f"d{i}", "title": f"Item {i}", "options": ["A", "Longer option"], "selected": "A"} for i in range(2000)]
    return {"title": "Many", "menus": {"heading": "2,000 dropdowns", "footer": "Footer", "items": items},
            "chips": {"heading": "Chips", "footer": "Footer", "items": []}}


def long_label():
    with open(os.path.join(os.path.dirname(__file__), "..", "assets", "panel.json")) as source:
        panel = json.load(source)
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
    before = runtime_ms(pid)
    subprocess.run(["xdotool", "-"], input=moves, text=True, env=env, check=True)
    wait_idle(pid)
    return runtime_ms(pid) - before


def measure(rewrap, name, panel):
    server, display = start_xvfb()
    with tempfile.TemporaryDirectory(prefix="rewrap-extreme-") as work:
        panel_path = os.path.join(work, "panel.json")
        with open(panel_path, "w") as out:
            json.dump(panel, out)
        log = os.path.join(work, "frames.log")
        env = dict(os.environ, DISPLAY=display)
        app = subprocess.Popen([rewrap, "--panel", panel_path, "--geometry", "680x420+0+0", "--frame-log", log], env=private_state(env))

        def logged():
            if not os.path.exists(log):
                return []
            with open(log) as lines:
                return [line.split() for line in lines if line.strip()]

        latencies, costs = [], []
        try:
            wait_for(logged)
            window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(app.pid)], env=env,
                                    capture_output=True, text=True, check=True).stdout.split()[0]
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
            app.terminate()
            app.wait()
            server.terminate()
            server.wait()
    print(f"| {name} | {percentile(latencies, 0.5):.1f} ms | {max(latencies):.1f} ms | "
          f"{percentile(costs, 0.5):.1f} ms | {max(costs):.1f} ms | {pointer:.0f} ms |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=".build/release/rewrap")
    args = parser.parse_args()
    print("| panel | resize to screen (median) | worst | frame CPU (median) | worst | 200 pointer moves, CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    measure(args.rewrap, "2,000 dropdowns", many_dropdowns())
    measure(args.rewrap, "one 3,000-character label", long_label())
    return 0


if __name__ == "__main__":
    sys.exit(main())
