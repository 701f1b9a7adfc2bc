import Foundation
@testable import RewrapApp
import RewrapPanelFile
import RewrapTestSupport
import XCTest

/// The panel watcher on a real folder and a manual clock (rules §12.4):
/// each way editors save is read once it settles, never before; bad files
/// are reported, and the file is followed through links, deletions and a
/// folder that goes away.
final class PanelWatcherTests: XCTestCase {
    private var folder = ""
    private var path: String { folder + "/panel.json" }
    private let shipped = try! String(contentsOfFile: PanelFixture.shippedPath, encoding: .utf8)

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "rewrap-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try shipped.write(toFile: path, atomically: false, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The shipped panel titled `title`.
    private func panel(titled title: String) -> String {
        shipped.replacingOccurrences(of: "\"title\": \"Rewrap\"", with: "\"title\": \"\(title)\"")
    }

    private func title(_ change: PanelChange?) -> String? {
        if case .panel(let panel)? = change { return panel.title }
        return nil
    }

    private func problem(_ change: PanelChange?) -> String? {
        if case .problem(let error)? = change { return error.message }
        return nil
    }

    /// Polls at `now`, expecting nothing yet, then at the settle deadline; returns what was read then.
    private func settle(_ watcher: PanelWatcher, from now: Double) throws -> PanelChange? {
        XCTAssertNil(watcher.poll(at: now), "nothing is believed before the file settles")
        let due = try XCTUnwrap(watcher.deadline, "a settle deadline after an event")
        XCTAssertEqual(due, now + PanelWatcher.settleTime, accuracy: 1e-9)
        XCTAssertNil(watcher.poll(at: due - 0.01))
        return watcher.poll(at: due)
    }

    func testAWriteAndRenameIsReadOnceItSettles() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        try panel(titled: "Renamed over").write(toFile: folder + "/.panel.json.swp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(folder + "/.panel.json.swp", path), 0)
        XCTAssertEqual(title(try settle(watcher, from: 1)), "Renamed over")
        XCTAssertNil(watcher.deadline, "quiet again")
    }

