"""Reads a callgrind dump: each object's own instructions (self cost, Ir).

    python3 bench/callgrind.py callgrind.out.1234.1

callgrind_annotate sums by function; start.py wants the sum by library.
The format (valgrind's docs, "Callgrind Format Specification"): `ob=`
names the object of the functions that follow, `fn=` a function, a line
of numbers a position and its cost, and `calls=` is followed by one line
that is the call's inclusive cost, which belongs to the callee, not here.
Names may be compressed to "(id) name" at first use and "(id)" later.
"""
from __future__ import annotations

import os
import re
import sys
from collections import defaultdict
from pathlib import Path

COMPRESSED = re.compile(r"^\((\d+)\)\s*(.*)$")


def by_object(dump: Path) -> dict[str, int]:
    names: dict[str, str] = {}
    costs: dict[str, int] = defaultdict(int)
    current, skip_next = "?", False
    for line in dump.read_text(errors="replace").splitlines():
        if skip_next:
            skip_next = False
            continue
        if line.startswith("ob="):
            value = line[3:]
            match = COMPRESSED.match(value)
            if match:
                if match.group(2):
                    names[match.group(1)] = match.group(2)
                value = names.get(match.group(1), value)
            current = os.path.basename(value)
        elif line.startswith("cob="):
            match = COMPRESSED.match(line[4:])
            if match and match.group(2):
                names[match.group(1)] = match.group(2)
        elif line.startswith("calls="):
            skip_next = True
        elif line[:1].isdigit() or line[:1] in "+-*":
            fields = line.split()
            if len(fields) >= 2:
                costs[re.sub(r"\.so[.0-9]*$", "", current)] += int(fields[1])
    return dict(costs)


if __name__ == "__main__":
    for name, cost in sorted(by_object(Path(sys.argv[1])).items(), key=lambda item: -item[1]):
        print(f"{cost / 1e6:8.2f} M  {name}")
