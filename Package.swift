// swift-tools-version:6.0
import PackageDescription

// Each target depends only on the ones above it. RewrapLayout, RewrapMotion,
// RewrapPanelFile and RewrapCommandLine import no C module; RewrapText shapes
// with HarfBuzz and FriBidi but knows nothing of X. So every test but the
// end-to-end ones and RewrapX11Tests runs without a display. X11 lives only in RewrapX11, behind CX11.
// libdbus lives only in RewrapAccessibility, behind CDBus, which opens it with
// dlopen once a bus is found (no pkgConfig: its -ldbus-1 would load libdbus and
// libsystemd into every start).
// In release builds the X and font libraries Debian ships as archives are
// linked in (-l:libX11.a): FriBidi, fontconfig, Xlib, XCB, Xft, Xrender and
// the X extensions. A start then maps 14 libraries instead of 23, binds none
// of their symbols, and keeps about 0.8 MB less resident (README,
// "Benchmarks"). FreeType and HarfBuzz stay shared, as Debian ships no
// HarfBuzz archive and HarfBuzz must share FreeType's faces with Xft; so
// does expat, which lintian forbids embedding. The package names what it
// embeds in Static-Built-Using (scripts/build-deb). Debug builds link all of
// them shared.
// CArguments hands the static Swift runtime argv at start, in place of its
// search through /proc/self/maps (see arguments.c).
func linkedIn(_ libraries: [String], needing dependencies: [String] = []) -> [LinkerSetting] {
    libraries.flatMap { library -> [LinkerSetting] in [
        .linkedLibrary(library, .when(configuration: .debug)),
        .unsafeFlags(["-Xlinker", "-l:lib\(library).a"], .when(configuration: .release)),
    ] } + dependencies.map { .unsafeFlags(["-Xlinker", "-l:lib\($0).a"], .when(configuration: .release)) }
}

// Xlib and the libraries under it. XCB's archive needs Xau and Xdmcp, which
// its shared library loads by itself.
let xlib = linkedIn(["Xft", "Xrender", "X11", "X11-xcb", "xcb"], needing: ["Xau", "Xdmcp"])
// fontconfig's archive needs expat, which stays shared.
let fontconfig = linkedIn(["fontconfig"]) + [.linkedLibrary("expat", .when(configuration: .release))]

let package = Package(
    name: "Rewrap",
    // Only for Fuzz/Package.swift, which builds the fuzz targets with libFuzzer.
    products: [.library(name: "RewrapFuzzTargets", targets: ["RewrapFuzzTargets"])],
    targets: [
        .systemLibrary(
            name: "CText",
            path: "Sources/CText",
            pkgConfig: "freetype2 harfbuzz",
            providers: [.apt(["libfontconfig1-dev", "libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CX11",
            path: "Sources/CX11",
            pkgConfig: "freetype2",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig1-dev", "libxrender-dev", "libxrandr-dev", "libxi-dev",
                              "libx11-xcb-dev", "libxcb-sync-dev"])]
        ),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", providers: [.apt(["libdbus-1-3"])]),
        .target(name: "CArguments"),
        .target(name: "RewrapLayout"),
        .target(name: "RewrapMotion", dependencies: ["RewrapLayout"]),
        .target(name: "RewrapPanelFile"),
        .target(name: "RewrapText", dependencies: ["CText", "RewrapLayout"], linkerSettings: linkedIn(["fribidi"]) + fontconfig),
        .target(name: "RewrapScene", dependencies: ["RewrapLayout", "RewrapPanelFile", "RewrapText"]),
        .target(name: "RewrapX11", dependencies: ["CX11", "CLinux", "RewrapScene", "RewrapText"],
                linkerSettings: xlib + linkedIn(["Xrandr", "Xi", "Xext", "xcb-sync"])),
        .target(name: "RewrapAccessibility", dependencies: ["CDBus", "RewrapScene", "RewrapPanelFile", "RewrapLayout"]),
        .target(name: "RewrapCommandLine", dependencies: ["RewrapLayout", "RewrapPanelFile"]),
        .executableTarget(name: "rewrap", dependencies: [
            "CArguments", "RewrapX11", "RewrapText", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapMotion", "RewrapCommandLine",
            "RewrapAccessibility",
        ]),
        .executableTarget(name: "rewrap-xhelper", dependencies: ["CX11"], path: "Sources/rewrap-xhelper",
                          linkerSettings: xlib + linkedIn(["xcb-sync"])),
        .executableTarget(name: "rewrap-bench", dependencies: ["RewrapLayout", "RewrapCommandLine", "RewrapPanelFile"], path: "Sources/rewrap-bench"),
        .target(name: "RewrapTestSupport", dependencies: ["RewrapLayout", "RewrapPanelFile", "RewrapScene"], path: "Tests/RewrapTestSupport"),
        // What each fuzz target checks of one input; `make fuzz` runs them under
        // libFuzzer (Fuzz/Package.swift) and FuzzCorpusTests replays their corpora.
        .target(name: "RewrapFuzzTargets", dependencies: [
            "RewrapPanelFile", "RewrapText", "RewrapLayout", "RewrapScene", "RewrapX11", "RewrapAccessibility",
            "RewrapCommandLine", "RewrapTestSupport",
        ], path: "Fuzz/Targets"),
        .testTarget(name: "RewrapLayoutTests", dependencies: ["RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "RewrapMotionTests", dependencies: ["RewrapMotion", "RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "RewrapPanelFileTests", dependencies: ["RewrapPanelFile", "RewrapTestSupport"]),
        .testTarget(name: "RewrapTextTests", dependencies: ["RewrapText", "RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "RewrapSceneTests", dependencies: ["RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "RewrapAccessibilityTests", dependencies: [
            "RewrapAccessibility", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapTestSupport",
        ]),
        .testTarget(name: "RewrapX11Tests", dependencies: ["CX11", "RewrapX11", "RewrapText", "RewrapScene", "RewrapTestSupport"]),
        .testTarget(name: "RewrapTestSupportTests", dependencies: ["RewrapTestSupport"]),
        .testTarget(name: "CommandTests", dependencies: ["RewrapCommandLine", "RewrapTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["RewrapTestSupport", "RewrapScene"]),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["RewrapFuzzTargets", "RewrapTestSupport"]),
    ]
)
