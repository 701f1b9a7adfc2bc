#!/usr/bin/env python3
"""Rewrap native on Wayland against the C lower bound (wl-panel.c) and GTK 4 on Wayland, and Rewrap on X11: memory and storms.

On one private headless sway (run as nobody; pixman renderer, no input
devices) and one private Xvfb, in one run, the programs taking turns:
  * RSS (VmRSS) about 1 s after the window appears;
  * CPU for a storm of 200 size changes (seeded widths 320..1100 at 600 px
    high): `swaymsg [pid=N] resize set` on Wayland, `xdotool windowsize` on
    X11, each its own process, from the first until the program is idle
    (its CPU unchanged for 300 ms), median of --storms.
Start-up is start.py's, which times what sway sees with no debugging on.
The C lower bound is wl-panel.c (xdg-shell, wl_shm, pixman, FreeType and
HarfBuzz, no toolkit), built here as compare.py builds c-panel.c.
GTK is bench/gtk_panel.py under Debian's python3 with GDK_BACKEND=wayland
GSK_RENDERER=cairo. Prints a Markdown table. `committed_start` stays for
desktops.py, whose compositors have no IPC that says when a window maps.

    python3 bench/wayland.py [--rewrap .build/release/rewrap]
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import (GTK_PROBE, REPO, Xvfb, become_subreaper, build_helpers, private_state, runtime_ms, rss_kb,  # noqa: E402
                     stop_pid, wait_idle)

BENCH = Path(__file__).resolve().parent
STORM_HEIGHT = 600


class Sway:
    """A headless sway as nobody, with every window floating at its own size."""

    def __init__(self, folder: Path):
        self.runtime = folder / "run"
        self.runtime.mkdir(mode=0o700)
        os.chown(self.runtime, 65534, 65534)
        config = folder / "sway.conf"
        config.write_text("xwayland disable\noutput HEADLESS-1 resolution 1280x800\n"
                          "default_border none\nfor_window [app_id=\".*\"] floating enable\n")
        config.chmod(0o644)
        env = dict(os.environ, XDG_RUNTIME_DIR=str(self.runtime), WLR_BACKENDS="headless", WLR_RENDERER="pixman",
                   WLR_LIBINPUT_NO_DEVICES="1")
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        self.log = open(folder / "sway.log", "wb")
        self.proc = subprocess.Popen(["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "sway", "-c",
                                      str(config)], env=env, stdout=self.log, stderr=self.log, start_new_session=True)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            names = os.listdir(self.runtime)
            sockets = [n for n in names if n.startswith("wayland-") and not n.endswith(".lock")]
            ipc = [n for n in names if n.startswith("sway-ipc.")]
            if sockets and ipc:
                self.socket, self.ipc = sockets[0], str(self.runtime / ipc[0])
                break
            time.sleep(0.02)
        else:
            self.stop()
            raise RuntimeError("sway did not start")
        self.client_env = {"XDG_RUNTIME_DIR": str(self.runtime), "WAYLAND_DISPLAY": self.socket}
        self.mapped: dict[int, float] = {}
        self.events = subprocess.Popen(["swaymsg", "-s", self.ipc, "-m", "-r", "-t", "subscribe", '["window"]'],
                                       stdout=subprocess.PIPE, text=True)
        threading.Thread(target=self._read_events, daemon=True).start()

    def _read_events(self) -> None:
        decoder, text = json.JSONDecoder(), ""
        for line in self.events.stdout:
            now = time.monotonic()
            text += line
            while text.strip():
                try:
                    event, end = decoder.raw_decode(text.lstrip())
                except ValueError:
                    break
                text = text.lstrip()[end:]
                container = event.get("container", {}) if isinstance(event, dict) else {}
                if event.get("change") == "new" and container.get("pid"):
                    self.mapped.setdefault(container["pid"], now)

    def msg(self, *args: str) -> str:
        return subprocess.run(["swaymsg", "-s", self.ipc, *args], capture_output=True, text=True, timeout=10).stdout

    def rect(self, pid: int) -> tuple[int, int]:
        def find(node):
            if node.get("pid") == pid and node.get("app_id") is not None:
                return node
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                found = find(child)
                if found:
                    return found
            return None
        node = find(json.loads(self.msg("-t", "get_tree")))
        return (node["rect"]["width"], node["rect"]["height"]) if node else (0, 0)

    def stop(self) -> None:
        if getattr(self, "events", None) and self.events.poll() is None:
            self.events.terminate()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()


def build_wl_panel(build: Path) -> Path:
    """Builds wl-panel.c, the C lower bound on Wayland, with its xdg-shell
    glue from Debian's wayland-protocols."""
    xml = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
    for kind, name in (("client-header", "xdg-shell-client-protocol.h"), ("private-code", "xdg-shell-protocol.c")):
        subprocess.run(["wayland-scanner", kind, xml, str(build / name)], check=True)
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "wayland-client", "pixman-1", "freetype2", "harfbuzz",
                            "fontconfig"], capture_output=True, text=True, check=True).stdout.split()
    out = build / "wl-panel"
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-I", str(build), "-o", str(out), str(BENCH / "wl-panel.c"),
                    str(build / "xdg-shell-protocol.c"), *flags, "-lm"], check=True)
    return out


