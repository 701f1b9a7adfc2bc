#!/usr/bin/env python3
"""Writes the hand-made seeds of each fuzz target into DIR/<target>/, for
`make fuzz-seeds` to merge into Fuzz/Corpus: panels from assets/ and the
test fixtures, and inputs in the formats Fuzz/Targets reads, written here
from the formats' specifications (XSETTINGS, the D-Bus wire format)."""
import glob, json, os, struct, sys

out = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def write(target, name, data):
    os.makedirs(os.path.join(out, target), exist_ok=True)
    with open(os.path.join(out, target, name), "wb") as f:
        f.write(data)

# panel-file: every shipped, damaged and hostile panel.
panels = sorted(glob.glob(root + "/assets/panel*.json") + glob.glob(root + "/Tests/Fixtures/bad-panels/*.json")
                + glob.glob(root + "/Tests/Fixtures/hostile-text/*.json"))
for path in panels:
    write("panel-file", os.path.relpath(path, root).replace("/", "_"), open(path, "rb").read())

# text: flags (bit 0 right to left, bit 1 bold), width in 1/16 px, UTF-8.
def strings(value):
    if isinstance(value, str): yield value
    elif isinstance(value, list):
        for item in value: yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values(): yield from strings(item)
texts = {"", " ", "a b", "Choose a longer option, then narrow the window.", "Shape: دائرة مستديرة", "צורה: עיגול עגול",
         "आकार: वृत्त", "形状：圆形，矩形。", "控制項 選項", "e\u0301\u0301\u0301 x", "a\u200db \u200c\u2066c\u2069",
         "\u202eabc \u202adef", "👩‍👩‍👧 🇫🇷 flag", "tab\tnew\nline", "\ufeffzero\u200bwidth", "abc" + "\u0301" * 40}
for path in glob.glob(root + "/Tests/Fixtures/hostile-text/*.json") + glob.glob(root + "/assets/panel*.json"):
    texts.update(s[:300] for s in strings(json.load(open(path))))
for index, text in enumerate(sorted(texts)):
    for flags, width in ((0, 120), (1, 60), (2, 0), (3, 400)):
        write("text", "text-%03d-%d" % (index, flags), bytes([flags]) + struct.pack("<H", width * 16) + text.encode())

# xsettings: the freedesktop XSETTINGS wire format, in both byte orders.
def xsettings(big, settings, serial=3):
    e = ">" if big else "<"
    data = bytes([1 if big else 0, 0, 0, 0]) + struct.pack(e + "II", serial, len(settings))
    pad = lambda b: b + b"\0" * (-len(b) % 4)
    for kind, name, value in settings:
        data += bytes([kind, 0]) + struct.pack(e + "H", len(name)) + pad(name.encode()) + struct.pack(e + "I", 0)
        if kind == 0: data += struct.pack(e + "i", value)
        elif kind == 1: data += struct.pack(e + "I", len(value.encode())) + pad(value.encode())
        else: data += struct.pack(e + "HHHH", *value)
    return data
desktop = [(0, "Gtk/EnableAnimations", 0), (0, "Xft/DPI", 96 * 1024), (1, "Net/ThemeName", "Adwaita-dark"),
           (2, "Gtk/Color", (1, 2, 3, 4)), (1, "Gtk/FontName", "Cantarell 11")]
for big in (False, True):
    write("xsettings", "desktop-%s" % ("msb" if big else "lsb"), xsettings(big, desktop))
    write("xsettings", "empty-%s" % ("msb" if big else "lsb"), xsettings(big, []))
write("xsettings", "truncated", xsettings(False, desktop)[:37])

# dbus: method calls in the D-Bus wire format (little endian), to the
# objects the bridge numbers in tree order, with right and wrong arguments.
class Wire:
    def __init__(self): self.b = bytearray()
    def align(self, n): self.b += b"\0" * (-len(self.b) % n)
    def put(self, sig, v):
        c = sig[0]
        if c == "y": self.b.append(v)
        elif c == "b": self.align(4); self.b += struct.pack("<I", v)
        elif c in "iu": self.align(4); self.b += struct.pack("<" + ("i" if c == "i" else "I"), v)
        elif c in "so": self.align(4); e = v.encode(); self.b += struct.pack("<I", len(e)) + e + b"\0"
        elif c == "g": e = v.encode(); self.b += bytes([len(e)]) + e + b"\0"
        elif c == "v": self.put("g", v[0]); self.put(v[0], v[1])
        elif c == "(":
            self.align(8)
            for s, x in zip(split(sig[1:-1]), v): self.put(s, x)
        elif c == "a":
            self.align(4); at = len(self.b); self.b += b"\0\0\0\0"
            inner = sig[1:]; self.align(8 if inner[0] in "({" else 4); start = len(self.b)
            for x in v: self.put(inner, x)
            struct.pack_into("<I", self.b, at, len(self.b) - start)
def split(sig):
    parts, i = [], 0
    while i < len(sig):
        j, depth = i, 0
        while True:
            if sig[j] in "({": depth += 1
            elif sig[j] in ")}": depth -= 1
            if sig[j] != "a" and depth == 0: break
            j += 1
        parts.append(sig[i:j + 1]); i = j + 1
    return parts
def call(path, interface, member, signature="", args=(), flags=0, serial=7):
    body = Wire()
    for s, v in zip(split(signature), args): body.put(s, v)
    fields = [(1, ("o", path)), (3, ("s", member)), (6, ("s", ":1.42"))]
    if interface: fields.append((2, ("s", interface)))
    if signature: fields.append((8, ("g", signature)))
    head = Wire()
    head.b += b"l" + bytes([1, flags, 1]) + struct.pack("<II", len(body.b), serial)
    head.put("a(yv)", fields)
    head.align(8)
    return bytes(head.b + body.b)
