#!/usr/bin/python3
"""What the end-to-end walk asks of GNOME's and KDE's compositors over the
session bus, driven over standard input and output: one command a line, one
answer a line ("ok", or "error ..." with the reason); "ready" first.

    desktop-bus.py mutter      input through org.gnome.Mutter.RemoteDesktop,
                               pictures through its ScreenCast stream and
                               pipewire, scale through DisplayConfig
    desktop-bus.py kwin        pictures through org.kde.KWin.ScreenShot2,
                               window management through KWin scripts

mutter: move X Y | down | up | key KEYSYM... (held in order, let go in
        reverse) | keydown KEYSYM... | keyup KEYSYM... (only the holding,
        or only the letting go) | touchdown X Y | touchmove X Y | touchup (one finger) |
        shot FILE | scale S | quit
kwin:   shot FILE | script FILE | quit

Coordinates are logical pixels of the output; shots are PNGs in the
output's pixels. Run with Debian's /usr/bin/python3, which has gi.
"""
import os
import struct
import subprocess
import sys
import zlib

from gi.repository import Gio, GLib

bus = Gio.bus_get_sync(Gio.BusType.SESSION)


def call(name, path, interface, method, args=None, signature=None, fds=None):
    body = GLib.Variant(signature, args) if signature else None
    if fds is None:
        return bus.call_sync(name, path, interface, method, body, None, 0, 20000, None).unpack()
    reply, _ = bus.call_with_unix_fd_list_sync(name, path, interface, method, body, None, 0, 20000, fds, None)
    return reply.unpack()


