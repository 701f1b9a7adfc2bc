#!/usr/bin/python3
"""Builds "Rewrap Layers", the colour font the emoji tests draw with.

Three emoji, each a square of the same size, each in another colour
technology:
  U+1F7E5 (red square)   COLRv0: a red square, then a blue square inside it
  U+1F7E9 (green square) COLRv1: a green solid paint; its own outline, a
                         frame, is what FreeType 2.12 draws instead
  U+1F7E6 (blue square)  OpenType-SVG: a blue square; its own outline, a
                         frame, is what FreeType draws without SVG hooks
Usage: make-layers-font.py OUT.ttf
"""
import sys

from fontTools.colorLib.builder import buildCOLR, buildCPAL
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import newTable

UPEM = 1000
ADVANCE = 1000


def rectangle(left, bottom, right, top, inner=None):
    pen = TTGlyphPen(None)
    pen.moveTo((left, bottom))
    pen.lineTo((left, top))
    pen.lineTo((right, top))
    pen.lineTo((right, bottom))
    pen.closePath()
    if inner:
        # Counter-clockwise inside: a frame, not a filled square.
        l, b, r, t = inner
        pen.moveTo((l, b))
        pen.lineTo((r, b))
        pen.lineTo((r, t))
        pen.lineTo((l, t))
        pen.closePath()
    return pen.glyph()


def main(out):
    names = [".notdef", "space", "layered", "layer.red", "layer.blue", "painted", "svg"]
    builder = FontBuilder(UPEM, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x20: "space", 0x1F7E5: "layered", 0x1F7E9: "painted", 0x1F7E6: "svg"})
    frame = rectangle(100, -100, 900, 700, inner=(200, 0, 800, 600))
    builder.setupGlyf({
        ".notdef": rectangle(100, 0, 500, 700),
        "space": TTGlyphPen(None).glyph(),
        "layered": rectangle(100, -100, 900, 700),
        "layer.red": rectangle(100, -100, 900, 700),
        "layer.blue": rectangle(300, 100, 700, 500),
        "painted": frame,
        "svg": rectangle(100, -100, 900, 700, inner=(200, 0, 800, 600)),
    })
    # Each left side bearing is its outline's left edge, or FreeType moves
    # the outline to make it so.
    glyf = builder.font["glyf"]
    builder.setupHorizontalMetrics({name: (ADVANCE if name != ".notdef" else 600, getattr(glyf[name], "xMin", 0))
                                    for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Rewrap Layers", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    # Red, blue, green, opaque.
    builder.font["CPAL"] = buildCPAL([[(1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0), (0.0, 0.8, 0.0, 1.0)]])
    builder.font["COLR"] = buildCOLR({
        "layered": [("layer.red", 0), ("layer.blue", 1)],
        "painted": {"Format": 10, "Glyph": "layer.red", "Paint": {"Format": 2, "PaletteIndex": 2, "Alpha": 1.0}},
    })
    svg = newTable("SVG ")
    document = ('<svg xmlns="http://www.w3.org/2000/svg"><rect id="glyph%d" x="100" y="-700" width="800" height="800" '
                'fill="#0000ff"/></svg>' % names.index("svg"))
    svg.docList = [(document, names.index("svg"), names.index("svg"))]
    builder.font["SVG "] = svg
    builder.save(out)


if __name__ == "__main__":
    main(sys.argv[1])
