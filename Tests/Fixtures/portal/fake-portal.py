#!/usr/bin/python3
"""A stand-in for xdg-desktop-portal's Settings interface, for tests.

Owns org.freedesktop.portal.Desktop on the session bus and answers Read
for the appearance color-scheme and GNOME's enable-animations, and for any
setting given as "NAMESPACE KEY TYPE VALUE" after the color scheme on the
command line. Each line on standard input, such as "color-scheme 2",
"enable-animations false" or "org.gnome.desktop.interface
text-scaling-factor d 1.5", changes a setting and emits SettingChanged;
VALUE is a Python literal of D-Bus type TYPE (nan and inf allowed), so a
test can send what no real desktop would. Prints "ready" once the name is
owned.
"""
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Settings">
    <method name="Read">
      <arg type="s" name="namespace" direction="in"/>
      <arg type="s" name="key" direction="in"/>
      <arg type="v" name="value" direction="out"/>
    </method>
    <signal name="SettingChanged">
      <arg type="s" name="namespace"/>
      <arg type="s" name="key"/>
      <arg type="v" name="value"/>
    </signal>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"
settings = {
    ("org.freedesktop.appearance", "color-scheme"): GLib.Variant("u", int(sys.argv[1]) if len(sys.argv) > 1 else 0),
    ("org.gnome.desktop.interface", "enable-animations"): GLib.Variant("b", True),
}
NAMES = {"color-scheme": "org.freedesktop.appearance", "enable-animations": "org.gnome.desktop.interface"}
connection = None


def typed(text):
    """"NAMESPACE KEY TYPE VALUE" as the key and its variant."""
    namespace, key, signature, value = text.split(None, 3)
    return (namespace, key), GLib.Variant(signature, eval(value, {"__builtins__": {}}, {"nan": float("nan"), "inf": float("inf")}))


for argument in sys.argv[2:]:
    name, variant = typed(argument)
    settings[name] = variant


def call(conn, sender, path, interface, method, parameters, invocation):
    namespace, key = parameters.unpack()
    value = settings.get((namespace, key))
    if value is None:
        invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such setting")
        return
    # Read wraps the value in a second variant, as the real portal does.
    invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", value),)))


def line(channel, condition):
    text = channel.readline()
    if not text:
        loop.quit()
        return False
    if len(text.split()) == 2:
        key, value = text.split()
        namespace = NAMES[key]
        variant = GLib.Variant("u", int(value)) if key == "color-scheme" else GLib.Variant("b", value == "true")
    else:
        (namespace, key), variant = typed(text)
    settings[(namespace, key)] = variant
    connection.emit_signal(None, PATH, "org.freedesktop.portal.Settings", "SettingChanged",
                           GLib.Variant("(ssv)", (namespace, key, variant)))
    connection.flush_sync(None)
    print("changed", flush=True)
    return True


def acquired(conn, name):
    print("ready", flush=True)


def bus(conn, name):
    global connection
    connection = conn
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    conn.register_object(PATH, info, call, lambda *args: GLib.Variant("u", 1), None)


Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, bus, acquired, None)
GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, line)
loop = GLib.MainLoop()
loop.run()
