#!/bin/sh
# Instructions from exec to the first frame, counted by callgrind on a
# private Xvfb: the dump is taken as the toolkit finishes its start-up,
# right after the first frame is presented.
#
#     bench/instructions.sh .build/release/rewrap
set -eu
binary=$1
work=$(mktemp -d)
mkfifo "$work/display"
Xvfb -displayfd 3 -noreset -screen 0 1280x1024x24 -dpi 96 -nolisten tcp 3>"$work/display" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT INT TERM
read -r number <"$work/display"
# A state of its own: the start counted is the panel's defaults, on any
# machine. --trace-children: rewrap is the launcher, and the start is in the
# executable it execs.
DISPLAY=":$number" XDG_STATE_HOME="$work/state" timeout 20 valgrind --tool=callgrind --demangle=no --trace-children=yes \
    --dump-before='$s9RewrapX117ToolkitC13finishStartupyyF' \
    --callgrind-out-file="$work/out.%p" "$binary" --geometry 680x420+0+0 >/dev/null 2>&1 || true
dump=$(ls "$work"/out.*.1 2>/dev/null | head -n 1)
[ -n "$dump" ] || { echo "instructions: no dump at the first frame" >&2; exit 1; }
grep -m1 '^summary' "$dump" | awk '{printf "%.1f M instructions to the first frame\n", $2 / 1e6}'
