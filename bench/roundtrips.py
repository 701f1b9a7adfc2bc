#!/usr/bin/env python3
"""Round trips to the X server before Rewrap's first frame (rules §8.14).

Two independent figures, on one private Xvfb:
  * xtrace, between Rewrap and the latency proxy: the replies Rewrap received
    before its first frame (the first CopyArea request), and how many
    sequential waits they make. Behind the proxy a reply comes 20 ms after
    its request, so requests sent together are all logged before the first
    of their replies: each run of replies with no request between them is
    one wait;
  * the latency proxy (../shared/tools/latency_proxy.py beside the checkout,
    else scripts/delay-proxy, which does the same; 10 ms each way):
    (median start-up through the proxy - median start-up direct) / 20 ms, where
    start-up is exec to the first --trace line.

    python3 bench/roundtrips.py [--rewrap PATH] [--runs N]

Python 3 standard library only; needs Xvfb and xtrace (Debian `xtrace`).
"""
from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import harness
from harness import REPO, private_state, stop_process

# The team's proxy when it sits beside the checkout, else our own, which does the same.
SHARED_PROXY = REPO.parent / "shared" / "tools" / "latency_proxy.py"
PROXY = SHARED_PROXY if SHARED_PROXY.exists() else REPO / "scripts" / "delay-proxy"
DELAY_MS = 10
REPLY = re.compile(r"^\d+:>:[0-9a-f]+(:\d+)?: Reply")
REQUEST = re.compile(r"^\d+:<:")


def free_display() -> int:
    for number in range(150, 400):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
            return number
    raise SystemExit("roundtrips: no free display number")


def first_frame(rewrap: str, display: str, trace: Path) -> float:
    """Seconds from exec to the first --trace line."""
    trace.unlink(missing_ok=True)
    start = time.monotonic()
    app = subprocess.Popen([rewrap, "--trace", str(trace), "--geometry", "680x420+0+0"],
                           env=private_state({**os.environ, "DISPLAY": display}), stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - start < 20:
            if trace.exists() and trace.read_bytes().count(b"\n") > 0:
                return time.monotonic() - start
            if app.poll() is not None:
                raise SystemExit(f"roundtrips: rewrap exited with {app.returncode} on {display}")
            time.sleep(0.0005)
        raise SystemExit(f"roundtrips: no frame within 20 s on {display}")
    finally:
        stop_process(app)


def count_replies(log: list[str]) -> tuple[int, int]:
    """Replies before the first CopyArea, and the sequential waits they make."""
    replies = waits = 0
    in_run = False
    for line in log:
        if REQUEST.match(line):
            if "CopyArea" in line:
                break
            in_run = False
        elif REPLY.match(line):
            replies += 1
            if not in_run:
                waits += 1
            in_run = True
    return replies, waits


def xtrace_count(rewrap: str, delayed: int, folder: Path) -> tuple[int, int, list[str]]:
    log = folder / "xtrace.log"
    trace = folder / "xtrace-trace.jsonl"
    fake = free_display()
    tracer = subprocess.Popen(["xtrace", "-n", "-D", f":{fake}", "-d", f":{delayed}", "-o", str(log), "--",
                               rewrap, "--trace", str(trace), "--geometry", "680x420+0+0"],
                              env=private_state(dict(os.environ)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 20
        while not (trace.exists() and trace.read_bytes().count(b"\n") > 0):
            if time.monotonic() > deadline or tracer.poll() is not None:
                raise SystemExit("roundtrips: no frame under xtrace")
            time.sleep(0.01)
        time.sleep(0.3)
    finally:
        os.killpg(tracer.pid, 15)
        tracer.wait()
    lines = log.read_text(errors="replace").splitlines()
    replies, waits = count_replies(lines)
    names = [line.split("Reply to ", 1)[1].split(":", 1)[0] for line in lines[:next(
        (i for i, line in enumerate(lines) if REQUEST.match(line) and "CopyArea" in line), len(lines))]
        if REPLY.match(line)]
    return replies, waits, names


def measure(args, xvfb, folder) -> int:
    if not PROXY.exists():
        raise SystemExit(f"roundtrips: {PROXY} is missing")
    real = int(xvfb.display[1:])
    proxy = None
    try:
        fake = free_display()
        proxy = subprocess.Popen([sys.executable, str(PROXY), str(real), str(fake), str(DELAY_MS)],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        if proxy.stdout.readline().strip() != "ready":
            raise SystemExit("roundtrips: the latency proxy did not start")
        replies, waits, names = xtrace_count(args.rewrap, fake, folder)
        trace = folder / "trace.jsonl"
        direct, delayed = [], []
        for _ in range(args.runs):
            direct.append(first_frame(args.rewrap, f":{real}", trace))
            delayed.append(first_frame(args.rewrap, f":{fake}", trace))
    finally:
        if proxy:
            stop_process(proxy)

    local, remote = statistics.median(direct), statistics.median(delayed)
    sequential = (remote - local) / (2 * DELAY_MS / 1000)
    print("### Round trips before the first frame\n")
    print("| measure | figure |")
    print("|---|---|")
    print(f"| replies received (xtrace) | {replies} |")
    print(f"| sequential waits among them (xtrace) | {waits} |")
    print(f"| start-up, local display (median of {args.runs}) | {local * 1000:.1f} ms |")
    print(f"| start-up through a {DELAY_MS} ms-each-way proxy | {remote * 1000:.1f} ms |")
    print(f"| sequential round trips (proxy: extra time / {2 * DELAY_MS} ms) | {sequential:.1f} |")
    print(f"\nReplies in order: {', '.join(names)}")
    return 0


def main() -> int:
    return harness.main_on_xvfb("roundtrips", __doc__, {"--runs": 10}, measure)


if __name__ == "__main__":
    sys.exit(main())
