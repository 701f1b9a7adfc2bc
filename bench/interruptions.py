#!/usr/bin/env python3
"""Speed of a move across an interruption, from real --slow-motion traces (issue 35).

Runs the binary on a private Xvfb with --slow-motion (every move 2.5 s) and
--trace, picks "Alternating diagonal lines" for Pattern, which sends
Arrangement to the second row, and about 1.1 s into that move picks again
with the keys: "Solid" at 560 px, which sends Arrangement back (a reversal),
or "Rounded rectangle" for Shape at 500 px, which sends it on to a third row
(a redirect). For each it reports Arrangement's speed just before and just
after the second pick, on whichever of x, y, width and height changes most,
and the change as a share of the first move's peak speed. It also measures
how far a move nothing interrupts strays from the curve.

Trace frames are whole pixels, so a speed is the slope at the pick of a
quadratic fitted by least squares to the frames of the 0.3 s on that side
of it: one-frame differences of whole pixels would be noisier than the
jumps measured. The peak is the first move's distance times the steepest
slope of CSS ease-in-out (1.724, from a Bezier solved here by bisection),
over 2.5 s.

    python3 bench/interruptions.py [--rewrap .build/release/rewrap] [--runs 3]
"""
import os
import subprocess
import sys
import time

import harness
from harness import node, records, wait_for

SLOW = 2.5
WINDOW = 0.3


def bezier(s, p1, p2):
    return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s * s * p2 + s ** 3


def ease_in_out(fraction):
    """CSS cubic-bezier(0.42, 0, 0.58, 1), x inverted by bisection."""
    if fraction <= 0:
        return 0.0
    if fraction >= 1:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if bezier(mid, 0.42, 0.58) < fraction else (low, mid)
    return bezier((low + high) / 2, 0, 1)


STEEPEST = max((ease_in_out((i + 1) / 10000) - ease_in_out(i / 10000)) * 10000 for i in range(10000))