def wayland_start(sway: Sway, command: list[str], env: dict[str, str], timeout: float = 20) -> tuple[float, int]:
    """Milliseconds from exec until sway maps the window, and the pid."""
    full = private_state(dict(os.environ, **sway.client_env, **env))
    full.pop("DISPLAY", None)
    start = time.monotonic()
    proc = subprocess.Popen(command, env=full, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while proc.pid not in sway.mapped:
        if time.monotonic() - start > timeout or proc.poll() is not None:
            stop_pid(proc.pid)
            raise RuntimeError(f"{command[0]} showed no window")
        time.sleep(0.0005)
    return (sway.mapped[proc.pid] - start) * 1000, proc.pid


DEBUG_STAMP = re.compile(r"\[\s*(\d+)\.(\d+)\]\s+->\s+wl_surface@(\d+)\.(attach\(wl_buffer|commit\(\))")


def committed_start(sway: Sway, command: list[str], env: dict[str, str], timeout: float = 20) -> float:
    """Milliseconds from exec until the program commits its first buffer,
    from libwayland's own log (WAYLAND_DEBUG=1: each request stamped with
    CLOCK_REALTIME in µs, modulo 2^32); the program is stopped then."""
    full = private_state(dict(os.environ, **sway.client_env, **env, WAYLAND_DEBUG="1"))
    full.pop("DISPLAY", None)
    start = int(time.time() * 1e6) & 0xFFFFFFFF
    proc = subprocess.Popen(command, env=full, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    attached: set[str] = set()
    try:
        for line in proc.stderr:
            match = DEBUG_STAMP.search(line)
            if not match:
                continue
            surface = match.group(3)
            if match.group(4).startswith("attach"):
                attached.add(surface)
            elif surface in attached:
                stamp = int(match.group(1)) * 1000 + int(match.group(2))
                return ((stamp - start) % (1 << 32)) / 1000
        raise RuntimeError(f"{command[0]} committed no buffer")
    finally:
        stop_pid(proc.pid)


def cpu_over(pid: int, action) -> float:
    """The program's CPU (ms) from `action` until it is idle again."""
    before = runtime_ms(pid)
    action()
    wait_idle(pid)
    return runtime_ms(pid) - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rewrap", default=str(REPO / ".build/release/rewrap"))
    parser.add_argument("--resizes", type=int, default=200)
    parser.add_argument("--storms", type=int, default=3)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args()
    # A timeout's SIGTERM must still run the finally blocks that stop the servers.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    become_subreaper()
    gtk_python = "/usr/bin/python3"
    # Without GTK the column shows n/a: the goals compare Rewrap with C.
    has_gtk = subprocess.run([gtk_python, "-c", GTK_PROBE], capture_output=True).returncode == 0
    if not has_gtk:
        print("GTK 4 is not importable by /usr/bin/python3 (python3-gi, gir1.2-gtk-4.0): its column shows n/a",
              file=sys.stderr)
    folder = Path(tempfile.mkdtemp(prefix="rewrap-wayland-bench-"))
    os.chmod(folder, 0o755)
    sway, xvfb = Sway(folder), Xvfb(folder / "xvfb.log")
    helpers = build_helpers(folder)
    wl_panel = build_wl_panel(folder)
    rng = random.Random(args.seed)  # compare.py's widths: the storm ends at 449 px
    sizes = [rng.randint(320, 1100) for _ in range(args.resizes)]
    gtk_env = {"GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo"}
    commands = {"rewrap-wayland": ([args.rewrap], {}), "gtk-wayland": ([gtk_python, str(BENCH / "gtk_panel.py")], gtk_env),
                "c-wayland": ([str(wl_panel)], {})}
    programs = {
        "rewrap-wayland": lambda: wayland_start(sway, *commands["rewrap-wayland"]),
        "c-wayland": lambda: wayland_start(sway, *commands["c-wayland"]),
        "gtk-wayland": lambda: wayland_start(sway, *commands["gtk-wayland"]),
        "rewrap-x11": lambda: x11_start(helpers, xvfb, args.rewrap),
    }
    if not has_gtk:
        del programs["gtk-wayland"]
    results: dict[str, dict] = {key: {} for key in programs}
    try:
        for start in programs.values():  # each reads its binary and libraries into the page cache once
            stop_pid(start()[1])
        for key, start in programs.items():
            _, pid = start()
            time.sleep(1)
            results[key]["rss"] = rss_kb(pid)
            storms = []
            for _ in range(args.storms):
                if key == "rewrap-x11":
                    wid = subprocess.run(["xdotool", "search", "--pid", str(pid)], env=dict(os.environ, DISPLAY=xvfb.display),
                                         capture_output=True, text=True).stdout.split()[0]
                    action = lambda: [subprocess.run(["xdotool", "windowsize", wid, str(w), str(STORM_HEIGHT)],
                                                     env=dict(os.environ, DISPLAY=xvfb.display)) for w in sizes]
                else:
                    action = lambda: [sway.msg(f"[pid={pid}]", "resize", "set", "width", f"{w} px", "height",
                                               f"{STORM_HEIGHT} px") for w in sizes]
                storms.append(cpu_over(pid, action))
            results[key]["storm"] = statistics.median(storms)
            results[key]["last"] = sway.rect(pid) if key != "rewrap-x11" else None
            stop_pid(pid)
    finally:
        sway.stop()
        xvfb.stop()
    print_table(results, args)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


def x11_start(helpers, xvfb, rewrap: str) -> tuple[float, int]:
    done = subprocess.run([str(helpers["first-frame"]), "--timeout", "20", "--", rewrap, "--platform", "x11"],
                          env=private_state(dict(os.environ, DISPLAY=xvfb.display)), stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True, timeout=30)
    if done.returncode != 0:
        raise RuntimeError(f"first-frame exit {done.returncode}")
    ms, pid = done.stdout.split()
    return float(ms), int(pid)


def print_table(results: dict[str, dict], args) -> None:
    rw, c, x11 = results["rewrap-wayland"], results["c-wayland"], results["rewrap-x11"]
    gtk = results.get("gtk-wayland")
    print(f"Load average before: {os.getloadavg()[0]:.2f}; storms of {args.resizes}, median of {args.storms}; "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n")
    print("| | Rewrap (Wayland) | C, wl-panel.c (Wayland) | GTK 4 (Wayland, cairo) | Rewrap (X11, Xvfb) | Rewrap/C (Wayland) |")
    print("|---|---|---|---|---|---|")
    print("| RSS 1 s after the window appears | " + " | ".join(f"{r['rss'] / 1024:.1f} MB" if r else "n/a" for r in (rw, c, gtk, x11))
          + f" | {rw['rss'] / c['rss']:.2f}× |")
    print("| CPU for the storm | " + " | ".join(f"{r['storm']:.1f} ms" if r else "n/a" for r in (rw, c, gtk, x11))
          + f" | {rw['storm'] / c['storm']:.2f}× |")
    print()
    if gtk:
        print(f"RSS Rewrap/GTK {rw['rss'] / gtk['rss']:.3f}.")
    print(f"Against the C lower bound on Wayland: storm CPU {rw['storm'] / c['storm']:.2f}× (≤ 1.5).")
    print(f"Last size after the storm (sway's rectangle): Rewrap {rw['last']}, C {c['last']}"
          + (f", GTK {gtk['last']}." if gtk else "."))


if __name__ == "__main__":
    sys.exit(main())
