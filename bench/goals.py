#!/usr/bin/env python3
"""make bench's table: every goal, and whether it is met, in one run.

    python3 bench/goals.py [--rewrap .build/release/rewrap] [--starts 10] [--storms 10]
                           [--deb out/rewrap_0.1.0-1_amd64.deb] [--no-toolkits] [--platforms x11,sway]

The programs draw the same panel (rules §1): Rewrap, through its launcher
as a person starts it; the C lower bounds, c-panel.c on X11 and wl-panel.c
on Wayland; Tk's wish on X11 and GTK 4 on both, for reference; and two
hellos, a static Swift program and the same in C. One private Xvfb and one
private headless sway; every program measured in turns, each figure a
median of --starts (or --storms), after one start of each that is not
counted (it reads the binary and libraries into the page cache).

  * start-up: exec -> the first frame on screen, with no debugging on: on
    X11 first-frame.c's reading of the screen, on sway the IPC's "new"
    event, sent as sway maps the surface at its first commit with a buffer;
    the hellos to their line on a pipe;
  * resident memory (VmRSS) and private memory (Private_Dirty: what a
    second copy costs, as it would share the first's clean file pages) 1 s
    after each start;
  * the memory floor: the C program, plus HarfBuzz with what it brings
    where the C program does not shape (X11; read from Rewrap's own
    smaps), plus the Swift runtime's own cost (the Swift hello's resident
    memory less the C hello's);
  * storm CPU: the program's CPU for 200 size changes (seeded widths
    320..1100 at 600 px high; `xdotool windowsize` on X11, `swaymsg resize
    set` on sway, each its own process) until it is idle (CPU unchanged for
    300 ms); each program kept running, on X11 moved off screen while the
    others storm; and whether the last size was laid out;
  * the package: the .deb's size and its Installed-Size, against the .deb
    of main on 2026-12-06;
  * emoji (issue 48, rules §7.7), on X11: the storm over the emoji panel
    (Tests/Fixtures/emoji/emoji.json, 800 x 600) against the same panel
    without its emoji (plain.json); the memory of a footer of 200 distinct
    emoji (Unicode's first 200 fully-qualified single code points) against
    one of 200 two-letter words, at 800 x 900 so all are drawn, with the
    emoji font's resident pages; and whether the shipped panel maps the
    emoji font (it must not).

The machine's load average is read before and after; when either is over
1, no goal of time (start-up, storm) is judged: a busy neighbour moves
times, not memory or sizes. The table is also written to bench/out/goals.md.
To add a benchmark, add a Program to a platform's list (it is then
started, measured and stormed with the others) and, if it has a goal, a
Goal to the list `report` judges.
"""
from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import harness
from harness import BENCH, REPO, Load, Sway, Xvfb

GEOMETRY = ["--geometry", "680x420+0+0"]
EMOJI = REPO / "Tests" / "Fixtures" / "emoji"
EMOJI_FONT = "NotoColorEmoji.ttf"
# HarfBuzz and what it brings: the floor's share where the C program does not shape.
SHAPING = ("libharfbuzz", "libglib-2.0", "libgraphite2", "libpcre2-8")
# The package main built on 2026-12-06 (7c14aea), which issue 51 asks to beat.
TODAYS_DEB = 2_582_540


@dataclass
class Program:
    name: str
    argv: list[str]
    env: dict[str, str] = field(default_factory=dict)
    title: str | None = None          # its X11 window's exact title, for those that set no _NET_WM_PID
    window: str = ""                  # its X11 window, once kept for the storms
    emoji_font: list[int] = field(default_factory=list)   # the emoji font's resident kB
    storms: bool = True
    started: list[float] = field(default_factory=list)
    resident: list[int] = field(default_factory=list)
    private: list[int] = field(default_factory=list)
    shaping: list[int] = field(default_factory=list)
    storm_cpu: list[float] = field(default_factory=list)
    last_size: tuple[int, int] | None = None
    failure: str = ""

    def median(self, name: str) -> float | None:
        return harness.median(getattr(self, name))


