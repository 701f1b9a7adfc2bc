import Foundation

/// A keyboard that stays on a sway's seat for a whole test, with the
/// desktop's usual keymap: `rewrap-wlhelper keyboard`. A screen reader
/// matches its commands by keycode, which wtype's keymap, made afresh on
/// each run, does not keep; and the window would lose the focus each time
/// a wtype run took its keyboard away. Stopped by its PID.
///
///     let keyboard = try VirtualKeyboard(sway: sway)
///     try keyboard.press("Insert+h")
public final class VirtualKeyboard: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private lazy var lines = HelperLines(output, helper: "rewrap-wlhelper keyboard", process: process)

    /// `layouts` are xkb's names (`ru,us`, the first active); nil is the desktop's default.
    public init(sway: SwayServer, layouts: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: PackagePaths.waylandHelperBinary)
        process.arguments = ["keyboard"] + (layouts.map { [$0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DISPLAY")
        for (key, value) in sway.clientEnvironment { environment[key] = value }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let greeting = try lines.next(within: 10)
        guard greeting == "ready" else {
            stop()
            throw TestFailure("rewrap-wlhelper keyboard: \(greeting)")
        }
    }

    public var pid: Int32 { process.processIdentifier }

    /// Presses keys as xdotool names them (`Tab`, `shift+Tab`, `KP_Subtract`),
    /// returning once the compositor has them.
    public func press(_ keys: String) throws { try send(keys, .pressAndRelease) }

    /// Sends keys as `press` does; `motion` may send only the holding or
    /// only the letting go, and `stillTime` stamps the keys with the time of
    /// the keys before.
    public func send(_ keys: String, _ motion: KeyMotion, stillTime: Bool = false) throws {
        guard process.isRunning else { throw TestFailure("the virtual keyboard has gone") }
        let half = switch motion {
        case .pressAndRelease: ""
        case .down: "down "
        case .up: "up "
        }
        input.fileHandleForWriting.write(Data(((stillTime ? "still " : "") + half + keys + "\n").utf8))
        let answer = try lines.next(within: 10)
        guard answer == "ok" else { throw TestFailure("rewrap-wlhelper keyboard, \(keys): \(answer)") }
    }

    public func stop() {
        try? input.fileHandleForWriting.close()
        stopProcess(process)
    }

    deinit { stop() }
}
