// swift-tools-version:6.0
import PackageDescription

// RewrapLayout, RewrapMotion and RewrapScene know nothing of X11, so their
// tests run without a display. X11 lives only in RewrapX11, behind CX11.
let package = Package(
    name: "Rewrap",
    targets: [
        .systemLibrary(
            name: "CX11",
            path: "Sources/CX11",
            pkgConfig: "x11 xft fontconfig xrender",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig1-dev", "libxrender-dev"])]
        ),
        .target(name: "RewrapLayout"),
        .target(name: "RewrapMotion", dependencies: ["RewrapLayout"]),
        .target(name: "RewrapScene", dependencies: ["RewrapLayout"]),
        .target(name: "RewrapX11", dependencies: ["CX11", "RewrapScene"]),
        .executableTarget(name: "rewrap", dependencies: ["RewrapX11", "RewrapScene", "RewrapLayout", "RewrapMotion"]),
        .executableTarget(name: "rewrap-xhelper", dependencies: ["CX11"], path: "Sources/rewrap-xhelper"),
        .executableTarget(name: "rewrap-bench", dependencies: ["RewrapLayout"], path: "Sources/rewrap-bench"),
        .target(name: "RewrapTestSupport", dependencies: ["RewrapLayout"], path: "Tests/RewrapTestSupport"),
        .testTarget(name: "RewrapLayoutTests", dependencies: ["RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "RewrapMotionTests", dependencies: ["RewrapMotion", "RewrapLayout"]),
        .testTarget(name: "RewrapSceneTests", dependencies: ["RewrapScene", "RewrapLayout", "RewrapTestSupport"]),
        .testTarget(name: "CommandTests", dependencies: ["RewrapTestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["RewrapTestSupport", "RewrapMotion"]),
    ]
)
