import Foundation

/// `scripts/atspi-client serve`, a real AT-SPI client (pyatspi through
/// libatspi, under Debian's /usr/bin/python3), driven one command a line.
///
///     let client = try ATSPIClient(server: server)
///     let tree = try client.tree()
///     try client.doAction(at: path, 0)
///     let events = try client.events(wait: 1)
public final class ATSPIClient: @unchecked Sendable {
    /// One node as the client printed it.
    public struct Accessible: Decodable, Sendable {
        public var role: String
        public var name: String
        public var states: [String]
        public var extents: [Int]?
        public var actions: [String]?
        /// Each action's keys, as ATK spells them (`<Alt>Down`).
        public var keyBindings: [String]?
        public var text: String?
        public var locale: String?
        /// The Text interface's default attributes, such as "language".
        public var attributes: [String: String]?
        public var children: [Accessible]

        /// Every node below, depth first, with its child-index path from here ("0/3").
        public func all(path: String = "") -> [(path: String, node: Accessible)] {
            [(path, self)] + children.enumerated().flatMap { index, child in
                child.all(path: path.isEmpty ? String(index) : path + "/" + String(index))
            }
        }

        public func first(_ role: String, named name: String) -> (path: String, node: Accessible)? {
            all().first { $0.node.role == role && $0.node.name == name }
        }
    }

    public struct Event: Decodable, Sendable {
        public struct Source: Decodable, Sendable {
            public var role: String?
            public var name: String?
        }

        public var type: String
        public var source: Source
        public var detail1: Int
        /// Extents for bounds events, a name for name changes; absent otherwise.
        public var extents: [Int]?
        public var text: String?

        private enum CodingKeys: String, CodingKey { case type, source, detail1, data }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            source = try container.decode(Source.self, forKey: .source)
            detail1 = try container.decode(Int.self, forKey: .detail1)
            extents = try? container.decode([Int].self, forKey: .data)
            text = try? container.decode(String.self, forKey: .data)
        }
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private lazy var lines = HelperLines(output, helper: "atspi-client", process: process)

    /// `environment` can name the bus (`AT_SPI_BUS_ADDRESS`) when the root window does not.
    public init(server: XvfbServer, application: String = "rewrap", environment extra: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [PackagePaths.root + "/scripts/atspi-client", "serve", "--app", application]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.display
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment.merge(extra) { _, given in given }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let greeting = try lines.next(within: 20)
        guard greeting.contains("\"ready\"") else { throw TestFailure("atspi-client did not start: \(greeting)") }
    }

    deinit {
        stop()
    }

    public func stop() {
        stopProcess(process)
    }

    public func tree() throws -> Accessible {
        try JSONDecoder().decode(Accessible.self, from: Data(try ask("tree").utf8))
    }

    /// Runs action `index` of the node at `path`, as a screen reader does.
    public func doAction(at path: String, _ index: Int = 0) throws {
        let reply = try ask("do \(path) \(index)")
        guard reply.contains("\"done\": true") else { throw TestFailure("action \(index) at \(path): \(reply)") }
    }

    /// The events since the last call, after letting late ones in for `wait` seconds.
    public func events(wait: Double = 0.5) throws -> [Event] {
        struct Reply: Decodable { var events: [Event] }
        return try JSONDecoder().decode(Reply.self, from: Data(try ask("events \(wait)").utf8)).events
    }

    private func ask(_ command: String) throws -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        let reply = try lines.next(within: 20)
        if reply.hasPrefix("{\"error\"") { throw TestFailure("atspi-client \(command): \(reply)") }
        return reply
    }
}
