#!/usr/bin/env python3
"""How soon what the person does is on disk (issue 32, rules §12): from the
click that picks an option, and from the last step of a resize, to the kept
state file holding it, read back with Python's json. The goal is within 1 s
of a pick and within 1 s of a resize settling.

Usage:
    python3 bench/state.py [--rewrap .build/release/rewrap] [--picks 10] [--resizes 5]
"""
import glob
import json
import os
import statistics
import subprocess
import sys
import time

import harness
from harness import records, wait_for


def kept(home):
    """The state file's contents as Python reads them, or None before the first save."""
    files = glob.glob(os.path.join(home, "rewrap", "*.json"))
    if not files:
        return None
    try:
        with open(files[0], encoding="utf-8") as state:
            return json.load(state)
    except (OSError, json.JSONDecodeError):
        return None


def measure(args, xvfb, workdir):
    trace_path = os.path.join(workdir, "trace.jsonl")
    env = harness.private_state(xvfb.env())
    home = env["XDG_STATE_HOME"]
    app = subprocess.Popen([args.rewrap, "--geometry", "680x420+0+0", "--reduce-motion", "--trace", trace_path], env=env)
    picks, resizes = [], []
    try:
        xdotool = xvfb.xdotool
        window = xvfb.window_of(app.pid)
        wait_for(lambda: records(trace_path))
        for _ in range(args.picks):
            x, y, w, h = harness.node(records(trace_path)[-1], "pattern")["frame"]
            xdotool("mousemove", int(x + w / 2), int(y + h / 2), "click", 1)
            popup = wait_for(lambda: records(trace_path)[-1]["popup"])
            row = next(r for r in popup["nodes"] if not r["selected"])
            rx, ry, rw, rh = row["frame"]
            option = row["text"]
            clicked = time.monotonic()
            xdotool("mousemove", int(popup["frame"][0] + rx + rw / 2), int(popup["frame"][1] + ry + rh / 2), "click", 1)
            wait_for(lambda: (kept(home) or {}).get("picks", {}).get("pattern", "Solid") == option, timeout=5)
            picks.append((time.monotonic() - clicked) * 1000)
        for index in range(args.resizes):
            width = 500 + 40 * index
            for step in range(10):
                xdotool("windowsize", window, width + 10 * (9 - step), 360)
                time.sleep(0.02)
            settled = time.monotonic()
            wait_for(lambda: (kept(home) or {}).get("size") == [width, 360], timeout=5)
            resizes.append((time.monotonic() - settled) * 1000)
    finally:
        harness.stop_process(app)
    return picks, resizes


def report(args, xvfb, workdir) -> int:
    picks, resizes = measure(args, xvfb, workdir)
    print(f"pick → on disk: median {statistics.median(picks):.0f} ms, worst {max(picks):.0f} ms "
          f"over {len(picks)} picks (goal: 1000 ms)")
    print(f"resize settled → on disk: median {statistics.median(resizes):.0f} ms, worst {max(resizes):.0f} ms "
          f"over {len(resizes)} drags (goal: 1000 ms)")
    return 0 if max(picks + resizes) <= 1000 else 1


def main() -> int:
    return harness.main_on_xvfb("state", __doc__, {"--picks": 10, "--resizes": 5}, report)


if __name__ == "__main__":
    sys.exit(main())
