#!/usr/bin/env python3
"""Side-by-side benchmark: Rewrap, the same panel in GTK 4 (Python) and in Tk (wish), and the C lower bound.

All four run on one private Xvfb (-br, 1280x1024x24, 96 dpi). For each program:
  * start-up: exec -> first frame on screen, median of 10 (first-frame helper),
    the programs starting in turns;
  * RSS (VmRSS) about 1 s after the first frame;
  * idle CPU over 10 s (utime + stime from /proc/PID/stat);
  * a storm of 200 `xdotool windowsize WID W 600` (W seeded random in 320..1100,
    the pointer parked outside the window), three times per program, the
    programs taking turns while the others wait off screen:
    the program's CPU from the first resize until it is idle again (no CPU tick
    for 300 ms), the X server's CPU over the same span, the settle time (each
    the median of the three storms), and whether the last size was laid out
    (xwininfo; Rewrap also --trace).
Prints a Markdown table with ratios against C. Python 3.11 standard library only.

    python3 bench/compare.py [--quick] [--rewrap PATH] [--storm spawn|burst] ...
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import random
import re
import select
import shlex
import atexit
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")
SCREEN = "1280x1024x24"
STORM_HEIGHT = 600
# Where a kept window waits while another program storms: wholly off the
# screen, so that nothing exposes it and its program stays idle.
OFF_SCREEN_X = 1400
GTK_PROBE = ("import gi; gi.require_version('Gtk', '4.0'); from gi.repository import Gtk; "
             "print('%d.%d.%d' % (Gtk.get_major_version(), Gtk.get_minor_version(), "
             "Gtk.get_micro_version()))")


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------- processes

def become_subreaper() -> None:
    """Orphans (a program whose first-frame parent exited) get re-parented to us,
    so we can reap them and find them again during clean-up."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        pass


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie child of ours: reap it
        done, _ = os.waitpid(pid, os.WNOHANG)
        return done == 0
    except ChildProcessError:  # not our child: look at its state
        try:
            return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False


def stop_pid(pid: int, grace: float = 2.0) -> None:
    """SIGTERM, then SIGKILL after `grace` seconds; reaps the pid if it is our child."""
    if not alive(pid):
        return
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if not alive(pid):
            return
        time.sleep(0.01)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    for _ in range(200):
        if not alive(pid):
            return
        time.sleep(0.01)


def our_children(exclude: set[int]) -> list[int]:
    me, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) in exclude:
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:
            found.append(int(entry.name))
    return found


