#!/usr/bin/env python3
"""What emoji cost (issue 48, rules §7.7), on a private Xvfb.

    python3 bench/emoji.py [--rewrap .build/release/rewrap] [--storms 5]

  * storm CPU: Rewrap's CPU for 200 size changes (seeded widths 320..1100
    at 600 px high, each `xdotool windowsize` its own process) until it is
    idle (CPU unchanged for 300 ms), over the emoji panel
    (Tests/Fixtures/emoji/emoji.json) and over the same panel with the emoji
    taken out (plain.json); the median of --storms storms of each, taken in
    turns. The goal: the emoji panel's at most 1.2 times the plain one's.
  * memory of 200 distinct emoji: resident (VmRSS) and private memory
    (Private_Clean + Private_Dirty), medians of --memory-runs starts, each
    read 1 s after the first frame, with the
    footer holding the first 200 fully-qualified single-code-point emoji of
    Unicode's emoji-test.txt, all drawn (the window is tall enough),
    against the same footer of 200 two-letter words; and how much of the
    emoji font file is resident.
  * the emoji font is opened only when a label needs it: whether the
    shipped panel's Rewrap maps NotoColorEmoji.ttf.

Standard library only, with its own few helpers, so that the bench's
harness (bench/harness.py, when it lands) can take its two measurements
in as they are: `storm_cpu` and `memory`.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "Tests" / "Fixtures" / "emoji"
EMOJI_FONT = "NotoColorEmoji.ttf"
GOAL = 1.2


def runtime_ms(pid: int) -> float:
    """On-CPU time of the process's threads, in ms (se.sum_exec_runtime)."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            text = (task / "sched").read_text()
        except OSError:
            continue
        match = re.search(r"^se\.sum_exec_runtime\s*:\s*([0-9.]+)", text, re.M)
        if match:
            total += float(match.group(1))
    return total


def wait_idle(pid: int, quiet: float = 0.3, limit: float = 120) -> None:
    start = changed = time.monotonic()
    last = runtime_ms(pid)
    while time.monotonic() - changed < quiet and time.monotonic() - start < limit:
        time.sleep(0.005)
        used = runtime_ms(pid)
        if used != last:
            last, changed = used, time.monotonic()


def smaps(pid: int) -> tuple[int, int, int]:
    """Resident and private kB of the process, and the emoji font's resident kB."""
    rss = int(re.search(r"^VmRSS:\s*(\d+)", Path(f"/proc/{pid}/status").read_text(), re.M).group(1))
    private = font = 0
    mapping = ""
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        fields = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            mapping = fields[5] if len(fields) > 5 else ""
        elif fields[0] in ("Private_Clean:", "Private_Dirty:"):
            private += int(fields[1])
        elif fields[0] == "Rss:" and mapping.endswith(EMOJI_FONT):
            font += int(fields[1])
    return rss, private, font


class Xvfb:
    def __init__(self):
        read_end, write_end = os.pipe()
        self.proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1400x1000x24", "-dpi", "96",
                                      "-nolisten", "tcp", "-noreset"], pass_fds=(write_end,), stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            self.display = ":" + pipe.readline().strip()

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


class Rewrap:
    """Rewrap on `display` with `panel`, its state kept apart, until its first frame."""

    def __init__(self, rewrap: str, display: str, panel: Path, work: Path, geometry: str = "800x600+0+0"):
        self.log = work / f"frames-{time.monotonic_ns()}.log"
        self.env = dict(os.environ, DISPLAY=display, XDG_STATE_HOME=str(work / "state"))
        self.proc = subprocess.Popen([rewrap, "--panel", str(panel), "--geometry", geometry, "--frame-log", str(self.log)],
                                     env=self.env, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not (self.log.exists() and self.log.read_text().strip()):
            if time.monotonic() > deadline:
                raise RuntimeError("no first frame")
            time.sleep(0.01)
        search = subprocess.run(["xdotool", "search", "--sync", "--pid", str(self.proc.pid)], env=self.env,
                                capture_output=True, text=True, check=True)
        self.window = search.stdout.split()[0]
        wait_idle(self.proc.pid)

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def storm_widths(count: int = 200, seed: int = 8) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(320, 1100) for _ in range(count)]


