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

# kept-state: every damaged state, and good ones as Rewrap writes them
# (rules §12), for the target's small panel: picks it offers and does not.
for path in sorted(glob.glob(root + "/Tests/Fixtures/bad-states/*.json")):
    write("kept-state", os.path.relpath(path, root).replace("/", "_"), open(path, "rb").read())
states = [
    {"version": 1, "panel": "/p/panel.json", "picks": {}, "size": None, "maximized": False},
    {"version": 1, "panel": "/p/panel.json", "picks": {"shape": "Rounded rectangle", 'quote"d': 'a "b" \\ c'},
     "size": [466.6666666666667, 280], "maximized": True},
    {"version": 1, "panel": "/p/panel.json", "picks": {"shape": "Hexagon", "gone": "Circle", 'quote"d': "控制項"},
     "size": [1, 16384], "maximized": False},
]
for index, state in enumerate(states):
    write("kept-state", "state-%d.json" % index, (json.dumps(state, ensure_ascii=False) + "\n").encode())

# catalog: each shipped catalog as msgfmt compiles it, and Plural-Forms
# headers of many languages' rules, good and bad.
import subprocess, tempfile
for path in sorted(glob.glob(root + "/po/*.po")):
    with tempfile.NamedTemporaryFile(suffix=".mo") as compiled:
        subprocess.run(["msgfmt", "-o", compiled.name, path], check=True)
        write("catalog", os.path.basename(path)[:-3] + ".mo", open(compiled.name, "rb").read())