def cpu_ticks(pid: int) -> int | None:
    """utime + stime of all the process's threads, in clock ticks."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])


def runtime_ms(pid: int) -> float | None:
    """On-CPU time of the process's live threads in ms, to 1 µs (se.sum_exec_runtime
    in /proc/PID/task/TID/sched). Far finer than clock ticks, but it forgets
    threads that have exited. None when the kernel has no /proc/PID/sched."""
    total, seen = 0.0, False
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return None
    for task in tasks:
        try:
            text = (task / "sched").read_text()
        except OSError:
            continue
        match = re.search(r"^se\.sum_exec_runtime\s*:\s*([0-9.]+)", text, re.M)
        if match:
            total, seen = total + float(match.group(1)), True
    return total if seen else None


def wait_idle(pid: int, quiet: float = 0.3, limit: float = 120) -> float:
    """Polls the program's CPU time every 5 ms until it has not changed for
    `quiet` s. Returns the monotonic time of the last change."""
    def usage():
        ms = runtime_ms(pid)
        return ms if ms is not None else cpu_ticks(pid)
    start = changed = time.monotonic()
    last = usage()
    while True:
        time.sleep(0.005)
        now, used = time.monotonic(), usage()
        if used is None:
            raise RuntimeError("the program died while it was measured")
        if used != last:
            last, changed = used, now
        elif now - changed >= quiet or now - start > limit:
            return changed


def rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def private_state(env: dict[str, str]) -> dict[str, str]:
    """`env` with an XDG_STATE_HOME of its own, removed at exit: each Rewrap
    a benchmark starts opens at the panel's defaults, whatever an earlier
    run picked or resized, and none writes to the home folder (issue 32)."""
    home = tempfile.mkdtemp(prefix="rewrap-bench-state-")
    atexit.register(shutil.rmtree, home, True)
    return dict(env, XDG_STATE_HOME=home)


class Xvfb:
    def __init__(self, logfile: Path):
        read_fd, write_fd = os.pipe()
        self.log = open(logfile, "wb")
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-br", "-screen", "0", SCREEN, "-dpi", "96",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            start_new_session=True)  # Ctrl-C must not take the server down before its clients
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 10
        try:
            while not number.endswith(b"\n"):
                ready, _, _ = select.select([read_fd], [], [], max(0.0, deadline - time.monotonic()))
                chunk = os.read(read_fd, 16) if ready else b""
                if not chunk:
                    raise RuntimeError(f"Xvfb did not report a display (see {logfile})")
                number += chunk
        finally:
            os.close(read_fd)
        self.display = ":" + number.decode().strip()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


# ---------------------------------------------------------------- programs

@dataclass
class Program:
    key: str
    label: str
    command: list[str] | None          # None: not available
    title: str                          # window title (WM_NAME), matched exactly
    why_not: str = ""
    env: dict[str, str] = field(default_factory=dict)
    extra_kept: list[str] = field(default_factory=list)  # arguments only for the measured run
    trace: Path | None = None


@dataclass
class Result:
    startup: list[float] = field(default_factory=list)
    rss_kb: int | None = None
    idle_ticks: int | None = None
    idle_ms: float | None = None
    idle_seconds: float = 0
    storm_ticks: int | None = None
    storm_ms: float | None = None          # precise program CPU (live threads), if available
    storm_server_ticks: int | None = None
    storm_server_ms: float | None = None
    storm_wall_ms: float | None = None     # first resize request -> last one sent
    lag_ms: float | None = None            # last resize sent -> program idle
    storm_samples_ms: list[float] = field(default_factory=list)  # each storm's program CPU
    storm_size: tuple[int, int] = (0, 0)   # the window's size after the storms
    layout_ok: bool | None = None
    layout_note: str = ""
    renderer: str = ""


class Bench:
    def __init__(self, args, xvfb: Xvfb, helpers: dict[str, Path], out: Path):
        self.args, self.xvfb, self.helpers, self.out = args, xvfb, helpers, out
        self.env = dict(os.environ, DISPLAY=xvfb.display)
        self.kept: set[int] = set()

    def run(self, argv, timeout=60, **kw) -> subprocess.CompletedProcess:
        return subprocess.run(argv, env=self.env, capture_output=True, text=True,
                              timeout=timeout, **kw)

    def keep(self, prog: Program, extra: list[str] = ()) -> int:
        """Starts `prog` once more, not counted, and keeps it running for
        further measurements; `release` stops it."""
        _, pid = self.first_frame(prog, kill=False, extra=extra)
        self.kept.add(pid)
        return pid

    def release(self, pid: int) -> None:
        stop_pid(pid)
        self.kept.discard(pid)

    def first_frame(self, prog: Program, kill: bool, extra: list[str] = ()) -> tuple[float, int]:
        argv = [str(self.helpers["first-frame"]), "--timeout", str(self.args.timeout)]
        argv += ["--kill"] if kill else []
        argv += ["--", *prog.command, *extra]
        with open(self.out / f"{prog.key}.log", "a") as errlog:
            done = subprocess.run(argv, env=private_state(dict(self.env, **prog.env)), stdout=subprocess.PIPE,
                                  stderr=errlog, text=True, timeout=self.args.timeout + 10)
        if done.returncode != 0:
            reason = {3: "no frame within the timeout", 4: "exited before drawing a frame"}
            raise RuntimeError(reason.get(done.returncode, f"first-frame exit {done.returncode}"))
        ms, pid = done.stdout.split()
        return float(ms), int(pid)

    def window_id(self, title: str) -> str:
        done = self.run(["xdotool", "search", "--sync", "--name", f"^{re.escape(title)}$"], timeout=10)
        ids = done.stdout.split()
        if not ids:
            raise RuntimeError(f"no window named {title!r}")
        return ids[0]

    def geometry(self, wid: str) -> tuple[int, int]:
        text = self.run(["xwininfo", "-id", wid], timeout=10).stdout
        width = re.search(r"Width: (\d+)", text)
        height = re.search(r"Height: (\d+)", text)
        return (int(width.group(1)), int(height.group(1))) if width and height else (0, 0)

    def storm(self, wid: str, sizes: list[int]) -> None:
        if self.args.storm == "burst":  # one xdotool process, 200 chained commands
            argv = ["xdotool"]
            for w in sizes:
                argv += ["windowsize", wid, str(w), str(STORM_HEIGHT)]
            self.run(argv, timeout=120)
        else:  # 200 xdotool processes, one after the other
            for w in sizes:
                self.run(["xdotool", "windowsize", wid, str(w), str(STORM_HEIGHT)], timeout=10)

    def startups(self, progs: list[Program]) -> dict[str, list[float] | Exception]:
        """Start-up times, the programs taking turns, so that whatever else
        the machine does in the meantime falls on each of them alike."""
        runs = 3 if self.args.quick else self.args.runs
        times: dict[str, list[float] | Exception] = {prog.key: [] for prog in progs}
        for i in range(runs):
            for prog in progs:
                if isinstance(times[prog.key], Exception):
                    continue
                try:
                    ms, _ = self.first_frame(prog, kill=True)
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    times[prog.key] = err
                    continue
                times[prog.key].append(ms)
                log(f"  {prog.label} start-up {i + 1}/{runs}: {ms:.1f} ms")
        return times

    def warm_up(self, progs: list[Program]) -> None:
        """One start of each program, not counted: the first start after a
        build reads the new binary and its libraries into the page cache,
        which no later start, and no user's second launch, pays again."""
        for prog in progs:
            try:
                ms, _ = self.first_frame(prog, kill=True)
                log(f"  {prog.label} warm-up start, not counted: {ms:.1f} ms")
            except (RuntimeError, subprocess.TimeoutExpired) as err:
                log(f"  {prog.label} warm-up start failed: {err}")

    def measure(self, progs: list[Program], startups: dict[str, list[float] | Exception]) -> dict[str, Result | None]:
        """Everything but start-up, for each program that started: at rest
        one after another, then the storms in turns, like the start-ups."""
        kept: dict[str, tuple[int, str, Result]] = {}
        results: dict[str, Result | None] = {prog.key: None for prog in progs}
        try:
            for prog in progs:
                times = startups[prog.key]
                if isinstance(times, Exception):
                    log(f"{prog.label}: n/a ({times})")
                    continue
                log(f"{prog.label}: {shlex.join(prog.command)}")
                try:
                    kept[prog.key] = self.at_rest(prog, times)
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    log(f"{prog.label}: n/a ({err})")
            self.storms([prog for prog in progs if prog.key in kept], kept)
            for prog in progs:
                if prog.key not in kept:
                    continue
                pid, wid, res = kept.pop(prog.key)
                try:
                    results[prog.key] = self.finish(prog, pid, wid, res)
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    log(f"{prog.label}: n/a ({err})")
        finally:
            for pid, _, _ in kept.values():
                self.release(pid)
        return results

    def at_rest(self, prog: Program, startup: list[float]) -> tuple[int, str, Result]:
        """One more start, not counted, keeps the program for the other
        measurements; its RSS and idle CPU are taken now. The window then
        waits off screen, where no other program's storm exposes it."""
        res = Result()
        res.startup = startup
        pid = self.keep(prog, extra=prog.extra_kept)
        try:
            wid = self.window_id(prog.title)
            time.sleep(1.0)
            res.rss_kb = rss_kb(pid)
            res.renderer = renderer_of(pid)
            idle = 3.0 if self.args.quick else self.args.idle
            before, before_ms = cpu_ticks(pid), runtime_ms(pid)
            time.sleep(idle)
            after, after_ms = cpu_ticks(pid), runtime_ms(pid)
            if before is None or after is None:
                raise RuntimeError("the program died while idle")
            res.idle_ticks, res.idle_seconds = after - before, idle
            if before_ms is not None and after_ms is not None:
                res.idle_ms = after_ms - before_ms
            log(f"  RSS {res.rss_kb} kB, idle {res.idle_ticks} ticks over {idle:g} s")
            self.run(["import", "-window", wid, str(self.out / f"{prog.key}-start.png")])
            self.run(["xdotool", "windowmove", wid, str(OFF_SCREEN_X), "0"], timeout=10)
        except BaseException:
            self.release(pid)
            raise
        return pid, wid, res

    def storms(self, progs: list[Program], kept: dict[str, tuple[int, str, Result]]) -> None:
        """The storms, the programs taking turns: one storm is a single sample
        of a noisy measure (the same program's CPU for it varies by a third
        between rounds here), and the machine's pace drifts over seconds, so
        each program's figure is the median of several, taken alternately."""
        rng = random.Random(self.args.seed)
        sizes = [rng.randint(320, 1100) for _ in range(self.args.resizes)]
        # The pointer rests outside the window, where a drag on its frame
        # holds it. Left at the screen's centre, the window would pass
        # under it, and the hover work that follows is work only Rewrap
        # and GTK do (--pointer-inside measures that).
        if not self.args.pointer_inside:
            self.run(["xdotool", "mousemove", "1279", "1023"], timeout=10)
        samples: dict[str, list[Result]] = {prog.key: [] for prog in progs}
        for _ in range(max(1, self.args.storms)):
            for prog in progs:
                if prog.key not in kept:
                    continue
                pid, wid, _ = kept[prog.key]
                log(f"  {prog.label}:")
                try:
                    self.run(["xdotool", "windowmove", wid, "0", "0"], timeout=10)
                    wait_idle(pid)
                    samples[prog.key].append(self.one_storm(pid, wid, sizes))
                    self.run(["xdotool", "windowmove", wid, str(OFF_SCREEN_X), "0"], timeout=10)
                    wait_idle(pid)
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    log(f"{prog.label}: n/a ({err})")
                    self.release(pid)
                    del kept[prog.key]
        for prog in progs:
            if prog.key not in kept:
                continue
            res, storms = kept[prog.key][2], samples[prog.key]
            for field_name in ("storm_ticks", "storm_ms", "storm_server_ticks", "storm_server_ms",
                               "storm_wall_ms", "lag_ms"):
                values = [getattr(one, field_name) for one in storms]
                if None not in values:
                    setattr(res, field_name, statistics.median(values))
            res.storm_samples_ms = [one.storm_ms for one in storms if one.storm_ms is not None]
            res.storm_size = (sizes[-1], STORM_HEIGHT)

    def finish(self, prog: Program, pid: int, wid: str, res: Result) -> Result:
        """The window back on screen at the storms' last size: is it laid out
        for that size, and does it look like a fresh window resized once?"""
        try:
            self.run(["xdotool", "windowmove", wid, "0", "0"], timeout=10)
            wait_idle(pid)
            want = res.storm_size
            got = self.geometry(wid)
            res.layout_ok = got == want
            notes = [f"xwininfo {got[0]}×{got[1]}"]
            if prog.trace is not None:
                frame = last_trace_window(prog.trace)
                notes.append(f"trace {frame[0]}×{frame[1]}" if frame else "trace: no frame")
                res.layout_ok = res.layout_ok and frame == want
            final = self.out / f"{prog.key}-final.png"
            self.run(["import", "-window", wid, str(final)])
        finally:
            self.release(pid)
        # A fresh instance, resized once to the final size, must look the same.
        differ = self.reference_diff(prog, want, final)
        notes.append("same pixels as a fresh window resized once" if differ == 0
                     else f"{differ} px differ from a fresh window resized once")
        res.layout_ok = res.layout_ok and differ == 0
        res.layout_note = f"want {want[0]}×{want[1]}; " + ", ".join(notes)
        return res

    def one_storm(self, pid: int, wid: str, sizes: list[int]) -> Result:
        """The program's and the server's CPU over one storm, and how long the
        program stayed busy after the last resize."""
        res = Result()
        server = self.xvfb.proc.pid
        cpu0, ms0 = cpu_ticks(pid), runtime_ms(pid)
        server0, server_ms0 = cpu_ticks(server), runtime_ms(server)
        t0 = time.monotonic()
        self.storm(wid, sizes)
        t1 = time.monotonic()
        changed = wait_idle(pid)
        res.storm_ticks = cpu_ticks(pid) - cpu0
        res.storm_server_ticks = cpu_ticks(server) - server0
        if ms0 is not None and server_ms0 is not None:
            res.storm_ms = runtime_ms(pid) - ms0
            res.storm_server_ms = runtime_ms(server) - server_ms0
        res.storm_wall_ms = (t1 - t0) * 1e3
        res.lag_ms = max(0.0, changed - t1) * 1e3
        log(f"  storm: {res.storm_ticks} ticks ({res.storm_ms or 0:.1f} ms), X server "
            f"{res.storm_server_ticks} ticks ({res.storm_server_ms or 0:.1f} ms), sent in "
            f"{res.storm_wall_ms:.0f} ms, idle {res.lag_ms:.0f} ms after the last resize")
        return res

    def reference_diff(self, prog: Program, size: tuple[int, int], final: Path) -> int:
        """Pixels that differ between `final` and a fresh instance resized once to `size`
        (-1 if the comparison failed)."""
        pid = self.keep(prog)
        reference = self.out / f"{prog.key}-reference.png"
        try:
            wid = self.window_id(prog.title)
            self.run(["xdotool", "windowsize", wid, str(size[0]), str(size[1])])
            wait_idle(pid)
            self.run(["import", "-window", wid, str(reference)])
        finally:
            self.release(pid)
        done = self.run(["compare", "-metric", "AE", str(final), str(reference), "null:"])
        try:
            return int(float(done.stderr.split()[0]))
        except (IndexError, ValueError):
            return -1


