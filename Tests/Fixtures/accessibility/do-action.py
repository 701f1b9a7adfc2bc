#!/usr/bin/python3
"""Does a node's action over AT-SPI2, as a screen reader would, on a bus
with no registry: finds the application among the bus's names, walks its
tree from the root to the node whose AccessibleId is given, and calls
Action.DoAction(0) there.

    do-action.py ADDRESS ID

Prints "done NAME" with the node's name, or one line saying what was
missing and exits 1. Each call waits at most 5 s for its answer."""

import sys
import time

from gi.repository import Gio, GLib

ROOT = "/org/a11y/atspi/accessible/root"


def main(address, wanted):
    flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
    bus = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)

    def call(name, path, interface, method, args=None):
        return bus.call_sync(name, path, interface, method, args, None, Gio.DBusCallFlags.NONE, 5000, None).unpack()

    def accessible(name, path, member):
        args = GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", member))
        return call(name, path, "org.freedesktop.DBus.Properties", "Get", args)[0]

    def find(name, path):
        if accessible(name, path, "AccessibleId") == wanted:
            return path
        for child_name, child_path in call(name, path, "org.a11y.atspi.Accessible", "GetChildren")[0]:
            found = find(child_name, child_path)
            if found:
                return found
        return None

    # The application joins the bus when its own clock says so: look until it has.
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        names = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames")[0]
        for name in names:
            if not name.startswith(":") or name == bus.get_unique_name():
                continue
            try:
                path = find(name, ROOT)
            except GLib.Error:
                continue
            if path:
                # Named first: the application may close once it has acted.
                label = accessible(name, path, "Name")
                call(name, path, "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,)))
                print("done", label, flush=True)
                return 0
        time.sleep(0.05)
    print("no application on the bus has a node", wanted, flush=True)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
