#!/usr/bin/env python3
"""Rewrap and GTK 4 on GNOME's and KDE's compositors: headless mutter and kwin.

In one run, on one private headless mutter 43 (`--headless --virtual-monitor
1280x800 --no-x11`) and one private headless kwin 5.27 (`kwin_wayland
--virtual`, 1280x800), each on its own session bus (dbus-daemon --nofork,
with no service folders, so nothing is activated behind our back) and its
own XDG_RUNTIME_DIR, the programs taking turns. kwin runs without the
tests' KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, which would add its hashing of
each client's executable to every start-up (see bench/README.md).
  * start-up: exec -> the first buffer committed, from WAYLAND_DEBUG=1's
    stamped log (the harness's `committed_start`), median of --runs, one
    start first that is not counted (it reads the binary and libraries into
    the page cache);
  * RSS (VmRSS) about 1 s after the first frame: the program started again
    without the debug log, its first frame taken as the moment its CPU goes
    quiet (the harness's `wait_idle`), then 1 s;
  * CPU for a storm of 200 size changes (seeded widths 320..1100 at 600 px
    high, the harness's `storm_widths`, as goals.py's), from the first change
    until the program is idle (its CPU unchanged for 300 ms), median of
    --storms:
    - on kwin each change is its own KWin script that sets the window's
      frameGeometry, loaded and run over D-Bus by
      Tests/Fixtures/walk/desktop-bus.py (one script that sets it 200 times
      gives the program a single configure: kwin sends configures from a
      zero-length timer, after the script);
    - on mutter, which has no scripting, the pointer drags the window's
      lower right corner with Super + middle button (GNOME's default),
      through a RemoteDesktop session (relative motions, so no ScreenCast
      and no pipewire): one motion per size, --pace ms apart, which gives
      one configure each. First, not measured, the window is moved to the
      top left corner (Super + left drag) so the widest size fits on the
      monitor; where mutter placed it comes from one start with the debug
      log (its window geometry, and where the pointer enters it). Each
      storm has a fresh start of the program: now and then mutter grabs on
      Super + middle but sends no size (always by a window's third drag);
      a storm under 5 ms of CPU is such a one, and is run again on a fresh
      start (the table says how many were).
Clients get the compositor's socket and runtime folder but no session bus,
as on goals.py's sway; Rewrap gets an XDG_STATE_HOME of its own on every
start. GTK is bench/gtk_panel.py under Debian's python3 with
GDK_BACKEND=wayland GSK_RENDERER=cairo. Every process is stopped by its PID.
Prints a Markdown table.

    python3 bench/desktops.py [--rewrap .build/release/rewrap] [--runs 10] [--only mutter,kwin]
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import harness
from harness import (BENCH, DEBUG_STAMP, REPO, STORM_HEIGHT, SYSTEM_PYTHON, committed_start, cpu_over, log,
                     private_state, rss_kb, stop_pid, wait_idle)

DESKTOP_BUS = REPO / "Tests/Fixtures/walk/desktop-bus.py"
WIDTH, HEIGHT = 1280, 800
# A session bus like `dbus-daemon --session`'s, less its service folders.
BUS_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:dir={folder}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"""