def last_trace_window(path: Path) -> tuple[int, int] | None:
    try:
        lines = [l for l in path.read_text(errors="replace").splitlines() if l.strip()]
        window = json.loads(lines[-1])["window"]
        return (round(window[0]), round(window[1]))
    except (OSError, IndexError, KeyError, TypeError, ValueError):
        return None


# ---------------------------------------------------------------- report

def fmt_ratio(a: float | None, c: float | None) -> str:
    if a is None or c is None:
        return "n/a"
    if c == 0:
        return "1.0" if a == 0 else "n/a (C = 0)"
    return f"{a / c:.1f}×"


def table(results: dict[str, Result | None], args) -> str:
    order = ["rewrap", "gtk", "tk", "c"]

    def row(name: str, value, show, ratios=True) -> str:
        nums = {k: (value(r) if r else None) for k, r in results.items()}
        cells = [show(results[k]) if results[k] and nums[k] is not None else "n/a" for k in order]
        ratios = [fmt_ratio(nums[k], nums["c"]) if ratios else "" for k in ("rewrap", "gtk", "tk")]
        return "| " + " | ".join([name, *cells, *ratios]) + " |"

    def cpu(ms: float | None, ticks: int) -> str:
        return (f"{ms:.1f} ms ({ticks} ticks)" if ms is not None
                else f"{ticks * tick_ms:.0f} ms ({ticks} ticks)")

    def best(ms: float | None, ticks: int) -> float:
        return ms if ms is not None else ticks * tick_ms

    def layout(r: Result) -> str:
        return ("yes" if r.layout_ok else "**NO**") + f" ({r.layout_note})"

    layout_cells = [layout(results[k]) if results[k] and results[k].layout_ok is not None
                    else "n/a" for k in order]

    tick_ms = 1000 / CLK_TCK
    runs = 3 if args.quick else args.runs
    idle = 3 if args.quick else args.idle
    lines = [
        "| metric | Rewrap | GTK4 | Tk | C | Rewrap/C | GTK4/C | Tk/C |",
        "|---|---|---|---|---|---|---|---|",
        row(f"start-up, exec → first frame (median of {runs})",
            lambda r: statistics.median(r.startup),
            lambda r: f"{statistics.median(r.startup):.1f} ms ({min(r.startup):.1f}–{max(r.startup):.1f})"),
        row("RSS after start", lambda r: r.rss_kb,
            lambda r: f"{r.rss_kb / 1024:.1f} MB"),
        row(f"idle CPU over {idle:g} s", lambda r: best(r.idle_ms, r.idle_ticks),
            lambda r: cpu(r.idle_ms, r.idle_ticks)
            + f", {100 * best(r.idle_ms, r.idle_ticks) / (1000 * r.idle_seconds):.2f} %"),
        row(f"storm of {args.resizes} resizes: program CPU",
            lambda r: best(r.storm_ms, r.storm_ticks), lambda r: cpu(r.storm_ms, r.storm_ticks)),
        row("storm: X server CPU (same span)",
            lambda r: best(r.storm_server_ms, r.storm_server_ticks),
            lambda r: cpu(r.storm_server_ms, r.storm_server_ticks)),
        row("storm: wall time to send the resizes", lambda r: r.storm_wall_ms,
            lambda r: f"{r.storm_wall_ms:.0f} ms", ratios=False),
        row("storm: still busy after the last resize", lambda r: r.lag_ms,
            lambda r: f"{r.lag_ms:.0f} ms" if r.lag_ms >= 5 else "< 5 ms", ratios=False),
        "| " + " | ".join(["last size laid out", *layout_cells, "", "", ""]) + " |",
    ]
    return "\n".join(lines)


