#!/usr/bin/env python3
"""What the accessibility bridge costs: Rewrap with no accessibility bus, and
with one (at-spi-bus-launcher on a private dbus-run-session, found through the
root window's AT_SPI_BUS), beside the C lower bound.

For each: start-up (exec -> first frame on screen, first-frame helper, median
of 20 taken in turns), RSS 1 s after the first frame, threads and sockets. With the bus it
also reads RSS after a client (scripts/atspi-client, pyatspi) walked the whole
tree, and sorts the signals one pick sent (dbus-monitor) into those sent at the
pick, while the 0.25 s move ran, and when it settled.

    python3 bench/accessibility.py [--rewrap .build/release/rewrap] [--runs 20]
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness
from harness import REPO, log, rss_kb, stop_pid

# How long one of Rewrap's moves lasts.
MOVE_SECONDS = 0.25


def first_frame(c, env, command, kill=True):
    return harness.first_frame_x11(c.first_frame, env, command, kill=kill)


def sockets(pid):
    fds = Path(f"/proc/{pid}/fd")
    return sum(1 for fd in fds.iterdir() if os.readlink(fd).startswith("socket:"))


def threads(pid):
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def bus_address(env):
    done = subprocess.run(["xprop", "-root", "AT_SPI_BUS"], env=env, capture_output=True, text=True)
    return done.stdout.split('"')[1] if done.returncode == 0 and '"' in done.stdout else None


class Bus:
    """A private accessibility bus, in a session (and process group) of its own."""

    def __init__(self, env):
        self.proc = subprocess.Popen(["dbus-run-session", "--", "/usr/libexec/at-spi-bus-launcher",
                                      "--launch-immediately"], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            self.address = harness.wait_for(lambda: bus_address(env), timeout=10, every=0.05,
                                            what="at-spi-bus-launcher's AT_SPI_BUS")
        except RuntimeError:
            self.stop()
            raise

    def stop(self):
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(3)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def publish(env, address):
    """Puts the bus's address on the root window, or takes it away (None)."""
    if address is None:
        subprocess.run(["xprop", "-root", "-remove", "AT_SPI_BUS"], env=env, check=True)
    else:
        subprocess.run(["xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", address], env=env, check=True)


def kept(c, env, command):
    """One more start, kept running: RSS, threads and sockets 1 s after its first frame."""
    _, pid = first_frame(c, env, command, kill=False)
    try:
        time.sleep(1.0)
        return {"rss": rss_kb(pid), "threads": threads(pid), "sockets": sockets(pid), "pid": pid}
    except BaseException:
        stop_pid(pid)
        raise


def walk_and_pick(env, rewrap_pid, address):
    """A client walks the tree; then a pick animates while dbus-monitor counts
    what Rewrap sends. Returns (RSS after the walk, signals, their time span)."""
    client = ["/usr/bin/python3", str(REPO / "scripts" / "atspi-client"), "tree", "--app", "rewrap"]
    subprocess.run(client, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30, check=True)
    walked = rss_kb(rewrap_pid)
    monitor_log = tempfile.NamedTemporaryFile(prefix="rewrap-monitor-", suffix=".txt", delete=False)
    monitor = subprocess.Popen(["dbus-monitor", "--address", address, "type='signal'"], env=env,
                               stdout=monitor_log, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.5)
        # Shape's menu, then its second option: Shape widens and the controls after it move for 0.25 s.
        subprocess.run(["xdotool", "mousemove", "60", "65", "click", "1"], env=env, check=True)
        time.sleep(0.5)
        picked = time.time()
        subprocess.run(["xdotool", "mousemove", "60", "128", "click", "1"], env=env, check=True)
        time.sleep(1.0)
    finally:
        monitor.terminate()
        monitor.wait()
    times = []
    for line in Path(monitor_log.name).read_text().splitlines():
        if line.startswith("signal") and "interface=org.a11y.atspi.Event." in line:
            times.append(float(line.split("time=")[1].split()[0]) - picked)
    os.unlink(monitor_log.name)
    return walked, [t for t in times if t >= 0]


def measure(args, helpers, xvfb):
    out = REPO / "bench" / "out"
    out.mkdir(parents=True, exist_ok=True)
    bus = None
    try:
        env = xvfb.env()
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        rewrap = [str(Path(args.rewrap).resolve()), "--geometry", "680x420+0+0"]

        bus = Bus(env)
        log(f"accessibility bus at {bus.address}")
        # Start-ups interleaved, so the machine's other load falls on all three alike;
        # "no bus" takes the address off the root window, as on a desktop without one.
        startups = {"c": [], "alone": [], "published": []}
        for run in range(args.runs):
            startups["c"].append(first_frame(helpers, env, [str(helpers.c_panel)])[0])
            publish(env, None)
            startups["alone"].append(first_frame(helpers, env, rewrap)[0])
            publish(env, bus.address)
            startups["published"].append(first_frame(helpers, env, rewrap)[0])
            log(f"  start-up {run + 1}/{args.runs}: C {startups['c'][-1]:.1f} ms, no bus {startups['alone'][-1]:.1f} ms, "
                f"bus {startups['published'][-1]:.1f} ms")
        c = kept(helpers, env, [str(helpers.c_panel)])
        stop_pid(c["pid"])
        publish(env, None)
        alone = kept(helpers, env, rewrap)
        stop_pid(alone["pid"])
        publish(env, bus.address)
        published = kept(helpers, env, rewrap)
        try:
            walked, signals = walk_and_pick(env, published["pid"], bus.address)
        finally:
            stop_pid(published["pid"])
        for key, result in (("c", c), ("alone", alone), ("published", published)):
            result["startup"] = startups[key]

        def ms(r):
            return harness.spread(r["startup"])

        def mb(kb):
            return f"{kb / 1024:.1f} MB ({kb / c['rss']:.2f}× C)"

        # The pick's own events come within a few ms of xdotool's click; the move lasts 250 ms.
        first = min(signals, default=0)
        at_pick = sum(1 for t in signals if t - first < 0.1)
        moving = sum(1 for t in signals if 0.1 <= t - first < MOVE_SECONDS)
        settled = len(signals) - at_pick - moving
        report = "\n".join([
            "| | C lower bound | Rewrap, no bus | Rewrap, accessibility bus |",
            "|---|---|---|---|",
            f"| start-up, exec → first frame (median of {args.runs}) | {ms(c)} | {ms(alone)} | {ms(published)} |",
            f"| RSS 1 s after the first frame | {c['rss'] / 1024:.1f} MB | {mb(alone['rss'])} | {mb(published['rss'])} |",
            f"| RSS after a client walked the tree | | | {mb(walked)} |",
            f"| threads | {c['threads']} | {alone['threads']} | {published['threads']} |",
            f"| sockets | {c['sockets']} | {alone['sockets']} | {published['sockets']} |",
            f"| events sent for one pick: at the pick / while it moved / when it settled | | | "
            f"{at_pick} / {moving} / {settled} |",
        ])
        print(report)
        (out / "accessibility.md").write_text(report + "\n")
        return 0
    finally:
        if bus:
            bus.stop()


def main() -> int:
    return harness.main_on_xvfb("accessibility", __doc__, {"--runs": 20},
                                lambda args, xvfb, folder: measure(args, harness.CPrograms(folder), xvfb))


if __name__ == "__main__":
    sys.exit(main())
