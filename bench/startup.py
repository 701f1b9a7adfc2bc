#!/usr/bin/env python3
"""Start-up, exec to the first frame, for builds compared side by side.

    python3 bench/startup.py .build/release/rewrap .build/base/rewrap

Starts each command in turns on one private Xvfb (as compare.py does:
black root, 1280x1024x24, 96 dpi), `--starts` times after one start each
that is not counted, and prints the median, lowest and highest time that
first-frame reports. A command is a binary, or several words in quotes
(`"/usr/bin/wish bench/tk-panel.tcl"`). The same reading as compare.py's
start-up row, without the rest of its run, so that two builds that differ
by a millisecond can be told apart.
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import build_helpers  # noqa: E402


def start_xvfb():
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-br", "-noreset", "-screen", "0", "1280x1024x24", "-dpi", "96",
         "-nolisten", "tcp"], pass_fds=(write_end,), stderr=subprocess.DEVNULL)
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    return server, ":" + number


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commands", nargs="+")
    parser.add_argument("--starts", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as build:
        first_frame = build_helpers(Path(build))["first-frame"]
        server, display = start_xvfb()
        # No compositor named: the default choice on an X11 desktop.
        env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY", "REWRAP_PLATFORM")}
        env.update(DISPLAY=display, XDG_RUNTIME_DIR=build)
        readings = {command: [] for command in args.commands}
        try:
            for start in range(args.starts + 1):
                for command in args.commands:
                    argv = shlex.split(command)
                    if argv[0].endswith("rewrap") or "rewrap-" in argv[0]:
                        argv += ["--geometry", "680x420+0+0"]
                    done = subprocess.run([str(first_frame), "--kill", "--timeout", "10", "--", *argv], env=env,
                                          capture_output=True, text=True)
                    if done.returncode != 0:
                        raise RuntimeError(f"{command}: first-frame exited {done.returncode}: {done.stderr[-400:]}")
                    if start > 0:  # the first start fills the page cache
                        readings[command].append(float(done.stdout.split()[0]))
        finally:
            server.terminate()
            server.wait()
    for command, values in readings.items():
        print(f"{statistics.median(values):.1f} ms (from {min(values):.1f} to {max(values):.1f}) {command}")


if __name__ == "__main__":
    main()
