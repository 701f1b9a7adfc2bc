#!/usr/bin/env python3
"""Frame cost and frame pacing of Rewrap's animator, at 1024x768 under Xvfb.

Runs the release binary with --frame-log (CPU seconds per drawn frame) and
--trace (the time of each frame, in seconds to the microsecond), then picks long and short
options back and forth so that controls glide, and reports p50/p99 of the
CPU cost of each animated frame (layout, paint, copy to the window), of the
interval between animated frames and its distance from 1/60 s (Xvfb knows no
refresh rate), and of how long each move shows.

    python3 bench/motion.py [--rewrap .build/release/rewrap] [--moves 20]
"""
import os
import subprocess
import sys

import harness
from harness import percentile, records, wait_for


def measure(args, xvfb, workdir) -> int:
    trace_path, log_path = os.path.join(workdir, "trace.jsonl"), os.path.join(workdir, "frames.log")
    app = subprocess.Popen([args.rewrap, "--geometry", "1024x768+0+0", "--trace", trace_path, "--frame-log", log_path],
                           env=harness.private_state(xvfb.env()))
    try:
        xdotool = xvfb.xdotool

        wait_for(lambda: records(trace_path))
        for move in range(args.moves):
            owner = ["pattern", "arrangement", "shape"][move % 3]
            last = records(trace_path)[-1]
            node = harness.node(last, owner)
            x, y, w, h = node["frame"]
            xdotool("mousemove", "--sync", x + w // 2, y + h // 2, "click", 1)
            popup = wait_for(lambda: records(trace_path)[-1]["popup"])
            current = next(i for i, n in enumerate(popup["nodes"]) if n["selected"])
            px, py = popup["frame"][:2]
            rx, ry, rw, rh = popup["nodes"][1 - current]["frame"]
            count = len(records(trace_path))
            xdotool("mousemove", "--sync", px + rx + rw // 2, py + ry + rh // 2, "click", 1)
            wait_for(lambda: any(f["animating"] for f in records(trace_path)[count:])
                     and not records(trace_path)[-1]["animating"])
    finally:
        harness.stop_process(app)

    with open(log_path) as log:
        cost_lines = [line.split() for line in log if line.strip()]
    trace = records(trace_path)

    costs, animated_times = [], []
    # The pass that handles a pick shapes the new label, once, and draws the
    # move's first frame; the frames after it must shape nothing.
    durations, move_start, shaped_at_pick, shaped_moving = [], None, 0, 0
    for fields, frame in zip(cost_lines, trace):
        if fields[1] == "true":
            costs.append(float(fields[0]) * 1000)
            animated_times.append(frame["time"])
            if move_start is None:
                shaped_at_pick += int(fields[3])
            else:
                shaped_moving += int(fields[3])
            move_start = frame["time"] if move_start is None else move_start
        elif move_start is not None:
            # From the first animated frame to the settled one: the move's end.
            durations.append((frame["time"] - move_start) * 1000)
            move_start = None
    # Trace times are kept to the microsecond, so the cadence shows to the microsecond.
    intervals = [(b - a) * 1000 for a, b in zip(animated_times, animated_times[1:]) if b - a < 0.1]
    ideal = 1000 / 60
    lateness = [abs(i - ideal) for i in intervals]
    print(f"Rewrap motion at 1024x768, {args.moves} moves, {len(costs)} animated frames")
    print()
    print("| measure | p50 | p99 |")
    print("|---|---:|---:|")
    print(f"| CPU per animated frame (events, layout, paint, copy) | {percentile(costs, 0.5):.3f} ms | {percentile(costs, 0.99):.3f} ms |")
    print(f"| interval between animated frames | {percentile(intervals, 0.5):.3f} ms | {percentile(intervals, 0.99):.3f} ms |")
    print(f"| interval's distance from 1/60 s (Xvfb's fallback) | {percentile(lateness, 0.5):.3f} ms | {percentile(lateness, 0.99):.3f} ms |")
    print(f"| first animated frame to the settled one (a move is 250 ms) | {percentile(durations, 0.5):.3f} ms | {percentile(durations, 0.99):.3f} ms |")
    print()
    moves = len(durations)
    print(f"Runs shaped by HarfBuzz: {shaped_at_pick} in the {moves} passes that handled a pick (new labels, "
          f"each once), {shaped_moving} in the other {len(costs) - moves} animated frames")
    return 0


def main() -> int:
    return harness.main_on_xvfb("motion", __doc__, {"--moves": 20}, measure)


if __name__ == "__main__":
    sys.exit(main())
