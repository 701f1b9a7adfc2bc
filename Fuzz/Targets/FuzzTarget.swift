/// One place where bytes from outside reach Rewrap, and what must hold for
/// any of them. `check` runs one input and names the first rule it broke;
/// a crash inside Rewrap stops the process, which libFuzzer reports too.
///
///     FuzzTarget.panelFile.check(Array("{}".utf8))   // nil: refused in one line, as it should be
///
/// `make fuzz` runs each under libFuzzer (Fuzz/Package.swift), and
/// FuzzCorpusTests replays every input of Fuzz/Corpus/NAME through the same
/// `check`.
public struct FuzzTarget: Sendable {
    /// The corpus folder's and the fuzz executable's name.
    public let name: String
    public let check: @Sendable ([UInt8]) -> String?

    public static let all: [FuzzTarget] = [panelFile, xsettings, dbus, text, desktop, plan, waylandConfigure, waylandKeymap, dbusCalls, keptState, catalog]

    /// What libFuzzer calls: a broken rule stops the process with its
    /// message, so libFuzzer keeps the input as a crash.
    public func run(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let broken = check(bytes) { fatalError("\(name): \(broken)") }
        return 0
    }
}