def storm_cpu(app: Rewrap) -> float:
    """CPU for 200 resizes, each its own xdotool, until idle; ms."""
    before = runtime_ms(app.proc.pid)
    for width in storm_widths():
        subprocess.run(["xdotool", "windowsize", app.window, str(width), "600"], env=app.env, check=True)
    wait_idle(app.proc.pid)
    return runtime_ms(app.proc.pid) - before


def distinct_emoji(count: int = 200) -> list[str]:
    emoji = []
    for line in Path("/usr/share/unicode/emoji/emoji-test.txt").read_text().splitlines():
        fields = line.split(";")
        if len(fields) > 1 and fields[1].strip().startswith("fully-qualified") and len(fields[0].split()) == 1:
            emoji.append(chr(int(fields[0].strip(), 16)))
        if len(emoji) == count:
            break
    return emoji


def panel_with_footer(words: list[str], into: Path) -> Path:
    panel = json.loads((FIXTURES / "plain.json").read_text())
    panel["chips"]["footer"] = " ".join(words)
    into.write_text(json.dumps(panel, ensure_ascii=False))
    return into


def memory(rewrap: str, display: str, panel: Path, work: Path) -> tuple[int, int, int]:
    app = Rewrap(rewrap, display, panel, work, geometry="800x900+0+0")
    try:
        time.sleep(1)
        return smaps(app.proc.pid)
    finally:
        app.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(REPO / ".build/release/rewrap"))
    parser.add_argument("--storms", type=int, default=5)
    parser.add_argument("--memory-runs", type=int, default=5)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rewrap-emoji-bench-"))
    xvfb = Xvfb()
    try:
        cpu = {"plain": [], "emoji": []}
        apps = {name: Rewrap(args.rewrap, xvfb.display, FIXTURES / f"{name}.json", work) for name in cpu}
        try:
            for _ in range(args.storms):
                for name, app in apps.items():
                    # The other window off the screen, as the harness keeps it.
                    for other in apps.values():
                        x = "0" if other is app else "3000"
                        subprocess.run(["xdotool", "windowmove", other.window, x, "0"], env=other.env, check=True)
                    wait_idle(app.proc.pid)
                    cpu[name].append(storm_cpu(app))
        finally:
            for app in apps.values():
                app.stop()
        plain, emoji = statistics.median(cpu["plain"]), statistics.median(cpu["emoji"])
        ratio = emoji / plain
        print("| panel | storm CPU, median of %d | all |" % args.storms)
        print("|---|---:|---|")
        for name, values in cpu.items():
            print(f"| {name} | {statistics.median(values):.0f} ms | {', '.join(f'{v:.0f}' for v in values)} |")
        print(f"\nemoji / plain: {ratio:.2f} (goal: at most {GOAL}) -> {'met' if ratio <= GOAL else 'NOT met'}\n")

        words = distinct_emoji()
        letters = [chr(0x61 + i // 26) + chr(0x61 + i % 26) for i in range(len(words))]
        rows = {"200 two-letter words": panel_with_footer(letters, work / "words.json"),
                "200 distinct emoji": panel_with_footer(words, work / "emoji.json")}
        print(f"| footer, median of {args.memory_runs} starts | resident | private | of it, NotoColorEmoji.ttf resident |")
        print("|---|---:|---:|---:|")
        measured = {}
        for name, panel in rows.items():
            runs = [memory(args.rewrap, xvfb.display, panel, work) for _ in range(args.memory_runs)]
            measured[name] = tuple(int(statistics.median(run[i] for run in runs)) for i in range(3))
            rss, private, font = measured[name]
            print(f"| {name} | {rss} kB | {private} kB | {font} kB |")
        (rss0, private0, _), (rss1, private1, _) = measured.values()
        print(f"\n200 distinct emoji cost {rss1 - rss0} kB resident, {private1 - private0} kB private.")
        shipped = Rewrap(args.rewrap, xvfb.display, REPO / "assets" / "panel.json", work)
        try:
            maps = Path(f"/proc/{shipped.proc.pid}/maps").read_text()
        finally:
            shipped.stop()
        print(f"The shipped panel maps {EMOJI_FONT}: {'yes' if EMOJI_FONT in maps else 'no'}.")
        return 0 if ratio <= GOAL and EMOJI_FONT not in maps else 1
    finally:
        xvfb.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
