#!/usr/bin/python3
"""gtk-panel: the Rewrap panel (rules §1) built with GTK 4 through PyGObject.

A Gtk.FlowBox of Gtk.DropDown (8 px spacing) with wrapping Gtk.Label headings
and footers, and a row of chip labels that shows the largest prefix that fits
plus an "N more" badge (rules §3.1), as a small custom Gtk.Widget. No
Gtk.Application, so no D-Bus session is needed; closing the window
(WM_DELETE_WINDOW) quits with status 0.

Needs Debian's python3 (`/usr/bin/python3`) with python3-gi and gir1.2-gtk-4.0.
"""
import sys

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("Gtk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

SPACING = 8
DROPDOWNS = [  # (title, options); the first option is selected at start
    ("Shape", ["Circle", "Rounded rectangle"]),
    ("Pattern", ["Solid", "Alternating diagonal lines"]),
    ("Arrangement", ["Rows", "Evenly spaced columns"]),
]
CHIPS = ["Sketch", "Color samples", "Shapes", "Paper textures", "Layout notes", "Preview"]
CSS = """
window { font-family: sans-serif; font-size: 14px; }
flowboxchild { padding: 0; }
.chip, .badge { padding: 6px 10px; border-radius: 8px; }
.chip { background-color: alpha(#3584e4, 0.12); }
.badge { background-color: alpha(#808080, 0.15); }
"""


class ChipRow(Gtk.Widget):
    """One line of chips: the largest prefix that fits, then an "N more" badge."""

    def __init__(self, titles):
        super().__init__()
        self.chips = [self._label(t, "chip") for t in titles]
        n = len(titles)
        self.badges = {k: self._label(f"{k} more", "badge") for k in range(1, n + 1)}
        self.empty = self._label("No items", "badge") if n == 0 else None

    def _label(self, text, css_class):
        label = Gtk.Label(label=text)
        label.add_css_class(css_class)
        label.set_parent(self)
        return label

    @staticmethod
    def _width(widget):
        return widget.measure(Gtk.Orientation.HORIZONTAL, -1)[1]

    def _visible_count(self, width):
        widths = [self._width(c) for c in self.chips]  # each chip measured once
        n = len(widths)
        prefix = [0]
        for w in widths:
            prefix.append(prefix[-1] + w)
        for k in range(n, 0, -1):
            need = prefix[k] + SPACING * (k - 1)
            if k < n:
                need += SPACING + self._width(self.badges[n - k])
            if need <= width:
                return k
        return 0  # the badge alone, even when it does not fit

    def do_measure(self, orientation, for_size):
        kids = self.chips + list(self.badges.values()) + ([self.empty] if self.empty else [])
        if orientation == Gtk.Orientation.HORIZONTAL:
            n = len(self.chips)
            lone = self.badges[n] if n else self.empty
            natural = sum(self._width(c) for c in self.chips) + SPACING * max(n - 1, 0)
            return self._width(lone), max(natural, self._width(lone)), -1, -1
        height = max(k.measure(Gtk.Orientation.VERTICAL, -1)[1] for k in kids)
        return height, height, -1, -1

    def _place(self, widget, x, height):
        rect = Gdk.Rectangle()
        rect.x, rect.y, rect.width, rect.height = x, 0, self._width(widget), height
        widget.size_allocate(rect, -1)
        return x + rect.width + SPACING

    def do_size_allocate(self, width, height, baseline):
        n = len(self.chips)
        k = self._visible_count(width)
        x = 0
        for i, chip in enumerate(self.chips):
            chip.set_child_visible(i < k)
            if i < k:
                x = self._place(chip, x, height)
        for hidden, badge in self.badges.items():
            badge.set_child_visible(hidden == n - k)
            if hidden == n - k:
                self._place(badge, x, height)
        if self.empty:
            self._place(self.empty, 0, height)


def text(label, css_class=None, markup=False):
    widget = Gtk.Label()
    if markup:
        widget.set_markup(label)
    else:
        widget.set_text(label)
    widget.set_wrap(True)
    widget.set_xalign(0)
    if css_class:
        widget.add_css_class(css_class)
    return widget


def build():
    provider = Gtk.CssProvider()
    if hasattr(provider, "load_from_string"):  # GTK >= 4.12
        provider.load_from_string(CSS)
    else:
        provider.load_from_data(CSS.encode())
    Gtk.StyleContext.add_provider_for_display(
        Gdk.Display.get_default(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)

    column = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=16)
    for side in ("top", "bottom", "start", "end"):
        getattr(column, f"set_margin_{side}")(20)

    column.append(text("<b>Layout options</b>", markup=True))
    flow = Gtk.FlowBox(selection_mode=Gtk.SelectionMode.NONE, homogeneous=False,
                       column_spacing=SPACING, row_spacing=SPACING, max_children_per_line=64,
                       valign=Gtk.Align.START)
    for title, options in DROPDOWNS:
        dropdown = Gtk.DropDown.new_from_strings([f"{title}: {o}" for o in options])
        dropdown.set_selected(0)
        dropdown.set_halign(Gtk.Align.START)
        flow.append(dropdown)
    column.append(flow)
    column.append(text("Choose a longer option, then narrow the window.", "dim-label"))
    column.append(text("<b>Sample labels</b>", markup=True))
    column.append(ChipRow(CHIPS))
    column.append(text("Resize the window to change how many labels fit."))

    scroller = Gtk.ScrolledWindow()
    scroller.set_child(column)
    window = Gtk.Window(title="gtk-panel", default_width=680, default_height=420)
    window.set_child(scroller)
    return window


def main():
    if not Gtk.init_check():
        print("gtk-panel: cannot open display", file=sys.stderr)
        return 1
    loop = GLib.MainLoop()
    window = build()
    window.connect("close-request", lambda _w: loop.quit() or False)
    window.present()
    loop.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