GOALS = (("start-up", 1.2), ("RSS", 1.8), ("storm CPU", 1.5))


def goal_rounds(rounds: list[dict[str, Result | None]]) -> list[str]:
    """One line per round: Rewrap's ratios to C against the goals."""
    tick_ms = 1000 / CLK_TCK
    limits = ", ".join(f"{name} ≤ {limit}×" for name, limit in GOALS)
    lines = [f"Each of {len(rounds)} rounds, Rewrap/C against the goals ({limits}); the storm's "
             f"ratio is of the medians, and each storm's own ratio follows it:", "",
             "| round | start-up | RSS | storm CPU | each storm |", "|---:|---:|---:|---:|---|"]
    met = {name: 0 for name, _ in GOALS}
    for index, result in enumerate(rounds, 1):
        r, c = result.get("rewrap"), result.get("c")
        if not r or not c:
            lines.append(f"| {index} | n/a | n/a | n/a | |")
            continue
        values = (statistics.median(r.startup) / statistics.median(c.startup), r.rss_kb / c.rss_kb,
                  (r.storm_ms if r.storm_ms is not None else r.storm_ticks * tick_ms)
                  / (c.storm_ms if c.storm_ms is not None else max(1, c.storm_ticks) * tick_ms))
        cells = []
        for (name, goal), value in zip(GOALS, values):
            met[name] += value <= goal
            cells.append(f"{value:.2f}×" + ("" if value <= goal else " **over**"))
        cells.append(", ".join(f"{mine / theirs:.2f}×" for mine, theirs in zip(r.storm_samples_ms, c.storm_samples_ms)
                               if theirs > 0))
        lines.append(f"| {index} | " + " | ".join(cells) + " |")
    lines += ["", "Goals met in " + ", ".join(f"{met[name]} of {len(rounds)} rounds ({name})" for name, _ in GOALS), ""]
    return lines


