#!/usr/bin/env python3
"""What a key press costs with and without an accessibility bus: from
xdotool's Tab to the frame that shows the focus moved (read from --trace),
and Rewrap's own CPU time for it (the press and its release).

Three cases, each on the same Xvfb:
  no bus           nothing on the root window's AT_SPI_BUS
  bus, no listener a private at-spi-bus-launcher and registry, no keystroke listener
  bus, listener    the same, with a keystroke listener registered (pyatspi, as
                   Orca registers one; it consumes nothing): every press and
                   release is a NotifyListenersSync round trip through the registry

Latency includes starting xdotool, the same in every case; the differences
between the cases are what the bridge costs.

    python3 bench/keys.py [--rewrap .build/release/rewrap] [--keys 40]
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness
from accessibility import Bus, publish
from harness import log, private_state, runtime_ms, stop_pid, wait_idle

LISTENER = """
import pyatspi
pyatspi.Registry.registerKeystrokeListener(lambda event: False, mask=0,
    kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT), synchronous=True, preemptive=True)
print("listening", flush=True)
pyatspi.Registry.start()
"""


def focused(line: str) -> str | None:
    frame = json.loads(line)
    return next((node["id"] for node in frame["nodes"] if node.get("focused")), None)


def presses(env, rewrap: str, count: int) -> tuple[list[float], float]:
    """Starts Rewrap, presses Tab `count` times; returns each press's
    latency in ms and Rewrap's CPU ms per press."""
    trace = Path(tempfile.mkstemp(prefix="rewrap-keys-", suffix=".jsonl")[1])
    proc = subprocess.Popen([rewrap, "--trace", str(trace), "--geometry", "680x420+0+0"], env=private_state(env),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        harness.wait_for(lambda: trace.read_text().strip(), timeout=15, what="Rewrap's first frame")
        time.sleep(1.0)  # the bus is looked for 0.1 s after the first frame
        window = subprocess.run(["xdotool", "search", "--sync", "--pid", str(proc.pid)], env=env, check=True,
                                capture_output=True, text=True, timeout=30).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env, check=True, timeout=30)
        wait_idle(proc.pid)
        latencies = []
        before = runtime_ms(proc.pid)
        with trace.open() as reader:
            reader.read()
            last = None
            for _ in range(count):
                start = time.monotonic()
                subprocess.run(["xdotool", "key", "Tab"], env=env, check=True, timeout=30)
                pending, deadline = "", start + 5
                while True:
                    if time.monotonic() > deadline:
                        raise RuntimeError("no frame moved the focus within 5 s of a Tab")
                    pending += reader.readline()
                    if not pending.endswith("\n"):
                        time.sleep(0.0005)
                        continue
                    line, pending = pending, ""
                    if focused(line) != last:
                        last = focused(line)
                        break
                latencies.append((time.monotonic() - start) * 1000)
                wait_idle(proc.pid, quiet=0.05)
        cpu = (runtime_ms(proc.pid) - before) / count
        return latencies, cpu
    finally:
        stop_pid(proc.pid)
        trace.unlink()


def measure(args, xvfb, scratch) -> int:
    env = xvfb.env(DBUS_SESSION_BUS_ADDRESS="")
    rows = []
    rows.append(("no bus", *presses(env, args.rewrap, args.keys)))
    bus = Bus(env)
    try:
        rows.append(("bus, no listener", *presses(env, args.rewrap, args.keys)))
        listener = subprocess.Popen(["/usr/bin/python3", "-c", LISTENER], env=env, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True)
        try:
            if listener.stdout.readline().strip() != "listening":
                raise RuntimeError("the keystroke listener did not start")
            rows.append(("bus, listener", *presses(env, args.rewrap, args.keys)))
        finally:
            harness.stop_process(listener)
    finally:
        bus.stop()
        publish(env, None)
    print(f"| {'case':<18} | Tab to frame, median ms | p90 ms | Rewrap CPU per key, ms |")
    print(f"|{'-' * 20}|{'-' * 25}|{'-' * 8}|{'-' * 24}|")
    for name, latencies, cpu in rows:
        p90 = statistics.quantiles(latencies, n=10)[-1]
        print(f"| {name:<18} | {statistics.median(latencies):23.2f} | {p90:6.2f} | {cpu:22.3f} |")
    log(f"{args.keys} presses each, {args.rewrap}")
    return 0


def main() -> int:
    return harness.main_on_xvfb("keys", __doc__, {"--keys": 40}, measure)


if __name__ == "__main__":
    sys.exit(main())