A = "org.a11y.atspi."
P = "/org/a11y/atspi/accessible/"
calls = [
    (P + "root", "org.freedesktop.DBus.Properties", "GetAll", "s", [A + "Application"]),
    (P + "root", "org.freedesktop.DBus.Properties", "Set", "ssv", [A + "Application", "Id", ("i", 3)]),
    (P + "root", "org.freedesktop.DBus.Properties", "Get", "ss", [A + "Accessible", "ChildCount"]),
    (P + "root", A + "Accessible", "GetChildren", "", []),
    (P + "root", A + "Application", "GetLocale", "u", [0]),
    ("/org/a11y/atspi/cache", A + "Cache", "GetItems", "", []),
    (P + "99999", A + "Accessible", "GetRole", "", []),
    ("/", "org.freedesktop.DBus.Introspectable", "Introspect", "", []),
]
for n in (1, 2, 3, 5, 8, 13, 20):
    p = P + str(n)
    calls += [
        (p, "org.freedesktop.DBus.Properties", "Get", "ss", [A + "Accessible", "Name"]),
        (p, "org.freedesktop.DBus.Properties", "GetAll", "s", [A + "Text"]),
        (p, A + "Accessible", "GetChildAtIndex", "i", [0]),
        (p, A + "Accessible", "GetState", "", []),
        (p, A + "Accessible", "GetInterfaces", "", []),
        (p, A + "Accessible", "GetIndexInParent", "", []),
        (p, A + "Component", "GetExtents", "u", [0]),
        (p, A + "Component", "Contains", "iiu", [10, 10, 1]),
        (p, A + "Component", "GetAccessibleAtPoint", "iiu", [300, 220, 0]),
        (p, A + "Component", "GrabFocus", "", []),
        (p, A + "Action", "DoAction", "i", [0]),
        (p, A + "Action", "GetActions", "", []),
        (p, A + "Text", "GetText", "ii", [0, -1]),
        (p, A + "Text", "GetTextAtOffset", "iu", [3, 1]),
        (p, A + "Text", "GetStringAtOffset", "iu", [2, 3]),
        (p, A + "Text", "GetCharacterExtents", "iu", [1, 0]),
        (p, A + "Text", "GetRangeExtents", "iiu", [0, 4, 1]),
        (p, A + "Selection", "SelectChild", "i", [1]),
        (p, A + "Selection", "GetSelectedChild", "i", [0]),
        (p, A + "Accessible", "GetChildAtIndex", "s", ["wrong"]),
    ]
for index, (path, interface, member, signature, args) in enumerate(calls):
    write("dbus", "call-%03d-%s" % (index, member), call(path, interface, member, signature, args))
write("dbus", "no-reply", call(P + "2", A + "Action", "DoAction", "i", [0], flags=1))
write("dbus", "no-interface", call(P + "2", "", "GetRole"))

# desktop: screen, monitors (place, size, primary), CRTCs (place, size,
# mode timing), _NET_WORKAREA, current desktop, a button, sync steps.
def rect(x, y, w, h): return struct.pack("<hhhh", x, y, w, h)
def desktop_input(monitors, crtcs, area, current, button, steps):
    data = struct.pack("<HH", 3839, 1079) + bytes([len(monitors)])
    for frame, primary in monitors: data += rect(*frame) + bytes([primary])
    data += bytes([len(crtcs)])
    for frame, (clock, h, v, flags) in crtcs: data += rect(*frame) + struct.pack("<IHH", clock, h, v) + bytes([flags & 1, flags >> 1])
    data += bytes([len(area)]) + b"".join(struct.pack("<i", c) for c in area)
    data += bytes([current is not None]) + struct.pack("<i", current or 0) + rect(*button)
    return data + steps
sync = bytes([0]) + struct.pack("<q", 7) + bytes([1, 2, 2, 2, 1, 1, 2, 2, 2])
write("desktop", "two-monitors", desktop_input([((0, 0, 1920, 1080), 0), ((1920, 0, 1920, 1080), 1)],
      [((0, 0, 1920, 1080), (148500000, 2200, 1125, 0)), ((1920, 0, 1920, 1080), (297000000, 2200, 1125, 2))],
      [0, 32, 3840, 1048, 0, 0, 3840, 1080], 1, (2000, 500, 120, 30), sync))
write("desktop", "no-randr", desktop_input([], [], [], None, (10, 10, 100, 20), b""))
write("desktop", "odd-work-area", desktop_input([((0, 0, 800, 600), 1)], [((0, 0, 800, 600), (0, 0, 0, 0))],
      [0, 0, 800], 9, (-50, -50, 10, 10), bytes([0]) + struct.pack("<q", -1) + bytes([2, 0, 0, 1, 0, 0])))

# plan: NUL-separated arguments, from the worked examples of SPEC §6.
plans = [["flow", "--width", "300", "80x24", "150x24", "90x24"], ["flow", "80x24", "150x30", "90x24"],
         ["flow", "--width", "inf", "--spacing", "4", "80x24", "150x24"], ["flow", "--width=300", "--spacing=8", "100.5x24.25"],
         ["flow", "--direction", "rtl", "--width", "100", "60x10", "60x10"],
         ["chips", "--width", "343", "--spacing", "8", "--badge", "60", "72", "96", "64", "88"],
         ["chips", "--width", "343", "--badge", "100,60,60,60", "72", "96", "64", "88"],
         ["chips", "--width", "100", "--badge", "60", "--direction", "rtl", "--", "40"], ["chips"], ["grid"], []]
for index, arguments in enumerate(plans):
    write("plan", "plan-%02d" % index, b"\0".join(a.encode() for a in arguments))