def environment(args, xvfb: Xvfb, gtk_info: str) -> str:
    def pkg(name: str) -> str:
        done = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", name],
                              capture_output=True, text=True)
        return done.stdout or "?"

    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return "\n".join([
        f"- Xvfb {pkg('xvfb')} on {xvfb.display}: `-br -screen 0 {SCREEN} -dpi 96 -noreset`, no window manager",
        f"- CPUs: {os.cpu_count()} online, {len(os.sched_getaffinity(0))} usable ({model}); "
        f"load average before the run: {load}",
        f"- kernel {platform.release()}; clock tick {1000 / CLK_TCK:g} ms; xdotool {pkg('xdotool')}",
        f"- storm: {args.resizes} × `xdotool windowsize WID W {STORM_HEIGHT}`, W seeded "
        f"random({args.seed}) in 320..1100, mode `{args.storm}`, {args.storms} per program and round, "
        f"the programs taking turns "
        f"(medians shown), pointer "
        + ("at the screen's centre" if args.pointer_inside else "parked at (1279, 1023), outside the window"),
        f"- GTK4: {gtk_info}",
    ])


# ---------------------------------------------------------------- main

def find_gtk_python(env: dict[str, str]) -> tuple[str | None, str]:
    """Debian's python3-gi lives in /usr/lib/python3/dist-packages, which another
    interpreter (pyenv, a venv) does not see, so try a few interpreters."""
    for candidate in dict.fromkeys([sys.executable, "/usr/bin/python3", shutil.which("python3")]):
        if not candidate or not os.path.exists(candidate):
            continue
        try:
            done = subprocess.run([candidate, "-c", GTK_PROBE], env=env, capture_output=True,
                                  text=True, timeout=30)
        except subprocess.TimeoutExpired:
            continue
        if done.returncode == 0:
            return candidate, done.stdout.strip()
    return None, ""