    func testRenamingTheOldFileToABackupThenWritingIsRead() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        XCTAssertEqual(rename(path, path + "~"), 0)
        XCTAssertNil(watcher.poll(at: 1), "no file for a moment is not believed")
        try panel(titled: "After a backup").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertEqual(title(try settle(watcher, from: 1.05)), "After a backup")
    }

    func testATruncateAndAWriteInTwoPartsIsReadWhole() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        let bytes = Array(panel(titled: "Written in place").utf8)
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(write(descriptor, bytes, bytes.count / 2), bytes.count / 2)
        // Half a file, for less than the settle time.
        XCTAssertNil(watcher.poll(at: 1))
        XCTAssertNil(watcher.poll(at: 1 + PanelWatcher.settleTime / 2))
        let rest = Array(bytes[(bytes.count / 2)...])
        XCTAssertEqual(write(descriptor, rest, rest.count), rest.count)
        close(descriptor)
        XCTAssertEqual(title(try settle(watcher, from: 1 + PanelWatcher.settleTime * 0.9)), "Written in place")
    }

    func testSedInPlaceIsRead() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        let sed = try runCommand(["/bin/sed", "-i", "s/\"title\": \"Rewrap\"/\"title\": \"By sed\"/", path])
        XCTAssertEqual(sed.status, 0, sed.stderr)
        XCTAssertEqual(title(try settle(watcher, from: 1)), "By sed")
    }

    /// 100 saves a second for 2 s: a reload at most every `longestWait`,
    /// and the last content once they stop.
    func testAStormIsReadOncePerHalfSecondAndLastOnceItStops() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        var reads: [String] = []
        for step in 0..<200 {
            try panel(titled: "Save \(step)").write(toFile: path, atomically: true, encoding: .utf8)
            title(watcher.poll(at: Double(step) * 0.01)).map { reads.append($0) }
        }
        XCTAssertLessThanOrEqual(reads.count, Int(2 / PanelWatcher.longestWait) + 1, "\(reads)")
        XCTAssertGreaterThanOrEqual(reads.count, 3, "a storm still shows now and then: \(reads)")
        let last = try XCTUnwrap(watcher.deadline)
        XCTAssertEqual(title(watcher.poll(at: last)), "Save 199")
        XCTAssertNil(watcher.deadline, "nothing to do once it stops")
    }

    func testEventsForOtherFilesInTheFolderReadNothing() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        try "{}".write(toFile: folder + "/other.json", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/panel.json~", atomically: false, encoding: .utf8)
        XCTAssertNil(watcher.poll(at: 1))
        XCTAssertNil(watcher.deadline)
    }

    func testASymlinkedPanelIsFollowedToItsTarget() throws {
        let links = NSTemporaryDirectory() + "rewrap-links-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: links) }
        XCTAssertEqual(symlink(path, links + "/linked.json"), 0)
        let watcher = PanelWatcher(path: links + "/linked.json", watching: true, readsInline: true)
        try panel(titled: "Through the link").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(title(try settle(watcher, from: 1)), "Through the link")
    }

    func testADeletedFileIsReportedAndWatchedForUntilItComesBack() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        XCTAssertEqual(unlink(path), 0)
        let gone = try XCTUnwrap(problem(try settle(watcher, from: 1)))
        XCTAssertTrue(gone.hasPrefix("rewrap: \(path): $: cannot read file"), gone)
        try panel(titled: "Back").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(title(try settle(watcher, from: 2)), "Back")
    }

    func testAFolderOrAFIFOInTheFilesPlaceIsReportedWithoutOpeningIt() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkdir(path, 0o755), 0)
        XCTAssertEqual(problem(try settle(watcher, from: 1)), "rewrap: \(path): $: cannot read file: it is now a folder")
        XCTAssertEqual(rmdir(path), 0)
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        // Opening it would wait for a writer for ever.
        XCTAssertEqual(problem(try settle(watcher, from: 2)), "rewrap: \(path): $: cannot read file: it is now a FIFO, which is read once, at start")
    }

    func testBadContentsAreReportedWithTheirPlace() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        try "{\n  \"title\": 3,".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(problem(try settle(watcher, from: 1)).map { $0.contains("line 2") }, true)
        try String(repeating: "[", count: 5 * 1024 * 1024).write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(problem(try settle(watcher, from: 2)).map { $0.contains("file is too large") }, true)
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNotNil(problem(try settle(watcher, from: 3)), "an empty file")
    }

    func testAFolderThatGoesIsLookedForAndTheFileReadWhenItIsBack() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true)
        XCTAssertEqual(rename(folder, folder + ".moved"), 0)
        defer { try? FileManager.default.removeItem(atPath: folder + ".moved") }
        XCTAssertNotNil(problem(try settle(watcher, from: 1)), "the file is gone with its folder")
        XCTAssertFalse(watcher.isWatching)
        XCTAssertEqual(try XCTUnwrap(watcher.deadline), 1 + PanelWatcher.folderRetry, accuracy: 1e-9)
        XCTAssertNil(watcher.poll(at: 1 + PanelWatcher.folderRetry), "still gone: looked for again later")
        XCTAssertEqual(rename(folder + ".moved", folder), 0)
        let retry = try XCTUnwrap(watcher.deadline)
        XCTAssertEqual(title(watcher.poll(at: retry)), "Rewrap", "read at once when the folder is back")
        XCTAssertTrue(watcher.isWatching)
        try panel(titled: "Watched again").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(title(try settle(watcher, from: retry + 1)), "Watched again")
    }

    func testWithoutInotifyTheFileIsUnwatchedAndF5StillReadsIt() throws {
        let watcher = PanelWatcher(path: path, watching: true, readsInline: true, initialise: {
            errno = ENOSYS
            return -1
        })
        XCTAssertFalse(watcher.isWatching)
        try panel(titled: "By hand").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(watcher.poll(at: 1))
        XCTAssertNil(watcher.deadline)
        watcher.reloadNow(at: 2)
        XCTAssertEqual(title(watcher.poll(at: 2)), "By hand")
    }

    func testNoWatchReadsOnlyOnF5() throws {
        let watcher = PanelWatcher(path: path, watching: false, readsInline: true)
        try panel(titled: "Unwatched").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(watcher.poll(at: 1))
        XCTAssertNil(watcher.deadline)
        XCTAssertEqual(descriptors(of: watcher), [])
        watcher.reloadNow(at: 5)
        XCTAssertEqual(title(watcher.poll(at: 5)), "Unwatched")
    }

    /// The read runs on a thread of its own and wakes the loop through its
    /// descriptor; the loop's poll never waits for it.
    func testAReadOffTheLoopsThreadArrivesThroughItsDescriptor() throws {
        let watcher = PanelWatcher(path: path, watching: false)
        try panel(titled: "From a thread").write(toFile: path, atomically: true, encoding: .utf8)
        watcher.reloadNow(at: 1)
        XCTAssertNil(watcher.poll(at: 1), "the read has only started")
        let descriptor = try XCTUnwrap(descriptors(of: watcher).first)
        XCTAssertNil(watcher.deadline, "no timer while a read is under way: its descriptor wakes the loop")
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 5000), 1, "the thread says it is done")
        XCTAssertEqual(title(watcher.poll(at: 1.1)), "From a thread")
        XCTAssertEqual(descriptors(of: watcher), [])
    }

    /// What the loop would poll for `watcher`.
    private func descriptors(of watcher: PanelWatcher) -> [Int32] {
        var descriptors: [Int32] = []
        watcher.watch(&descriptors)
        return descriptors
    }
}