def run(binary, env, trace, second_pick, width=560):
    """One session: the long Pattern with the pointer, then `second_pick`
    (xdotool key words, or None) 1.1 s into the move. Returns the trace."""
    app = subprocess.Popen([binary, "--geometry", f"{width}x300+0+0", "--slow-motion", "--trace", trace],
                           env=harness.private_state(env))
    try:
        def xdotool(*words):
            return subprocess.run(["xdotool", *map(str, words)], env=env, check=True, capture_output=True, text=True,
                                  timeout=30).stdout

        wait_for(lambda: records(trace) or app.poll() is not None)
        if app.poll() is not None:
            raise SystemExit(f"{binary} exited with status {app.returncode}")
        window = xdotool("search", "--sync", "--pid", app.pid).split()[0]
        xdotool("windowfocus", "--sync", window)
        x, y, w, h = node(records(trace)[-1], "pattern")["frame"]
        xdotool("mousemove", "--sync", x + w // 2, y + h // 2, "click", 1)
        popup = wait_for(lambda: records(trace)[-1]["popup"])
        row = next(n for n in popup["nodes"] if n["text"] == "Alternating diagonal lines")
        px, py = popup["frame"][:2]
        rx, ry, rw, rh = row["frame"]
        xdotool("mousemove", "--sync", px + rx + rw // 2, py + ry + rh // 2, "click", 1)
        if second_pick:
            xdotool("sleep", "1.1", "key", "--delay", "15", *second_pick)
        time.sleep(0.5)
        wait_for(lambda: not records(trace)[-1]["animating"] and records(trace)[-1]["popup"] is None, timeout=15)
    finally:
        harness.stop_process(app)
    return records(trace)


def slope_at(points, t0):
    """The derivative at t0 of the least-squares quadratic through (t, x) points."""
    n = len(points)
    ts = [t - t0 for t, _ in points]
    xs = [x for _, x in points]
    sums = [sum(t ** k for t in ts) for k in range(5)]
    rhs = [sum(x * t ** k for t, x in zip(ts, xs)) for k in range(3)]
    matrix = [[sums[i + j] for j in range(3)] for i in range(3)]
    # Gaussian elimination on the 3x3 normal equations.
    for col in range(3):
        pivot = max(range(col, 3), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        rhs[col], rhs[pivot] = rhs[pivot], rhs[col]
        for r in range(col + 1, 3):
            f = matrix[r][col] / matrix[col][col]
            matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[col])]
            rhs[r] -= f * rhs[col]
    coef = [0.0] * 3
    for r in (2, 1, 0):
        coef[r] = (rhs[r] - sum(matrix[r][c] * coef[c] for c in range(r + 1, 3))) / matrix[r][r]
    assert n >= 5, "too few frames to fit"
    return coef[1]


def target_changes(trace, id):
    return [r for a, r in zip(trace, trace[1:]) if node(r, id)["target"] != node(a, id)["target"]]


def interruption(trace, id="arrangement", at=None):
    """Speeds before and after the second change of `id`'s target, on the
    number (x, y, w or h) whose speed changes most, and the first move's
    peak, px/s. With `at` (seconds into the first move) the same measure at
    that moment of a move nothing interrupts: the floor of the measure."""
    changes = target_changes(trace, id)
    if len(changes) != (1 if at is not None else 2):
        return None
    first = changes[0]
    start = next(r for r in reversed(trace) if r["time"] < first["time"])
    distances = [abs(node(first, id)["target"][k] - node(start, id)["frame"][k]) for k in range(4)]
    t0 = first["time"] + at if at is not None else changes[1]["time"]
    measured = []
    for axis in range(4):
        before = [(r["time"], node(r, id)["frame"][axis]) for r in trace if t0 - WINDOW <= r["time"] < t0]
        after = [(r["time"], node(r, id)["frame"][axis]) for r in trace if t0 <= r["time"] <= t0 + WINDOW]
        measured.append((slope_at(before, t0), slope_at(after, t0), "xywh"[axis]))
    before, after, axis = max(measured, key=lambda m: abs(m[1] - m[0]))
    return {"into": t0 - first["time"], "axis": axis, "before": before, "after": after,
            "peak": max(distances) * STEEPEST / SLOW}


def curve_error(trace, id="arrangement"):
    """The largest distance, as a share of the move, between an uninterrupted
    move and the curve, on the number that moves furthest (on a short one,
    rounding to whole pixels alone would exceed 1%)."""
    changes = target_changes(trace, id)
    if len(changes) != 1:
        return None
    first = changes[0]
    start = next(r for r in reversed(trace) if r["time"] < first["time"])
    moving = [r for r in trace if r["time"] >= first["time"]]
    ends = list(zip(node(start, id)["frame"], node(moving[-1], id)["frame"]))
    k = max(range(4), key=lambda k: abs(ends[k][1] - ends[k][0]))
    a, b = ends[k]
    return max(abs((node(r, id)["frame"][k] - a) / (b - a) - ease_in_out((r["time"] - first["time"]) / SLOW))
               for r in moving)


def measure(args, xvfb, work) -> int:
    results = {"reversal": [], "redirect": [], "none (the floor)": []}
    errors = []
    env = xvfb.env(LANG="C")
    for run_index in range(args.runs):
        for name, keys, width in (("reversal", ["Return", "Up", "Return"], 560),
                                  ("redirect", ["shift+Tab", "Return", "Down", "Return"], 500)):
            trace = run(args.rewrap, env, os.path.join(work, f"{name}-{run_index}.jsonl"), keys, width)
            measured = interruption(trace)
            if measured:
                results[name].append(measured)
            else:
                print(f"{name} {run_index}: the second pick did not change Arrangement's target", file=sys.stderr)
        trace = run(args.rewrap, env, os.path.join(work, f"plain-{run_index}.jsonl"), None)
        error = curve_error(trace)
        if error is not None:
            errors.append(error)
            results["none (the floor)"].append(interruption(trace, at=1.25))

    print(f"Arrangement across a second pick, --slow-motion (moves of {SLOW} s), {args.runs} runs each")
    print()
    print("| interruption | into the move | axis | speed before | speed after | change | change / peak |")
    print("|---|---:|---|---:|---:|---:|---:|")
    worst = {}
    for name, measures in results.items():
        for m in measures:
            change = abs(m["after"] - m["before"])
            worst[name] = max(worst.get(name, 0), change / m["peak"])
            print(f"| {name} | {m['into']:.2f} s | {m['axis']} | {m['before']:.0f} px/s | {m['after']:.0f} px/s "
                  f"| {change:.0f} px/s | {100 * change / m['peak']:.1f}% of {m['peak']:.0f} px/s |")
    print()
    for name, value in worst.items():
        print(f"worst {name}: {100 * value:.1f}% of the first move's peak speed")
    if errors:
        print(f"uninterrupted move, largest distance from ease-in-out: {max(errors):.4f} of the move ({len(errors)} runs)")
    return 0


def main() -> int:
    return harness.main_on_xvfb("interruptions", __doc__, {"--runs": 3}, measure)


if __name__ == "__main__":
    sys.exit(main())
