import Foundation
import RewrapTestDrivers
import RewrapTestFakes
import XCTest

/// Seeded random use of the real window: clicks, keys, resizes and scrolls.
/// Every settled frame must keep the layout rules, the process must live,
/// and its memory must stay flat. `make soak` runs 1,000 actions (SOAK_ACTIONS).
final class SoakTests: XCTestCase {
    private enum Action: CustomStringConvertible {
        case clickDropdown(String), clickOption(Int), clickBadge, clickOutside, key(String)
        case resize(Int, Int), wheel(Int, shift: Bool)

        var description: String {
            switch self {
            case .clickDropdown(let id): return "click dropdown \(id)"
            case .clickOption(let index): return "click popup row \(index)"
            case .clickBadge: return "click badge"
            case .clickOutside: return "click outside"
            case .key(let key): return "key \(key)"
            case .resize(let width, let height): return "resize to \(width)x\(height)"
            case .wheel(let button, let shift): return "wheel \(button)\(shift ? " with shift" : "")"
            }
        }
    }

    func testRandomUseKeepsTheLayoutRules() throws {
        let environment = ProcessInfo.processInfo.environment
        let actions = environment["SOAK_ACTIONS"].flatMap(Int.init) ?? 150
        let seed = environment["SOAK_SEED"].flatMap(UInt64.init) ?? 2026
        var rng = SeededGenerator(seed: seed)
        let session = try RewrapSession(arguments: ["--geometry", "680x420+0+0"])
        try session.settledFrame()
        try session.xdotool(["windowfocus", "--sync", session.windowID])

        var starts: [(frame: Int, action: String)] = []
        var warmRSS: Int?
        for index in 0..<actions {
            let frame = try session.lastFrame()
            let action = nextAction(frame, &rng)
            starts.append((session.frames().count, "action \(index): \(action)"))
            try perform(action, frame, session)
            // Sometimes wait out a move, sometimes act in the middle of one.
            usleep(UInt32.random(in: 5_000...(Bool.random(using: &rng) ? 300_000 : 40_000), using: &rng))
            XCTAssertTrue(session.process.isRunning, "seed \(seed), \(starts.last!.action): rewrap died")
            if !session.process.isRunning { return }
            if index == actions / 5 { warmRSS = ProcessStats.residentKiB(of: session.process.processIdentifier) }
        }
        try session.key("Escape")
        try session.settledFrame()

        // Check every settled frame, naming the action that produced it.
        let frames = session.frames()
        var rules = LayoutRules(chipIDs: LayoutRules.shippedChipIDs)
        rules.learn(from: frames)
        var checked = 0
        for frame in frames where !frame.animating {
            let problems = rules.violations(in: frame)
            let cause = starts.last { $0.frame <= frame.frame }?.action ?? "launch"
            XCTAssertEqual(problems, [], "seed \(seed), \(cause), frame \(frame.frame)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, actions / 2)
        // AddressSanitizer quarantines freed memory, so RSS says nothing there.
        guard environment["REWRAP_SANITIZED"] == nil else { return }
        let finalRSS = try XCTUnwrap(ProcessStats.residentKiB(of: session.process.processIdentifier))
        XCTAssertLessThan(finalRSS - (warmRSS ?? finalRSS), 2048, "seed \(seed): RSS grew from \(warmRSS ?? 0) to \(finalRSS) KiB")
    }

    private func nextAction(_ frame: TraceFrame, _ rng: inout SeededGenerator) -> Action {
        if let popup = frame.popup, Int.random(in: 0..<3, using: &rng) > 0 {
            return Int.random(in: 0..<4, using: &rng) == 0
                ? .key(["Down", "Up", "Home", "End", "Return", "Escape"].randomElement(using: &rng)!)
                : .clickOption(Int.random(in: 0..<popup.nodes.count, using: &rng))
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1, 2: return .clickDropdown(["shape", "pattern", "arrangement"].randomElement(using: &rng)!)
        case 3: return frame.node("badge") != nil ? .clickBadge : .clickOutside
        case 4: return .clickOutside
        case 5, 6: return .key(["Tab", "shift+Tab", "Return", "Down", "Escape", "space"].randomElement(using: &rng)!)
        case 7, 8: return .resize(Int.random(in: 320...1200, using: &rng), Int.random(in: 240...800, using: &rng))
        default: return .wheel(Int.random(in: 4...5, using: &rng), shift: Bool.random(using: &rng))
        }
    }

    private func perform(_ action: Action, _ frame: TraceFrame, _ session: RewrapSession) throws {
        switch action {
        case .clickDropdown(let id):
            guard let node = frame.node(id), node.rect.maxX > 0, node.rect.minY >= 0,
                  node.rect.maxY < frame.height, node.rect.minX < frame.width else { return }
            try session.click((Int(max(0, node.rect.minX) + 4), node.center.y))
        case .clickOption(let index):
            guard let popup = frame.popup, index < popup.nodes.count else { return }
            try session.clickRoot(popup.center(of: index))
        case .clickBadge:
            guard let badge = frame.node("badge"), badge.rect.maxY < frame.height, badge.rect.minY >= 0 else { return }
            try session.click(badge.center)
        case .clickOutside:
            try session.click((Int(frame.width) - 5, Int(frame.height) - 5))
        case .key(let key):
            try session.xdotool(["key", key])
        case .resize(let width, let height):
            try session.resize(width: width, height: height)
        case .wheel(let button, let shift):
            let origin = try session.windowOrigin()
            try session.xdotool(["mousemove", String(origin.x + 10), String(origin.y + 10)]
                                + (shift ? ["keydown", "shift", "click", String(button), "keyup", "shift"] : ["click", String(button)]))
        }
    }
}
