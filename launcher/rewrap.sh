#!/bin/sh
# Rewrap's launcher: execs the executable of the platform a start opens,
# rewrap-x11 or rewrap-wayland, with the same arguments. It is a POSIX
# shell script because any executable SwiftPM links carries the Swift
# runtime and libstdc++: a tenth of the instructions and a third of the
# page faults of the Swift launcher it replaced (bench/history/). It only
# guesses, from a plain scan of the options that decide; the executable
# parses every option with RewrapPlatformChoice and execs the other if the
# guess was wrong, so the rules stay written once (docs/platforms.md).
platform=${REWRAP_PLATFORM:-}
display=
value_of=
for argument do
    if [ -n "$value_of" ]; then
        platform=$argument
        value_of=
        continue
    fi
    case $argument in
        --) break ;;
        --platform) value_of=platform ;;
        --platform=*) platform=${argument#--platform=} ;;
        --display | --display=*) display=named ;;
    esac
done

case $platform in
    wayland | x11) ;;
    # An X display named on the command line asks for X11.
    *) if [ -z "$display" ] && { [ -n "${WAYLAND_DISPLAY:-}" ] ||
           { [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -e "$XDG_RUNTIME_DIR/wayland-0" ]; }; }; then
           platform=wayland
       else
           platform=x11
       fi ;;
esac

# Beside this script in a build folder, else in ../libexec/rewrap from
# /usr/bin; through a symbolic link, beside or below what it points to
# (resolved only then: readlink is a process of its own).
executable=rewrap-$platform
found_from() {
    case $1 in
        */*) folder=${1%/*} ;;
        *) folder=. ;;
    esac
    for candidate in "$folder/$executable" "$folder/../libexec/rewrap/$executable"; do
        [ -f "$candidate" ] && [ -x "$candidate" ] && return 0
    done
    return 1
}
if found_from "$0" || found_from "$(readlink -f -- "$0")"; then
    exec "$candidate" "$@"
fi
echo "rewrap: $executable is missing beside $0 and in its ../libexec/rewrap" >&2
exit 1