def build_helpers(build: Path) -> dict[str, Path]:
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "x11", "xft", "fontconfig"],
                           capture_output=True, text=True, check=True).stdout.split()
    cc = os.environ.get("CC", "cc")
    out = {}
    for name in ("c-panel", "first-frame"):
        out[name] = build / name
        subprocess.run([cc, "-O2", "-o", str(out[name]), str(BENCH / f"{name}.c"), *flags], check=True)
    return out


def renderer_of(pid: int) -> str:
    """Which GSK renderer GTK picked, judged from the libraries it mapped."""
    try:
        maps = Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return "?"
    if "swrast_dri" in maps or "llvmpipe" in maps:
        return "OpenGL on Mesa llvmpipe (software)"
    if "_dri.so" in maps:
        return "OpenGL (hardware DRI)"
    return "cairo (no GL driver loaded)"


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rewrap", default=str(REPO / ".build/release/rewrap"),
                   help="the Rewrap binary (default: .build/release/rewrap)")
    p.add_argument("--no-trace", dest="trace", action="store_false",
                   help="do not run the measured Rewrap with --trace (trace costs a JSON line per frame)")
    p.add_argument("--quick", action="store_true", help="3 start-up runs and a 3 s idle (smoke test)")
    p.add_argument("--runs", type=int, default=10, help="start-up runs (default 10)")
    p.add_argument("--idle", type=float, default=10.0, help="idle seconds (default 10)")
    p.add_argument("--resizes", type=int, default=200, help="resizes in the storm (default 200)")
    p.add_argument("--storms", type=int, default=3,
                   help="storms per program and round; each figure is their median (default 3)")
    p.add_argument("--seed", type=int, default=8,
                   help="seed of the storm widths (default 8, whose last width, 449, wraps both "
                        "the dropdowns and the chips)")
    p.add_argument("--storm", choices=["spawn", "burst"], default="spawn",
                   help="spawn: one xdotool process per resize (default); burst: one xdotool "
                        "process chaining all resizes")
    p.add_argument("--pointer-inside", action="store_true",
                   help="leave the pointer at the screen's centre, where the storm's window passes under it")
    p.add_argument("--gsk-renderer", default=None,
                   help="GSK_RENDERER for GTK4 (default: GTK's own choice; e.g. cairo, gl, ngl)")
    p.add_argument("--only", default="rewrap,gtk,tk,c", help="comma-separated subset of rewrap,gtk,tk,c")
    p.add_argument("--rounds", type=int, default=1,
                   help="measure Rewrap and C this many times and print each round's ratios against the goals")
    p.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for a first frame")
    p.add_argument("--out", default=str(BENCH / "out"), help="screenshots, logs, results.md")
    args = p.parse_args()
    if args.runs < 1 or args.resizes < 1 or args.idle <= 0:
        p.error("--runs and --resizes must be >= 1, --idle > 0")
    return args


