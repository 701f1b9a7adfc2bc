import Foundation
import RewrapTestDrivers
import XCTest

/// Orca 43 reading Rewrap running natively on a headless sway, DISPLAY
/// unset: the X11 walk's keys, and the same lines asked of what Orca says.
/// Orca runs as in a Wayland session: a GTK 3 client of the same sway, with
/// XWayland's DISPLAY for the keymap it adjusts at start. It hears a key
/// only as Rewrap forwards it to the registry: on Wayland nothing else can
/// tell the registry about keys.
///
/// Set REWRAP_ORCA_TRANSCRIPT=DIR to keep what was said at each step.
final class ScreenReaderWaylandTests: XCTestCase {
    private var sway: SwayServer!
    private var orca: ScreenReader!

    override func setUpWithError() throws {
        let sway = try SwayServer(xwayland: true)
        addTeardownBlock { sway.stop() }
        // On the seat before anything else, as a real keyboard is.
        let keyboard = try VirtualKeyboard(sway: sway)
        addTeardownBlock { keyboard.stop() }
        let orca = try ScreenReader(sway: sway, keyboard: keyboard)
        addTeardownBlock {
            orca.stop()
            orca.removeFiles()
        }
        self.sway = sway
        self.orca = orca
    }

    private func rewrap(_ arguments: [String] = [], announcing first: String = "Shape: Circle combo box") throws -> WaylandSession {
        let mark = orca.mark
        let session = try WaylandSession(sway: sway, arguments: ["--geometry", "680x420"] + arguments,
                                         environment: ["DBUS_SESSION_BUS_ADDRESS": orca.sessionAddress])
        addTeardownBlock { session.close() }
        try OrcaWalk.awaitLaunch(orca, since: mark, announcing: first)
        return session
    }

    func testOrcaHearsEveryKeyAndSaysWhatItSaysOnX11() throws {
        let launch = orca.mark
        let session = try rewrap()
        let steps = try OrcaWalk.walk(orca, launch: orca.spoken(since: launch)) { width, expecting in
            try self.orca.after(expecting: expecting) {
                try self.sway.swaymsg(["[app_id=\"io.github.rewrap.Rewrap\"]", "resize", "set", String(width), "420"])
            }
        }
        try OrcaWalk.keep(steps, as: "rewrap-en-wayland")
        XCTAssertNil(try session.settledFrame().popup, "Where am I (KP_Enter) went to Orca, not to the dropdown as Return")
        XCTAssertEqual(session.stderr, "")
        OrcaWalk.check(steps, platform: "Wayland")
    }

    func testFlatReviewReadsEveryLineBothWaysAndLearnModeKeepsTheKeys() throws {
        let session = try rewrap(["--geometry", "340x420"])
        let review = try OrcaWalk.flatReview(orca, session, platform: "Wayland")
        orca.stop()
        XCTAssertGreaterThan(orca.log.components(separatedBy: "KEYBOARD_EVENT:").count, 40, "the keys Orca saw")
        OrcaWalk.checkRead(review, platform: "Wayland")
    }

    func testArabicIsSpokenWholeAndInLogicalOrder() throws {
        let launch = orca.mark
        _ = try rewrap(["--locale", "ar"], announcing: OrcaWalk.arabicFirst)
        let steps = try OrcaWalk.arabicWalk(orca, launch: orca.spoken(since: launch))
        try OrcaWalk.keep(steps, as: "rewrap-ar-wayland")
        OrcaWalk.checkArabic(steps, platform: "Wayland")
    }
}
