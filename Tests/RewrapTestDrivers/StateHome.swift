import Foundation

/// A private `XDG_STATE_HOME` for one run of Rewrap, so no run starts from
/// another's picks or size and none touches the home folder's. It is only
/// named here: Rewrap makes it when it first keeps something, and it goes
/// when the last holder lets go. Two sessions given the same one share
/// their state, as one person's two runs do.
///
///     let home = StateHome()
///     let first = try RewrapSession(stateHome: home)
///     ...; first.stop()
///     let second = try RewrapSession(stateHome: home)   // starts where the first left off
public final class StateHome: @unchecked Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "rewrap-state-\(UUID().uuidString)"
    }

    /// The folder Rewrap keeps each panel's state file in.
    public var directory: String { path + "/rewrap" }

    /// The state files kept so far, without the new files of a write under way.
    public var stateFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 }
    }

    /// `environment` with this home as its XDG_STATE_HOME, unless the
    /// test `asked` for one: the runner's own, inherited, never counts.
    public func applied(to environment: [String: String], asked: [String: String]) -> [String: String] {
        var environment = environment
        environment["XDG_STATE_HOME"] = asked["XDG_STATE_HOME"] ?? path
        return environment
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
