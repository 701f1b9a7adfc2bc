import CX11
import CXftOracle
import RewrapTestSupport
import RewrapText
import RewrapX11
import XCTest

/// The font settings of a desktop's `Xft.*` resources, read by Rewrap
/// itself since it draws its own glyphs and loads no libXft: each must be
/// what libXft's own `XftDefaultSubstitute` reads from the same display,
/// with no resources and with each kind of value a desktop writes.
final class XftResourcesTests: XCTestCase {
    /// What libXft puts in an empty pattern, read back: the oracle.
    private func xftSubstitute(_ display: OpaquePointer, _ screen: Int32) -> [String: FontDefault.Value] {
        var found: [String: FontDefault.Value] = [:]
        guard let probe = FcPatternCreate() else { return found }
        defer { FcPatternDestroy(probe) }
        XftDefaultSubstitute(display, screen, probe)
        for name in [FC_ANTIALIAS, FC_EMBOLDEN, FC_HINTING, FC_AUTOHINT, FC_MINSPACE, "render"] {
            var flag: FcBool = 0
            if FcPatternGetBool(probe, name, 0, &flag) == FcResultMatch { found[name] = .bool(flag != 0) }
        }
        for name in [FC_HINT_STYLE, FC_RGBA, FC_LCD_FILTER, "maxglyphmemory"] {
            var number: Int32 = 0
            if FcPatternGetInteger(probe, name, 0, &number) == FcResultMatch { found[name] = .integer(number) }
        }
        for name in [FC_DPI, FC_SCALE] {
            var number = 0.0
            if FcPatternGetDouble(probe, name, 0, &number) == FcResultMatch { found[name] = .double(number) }
        }
        return found
    }

    private func assertReadAsXftReads(_ resources: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try XvfbServer()
        defer { server.stop() }
        if !resources.isEmpty {
            let input = try TemporaryFile(suffix: ".Xresources", contents: Data(resources.utf8))
            let merged = try runCommand(["/usr/bin/xrdb", "-merge", input.path], environment: ["DISPLAY": server.display])
            XCTAssertEqual(merged.status, 0, merged.stderr, file: file, line: line)
        }
        let display = try XCTUnwrap(XOpenDisplay(server.display), file: file, line: line)
        defer { XCloseDisplay(display) }
        let screen = XDefaultScreen(display)
        let ours = Dictionary(uniqueKeysWithValues: X11Platform.xftDefaults(display: display, screen: screen).map { ($0.property, $0.value) })
        let xft = xftSubstitute(display, screen)
        let differing = Set(ours.keys).union(xft.keys).filter { ours[$0] != xft[$0] }.sorted()
        XCTAssertEqual(differing.map { "\($0): \(ours[$0].map { "\($0)" } ?? "none") against Xft's \(xft[$0].map { "\($0)" } ?? "none")" }, [],
                       "with resources: \(resources)", file: file, line: line)
    }

    func testWithoutResourcesTheDefaultsAreXfts() throws {
        try assertReadAsXftReads("")
    }

    func testEachKindOfValueIsReadAsXftReadsIt() throws {
        try assertReadAsXftReads("""
            Xft.antialias: 0
            Xft.hinting: off
            Xft.hintstyle: hintslight
            Xft.rgba: bgr
            Xft.lcdfilter: lcdlight
            Xft.dpi: 120.5
            Xft.embolden: Yes
            Xft.autohint: on
            Xft.minspace: true
            Xft.scale: 1.5
            """)
        try assertReadAsXftReads("""
            Xft.antialias: maybe
            Xft.hintstyle: 2
            Xft.rgba: none
            Xft.dpi: lots
            Xft.render: false
            """)
        try assertReadAsXftReads("*antialias: false\n*hintstyle: hintnone\n")
    }
}
