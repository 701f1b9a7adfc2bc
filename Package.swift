// swift-tools-version:6.3;(experimentalCGen)
import PackageDescription

// Each target depends only on the ones above it. RewrapLayout, RewrapMotion,
// RewrapPanelFile, RewrapCatalog, RewrapCommandLine, RewrapScene, RewrapPlatform and
// RewrapApp import no platform (RewrapPlatform takes only timerfd from CLinux, for the platforms' one way of
// waiting, and RewrapApp signalfd, inotify and eventfd), so every test but the end-to-end ones and
// RewrapX11Tests runs without a display. RewrapText shapes with HarfBuzz and
// FriBidi. X11 lives only in RewrapX11, behind CX11, and Wayland only in
// RewrapWayland, behind CWayland and the protocol glue that the WaylandScanner
// plugin generates. libdbus is opened with dlopen (CDBus) once a bus is
// found, so a start without one loads neither libdbus nor libsystemd;
// RewrapBus holds the messages and calls the accessibility bridge and the
// desktop portal share. Each platform has its own executable (rewrap-x11,
// rewrap-wayland), so a start maps no library of the other; `rewrap` is a
// shell script, launcher/rewrap.sh, that the Makefile puts beside them
// and that execs the one RewrapPlatformChoice would pick (docs/platforms.md).
// Every C library is Debian's shared one, found through pkg-config.
let package = Package(
    name: "Rewrap",
    // Only for Fuzz/Package.swift, which builds the fuzz targets with libFuzzer.
    products: [.library(name: "RewrapFuzzTargets", targets: ["RewrapFuzzTargets"])],
    targets: [
        .systemLibrary(
            name: "CText",
            path: "Sources/CText",
            pkgConfig: "fontconfig freetype2 harfbuzz fribidi",
            providers: [.apt(["libfontconfig1-dev", "libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev"])]
        ),
        .systemLibrary(
            name: "CX11",
            path: "Sources/CX11",
            pkgConfig: "x11 fontconfig xrender xrandr xi x11-xcb xcb-sync",
            providers: [.apt(["libx11-dev", "libfontconfig1-dev", "libxrender-dev", "libxrandr-dev", "libxi-dev",
                              "libx11-xcb-dev", "libxcb-sync-dev"])]
        ),
        // Xft, which Rewrap no longer draws with, as the X11 tests' oracle
        // for widths and for the font settings of a desktop's resources.
        .systemLibrary(name: "CXftOracle", path: "Tests/CXftOracle", pkgConfig: "xft", providers: [.apt(["libxft-dev"])]),
        .systemLibrary(
            name: "CWayland",
            path: "Sources/CWayland",
            pkgConfig: "wayland-client wayland-cursor xkbcommon pixman-1 libdecor-0",
            providers: [.apt(["libwayland-dev", "libxkbcommon-dev", "libpixman-1-dev", "libdecor-0-dev"])]
        ),
        // The protocol glue, generated at build time by wayland-scanner from
        // Debian's wayland-protocols (tools version 6.3's experimental C
        // generation lets a build tool plugin add C sources and headers).
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"], plugins: ["WaylandScanner"]),
        .target(name: "CWaylandTestProtocols", dependencies: ["CWayland"], plugins: ["WaylandScanner"]),
        .systemLibrary(name: "CWaylandServer", path: "Sources/CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(name: "CDBus", path: "Sources/CDBus", providers: [.apt(["libdbus-1-3"])]),
        .target(name: "RewrapLayout"),
        .target(name: "RewrapMotion", dependencies: ["RewrapLayout"]),
        .target(name: "RewrapPanelFile"),
        // gettext catalogs: the strict .mo reader, the plural rule, the language list.
        .target(name: "RewrapCatalog"),
        .target(name: "RewrapText", dependencies: ["CText", "RewrapLayout"]),
        .target(name: "RewrapScene", dependencies: ["RewrapLayout", "RewrapPanelFile", "RewrapText", "RewrapCatalog"]),
        .target(name: "RewrapPlatform", dependencies: ["RewrapLayout", "RewrapScene", "RewrapText", "CLinux"]),
        .target(name: "RewrapBus", dependencies: ["CDBus"]),
        .target(name: "RewrapAccessibility", dependencies: ["CDBus", "RewrapBus", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapPlatform"]),
        .target(name: "RewrapCommandLine", dependencies: ["RewrapLayout", "RewrapPanelFile"]),
        .target(name: "RewrapApp", dependencies: [
            "RewrapLayout", "RewrapMotion", "RewrapPanelFile", "RewrapText", "RewrapScene", "RewrapPlatform",
            "RewrapAccessibility", "RewrapBus", "RewrapCommandLine", "RewrapCatalog", "CLinux",
        ]),
        .target(name: "RewrapX11", dependencies: ["CX11", "CLinux", "RewrapScene", "RewrapText", "RewrapPlatform"]),
        .target(name: "RewrapWayland", dependencies: [
            "CWayland", "CWaylandProtocols", "CLinux", "RewrapBus", "RewrapScene", "RewrapText", "RewrapPlatform", "RewrapLayout",
        ]),
        // Which platform a start opens, and the exec of its executable.
        .target(name: "RewrapPlatformChoice"),
        // The commands and the start that both platforms' executables share.
        .target(name: "RewrapStart", dependencies: [
            "RewrapApp", "RewrapText", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapCommandLine", "RewrapPlatform",
            "RewrapPlatformChoice", "RewrapCatalog",
        ]),
        // One executable per platform, each linking only its own libraries.
        .executableTarget(name: "rewrap-x11", dependencies: ["RewrapStart", "RewrapX11", "RewrapPlatform"]),
        .executableTarget(name: "rewrap-wayland", dependencies: ["RewrapStart", "RewrapWayland", "RewrapPlatform"]),
        .executableTarget(name: "rewrap-xhelper", dependencies: ["CX11"], path: "Sources/rewrap-xhelper"),
        .executableTarget(name: "rewrap-wlhelper", dependencies: ["CWayland", "CWaylandTestProtocols"], path: "Sources/rewrap-wlhelper"),
        .executableTarget(name: "rewrap-fakecompositor", dependencies: ["CWaylandServer"], path: "Sources/rewrap-fakecompositor",
                          plugins: ["WaylandScanner"]),
        .executableTarget(name: "rewrap-bench", dependencies: ["RewrapLayout", "RewrapCommandLine", "RewrapPanelFile"], path: "Sources/rewrap-bench"),
        // The seeded generator, the reference curve and the fixed-advance
        // measurer, which pure layout and motion tests need: no C library.
        .target(name: "RewrapTestFakes", dependencies: ["RewrapLayout"], path: "Tests/RewrapTestFakes"),
        // The drivers of real servers and compositors (Xvfb, sway, weston,
        // mutter, kwin, Orca, the accessibility bus, msgfmt) and of the real
        // binary, with one reader of their helpers' lines (HelperLines).
        .target(name: "RewrapTestDrivers", dependencies: ["RewrapTestFakes", "RewrapLayout", "RewrapPanelFile"],
                path: "Tests/RewrapTestDrivers"),
        // The test binary's own malloc, which counts what one thread allocates
        // and hands every call on to glibc's (none under a sanitizer).
        .target(name: "CAllocationCount", path: "Tests/CAllocationCount"),
        // The recording platform and canvas, on which the loop runs without a
        // display, and the count of what a pass allocates; it re-exports the
        // fakes and the drivers.
        .target(name: "RewrapTestSupport", dependencies: ["RewrapTestFakes", "RewrapTestDrivers", "RewrapLayout", "RewrapPanelFile",
                                                          "RewrapScene", "RewrapText", "RewrapPlatform", "RewrapCatalog",
                                                          "CAllocationCount"],
                path: "Tests/RewrapTestSupport"),
        // What each fuzz target checks of one input; `make fuzz` runs them under
        // libFuzzer (Fuzz/Package.swift) and FuzzCorpusTests replays their corpora.
        .target(name: "RewrapFuzzTargets", dependencies: [
            "RewrapPanelFile", "RewrapText", "RewrapLayout", "RewrapScene", "RewrapX11", "RewrapAccessibility", "RewrapBus",
            "RewrapCommandLine", "RewrapTestSupport", "RewrapWayland", "RewrapPlatform", "RewrapCatalog",
        ], path: "Fuzz/Targets"),
        .testTarget(name: "RewrapCatalogTests", dependencies: ["RewrapCatalog", "RewrapTestDrivers", "RewrapTestFakes"]),
        .testTarget(name: "RewrapLayoutTests", dependencies: ["RewrapLayout", "RewrapTestFakes"]),
        .testTarget(name: "RewrapMotionTests", dependencies: ["RewrapMotion", "RewrapLayout", "RewrapTestFakes"]),
        .testTarget(name: "RewrapPanelFileTests", dependencies: ["RewrapPanelFile", "RewrapScene", "RewrapTestDrivers", "RewrapTestFakes"]),
        .testTarget(name: "RewrapTextTests", dependencies: ["RewrapText", "RewrapLayout", "RewrapTestDrivers", "RewrapTestFakes"]),
        .testTarget(name: "RewrapSceneTests", dependencies: ["RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapCatalog", "RewrapTestSupport"]),
        .testTarget(name: "RewrapAccessibilityTests", dependencies: [
            "RewrapAccessibility", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapTestDrivers", "RewrapTestFakes",
        ]),
        .testTarget(name: "RewrapAppTests", dependencies: [
            "RewrapApp", "RewrapPlatform", "RewrapScene", "RewrapPanelFile", "RewrapLayout", "RewrapText", "RewrapTestSupport",
        ]),
        .testTarget(name: "RewrapX11Tests", dependencies: ["CX11", "CXftOracle", "RewrapX11", "RewrapText", "RewrapScene", "RewrapPlatform", "RewrapTestSupport"]),
        .testTarget(name: "RewrapWaylandTests", dependencies: ["RewrapWayland", "RewrapPlatform", "RewrapScene", "RewrapLayout", "RewrapBus"]),
        .testTarget(name: "RewrapTestDriversTests", dependencies: ["RewrapTestDrivers"]),
        .testTarget(name: "CommandTests", dependencies: ["RewrapCommandLine", "RewrapTestDrivers"]),
        .testTarget(name: "EndToEndTests", dependencies: ["RewrapTestDrivers", "RewrapTestFakes", "RewrapScene"]),
        .testTarget(name: "FuzzCorpusTests", dependencies: ["RewrapFuzzTargets", "RewrapTestDrivers"]),
    ]
)

// A new compiler warning fails the build (SE-0480's setting, not unsafeFlags,
// so the package stays usable as a dependency: Fuzz/Package.swift's).
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    target.cSettings = (target.cSettings ?? []) + [.treatAllWarnings(as: .error)]
}