class Platform:
    """Starting, finding and resizing a program's window on one display server."""

    name = ""

    def start(self, program: Program) -> tuple[float, int]:
        raise NotImplementedError

    def storm(self, program: Program, pid: int, widths: list[int]) -> float:
        raise NotImplementedError


class X11(Platform):
    name = "X11 (Xvfb)"
    # Where a kept window waits while another program storms: off the
    # screen, so nothing exposes it and its program stays idle.
    OFF_SCREEN_X = 1400

    def __init__(self, xvfb: Xvfb, c: harness.CPrograms):
        self.xvfb, self.c = xvfb, c

    def start(self, program: Program) -> tuple[float, int]:
        return harness.first_frame_x11(self.c.first_frame, self.xvfb.env(**program.env), program.argv, kill=False)

    def prepare(self, program: Program, pid: int) -> None:
        program.window = self.xvfb.window_of(pid, title=program.title)
        self.xvfb.xdotool("windowmove", program.window, self.OFF_SCREEN_X, 0)

    def storm(self, program: Program, pid: int, widths: list[int]) -> float:
        self.xvfb.xdotool("windowmove", program.window, 0, 0)
        harness.wait_idle(pid)
        cpu = harness.cpu_over(pid, lambda: [self.xvfb.xdotool("windowsize", program.window, width, harness.STORM_HEIGHT)
                                             for width in widths])
        program.last_size = self.xvfb.size(program.window)
        self.xvfb.xdotool("windowmove", program.window, self.OFF_SCREEN_X, 0)
        harness.wait_idle(pid)
        return cpu


class Wayland(Platform):
    name = "Wayland (headless sway)"

    def __init__(self, sway: Sway):
        self.sway = sway

    def start(self, program: Program) -> tuple[float, int]:
        return harness.first_frame_sway(self.sway, program.argv, program.env)

    def prepare(self, program: Program, pid: int) -> None:
        pass

    def storm(self, program: Program, pid: int, widths: list[int]) -> float:
        harness.wait_idle(pid)
        cpu = harness.cpu_over(pid, lambda: [self.sway.resize(pid, width, harness.STORM_HEIGHT) for width in widths])
        program.last_size = self.sway.size(pid)
        return cpu


