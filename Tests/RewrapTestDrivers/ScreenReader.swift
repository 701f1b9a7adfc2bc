import Foundation

/// Orca itself, headless, on a test's own desktop: a private session bus
/// (dbus-run-session) holding a private accessibility bus, and
/// speech-dispatcher in single-process mode whose only output module
/// appends each utterance, after its language, to a file. Tests read what
/// a user would hear from there. Everything runs in one process group,
/// which `stop` ends.
///
/// On X11 keys go through xdotool. On Wayland, Orca runs as in a Wayland
/// session: a GTK 3 client of the same sway, with XWayland's DISPLAY for
/// the keymap it adjusts with xkbcomp at start; keys go through a
/// `VirtualKeyboard`.
///
/// Orca refuses to start while any other process of the same user is
/// named orca (`pgrep -u UID -x orca`), and other tests on the machine may
/// run one on their own buses; this Orca finds a `pgrep` of its own first
/// on its PATH that finds none, since nothing it could clash with is shared.
///
///     let orca = try ScreenReader(server: server)
///     let mark = orca.mark
///     try orca.press("Tab", expecting: ["Pattern: Solid"])
///     orca.spoken(since: mark)   // ["en tab ", "en Pattern: Solid combo box."]
public final class ScreenReader: @unchecked Sendable {
    private let process = Process()
    private let desktop: [String: String]
    private let type: (String) throws -> Void
    private let directory: String
    private let spokenPath: String
    /// Orca's debug log, for a failing test to show.
    public let logPath: String

    public convenience init(server: XvfbServer) throws {
        try self.init(desktop: ["DISPLAY": server.display]) { keys in
            let result = try runCommand(["/usr/bin/xdotool", "key", keys], environment: ["DISPLAY": server.display])
            guard result.status == 0 else { throw TestFailure("xdotool key \(keys): \(result.stderr)") }
        }
    }

    /// Orca on `sway`, which must run XWayland, hearing `keyboard`.
    public convenience init(sway: SwayServer, keyboard: VirtualKeyboard) throws {
        guard let display = sway.xwaylandDisplay else { throw TestFailure("Orca needs sway's XWayland") }
        try self.init(desktop: ["WAYLAND_DISPLAY": sway.runtimeDirectory + "/" + sway.socket, "DISPLAY": display],
                      type: keyboard.press)
    }

    private init(desktop: [String: String], type: @escaping (String) throws -> Void) throws {
        self.desktop = desktop
        self.type = type
        directory = NSTemporaryDirectory() + "rewrap-orca-\(UUID().uuidString)"
        spokenPath = directory + "/spoken.txt"
        logPath = directory + "/orca.log"
        let files = FileManager.default
        for folder in ["home", "prefs", "bin", "speech/modules"] {
            try files.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
        }
        try files.createDirectory(atPath: directory + "/run", withIntermediateDirectories: true,
                                  attributes: [.posixPermissions: 0o700])
        try "#!/bin/sh\nexit 1\n".write(toFile: directory + "/bin/pgrep", atomically: true, encoding: .utf8)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory + "/bin/pgrep")
        try """
            AudioOutputMethod "alsa"
            AudioALSADevice "null"
            AddModule "textlog" "sd_generic" "textlog.conf"
            DefaultModule textlog

            """.write(toFile: directory + "/speech/speechd.conf", atomically: true, encoding: .utf8)
        // One voice per language the panels ship, so an utterance's language is the one Orca asked for.
        let languages = ["en", "es", "zh", "ar", "he"]
        try (["GenericExecuteSynth \"echo \\'$LANGUAGE $DATA\\' >> $SPD_TEXTLOG\"", "GenericCmdDependency \"echo\""]
            + languages.map { "AddVoice \"\($0)\" \"MALE1\" \"\($0)\"" }
            + languages.map { "GenericLanguage \"\($0)\" \"\($0)\" \"utf-8\"" })
            .joined(separator: "\n").appending("\n")
            .write(toFile: directory + "/speech/modules/textlog.conf", atomically: true, encoding: .utf8)

