#!/usr/bin/env python3
"""Resident memory one second after the first frame, for builds compared side by side.

    python3 bench/rss.py .build/release/rewrap /tmp/other-checkout/.build/release/rewrap

Starts each binary in turns on one private Xvfb, eight times, and prints
the median, lowest and highest VmRSS in kB: the same reading as
`compare.py`'s RSS row, repeated so two builds differing by a few hundred
kB can be told apart. Each binary must sit in a checkout (it finds its
panel through `assets/` beside it).
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import private_state, rss_kb  # noqa: E402
from motion import start_xvfb, wait_for  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--starts", type=int, default=8)
    args = parser.parse_args()
    server, display = start_xvfb()
    env = dict(os.environ, DISPLAY=display)
    readings = {binary: [] for binary in args.binaries}
    try:
        for _ in range(args.starts):
            for binary in args.binaries:
                app = subprocess.Popen([binary, "--geometry", "680x420+0+0"], env=private_state(env))
                def shown():
                    if app.poll() is not None:
                        raise RuntimeError(f"{binary} exited with {app.returncode} before its window appeared")
                    return subprocess.run(["xdotool", "search", "--pid", str(app.pid)], env=env,
                                          capture_output=True).returncode == 0
                try:
                    wait_for(shown)
                    time.sleep(1.0)
                    readings[binary].append(rss_kb(app.pid))
                finally:
                    app.terminate()
                    app.wait()
    finally:
        server.terminate()
        server.wait()
    for binary, values in readings.items():
        print(f"{statistics.median(values):.0f} kB (from {min(values)} to {max(values)}) {binary}")


if __name__ == "__main__":
    main()