def x11_programs(rewrap: Path, c: harness.CPrograms, gtk: str | None, before: Path | None, folder: Path) -> list[Program]:
    def panel(name: str, path: Path, geometry: str, storms: bool = True) -> Program:
        return Program(name, [str(rewrap), "--platform", "x11", "--panel", str(path), "--geometry", geometry], storms=storms)
    programs = [Program("rewrap", [str(rewrap), "--platform", "x11", *GEOMETRY]),
                Program("c-panel", [str(c.c_panel)], title="c-panel"),
                Program("tk", ["wish", str(BENCH / "tk-panel.tcl")], title="tk-panel")]
    if gtk:
        programs.append(Program("gtk", [gtk, str(BENCH / "gtk_panel.py")], {"GTK_A11Y": "none"}, title="gtk-panel"))
    if before:
        programs.insert(1, Program("rewrap, before", [str(before), "--platform", "x11", *GEOMETRY]))
    emoji = distinct_emoji()
    words = [chr(0x61 + i // 26) + chr(0x61 + i % 26) for i in range(len(emoji))]
    return programs + [panel("emoji panel", EMOJI / "emoji.json", "800x600+0+0"),
                       panel("plain panel", EMOJI / "plain.json", "800x600+0+0"),
                       panel("200 emoji", footer(emoji, folder / "emoji-footer.json"), "800x900+0+0", storms=False),
                       panel("200 words", footer(words, folder / "words-footer.json"), "800x900+0+0", storms=False)]


def distinct_emoji(count: int = 200) -> list[str]:
    """The first `count` fully-qualified single-code-point emoji of Unicode's list."""
    emoji = []
    for line in Path("/usr/share/unicode/emoji/emoji-test.txt").read_text().splitlines():
        fields = line.split(";")
        if len(fields) > 1 and fields[1].strip().startswith("fully-qualified") and len(fields[0].split()) == 1:
            emoji.append(chr(int(fields[0].strip(), 16)))
        if len(emoji) == count:
            break
    return emoji


def footer(words: list[str], into: Path) -> Path:
    """The plain emoji fixture with `words` for the chips' footer."""
    panel = json.loads((EMOJI / "plain.json").read_text())
    panel["chips"]["footer"] = " ".join(words)
    into.write_text(json.dumps(panel, ensure_ascii=False))
    return into


def emoji_font_kb(pid: int) -> int:
    return harness.rss_by_file(pid).get(EMOJI_FONT, 0)


def wayland_programs(rewrap: Path, c: harness.CPrograms, gtk: str | None, before: Path | None) -> list[Program]:
    programs = [Program("rewrap", [str(rewrap), *GEOMETRY]), Program("wl-panel", [str(c.wl_panel)])]
    if before:
        programs.insert(1, Program("rewrap, before", [str(before), *GEOMETRY]))
    if gtk:
        programs.append(Program("gtk", [gtk, str(BENCH / "gtk_panel.py")],
                                {"GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"}))
    return programs


def shaping_kb(pid: int) -> int:
    parts = harness.rss_by_mapping(pid)
    return sum(kb for name, kb in parts.items() if name.startswith(SHAPING))


def measure_starts(platform: Platform | None, programs: list[Program], starts: int) -> None:
    """One start of each not counted, then `starts` rounds in turns: each
    start timed, and its memory read 1 s later."""
    for round_ in range(starts + 1):
        for program in programs:
            if program.failure:
                continue
            try:
                ms, pid = platform.start(program) if platform else harness.start_hello(program.argv)
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                program.failure = str(error)
                harness.log(f"  {program.name}: {error}")
                continue
            try:
                time.sleep(1)
                if round_ > 0:
                    program.started.append(ms)
                    program.resident.append(harness.rss_kb(pid) or 0)
                    program.private.append(harness.private_kb(pid) or 0)
                    program.shaping.append(shaping_kb(pid))
                    program.emoji_font.append(emoji_font_kb(pid))
            finally:
                harness.stop_pid(pid)
        if round_:
            harness.log(f"  {platform.name if platform else 'hellos'}: round {round_} of {starts}: "
                        + ", ".join(f"{p.name} {p.started[-1]:.1f} ms" for p in programs if p.started))


def measure_storms(platform: Platform, programs: list[Program], storms: int, widths: list[int]) -> None:
    """Each program kept running once; then `storms` storms each, in turns."""
    kept: dict[str, int] = {}
    try:
        for program in programs:
            if program.failure or not program.storms:
                continue
            _, pid = platform.start(program)
            kept[program.name] = pid
            platform.prepare(program, pid)
        for index in range(storms):
            for program in programs:
                if program.name in kept:
                    program.storm_cpu.append(platform.storm(program, kept[program.name], widths))
            harness.log(f"  {platform.name}: storm {index + 1} of {storms}: "
                        + ", ".join(f"{p.name} {p.storm_cpu[-1]:.1f} ms" for p in programs if p.name in kept))
    finally:
        for pid in kept.values():
            harness.stop_pid(pid)


@dataclass
class Goal:
    name: str
    mine: float | None
    theirs: float | None
    against: str
    limit: float | None       # the ratio to stay at or under; None: reported, no goal
    strict: bool = False      # under the limit, not at it
    unit: str = "ms"

    @property
    def timed(self) -> bool:
        """A time, which a busy machine moves; memory and sizes it does not."""
        return self.unit == "ms"

    @property
    def ratio(self) -> float | None:
        return self.mine / self.theirs if self.mine is not None and self.theirs else None

    def row(self, quiet: bool) -> list[str]:
        def show(value):
            if value is None:
                return "n/a"
            return {"ms": f"{value:.1f} ms", "kB": f"{value / 1024:.1f} MB", "B": f"{value / 1e6:.2f} MB"}[self.unit]
        # Two decimals, or three where two would round onto the limit.
        digits = 3 if self.ratio is not None and self.limit and round(self.ratio, 2) == self.limit else 2
        ratio = f"{self.ratio:.{digits}f}×" if self.ratio is not None else "n/a"
        goal = "no goal" if self.limit is None else ("< " if self.strict else "≤ ") + f"{self.limit:g}×"
        if self.limit is None or self.ratio is None:
            met = ""
        elif self.timed and not quiet:
            met = "not judged (load)"
        else:
            met = "met" if (self.ratio < self.limit if self.strict else self.ratio <= self.limit) else "**missed**"
        return [self.name, show(self.mine), f"{self.against} {show(self.theirs)}", ratio, goal, met]


def floor_kb(c: Program, rewrap: Program, hellos: dict[str, Program]) -> float | None:
    """The C program, plus HarfBuzz's share where it does not shape, plus the Swift runtime."""
    values = [c.median("resident"), hellos["swift-hello"].median("resident"), hellos["c-hello"].median("resident")]
    if None in values:
        return None
    shaping = 0 if c.median("shaping") else (rewrap.median("shaping") or 0)
    return values[0] + shaping + values[1] - values[2]


def package(deb: str | None) -> tuple[int | None, str]:
    """The .deb's size in bytes and a note with its Installed-Size."""
    if not deb or not os.path.exists(deb):
        return None, "no .deb (make deb)"
    installed = subprocess.run(["dpkg-deb", "--field", deb, "Installed-Size"], capture_output=True, text=True).stdout.strip()
    return os.path.getsize(deb), f"{os.path.basename(deb)}, installed {int(installed or 0) / 1024:.1f} MB"


def report(load: Load, args, platforms: dict[str, list[Program]], hellos: dict[str, Program]) -> str:
    def find(platform: str, name: str) -> Program:
        return next((p for p in platforms.get(platform, []) if p.name == name), Program(name, []))

    rx, cx, tk = find("x11", "rewrap"), find("x11", "c-panel"), find("x11", "tk")
    rw, cw = find("sway", "rewrap"), find("sway", "wl-panel")
    deb_bytes, deb_note = package(args.deb)
    goals = [
        Goal("start-up on X11", rx.median("started"), cx.median("started"), "c-panel", 1.2),
        Goal("start-up on sway", rw.median("started"), cw.median("started"), "wl-panel", 1.3),
        Goal("resident memory on X11", rx.median("resident"), floor_kb(cx, rx, hellos), "the floor", 1.15, unit="kB"),
        Goal("resident memory on X11, against Tk", rx.median("resident"), tk.median("resident"), "Tk", 1.0,
             strict=True, unit="kB"),
        Goal("resident memory on sway", rw.median("resident"), floor_kb(cw, rw, hellos), "the floor", 1.15, unit="kB"),
        Goal("private memory on X11", rx.median("private"), cx.median("private"), "c-panel", None, unit="kB"),
        Goal("private memory on sway", rw.median("private"), cw.median("private"), "wl-panel", None, unit="kB"),
        Goal("storm CPU on X11", rx.median("storm_cpu"), cx.median("storm_cpu"), "c-panel", 1.5),
        Goal("storm CPU on sway", rw.median("storm_cpu"), cw.median("storm_cpu"), "wl-panel", 1.5),
        Goal("the package (.deb)", deb_bytes, TODAYS_DEB, "2026-12-06's", 1.0, strict=True, unit="B"),
        Goal("storm CPU of the emoji panel", find("x11", "emoji panel").median("storm_cpu"),
             find("x11", "plain panel").median("storm_cpu"), "without its emoji", 1.2),
        Goal("resident memory of 200 emoji", find("x11", "200 emoji").median("resident"),
             find("x11", "200 words").median("resident"), "of 200 words", None, unit="kB"),
        Goal("private memory of 200 emoji", find("x11", "200 emoji").median("private"),
             find("x11", "200 words").median("private"), "of 200 words", None, unit="kB"),
    ]
    quiet = load.quiet
    lines = ["## The goals", "",
             f"{load.line()}: " + ("every goal judged." if quiet else f"**over {Load.LIMIT:g}: no time judged**.")
             + f" {args.starts} starts and {args.storms} storms of each program, in turns; {harness.machine()}.", "",
             harness.table(["goal", "Rewrap", "against", "ratio", "goal", "met"], [g.row(quiet) for g in goals], "lrrrll"),
             "", f"Package: {deb_note}.",
             f"Of 200 emoji's memory, the emoji font's resident pages: {find('x11', '200 emoji').median('emoji_font') or 0:.0f} kB. "
             f"The shipped panel maps the emoji font: {'**yes**' if rx.median('emoji_font') else 'no'}."]
    for key, title in (("x11", X11.name), ("sway", Wayland.name)):
        programs = platforms.get(key)
        if not programs:
            continue
        rows = [[p.name, harness.spread(p.started), harness.spread(p.resident, "MB", 1 / 1024),
                 harness.spread(p.private, "MB", 1 / 1024), harness.spread(p.storm_cpu),
                 (f"{p.last_size[0]}×{p.last_size[1]}" + ("" if p.last_size == (args.widths[-1], harness.STORM_HEIGHT)
                                                          else " **not the last size**")) if p.last_size else "n/a",
                 p.failure or ""] for p in programs]
        lines += ["", f"### {title}", "",
                  harness.table(["program", "start-up", "resident", "private", "storm CPU", "size after the storm",
                                 "failure"], rows, "lrrrrrl")]
    lines += ["", "### Hellos", "",
              harness.table(["program", "start-up", "resident"],
                            [[p.name, harness.spread(p.started), harness.spread(p.resident, "MB", 1 / 1024)]
                             for p in hellos.values()], "lrr")]
    floors = [(key, floor_kb(find(key, c), find(key, "rewrap"), hellos)) for key, c in (("x11", "c-panel"), ("sway", "wl-panel"))]
    lines += ["", "Floors: " + "; ".join(f"{key} {value / 1024:.1f} MB" for key, value in floors if value) + " "
              "(the C program, HarfBuzz's share on X11, and the Swift hello's resident memory less the C hello's).", "",
              "Reproduce: `" + " ".join(["python3", "bench/goals.py", *sys.argv[1:]]) + "`"]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(harness.REWRAP))
    parser.add_argument("--starts", type=int, default=10)
    parser.add_argument("--storms", type=int, default=10)
    parser.add_argument("--deb", default=max(glob.glob(str(REPO / "out" / "rewrap_*.deb")), key=os.path.getmtime, default=None))
    parser.add_argument("--platforms", default="x11,sway")
    parser.add_argument("--no-toolkits", dest="toolkits", action="store_false", help="leave Tk and GTK out")
    parser.add_argument("--before", help="another build's launcher, measured in turns with the rest: a lever's A/B")
    args = parser.parse_args()
    args.widths = harness.storm_widths()
    rewrap = Path(args.rewrap).resolve()
    before = Path(args.before).resolve() if args.before else None
    load = Load()
    platforms: dict[str, list[Program]] = {}
    with harness.run("goals") as folder:
        c = harness.CPrograms(folder)
        gtk = harness.gtk_python() if args.toolkits else None
        hellos = {name: Program(name, [str(path)]) for name, path in (("swift-hello", c.swift_hello), ("c-hello", c.c_hello))}
        harness.log("hellos")
        measure_starts(None, list(hellos.values()), args.starts)
        if "x11" in args.platforms:
            with Xvfb(folder) as xvfb:
                x11 = X11(xvfb, c)
                programs = x11_programs(rewrap, c, gtk, before, folder)
                if not args.toolkits:
                    programs = [p for p in programs if p.name != "tk"]
                measure_starts(x11, programs, args.starts)
                measure_storms(x11, programs, args.storms, args.widths)
                platforms["x11"] = programs
        if "sway" in args.platforms:
            with Sway(folder) as sway:
                wayland = Wayland(sway)
                programs = wayland_programs(rewrap, c, gtk, before)
                measure_starts(wayland, programs, args.starts)
                measure_storms(wayland, programs, args.storms, args.widths)
                platforms["sway"] = programs
    load.finish()
    text = report(load, args, platforms, hellos)
    print(text)
    (BENCH / "out").mkdir(exist_ok=True)
    (BENCH / "out" / "goals.md").write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