def answer(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def write_png(path, width, height, rows):
    """rows: bytes of RGB, width * 3 a row."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    raw = b"".join(b"\x00" + rows[y * width * 3:(y + 1) * width * 3] for y in range(height))
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        out.write(chunk(b"IDAT", zlib.compress(raw, 1)))
        out.write(chunk(b"IEND", b""))


class Mutter:
    RD = "org.gnome.Mutter.RemoteDesktop"
    SC = "org.gnome.Mutter.ScreenCast"
    DC = "org.gnome.Mutter.DisplayConfig"

    def __init__(self):
        self.session = call(self.RD, "/org/gnome/Mutter/RemoteDesktop", self.RD, "CreateSession")[0]
        session_id = call(self.RD, self.session, "org.freedesktop.DBus.Properties", "Get",
                          (self.RD + ".Session", "SessionId"), "(ss)")[0]
        cast = call(self.SC, "/org/gnome/Mutter/ScreenCast", self.SC, "CreateSession",
                    ({"remote-desktop-session-id": GLib.Variant("s", session_id)},), "(a{sv})")[0]
        connector = self.connector()
        # cursor-mode 0: the pointer is not drawn into the pictures.
        self.stream = call(self.SC, cast, self.SC + ".Session", "RecordMonitor",
                           (connector, {"cursor-mode": GLib.Variant("u", 0)}), "(sa{sv})")[0]
        nodes = []
        loop = GLib.MainLoop()

        def added(_connection, _sender, _path, _interface, _signal, parameters, _data):
            nodes.append(parameters.unpack()[0])
            loop.quit()
        bus.signal_subscribe(None, self.SC + ".Stream", "PipeWireStreamAdded", self.stream, None, 0, added, None)
        call(self.RD, self.session, self.RD + ".Session", "Start")
        GLib.timeout_add(10000, loop.quit)
        loop.run()
        if not nodes:
            raise RuntimeError("no pipewire stream within 10 s")
        self.node = nodes[0]
        # mutter makes its virtual keyboard on the first key: that press is lost.
        self.keysym(0xffe1, True)
        self.keysym(0xffe1, False)

    def connector(self):
        state = call(self.DC, "/org/gnome/Mutter/DisplayConfig", self.DC, "GetCurrentState")
        return state[1][0][0][0]

    def notify(self, method, args, signature):
        call(self.RD, self.session, self.RD + ".Session", method, args, signature)

    def keysym(self, keysym, pressed):
        self.notify("NotifyKeyboardKeysym", (keysym, pressed), "(ub)")

    def scale(self, scale):
        serial, monitors, logical, _ = call(self.DC, "/org/gnome/Mutter/DisplayConfig", self.DC, "GetCurrentState")
        connector = monitors[0][0][0]
        mode = next(m[0] for m in monitors[0][1] if m[6].get("is-current"))
        supported = next(m[5] for m in monitors[0][1] if m[6].get("is-current"))
        if not any(abs(s - scale) < 0.01 for s in supported):
            raise RuntimeError("scale %s is not among mutter's %s" % (scale, supported))
        scale = next(s for s in supported if abs(s - scale) < 0.01)
        # method 1: temporary, no confirmation asked for.
        call(self.DC, "/org/gnome/Mutter/DisplayConfig", self.DC, "ApplyMonitorsConfig",
             (serial, 1, [(0, 0, scale, 0, True, [(connector, mode, {})])], {}), "(uua(iiduba(ssa{sv}))a{sv})")

    def run(self, words):
        command = words[0]
        if command == "move":
            self.notify("NotifyPointerMotionAbsolute", (self.stream, float(words[1]), float(words[2])), "(sdd)")
        elif command in ("down", "up"):
            self.notify("NotifyPointerButton", (272, command == "down"), "(ib)")
        elif command in ("key", "keydown", "keyup"):
            keysyms = [int(word, 0) for word in words[1:]]
            if command != "keyup":
                for keysym in keysyms:
                    self.keysym(keysym, True)
            if command != "keydown":
                for keysym in reversed(keysyms):
                    self.keysym(keysym, False)
        elif command == "touchdown":
            self.notify("NotifyTouchDown", (self.stream, 0, float(words[1]), float(words[2])), "(sudd)")
        elif command == "touchmove":
            self.notify("NotifyTouchMotion", (self.stream, 0, float(words[1]), float(words[2])), "(sudd)")
        elif command == "touchup":
            self.notify("NotifyTouchUp", (0,), "(u)")
        elif command == "shot":
            result = subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", "path=%s" % self.node, "num-buffers=1",
                                     "!", "videoconvert", "!", "pngenc", "!", "filesink", "location=" + words[1]],
                                    timeout=20, capture_output=True, text=True)
            if result.returncode != 0 or not os.path.exists(words[1]):
                raise RuntimeError("gst-launch-1.0: " + (result.stderr or "no picture").strip().replace("\n", " "))
        elif command == "scale":
            self.scale(float(words[1]))
        else:
            raise RuntimeError("unknown command " + command)


class KWin:
    def run(self, words):
        command = words[0]
        if command == "shot":
            self.shot(words[1])
        elif command == "script":
            self.script(words[1])
        else:
            raise RuntimeError("unknown command " + command)

    def shot(self, path):
        read, write = os.pipe()
        fds = Gio.UnixFDList.new()
        index = fds.append(write)
        os.close(write)
        options = {"native-resolution": GLib.Variant("b", True), "include-cursor": GLib.Variant("b", False)}
        results = call("org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureActiveScreen",
                       (options, index), "(a{sv}h)", fds)[0]
        # The list holds a copy of the write end: let it go, or the read never ends.
        fds = None
        data = b""
        with os.fdopen(read, "rb") as pipe:
            data = pipe.read()
        width, height, stride = results["width"], results["height"], results["stride"]
        rgb = bytearray(width * height * 3)
        for y in range(height):
            row = data[y * stride:y * stride + width * 4]
            rgb[y * width * 3:(y + 1) * width * 3 - 2:3] = row[2::4]
            rgb[y * width * 3 + 1:(y + 1) * width * 3 - 1:3] = row[1::4]
            rgb[y * width * 3 + 2:(y + 1) * width * 3:3] = row[0::4]
        write_png(path, width, height, bytes(rgb))

    def script(self, path):
        name = "rewrap-walk-%d" % os.getpid()
        scripting = ("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting")
        call(*scripting, "unloadScript", (name,), "(s)")
        number = call(*scripting, "loadScript", (path, name), "(ss)")[0]
        if number < 0:
            raise RuntimeError("kwin did not load " + path)
        call("org.kde.KWin", "/%d" % number, "org.kde.kwin.Script", "run")
        call(*scripting, "unloadScript", (name,), "(s)")


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("mutter", "kwin"):
        sys.stderr.write("usage: desktop-bus.py mutter|kwin\n")
        return 2
    try:
        desktop = Mutter() if sys.argv[1] == "mutter" else KWin()
    except Exception as error:  # one line for the test to show
        answer("error " + str(error).replace("\n", " "))
        return 1
    answer("ready")
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        try:
            desktop.run(words)
            answer("ok")
        except Exception as error:
            answer("error " + str(error).replace("\n", " "))
    return 0


if __name__ == "__main__":
    sys.exit(main())