class PrivateSession:
    """A runtime folder (0700) and session bus of one compositor's own; the
    daemon and everything started through `start` are stopped by PID, last
    started first (the Python twin of Tests/RewrapTestDrivers/PrivateSessionBus)."""

    def __init__(self, name: str):
        self.folder = Path(tempfile.mkdtemp(prefix=f"rewrap-{name}-bench-"))
        self.folder.chmod(0o700)
        self.processes: list[subprocess.Popen] = []
        config = self.folder / "bus.conf"
        config.write_text(BUS_CONFIG.format(folder=self.folder))
        self.daemon = subprocess.Popen(["dbus-daemon", "--config-file", str(config), "--nofork", "--nopidfile",
                                        "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                       stdin=subprocess.DEVNULL, text=True, start_new_session=True,
                                       env=self.base_env({}))
        self.address = self.daemon.stdout.readline().strip()
        if not self.address:
            self.stop()
            raise RuntimeError("dbus-daemon printed no address")
        self.env = {"XDG_RUNTIME_DIR": str(self.folder), "DBUS_SESSION_BUS_ADDRESS": self.address}

    def base_env(self, extra: dict[str, str]) -> dict[str, str]:
        env = dict(os.environ, XDG_RUNTIME_DIR=str(self.folder))
        for key in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(key, None)
        env.update(extra)
        return env

    def start(self, argv: list[str], log_name: str, extra: dict[str, str] | None = None,
              pipe: bool = False) -> subprocess.Popen:
        env = self.base_env(dict(self.env, **(extra or {})))
        out = open(self.folder / f"{log_name}.log", "wb")
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE if pipe else out, stderr=out,
                                stdin=subprocess.PIPE if pipe else subprocess.DEVNULL, start_new_session=True,
                                text=pipe or None)
        out.close()
        self.processes.append(proc)
        return proc

    def log(self, name: str) -> str:
        try:
            return (self.folder / f"{name}.log").read_text(errors="replace")
        except OSError:
            return ""

    def wait_for(self, name: str, proc: subprocess.Popen, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and proc.poll() is None:
            if (self.folder / name).exists():
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        for proc in reversed(self.processes):
            if proc.stdin:
                try:
                    proc.stdin.close()
                except OSError:
                    pass
            stop_pid(proc.pid, grace=3)
            proc.poll()
        self.processes = []
        stop_pid(self.daemon.pid)
        self.daemon.poll()
        shutil.rmtree(self.folder, ignore_errors=True)


class Desktop:
    """A headless compositor; `client_env` is what committed_start needs."""
    name = ""
    socket = ""

    def __init__(self):
        self.session = PrivateSession(self.name)
        self.client_env = {"XDG_RUNTIME_DIR": str(self.session.folder), "WAYLAND_DISPLAY": self.socket}

    def client(self, extra: dict[str, str]) -> dict[str, str]:
        """A client's environment: this compositor, no session bus, no X."""
        env = private_state(dict(os.environ, **self.client_env, **extra))
        for key in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
            env.pop(key, None)
        return env

    def prepare(self, pid: int, sizes: list[int]) -> None:
        """What the storm needs that is not the storm (not measured)."""

    def storm(self, pid: int, sizes: list[int]) -> None:
        raise NotImplementedError

    def finish(self, pid: int) -> None:
        """Ends the storm once the program is idle (not measured)."""

    def size(self, pid: int) -> str:
        return ""

    def quit_helper(self) -> None:
        """Asks the compositor's D-Bus helper to end, and stops it by its PID."""
        if self.helper.poll() is None:
            try:
                self.helper.stdin.write("quit\n")
                self.helper.stdin.flush()
            except OSError:
                pass
        stop_pid(self.helper.pid)
        self.helper.poll()
        self.session.processes.remove(self.helper)
        self.helper = None

    def stop(self) -> None:
        self.session.stop()


# A line helper for Debian's python3 (which has gi): a RemoteDesktop
# session of mutter's, without ScreenCast (so no pipewire): `rel DX DY`,
# `button CODE 1|0`, `keysym K 1|0`; "ok" or "error ..." a line, "ready" first.
REMOTE_DESKTOP = r"""
import sys
from gi.repository import Gio, GLib
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
RD = "org.gnome.Mutter.RemoteDesktop"
def call(path, interface, method, args=None, signature=None):
    body = GLib.Variant(signature, args) if signature else None
    return bus.call_sync(RD, path, interface, method, body, None, 0, 20000, None).unpack()
try:
    session = call("/org/gnome/Mutter/RemoteDesktop", RD, "CreateSession")[0]
    call(session, RD + ".Session", "Start")
except Exception as error:
    print("error", str(error).replace("\n", " "), flush=True)
    sys.exit(1)
print("ready", flush=True)
for line in sys.stdin:
    w = line.split()
    try:
        if w[0] == "rel":
            call(session, RD + ".Session", "NotifyPointerMotionRelative", (float(w[1]), float(w[2])), "(dd)")
        elif w[0] == "button":
            call(session, RD + ".Session", "NotifyPointerButton", (int(w[1]), w[2] == "1"), "(ib)")
        elif w[0] == "keysym":
            call(session, RD + ".Session", "NotifyKeyboardKeysym", (int(w[1], 0), w[2] == "1"), "(ub)")
        else:
            break
        print("ok", flush=True)
    except Exception as error:
        print("error", str(error).replace("\n", " "), flush=True)
"""
SUPER_L, SHIFT_L, BUTTON_LEFT, BUTTON_MIDDLE = 0xffeb, 0xffe1, 272, 274


class Mutter(Desktop):
    name, socket = "mutter", "rewrap-bench-mutter"
    storm_how = ("the window moved to the top left (Super + left drag), then a Super + middle-button drag of its "
                 "lower right corner through RemoteDesktop's relative pointer motions, one motion per size, PACE ms "
                 "apart; each storm on a fresh start of the program")
    why_no_storm = ""

    def __init__(self, pace_ms: float = 20):
        super().__init__()
        self.pace = pace_ms / 1000
        self.storm_how = self.storm_how.replace("PACE", f"{pace_ms:g}")
        self.geometry: dict[int, tuple[int, int, int, int]] = {}
        try:
            # Settings in memory: GNOME's defaults (Super + middle button
            # resizes), nothing written to dconf.
            self.proc = self.session.start(["mutter", "--headless", "--virtual-monitor", f"{WIDTH}x{HEIGHT}", "--no-x11",
                                            "--wayland-display", self.socket], "mutter", {"GSETTINGS_BACKEND": "memory"})
            if not self.session.wait_for(self.socket, self.proc, 20):
                raise RuntimeError("mutter did not start: " + self.session.log("mutter")[-600:])
            self.remote()
        except BaseException:
            self.stop()
            raise

    def remote(self) -> None:
        """A new RemoteDesktop session (the old one's helper ended)."""
        if getattr(self, "helper", None):
            self.quit_helper()
        self.helper = self.session.start([SYSTEM_PYTHON, "-c", REMOTE_DESKTOP], "remote-desktop", pipe=True)
        if self.helper.stdout.readline().strip() != "ready":
            raise RuntimeError("mutter's RemoteDesktop: " + self.session.log("remote-desktop"))
        # mutter makes its virtual devices on their first event, which is lost.
        for line in (f"keysym {SHIFT_L:#x} 1", f"keysym {SHIFT_L:#x} 0", "rel 1 1", "rel -1 -1"):
            self.send(line)

    def send(self, line: str) -> None:
        self.helper.stdin.write(line + "\n")
        self.helper.stdin.flush()
        answer = self.helper.stdout.readline()
        if not answer.startswith("ok"):
            raise RuntimeError(f"RemoteDesktop, {line}: {answer.strip() or 'gone'}")

    def learn_geometry(self, command: list[str], env: dict[str, str]) -> tuple[int, int, int, int]:
        """Where mutter places the window and its size (xdg_surface.
        set_window_geometry: libdecor's title bar in, GTK's shadows out),
        from one start's WAYLAND_DEBUG log: its first frame's geometry, and
        where the pointer enters it when put at the monitor's centre."""
        proc = subprocess.Popen(command, env=self.client(dict(env, WAYLAND_DEBUG="1")), stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        geometry, toplevel, attached, moved, focus = None, None, set(), None, None
        try:
            for line in proc.stderr:
                stamp = re.match(r"\[\s*(\d+)\.(\d+)\]", line)
                stamp = int(stamp.group(1)) * 1000 + int(stamp.group(2)) if stamp else 0
                match = re.search(r"get_xdg_surface\(new id xdg_surface@\d+, wl_surface@(\d+)\)", line)
                if match and toplevel is None:
                    toplevel = match.group(1)
                match = re.search(r"-> xdg_surface@\d+\.set_window_geometry\((-?\d+), (-?\d+), (\d+), (\d+)\)", line)
                if match and moved is None:
                    geometry = tuple(int(g) for g in match.groups())
                match = DEBUG_STAMP.search(line)
                if match and match.group(4).startswith("attach"):
                    attached.add(match.group(3))
                elif match and match.group(3) == toplevel and toplevel in attached and geometry and moved is None:
                    # Drawn: the pointer goes to a corner, then to the monitor's centre.
                    time.sleep(0.2)
                    self.send("rel -10000 -10000")
                    moved = int(time.time() * 1e6) & 0xFFFFFFFF
                    self.send(f"rel {WIDTH // 2} {HEIGHT // 2}")
                enter = re.search(r"wl_pointer@\d+\.enter\(\d+, wl_surface@(\d+), ([0-9.]+), ([0-9.]+)\)", line)
                motion = re.search(r"wl_pointer@\d+\.motion\(\d+, ([0-9.]+), ([0-9.]+)\)", line)
                if enter:
                    focus = enter.group(1)
                at = enter.groups()[1:] if enter else motion.groups() if motion else None
                if at and moved is not None and focus == toplevel and (stamp - moved) % (1 << 32) < (1 << 31):
                    x = WIDTH // 2 - (round(float(at[0])) - geometry[0])
                    y = HEIGHT // 2 - (round(float(at[1])) - geometry[1])
                    return x, y, geometry[2], geometry[3]
            raise RuntimeError(f"{command[0]}: no window geometry or pointer entry")
        finally:
            stop_pid(proc.pid)

    def prepare(self, pid: int, sizes: list[int]) -> None:
        """Super + left button from the window's centre moves it to the
        monitor's top left corner, so that the widest size still ends on
        the monitor; then Super + middle button goes down in its lower right
        third, which grabs that corner (GNOME's default bindings)."""
        x, y, width, height = self.geometry[pid]
        self.send("rel -10000 -10000")
        self.send(f"rel {x + width // 2} {y + height // 2}")
        self.send(f"keysym {SUPER_L:#x} 1")
        if (x, y) != (0, 0):
            self.send(f"button {BUTTON_LEFT} 1")
            self.send(f"rel {-x} {-y}")
            time.sleep(0.05)
            self.send(f"button {BUTTON_LEFT} 0")
        self.send(f"rel {int(width * 0.4)} {int(height * 0.4)}")
        self.send(f"button {BUTTON_MIDDLE} 1")
        self.geometry[pid] = (0, 0, width, height)

    def storm(self, pid: int, sizes: list[int]) -> None:
        _, _, width, height = self.geometry[pid]
        for index, target in enumerate(sizes):
            self.send(f"rel {target - width} {STORM_HEIGHT - height if index == 0 else 0}")
            width = target
            time.sleep(self.pace)
        self.geometry[pid] = (0, 0, width, STORM_HEIGHT)

    def finish(self, pid: int) -> None:
        self.send(f"button {BUTTON_MIDDLE} 0")
        self.send(f"keysym {SUPER_L:#x} 0")

    def size(self, pid: int) -> str:
        return "{2}x{3} asked for".format(*self.geometry[pid])

    def stop(self) -> None:
        if getattr(self, "helper", None) and self.helper.poll() is None:
            try:
                self.helper.stdin.write("quit\n")
                self.helper.stdin.flush()
            except OSError:
                pass
        super().stop()


class KWin(Desktop):
    name, socket = "kwin", "rewrap-bench-kwin"
    storm_how = "one KWin script per change, setting frameGeometry"
    why_no_storm = ""

    def __init__(self):
        super().__init__()
        try:
            # The installed binary carries a file capability this container
            # refuses; a copy has none, and kwin's platform plugin loads only
            # into a program named kwin_wayland.
            folder = self.session.folder
            (folder / "bin").mkdir()
            shutil.copy("/usr/bin/kwin_wayland", folder / "bin/kwin_wayland")
            (folder / "config").mkdir()
            self.proc = self.session.start(
                [str(folder / "bin/kwin_wayland"), "--virtual", "--width", str(WIDTH), "--height", str(HEIGHT),
                 "--socket", self.socket, "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities"], "kwin",
                # Not KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, which the tests set for fake
                # input: with it kwin reads each client's whole executable twice (SHA-256
                # of its path and of /proc/PID/exe) before its first answer, 200-300 ms
                # for Rewrap's 15.6 MB, which no Plasma session pays.
                {"XDG_CONFIG_HOME": str(folder / "config"),
                 "QT_LOGGING_RULES": "kwin_scripting=true"})
            if not self.session.wait_for(self.socket, self.proc, 30):
                raise RuntimeError("kwin did not start: " + self.session.log("kwin")[-600:])
            self.helper = self.session.start([SYSTEM_PYTHON, str(DESKTOP_BUS), "kwin"], "desktop-bus", pipe=True)
            if self.helper.stdout.readline().strip() != "ready":
                raise RuntimeError("desktop-bus.py kwin did not start: " + self.session.log("desktop-bus"))
            self.scripts = 0
        except BaseException:
            self.stop()
            raise

    def send(self, line: str) -> None:
        self.helper.stdin.write(line + "\n")
        self.helper.stdin.flush()
        while True:
            answer = self.helper.stdout.readline()
            if not answer:
                raise RuntimeError("desktop-bus.py kwin has gone")
            if answer.startswith("ok"):
                return
            if answer.startswith("error"):
                raise RuntimeError(f"desktop-bus.py kwin, {line}: {answer.strip()}")

    def write_script(self, body: str, pid: int) -> tuple[Path, str]:
        """A script whose `c` is the first normal window of `pid`, and its token for `say`."""
        self.scripts += 1
        token = f"REWRAPBENCH{self.scripts}"
        path = self.session.folder / f"script-{self.scripts}.js"
        path.write_text(f'function say(text) {{ print("{token} " + text); }}\n'
                        f"var c = workspace.clientList().filter(function (c) {{ return c.pid == {pid} && c.normalWindow; }})[0];\n"
                        + body)
        return path, token

    def script(self, body: str, pid: int) -> list[str]:
        """Runs a script and returns what it said, read back from kwin's log."""
        path, token = self.write_script(body + '\nsay("done");\n', pid)
        self.send(f"script {path}")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            lines = [line.split(f"js: {token} ", 1)[1] for line in self.session.log("kwin").splitlines()
                     if f"js: {token} " in line]
            if lines and lines[-1] == "done":
                return lines[:-1]
            time.sleep(0.02)
        raise RuntimeError(f"the KWin script said no end; kwin's log ends: {self.session.log('kwin')[-400:]}")

    def prepare(self, pid: int, sizes: list[int]) -> None:
        self.storm_scripts = []
        for width in sizes:
            path, _ = self.write_script(f"c.frameGeometry = {{x: c.frameGeometry.x, y: c.frameGeometry.y, "
                                        f"width: {width}, height: {STORM_HEIGHT}}};\n", pid)
            self.storm_scripts.append(path)

    def storm(self, pid: int, sizes: list[int]) -> None:
        for path in self.storm_scripts:
            self.send(f"script {path}")

    def size(self, pid: int) -> str:
        said = self.script('if (c) { var f = c.frameGeometry, b = c.bufferGeometry; '
                           'say(f.width + "x" + f.height + " frame, " + b.width + "x" + b.height + " buffer"); }', pid)
        return said[0] if said else "no window"

    def stop(self) -> None:
        if getattr(self, "helper", None) and self.helper.poll() is None:
            try:
                self.helper.stdin.write("quit\n")
                self.helper.stdin.flush()
            except OSError:
                pass
        super().stop()


def timed(action) -> float:
    """Milliseconds `action` took."""
    start = time.monotonic()
    action()
    return (time.monotonic() - start) * 1000


def kept_start(desktop: Desktop, command: list[str], env: dict[str, str]) -> subprocess.Popen:
    """Starts a program to keep, and returns once it has drawn and gone quiet."""
    proc = subprocess.Popen(command, env=desktop.client(env), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.05)
    quiet_since = wait_idle(proc.pid)
    if proc.poll() is not None:
        raise RuntimeError(f"{command[0]} exited")
    time.sleep(max(0.0, quiet_since + 1.0 - time.monotonic()))
    return proc


def measure(args, programs, kinds, wanted, results, desktops, sizes) -> None:
    try:
        for name in wanted:
            desktops[name] = kinds[name]()
            log(f"{name} is up on {desktops[name].session.folder}")
        keys = [(d, p) for d in desktops for p in programs]
        for key in keys:
            results[key] = {"committed": []}
        # Start-ups in turns, so the machine's other work falls on each alike.
        for run in range(args.runs + 1):
            for desktop, program in keys:
                command, env = programs[program]
                ms = committed_start(command, desktops[desktop].client(env))
                if run > 0:
                    results[(desktop, program)]["committed"].append(ms)
            log(f"start-ups, round {run}/{args.runs}: load {os.getloadavg()[0]:.2f}")
        for desktop, program in keys:
            d = desktops[desktop]
            # mutter's storm starts from where the window is: one start with the debug log to learn it.
            placed = d.learn_geometry(*programs[program]) if isinstance(d, Mutter) else None
            result, storms, proc, retries = results[(desktop, program)], [], None, 0
            try:
                while len(storms) < max(1, args.storms):
                    # On mutter each storm has a window of its own: a later
                    # Super + middle drag of one window may grab but resize nothing.
                    if proc is None or placed:
                        if proc is not None:
                            stop_pid(proc.pid)
                            time.sleep(0.3)  # the old window gone, mutter centres the new one
                        proc = kept_start(d, *programs[program])
                        if placed:
                            d.geometry[proc.pid] = placed
                        if "rss" not in result:
                            result["rss"] = rss_kb(proc.pid)
                    if not d.storm_how:
                        break
                    d.prepare(proc.pid, sizes)
                    wait_idle(proc.pid)
                    sent = []
                    cpu = cpu_over(proc.pid, lambda: sent.append(timed(lambda: d.storm(proc.pid, sizes))))
                    d.finish(proc.pid)
                    wait_idle(proc.pid)
                    # 200 frames cost far more than 5 ms: under it, the sizes did not reach the program.
                    if cpu < 5 and placed and retries < 2 * args.storms:
                        retries += 1
                        log(f"{program} on {desktop}: the drag resized nothing ({cpu:.1f} ms); again on a fresh start")
                        continue
                    storms.append(cpu)
                    result.setdefault("sent", []).append(sent[0])
                result["retries"] = retries
                if storms:
                    result["storm"], result["storms"] = statistics.median(storms), storms
                    result["last"] = d.size(proc.pid)
            finally:
                if proc is not None:
                    stop_pid(proc.pid)
            log(f"{program} on {desktop}: measured; load {os.getloadavg()[0]:.2f}")
    finally:
        for desktop in desktops.values():
            desktop.stop()


def print_table(results, desktops, args, sizes) -> None:
    keys = list(results)
    print(f"{args.runs} start-ups each (one more first, not counted), "
          f"storms of {args.resizes} (median of {args.storms}, last width {sizes[-1]})\n")
    print("| | " + " | ".join(f"{p} on {d}" for d, p in keys) + " |")
    print("|---|" + "---:|" * len(keys))
    cells = []
    for key in keys:
        c = results[key]["committed"]
        cells.append(harness.spread(c))
    print("| start-up: exec → first buffer committed, median (range) | " + " | ".join(cells) + " |")
    print("| RSS 1 s after the first frame | " + " | ".join(
        f"{results[k]['rss'] / 1024:.1f} MB" if results[k].get("rss") else "n/a" for k in keys) + " |")
    print(f"| CPU for a storm of {args.resizes} size changes, median (each) | " + " | ".join(
        f"{results[k]['storm']:.1f} ms ({', '.join(f'{s:.0f}' for s in results[k]['storms'])})"
        + (" **a storm resized nothing**" if min(results[k]['storms']) < 5 else "") if "storm" in results[k]
        else "not measured¹" for k in keys) + " |")
    print("| storm: wall time to send the changes, median | " + " | ".join(
        f"{statistics.median(results[k]['sent']) / 1000:.1f} s" if results[k].get("sent") else "–" for k in keys) + " |")
    for d, desktop in desktops.items():
        if desktop.storm_how:
            lasts = ", ".join(f"{p} {results[(d, p)].get('last', '?')}" for dd, p in keys if dd == d)
            retried = ", ".join(f"{p} {results[(d, p)].get('retries', 0)}" for dd, p in keys if dd == d)
            print(f"\nStorm on {d}: {desktop.storm_how}; size after it: {lasts}; storms that resized nothing "
                  f"and were run again: {retried}.")
        else:
            print(f"\n¹ No storm on {d}: {desktop.why_no_storm}.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(harness.REWRAP))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--resizes", type=int, default=200)
    parser.add_argument("--storms", type=int, default=3)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--only", default="mutter,kwin", help="comma-separated subset of mutter,kwin")
    parser.add_argument("--pace", type=float, default=20,
                        help="ms between the pointer motions of mutter's storm (default 20: each its own configure)")
    args = parser.parse_args()
    # No outer desktop's bus or display reaches what this starts.
    for key in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY"):
        os.environ.pop(key, None)
    if not harness.gtk_python():
        log("GTK 4 is not importable by /usr/bin/python3 (python3-gi, gir1.2-gtk-4.0)")
        return 1
    load = harness.Load()
    sizes = harness.storm_widths(args.resizes, args.seed)
    gtk_env = {"GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo"}
    programs = {"Rewrap": ([args.rewrap], {}), "GTK 4": ([SYSTEM_PYTHON, str(BENCH / "gtk_panel.py")], gtk_env)}
    kinds = {"mutter": lambda: Mutter(args.pace), "kwin": KWin}
    wanted = [name for name in args.only.split(",") if name in kinds]
    results: dict[tuple[str, str], dict] = {}
    desktops: dict[str, Desktop] = {}
    with harness.run("desktops"):
        measure(args, programs, kinds, wanted, results, desktops, sizes)
    print_table(results, desktops, args, sizes)
    print(load.report())
    return 0


if __name__ == "__main__":
    sys.exit(main())