        let socket = directory + "/run/speechd.sock"
        let script = """
            echo "$DBUS_SESSION_BUS_ADDRESS" > "$0/session.address"
            /usr/libexec/at-spi-bus-launcher --launch-immediately &
            speech-dispatcher -s -t 0 -C "$0/speech" -c unix_socket -S "\(socket)" &
            sleep 1
            orca -u "$0/prefs" --debug-file "$0/orca.log" &
            wait
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/bin/sh", "-c", script, directory]
        let home = directory + "/home"
        process.environment = [
            "HOME": home, "XDG_RUNTIME_DIR": directory + "/run",
            "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share", "XDG_CACHE_HOME": home + "/.cache",
            "PATH": directory + "/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "SPD_TEXTLOG": spokenPath, "SPEECHD_ADDRESS": "unix_socket:" + socket,
        ].merging(desktop) { _, new in new }
        let log = try TemporaryFile(suffix: ".log")
        process.standardOutput = try FileHandle(forWritingTo: log.url)
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        do {
            try waitUntil("Orca to say it is on", timeout: 40) { self.spoken.contains { $0.hasSuffix("Screen reader on.") } }
        } catch {
            let output = (try? String(contentsOf: log.url, encoding: .utf8)) ?? ""
            stop()
            throw TestFailure("\(error): \(output.suffix(800))")
        }
    }

    deinit { stop() }

    /// The private session bus: where the accessibility bus is found, for
    /// toolkits (Qt) that ask there rather than the root window.
    public var sessionAddress: String {
        ((try? String(contentsOfFile: directory + "/session.address", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every utterance so far, one a line, each after its language: "en Rewrap frame.".
    public var spoken: [String] {
        ((try? String(contentsOfFile: spokenPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// How many utterances there are so far, to read what comes after.
    public var mark: Int { spoken.count }

    public func spoken(since mark: Int) -> [String] {
        Array(spoken.dropFirst(mark))
    }

    /// Waits until Orca has said nothing for `quiet` seconds, at most `timeout`.
    public func waitForSilence(quiet: Double = 1.2, timeout: Double = 8) {
        let deadline = Date().addingTimeInterval(timeout)
        var count = mark
        var since = Date()
        while Date() < deadline {
            usleep(50_000)
            let now = mark
            if now != count {
                count = now
                since = Date()
            } else if Date().timeIntervalSince(since) >= quiet {
                return
            }
        }
    }

    /// Does `action`, then returns what Orca said after it. With
    /// `expecting`, it waits (at most `timeout`) until each of those has
    /// been said in order, then for a short quiet that catches a repeat: a
    /// loaded machine's Orca can take seconds to begin, longer than any
    /// quiet worth waiting for after every step. Without, it waits for a
    /// longer quiet. Either way it returns what was heard, for the test to judge.
    @discardableResult
    public func after(expecting: [String] = [], timeout: Double = 10, _ action: () throws -> Void) throws -> [String] {
        let before = mark
        try action()
        if expecting.isEmpty {
            waitForSilence()
        } else {
            let deadline = Date().addingTimeInterval(timeout)
            while !Self.heard(expecting, in: spoken(since: before)), Date() < deadline, process.isRunning { usleep(50_000) }
            waitForSilence(quiet: 0.5, timeout: 4)
        }
        return spoken(since: before)
    }

    /// Whether each of `expected` is part of some utterance, in that order;
    /// "" stands for any utterance.
    public static func heard(_ expected: [String], in spoken: [String]) -> Bool {
        var rest = spoken[...]
        for text in expected {
            guard let index = rest.firstIndex(where: { text.isEmpty || $0.contains(text) }) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// Presses keys as xdotool names them (`Tab`, `Insert+h`, `KP_Subtract`),
    /// then returns what Orca said about them, as `after` waits for it.
    @discardableResult
    public func press(_ keys: String, expecting: [String] = [], timeout: Double = 10) throws -> [String] {
        try after(expecting: expecting, timeout: timeout) { try type(keys) }
    }

    /// Runs an xdotool command on the X11 desktop, such as a resize, and
    /// returns what Orca said after it.
    @discardableResult
    public func xdotool(_ arguments: [String], expecting: [String] = []) throws -> [String] {
        guard let display = desktop["DISPLAY"] else { throw TestFailure("no X display") }
        return try after(expecting: expecting) {
            let result = try runCommand(["/usr/bin/xdotool"] + arguments, environment: ["DISPLAY": display])
            guard result.status == 0 else { throw TestFailure("xdotool \(arguments): \(result.stderr)") }
        }
    }

    public func waitUntil(_ what: String, timeout: Double = 15, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return }
            guard process.isRunning else { throw TestFailure("the screen reader's session ended waiting for \(what)") }
            usleep(100_000)
        }
        throw TestFailure("timed out waiting for \(what); heard \(spoken.suffix(8))")
    }

    /// Ends the whole group: the buses, speech-dispatcher and Orca.
    public func stop() {
        let group = process.processIdentifier
        guard group > 0, process.isRunning else { return }
        kill(-group, SIGTERM)
        if !waitForExit(process, timeout: 3) {
            kill(-group, SIGKILL)
            _ = waitForExit(process, timeout: 3)
        }
        kill(-group, SIGKILL)
    }

    /// Orca's debug log, whole once Orca has stopped: it writes it in blocks.
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// Removes the session's files; the debug log goes with them.
    public func removeFiles() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}
