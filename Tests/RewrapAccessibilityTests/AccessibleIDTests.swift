@testable import RewrapAccessibility
import RewrapPanelFile
import XCTest

/// Scripts find objects by `AccessibleId`, so no two objects may share one,
/// whatever ids and option texts a panel chooses.
final class AccessibleIDTests: XCTestCase {
    func testNoPanelIdOrOptionTakesTheWindowsOwnIds() {
        // Panel ids and options named like the window's own objects.
        let names = ["application", "window", "chips", "menu", "shape"]
        let owners = names.map { NodeID($0) } + [.badge]
        var keys: [AccessibleKey] = [.application, .frame, .chipList]
        for owner in owners {
            keys.append(.node(owner))
            keys.append(.menu(of: owner))
            for option in names + ["", "menu/shape", "/menu"] { keys.append(.node(.option(option, of: owner))) }
        }
        var seen: [String: AccessibleKey] = [:]
        for key in keys {
            let id = ATSPIObjects.accessibleID(of: key)
            if let other = seen[id] { XCTFail("\(key) and \(other) share the id '\(id)'") }
            seen[id] = key
        }
        XCTAssertEqual(seen.count, keys.count)
    }
}