for index, rule in enumerate([
        "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "nplurals=1; plural=0;", "nplurals=2; plural=n/(n-5000);", "nplurals=2; plural=n = 1;", "nplurals=2; plural=!n;"]):
    write("catalog", "plural-forms-%d.txt" % index, rule.encode())

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

# plan: NUL-separated arguments, from the worked examples of rules §6.1.
plans = [["flow", "--width", "300", "80x24", "150x24", "90x24"], ["flow", "80x24", "150x30", "90x24"],
         ["flow", "--width", "inf", "--spacing", "4", "80x24", "150x24"], ["flow", "--width=300", "--spacing=8", "100.5x24.25"],
         ["flow", "--direction", "rtl", "--width", "100", "60x10", "60x10"],
         ["chips", "--width", "343", "--spacing", "8", "--badge", "60", "72", "96", "64", "88"],
         ["chips", "--width", "343", "--badge", "100,60,60,60", "72", "96", "64", "88"],
         ["chips", "--width", "100", "--badge", "60", "--direction", "rtl", "--", "40"], ["chips"], ["grid"], []]
for index, arguments in enumerate(plans):
    write("plan", "plan-%02d" % index, b"\0".join(a.encode() for a in arguments))

# wayland-configure: the window's first size, then steps: 0 a toplevel
# configure, 1 the outputs' scales, 2 a menu and its popup configure.
# A side is a selector and its value: 0 a small one, 1 one of the target's
# edge values (0, -1, 1, 4096, 4097, 8192, 8193, 100000, max, min), 3 any.
def side(v):
    return struct.pack("<BH", 0, v) if 0 <= v < 4096 else struct.pack("<Bi", 3, v)
def edge(i): return bytes([1, i])
def configure(w, h): return bytes([0]) + w + h
def scales(*values): return bytes([1, len(values)]) + b"".join(bytes([1, v]) for v in values)
def menu(rows, row_h, row_w, padding, indicator, anchor, gap, left, area):
    return (bytes([2, rows - 1]) + struct.pack("<HH", row_h * 16 - 1, row_w * 4 - 1) + bytes([padding, indicator])
            + struct.pack("<hhH", *anchor[:3]) + bytes([anchor[3], gap, left]) + b"".join(area))
window = struct.pack("<HH", 679, 419)
button = (300, 200, 180, 27)
configures = {
    "resize": configure(side(800), side(600)) + configure(side(0), side(0)) + configure(edge(1), edge(2)),
    "clamp": configure(edge(7), side(300)) + scales(2) + configure(edge(5), edge(6)) + configure(edge(8), edge(9)),
    "scale-up": configure(side(3000), side(2000)) + scales(1, 2) + scales(3) + scales() + scales(0, 4),
    "menu": menu(6, 27, 176, 4, 16, button, 4, 1, [side(300), side(231), side(184), side(170)]),
    "menu-cut": scales(2) + menu(30, 27, 176, 4, 16, button, 4, 0, [side(150), side(0), side(92), side(200)]),
    "menu-flipped": menu(4, 27, 120, 4, 16, (20, 700, 100, 27), 4, 1, [side(10), side(560), side(128), side(116)]),
    "menu-no-room": menu(8, 27, 176, 4, 16, button, 4, 1, [side(300), side(231), side(0), side(0)]),
    "menu-odd": menu(3, 25, 101, 3, 9, button, 2, 0, [edge(1), edge(9), edge(7), edge(8)]),
}
for name, steps in configures.items():
    write("wayland-configure", name, window + steps)

# wayland-keymap: the keymap's length and text, then events: 0 a key
# (small code, pressed), 1 modifier masks, 2 repeat rate and delay,
# 3 milliseconds passing, 4 focus lost.
small = b"""xkb_keymap {
xkb_keycodes "k" { minimum = 8; maximum = 255; <ESC> = 9; <AE01> = 10; <TAB> = 23; <AC01> = 38; <AC02> = 39;
  <RTRN> = 36; <LFSH> = 50; <LCTL> = 37; <SPCE> = 65; <CAPS> = 66; <LEFT> = 113; indicator 1 = "Caps Lock"; };
xkb_types "t" { virtual_modifiers NumLock;
  type "ONE_LEVEL" { modifiers = none; map[none] = Level1; level_name[Level1] = "Any"; };
  type "TWO_LEVEL" { modifiers = Shift; map[Shift] = Level2; level_name[Level1] = "Base"; level_name[Level2] = "Shift"; };
  type "ALPHABETIC" { modifiers = Shift+Lock; map[Shift] = Level2; map[Lock] = Level2;
    level_name[Level1] = "Base"; level_name[Level2] = "Caps"; }; };
xkb_compat "c" { interpret Shift_L { action = SetMods(modifiers=Shift); };
  interpret Control_L { action = SetMods(modifiers=Control); };
  interpret Caps_Lock { action = LockMods(modifiers=Lock); };
  indicator "Caps Lock" { modifiers = Lock; }; };
xkb_symbols "s" { key <ESC> { [ Escape ] }; key <AE01> { [ 1, exclam ] }; key <TAB> { [ Tab, ISO_Left_Tab ] };
  key <AC01> { [ a, A ] }; key <AC02> { [ dead_acute, dead_diaeresis ] }; key <RTRN> { [ Return ] };
  key <LFSH> { [ Shift_L ] }; key <LCTL> { [ Control_L ] }; key <SPCE> { [ space ] }; key <CAPS> { [ Caps_Lock ] };
  key <LEFT> { [ Left ] }; modifier_map Shift { <LFSH> }; modifier_map Control { <LCTL> }; modifier_map Lock { <CAPS> }; };
};
"""
system = b"""xkb_keymap { xkb_keycodes { include "evdev+aliases(qwerty)" }; xkb_types { include "complete" };
xkb_compat { include "complete" }; xkb_symbols { include "pc+us+inet(evdev)+compose(ralt)" }; };
"""
def key(code, pressed): return bytes([0, 1, code, pressed])
def wait(ms): return bytes([3]) + struct.pack("<H", ms)
typing = (key(30, 1) + wait(20) + key(30, 0) + key(42, 1) + key(30, 1) + key(30, 0) + key(42, 0) + key(31, 1) + key(31, 0)
          + key(30, 1) + key(58, 1) + key(58, 0) + key(30, 1) + key(30, 0) + key(15, 1) + key(15, 0) + key(28, 1) + key(28, 0))
holding = key(30, 1) + wait(590) + wait(20) + wait(40) + wait(40) + key(30, 0) + wait(1000) + key(105, 1) + bytes([4]) + wait(700)
masks = bytes([1]) + struct.pack("<IIII", 1, 0, 2, 0) + key(30, 1) + key(30, 0) + bytes([2]) + struct.pack("<ii", 0, 100) + key(30, 1) + wait(900)
for name, text in (("small", small), ("system", system), ("empty", b""), ("not-a-keymap", b"xkb_keymap { nothing here };\n"),
                   ("truncated", small[:400])):
    for events_name, events in (("typing", typing), ("holding", holding), ("masks", masks)):
        write("wayland-keymap", "%s-%s" % (name, events_name), struct.pack("<H", len(text)) + text + events)

# dbus-calls: calls made of choices, as the target reads them: a path
# (0 a served one by index, 2 a bogus one by index, 3 a number), an
# interface and a member by index in the target's sorted lists, a serial,
# whether a reply is wanted, then typed arguments.
methods = {
    "org.a11y.atspi.Accessible": ["GetChildAtIndex", "GetChildren", "GetIndexInParent", "GetRelationSet", "GetRole", "GetRoleName",
                                  "GetLocalizedRoleName", "GetState", "GetAttributes", "GetApplication", "GetInterfaces"],
    "org.a11y.atspi.Component": ["Contains", "GetAccessibleAtPoint", "GetExtents", "GetPosition", "GetSize", "GetLayer",
                                 "GetMDIZOrder", "GrabFocus", "GetAlpha", "SetExtents", "SetPosition", "SetSize", "ScrollTo", "ScrollToPoint"],
    "org.a11y.atspi.Action": ["GetDescription", "GetName", "GetLocalizedName", "GetKeyBinding", "GetActions", "DoAction"],
    "org.a11y.atspi.Text": ["GetStringAtOffset", "GetText", "SetCaretOffset", "GetTextBeforeOffset", "GetTextAtOffset",
                            "GetTextAfterOffset", "GetCharacterAtOffset", "GetAttributeValue", "GetAttributes", "GetDefaultAttributes",
                            "GetCharacterExtents", "GetOffsetAtPoint", "GetNSelections", "GetSelection", "AddSelection",
                            "RemoveSelection", "SetSelection", "GetRangeExtents", "GetBoundedRanges", "GetAttributeRun",
                            "GetDefaultAttributeSet", "ScrollSubstringTo", "ScrollSubstringToPoint"],
    "org.a11y.atspi.Selection": ["GetSelectedChild", "SelectChild", "DeselectSelectedChild", "IsChildSelected", "SelectAll",
                                 "ClearSelection", "DeselectChild"],
    "org.a11y.atspi.Application": ["GetLocale", "RegisterEventListener", "DeregisterEventListener", "GetApplicationBusAddress"],
    "org.freedesktop.DBus.Properties": ["Get", "GetAll", "Set"],
    "org.a11y.atspi.Cache": ["GetItems"],
}
interfaces = sorted(methods)
members = sorted({m for ms in methods.values() for m in ms})
def num(v): return bytes([0, v + 4]) if -4 <= v < 44 else bytes([3]) + struct.pack("<i", v)
def arg(kind, v):
    if kind == "i": return bytes([0]) + num(v)
    if kind == "u": return bytes([3]) + num(v)
    if kind == "s": return bytes([4, 0, len(v)]) + v
    if kind == "b": return bytes([6, v])
    if kind == "v": return bytes([9]) + num(v) + bytes([1])
def dcall(path, interface, member, args=(), no_reply=False):
    kind, index = path
    head = bytes([kind, index]) if kind != 3 else bytes([3]) + struct.pack("<Q", index) + bytes([0])
    head += bytes([interfaces.index(interface), 1, members.index(member)]) + struct.pack("<H", 6) + bytes([0 if no_reply else 1, len(args)])
    return head + b"".join(arg(k, v) for k, v in args)
A = "org.a11y.atspi."
typical = {"GetChildAtIndex": [("i", 0)], "Contains": [("i", 10), ("i", 10), ("u", 1)], "GetAccessibleAtPoint": [("i", 30), ("i", 12), ("u", 0)],
           "GetExtents": [("u", 0)], "GetPosition": [("u", 1)], "GetDescription": [("i", 0)], "GetName": [("i", 0)],
           "GetLocalizedName": [("i", 0)], "GetKeyBinding": [("i", 0)], "DoAction": [("i", 0)], "GetStringAtOffset": [("i", 2), ("u", 1)],
           "GetText": [("i", 0), ("i", -1)], "SetCaretOffset": [("i", 1)], "GetTextBeforeOffset": [("i", 3), ("u", 1)],
           "GetTextAtOffset": [("i", 3), ("u", 2)], "GetTextAfterOffset": [("i", 0), ("u", 0)], "GetCharacterAtOffset": [("i", 1)],
           "GetAttributeValue": [("i", 0), ("s", b"language")], "GetAttributes": [("i", 0)], "GetCharacterExtents": [("i", 1), ("u", 0)],
           "GetOffsetAtPoint": [("i", 5), ("i", 5), ("u", 1)], "GetSelection": [("i", 0)], "GetRangeExtents": [("i", 0), ("i", 4), ("u", 1)],
           "GetAttributeRun": [("i", 0), ("b", 1)], "GetSelectedChild": [("i", 0)], "SelectChild": [("i", 1)], "IsChildSelected": [("i", 1)],
           "DeselectChild": [("i", 0)], "GetLocale": [("u", 0)], "Get": [("s", b"org.a11y.atspi.Accessible"), ("s", b"Name")],
           "GetAll": [("s", b"org.a11y.atspi.Text")], "Set": [("s", b"org.a11y.atspi.Application"), ("s", b"Id"), ("v", 3)]}
for interface, names in methods.items():
    for member in names:
        calls = b"".join(dcall((0, n), interface, member, typical.get(member, [])) for n in (0, 3, 7, 12, 19, 26))
        write("dbus-calls", "%s-%s" % (interface.split(".")[-1], member), calls)
write("dbus-calls", "bogus-paths", b"".join(dcall((2, n), A + "Accessible", "GetRole") for n in range(12))
      + dcall((3, 5), A + "Accessible", "GetRole") + dcall((3, 123456), A + "Text", "GetText", [("i", 0), ("i", 3)]))
write("dbus-calls", "edges", dcall((0, 4), A + "Text", "GetText", [("i", -2147483648), ("i", 2147483647)])
      + dcall((0, 4), A + "Text", "GetRangeExtents", [("i", 2147483647), ("i", -5), ("u", 7)])
      + dcall((0, 5), A + "Accessible", "GetChildAtIndex", [("i", 2147483647)])
      + dcall((0, 5), A + "Component", "GetAccessibleAtPoint", [("i", -2147483648), ("i", 2147483647), ("u", -1)])
      + dcall((0, 6), A + "Action", "DoAction", [("i", 7)], no_reply=True) + dcall((0, 8), A + "Text", "GetText", [("s", b"wrong")]))