def main() -> int:
    args = parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    for stale in [*out.glob("*.log"), *out.glob("*.png"), out / "rewrap-trace.jsonl"]:
        stale.unlink(missing_ok=True)
    for tool in ("Xvfb", "xdotool", "xwininfo", "import", "pkg-config"):
        if not shutil.which(tool):
            log(f"compare: {tool} is missing (make deps)")
            return 1

    become_subreaper()
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if started with INT ignored
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    build = Path(tempfile.mkdtemp(prefix="rewrap-bench-"))
    xvfb = bench = None
    try:
        helpers = build_helpers(build)
        xvfb = Xvfb(out / "xvfb.log")
        log(f"Xvfb on {xvfb.display}")
        bench = Bench(args, xvfb, helpers, out)

        rewrap = Path(args.rewrap).expanduser()
        rewrap_ok = rewrap.is_file() and os.access(rewrap, os.X_OK)
        trace = out / "rewrap-trace.jsonl" if args.trace else None
        gtk_py, gtk_version = find_gtk_python(bench.env)
        wish = shutil.which("wish")
        gtk_env = {"GTK_A11Y": "none"}  # no session bus here; Rewrap has no a11y either
        if args.gsk_renderer:
            gtk_env["GSK_RENDERER"] = args.gsk_renderer
        programs = [
            Program("rewrap", "Rewrap", [str(rewrap.resolve())] if rewrap_ok else None, "Rewrap",
                    why_not=f"{rewrap} not built", trace=trace,
                    extra_kept=["--trace", str(trace)] if trace else []),
            Program("gtk", "GTK4", [gtk_py, str(BENCH / "gtk_panel.py")] if gtk_py else None,
                    "gtk-panel", why_not="python3-gi / gir1.2-gtk-4.0 not importable", env=gtk_env),
            # Tk 8.6 (Debian's tk): a toolkit that draws with Xlib and Xft, as Rewrap does.
            Program("tk", "Tk", [wish, str(BENCH / "tk-panel.tcl")] if wish else None, "tk-panel",
                    why_not="wish is missing (Debian's tk)"),
            Program("c", "C", [str(helpers["c-panel"])], "c-panel"),
        ]
        wanted = set(args.only.split(","))
        results: dict[str, Result | None] = {}
        gtk_info = f"GTK {gtk_version} via {gtk_py}" if gtk_py else "not available"
        rounds: list[dict[str, Result | None]] = []
        for round_index in range(max(1, args.rounds)):
            # GTK and Tk are measured once: the goals compare Rewrap with C.
            measured = [prog for prog in programs if prog.key in wanted and prog.command is not None
                        and not (round_index > 0 and prog.key in ("gtk", "tk"))]
            for prog in programs:
                if prog.key in wanted and prog.command is None:
                    log(f"{prog.label}: n/a ({prog.why_not})")
            if round_index == 0:
                bench.warm_up(measured)
            log(f"start-ups (round {round_index + 1}): " + ", ".join(prog.label for prog in measured) + " in turns")
            startups = bench.startups(measured)
            log(f"measurements (round {round_index + 1}): at rest, then storms in turns")
            measured_results = bench.measure(measured, startups)
            for prog in programs:
                if round_index > 0 and prog.key in ("gtk", "tk"):
                    continue
                results[prog.key] = measured_results.get(prog.key)
                if prog.key == "gtk" and results["gtk"] is not None:
                    gtk_info += f", renderer: {results['gtk'].renderer}, env " + " ".join(
                        f"{k}={v}" for k, v in gtk_env.items())
            rounds.append(dict(results))

        script = os.path.relpath(__file__)
        report = "\n".join([
            "## Rewrap vs GTK4 vs C (lower bound)", "",
            table(results, args), "",
            *(goal_rounds(rounds) if len(rounds) > 1 else []),
            "Environment:", environment(args, xvfb, gtk_info), "",
            f"Screenshots and logs: {os.path.relpath(out)}/", "",
            "Reproduce: `" + shlex.join(["python3", script, *sys.argv[1:]]) + "`",
        ])
        print(report)
        (out / "results.md").write_text(report + "\n")
        return 0
    except KeyboardInterrupt:
        log("compare: interrupted")
        return 130
    finally:
        if bench:
            for pid in list(bench.kept):
                stop_pid(pid)
        exclude = {xvfb.proc.pid} if xvfb else set()
        for pid in our_children(exclude):  # first-frame or xdotool left by an interruption,
            stop_pid(pid, grace=1.0)       # and programs re-parented to us
        if xvfb:
            xvfb.stop()
        shutil.rmtree(build, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
