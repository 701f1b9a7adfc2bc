import Foundation
import RewrapTestDrivers
import XCTest

/// The DocC site (`make docs`, which `make test` runs first) opened in
/// headless Chromium from a local server: the index links every article,
/// every article renders its title and every picture it names, and every
/// link to a source file or an API page leads somewhere. The articles'
/// listings and `rewrap plan` runs are checked against the real sources and
/// binary, so they cannot drift. Without the site or a display: every
/// citation of the rules names a section of docs/rules.md, none points at
/// their old home outside the repository, and the README stays a short
/// front page whose links, like those of docs/, lead somewhere.
final class DocumentationTests: XCTestCase {
    private static let catalog = PackagePaths.root + "/Documentation/Rewrap.docc"
    private static let site = PackagePaths.root + "/.build/docs"
    /// Chromium's screenshots of the pages, kept to be looked at.
    private static let screenshots = PackagePaths.root + "/.build/docs-screenshots"

    /// The articles by page name, as DocC names their pages: the file's name, lowercased.
    private static let articles: [(page: String, markdown: String)] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: catalog)) ?? []
        return files.filter { $0.hasSuffix(".md") && $0 != "Rewrap.md" }.sorted().map {
            (String($0.dropLast(3)).lowercased(), (try? String(contentsOfFile: catalog + "/" + $0, encoding: .utf8)) ?? "")
        }
    }()

    /// Every Markdown file of the documentation: the articles and the module pages.
    private static let markdownFiles: [(path: String, text: String)] = {
        let root = PackagePaths.root + "/Documentation"
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") } ?? []
        return paths.sorted().map { ("Documentation/" + $0, (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8)) ?? "") }
    }()

    /// One server for the whole class, on a port the kernel picked.
    private static let server = Result<(process: Process, url: String), any Error>(catching: {
        guard FileManager.default.fileExists(atPath: site + "/index.html") else {
            throw TestFailure("no documentation site at \(site): `make docs` (or `make test`) builds it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // "Serving HTTP on 127.0.0.1 port 41234 (http://127.0.0.1:41234/) ..."
        let greeting: String
        do {
            greeting = try HelperLines(output, helper: "python3 -m http.server", process: process).next(within: 20)
        } catch {
            stopProcess(process)
            throw error
        }
        guard let port = greeting.split(separator: " ").drop(while: { $0 != "port" }).dropFirst().first.flatMap({ Int($0) }) else {
            stopProcess(process)
            throw TestFailure("python3 -m http.server did not say its port: \(greeting)")
        }
        return (process, "http://127.0.0.1:\(port)")
    })

    override class func tearDown() {
        if case .success(let server) = server { stopProcess(server.process) }
        super.tearDown()
    }

    private func siteURL() throws -> String {
        try XCTSkipIf(ProcessInfo.processInfo.environment["REWRAP_SANITIZED"] == "1",
                      "the site is Chromium's and docc's work, with nothing of Rewrap's to sanitize")
        return try Self.server.get().url
    }

    /// Every page as Chromium rendered it, scripts run, and a screenshot of
    /// each, kept in .build/docs-screenshots to be looked at. One Chromium
    /// run per page does both, once for the whole class, as many at once as
    /// there are cores: a run costs seconds, most of them starting up.
    private static let rendered = Result<[String: String], any Error>(catching: {
        let base = try server.get().url
        try FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
        let pages = ["documentation", "documentation/rewrap"] + articles.map { "documentation/rewrap/\($0.page)" }
        let results = RenderedPages()
        DispatchQueue.concurrentPerform(iterations: pages.count) { index in
            let page = pages[index]
            let shot = screenshots + "/" + page.replacingOccurrences(of: "/", with: "-") + ".png"
            try? FileManager.default.removeItem(atPath: shot)
            let profile = NSTemporaryDirectory() + "rewrap-chromium-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: profile) }
            let result = Result {
                try runCommand(["/usr/bin/chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                "--user-data-dir=\(profile)", "--virtual-time-budget=10000", "--window-size=1200,1600",
                                "--screenshot=\(shot)", "--dump-dom", base + "/" + page], timeout: 90)
            }
            results.set(page, result)
        }
        return try results.pages.mapValues { result in
            let run = try result.get()
            guard run.status == 0 else { throw TestFailure("chromium exited with \(run.status): \(run.stderr)") }
            return run.stdout
        }
    })

    /// What the Chromium runs gave, page by page, filled from several threads.
    private final class RenderedPages: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var pages: [String: Result<CommandResult, any Error>] = [:]

        func set(_ page: String, _ result: Result<CommandResult, any Error>) {
            lock.lock()
            pages[page] = result
            lock.unlock()
        }
    }

    /// The page as Chromium rendered it.
    private func renderedDOM(_ path: String) throws -> String {
        _ = try siteURL()
        return try XCTUnwrap(Self.rendered.get()[String(path.dropFirst())], "\(path) was not rendered")
    }

    /// The values of `attribute` in `html`'s tags, in order.
    private static func attributes(_ attribute: String, in html: Substring) -> [String] {
        html.components(separatedBy: " \(attribute)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) }
    }

    /// The page's own content: the navigator beside it lists every page anyway.
    private static func mainContent(_ dom: String) -> Substring {
        guard let start = dom.range(of: "id=\"main\"") ?? dom.range(of: "<main") else { return dom[...] }
        return dom[start.lowerBound...]
    }

    // MARK: - The site

    func testTheIndexLinksEveryArticleAndTheLandingPageEveryModule() throws {
        XCTAssertEqual(Self.articles.count, 6, "the six articles of issue 25")
        let index = try renderedDOM("/documentation/rewrap")
        guard let topics = index.range(of: "id=\"topics\"") else { return XCTFail("the index has no Topics section") }
        let links = Set(Self.attributes("href", in: index[topics.lowerBound...]))
        for article in Self.articles {
            XCTAssertTrue(links.contains("/documentation/rewrap/\(article.page)"), "the index's topics do not link \(article.page)")
        }
        let landing = Set(Self.attributes("href", in: Self.mainContent(try renderedDOM("/documentation"))))
        for module in ["rewrap", "rewraplayout", "rewrapmotion", "rewrappanelfile", "rewraptext", "rewrapscene", "rewrapplatform", "rewrapapp"] {
            XCTAssertTrue(links.contains("/documentation/\(module)") || landing.contains("/documentation/\(module)"),
                          "the landing page does not link \(module)")
        }
    }

    func testEveryArticleRendersItsTitleAndEveryPictureLoads() throws {
        let base = try siteURL()
        for article in Self.articles {
            let dom = try renderedDOM("/documentation/rewrap/\(article.page)")
            let title = article.markdown.split(separator: "\n").first.map { String($0.dropFirst(2)) } ?? ""
            XCTAssertTrue(dom.contains(">\(title)</span></h1>"), "\(article.page) does not show its title \"\(title)\"")
            let content = Self.mainContent(dom)
            let images = content.components(separatedBy: "<img ").dropFirst().compactMap {
                Self.attributes("src", in: " " + $0[...]).first
            }
            let named = article.markdown.components(separatedBy: "![").count - 1
            XCTAssertEqual(images.count, named, "\(article.page) shows \(images.count) of the \(named) pictures it names")
            // Each picture fetched from the server, and its first bytes read.
            let fetch = try runCommand(["/usr/bin/python3", "-c", Self.fetch] + images.map { base + $0 })
            XCTAssertEqual(fetch.status, 0, "\(article.page): \(fetch.stderr)")
            for line in fetch.stdout.split(separator: "\n") {
                let fields = line.split(separator: " ")
                XCTAssertTrue(fields.count == 3 && fields[0] == "200" && (fields[2] == "png" || fields[2] == "svg"),
                              "\(article.page): a picture did not load: \(line)")
            }
            XCTAssertEqual(fetch.stdout.split(separator: "\n").count, images.count)
        }
    }

    /// Prints "STATUS BYTES png|svg|other" for each URL it is given.
    private static let fetch = """
        import sys, urllib.request
        for url in sys.argv[1:]:
            with urllib.request.urlopen(url) as reply:
                data = reply.read()
            kind = "png" if data.startswith(b"\\x89PNG") else "svg" if b"<svg" in data[:200] else "other"
            print(reply.status, len(data), kind)
        """

    /// Every page as a person sees it: a page that failed to render is a
    /// few flat colours, not text and pictures.
    func testEveryPageScreenshotShowsContent() throws {
        _ = try siteURL()
        let pages = try Self.rendered.get().keys.sorted()
        for page in pages {
            let file = Self.screenshots + "/" + page.replacingOccurrences(of: "/", with: "-") + ".png"
            let colours = try runCommand(["/usr/bin/identify", "-format", "%k", file])
            XCTAssertGreaterThan(Int(colours.stdout) ?? 0, 200, "\(file) has \(colours.stdout) colours: did \(page) render?")
        }
        XCTAssertEqual(pages.count, Self.articles.count + 2)
    }

    func testEveryLinkToASourceFileOrAnAPIPageLeadsSomewhere() throws {
        _ = try siteURL()
        for file in Self.markdownFiles {
            for link in file.text.components(separatedBy: "](/").dropFirst().compactMap({ $0.split(separator: ")").first }) {
                if link.hasPrefix("source/") {
                    let path = PackagePaths.root + "/Sources/" + link.dropFirst("source/".count)
                    XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(file.path) links /\(link), which is no file in Sources/")
                    XCTAssertTrue(FileManager.default.fileExists(atPath: Self.site + "/" + link), "the site has no /\(link)")
                } else if link.hasPrefix("documentation/") {
                    let data = Self.site + "/data/" + link.split(separator: "#")[0] + ".json"
                    XCTAssertTrue(FileManager.default.fileExists(atPath: data), "\(file.path) links /\(link), which the site has no page for")
                } else {
                    XCTFail("\(file.path) links /\(link), which is neither a source file nor a page")
                }
            }
        }
    }

    /// Every public type and function of the modules a reader learns from
    /// opens with a summary, read from the symbol graphs `make docs` made.
    func testEveryPublicTypeAndFunctionHasASummary() throws {
        _ = try siteURL()
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "associatedtype", "func", "func.op",
                                  "method", "type.method", "init", "subscript", "type.subscript"]
        let root = Self.site + "-work/symbols"
        let modules = try FileManager.default.contentsOfDirectory(atPath: root)
        XCTAssertEqual(Set(modules), ["RewrapLayout", "RewrapMotion", "RewrapPanelFile", "RewrapText", "RewrapScene", "RewrapPlatform", "RewrapApp"])
        var checked = 0
        for module in modules {
            for file in try FileManager.default.contentsOfDirectory(atPath: root + "/" + module) {
                let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + module + "/" + file))
                let graph = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
                for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
                    let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "").replacingOccurrences(of: "swift.", with: "")
                    guard kinds.contains(kind) else { continue }
                    checked += 1
                    let lines = ((symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]]) ?? []
                    let summary = lines.first.flatMap { $0["text"] as? String } ?? ""
                    let name = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
                    XCTAssertFalse(summary.trimmingCharacters(in: .whitespaces).isEmpty, "\(module).\(name) (\(kind)) has no summary line")
                }
            }
        }
        XCTAssertGreaterThan(checked, 250, "the modules' public types and functions")
    }

    // MARK: - What the articles show cannot drift

    /// Each Swift listing is the sources' own text, perhaps less indented.
    func testEveryListingIsFoundVerbatimInTheSources() throws {
        let sources = try Self.swiftSources()
        var listings = 0
        for file in Self.markdownFiles {
            for listing in Self.blocks("swift", in: file.text) {
                listings += 1
                let found = sources.contains { Self.contains($0.lines, listing) }
                XCTAssertTrue(found, "\(file.path): this listing is in no file of Sources/:\n\(listing.joined(separator: "\n"))")
            }
        }
        XCTAssertGreaterThan(listings, 20, "the articles teach from the sources")
    }

    /// Each `$ rewrap plan ...` in a shell listing prints what follows it.
    func testEveryPlanRunPrintsWhatTheArticleShows() throws {
        var runs = 0
        for file in Self.markdownFiles {
            for block in Self.blocks("shell", in: file.text) {
                var index = 0
                while index < block.count {
                    guard block[index].hasPrefix("$ rewrap ") else {
                        XCTFail("\(file.path): \"\(block[index])\" is neither a rewrap command nor its output")
                        index += 1
                        continue
                    }
                    let arguments = block[index].dropFirst("$ rewrap ".count).split(separator: " ").map(String.init)
                    var expected: [String] = []
                    index += 1
                    while index < block.count, !block[index].hasPrefix("$ ") {
                        expected.append(block[index])
                        index += 1
                    }
                    let result = try runCommand([PackagePaths.rewrapBinary] + arguments)
                    XCTAssertEqual(result.status, 0, "rewrap \(arguments.joined(separator: " ")): \(result.stderr)")
                    XCTAssertEqual(result.stdout.split(separator: "\n").map(String.init), expected,
                                   "\(file.path): rewrap \(arguments.joined(separator: " "))")
                    runs += 1
                }
            }
        }
        XCTAssertGreaterThan(runs, 8, "the worked examples of rules §2.4 and §3.2")
    }

    private static func swiftSources() throws -> [(path: String, lines: [String])] {
        let root = PackagePaths.root + "/Sources"
        let paths = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try paths.map { ($0, try String(contentsOfFile: root + "/" + $0, encoding: .utf8).components(separatedBy: "\n")) }
    }

    /// The lines of each fenced block in `language`.
    private static func blocks(_ language: String, in markdown: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in markdown.components(separatedBy: "\n") {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether `listing` is a run of `lines`, each with the same indentation added.
    private static func contains(_ lines: [String], _ listing: [String]) -> Bool {
        guard let first = listing.first, !first.isEmpty, lines.count >= listing.count else { return false }
        for start in 0...(lines.count - listing.count) where lines[start].hasSuffix(first) {
            let indent = String(lines[start].dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = listing.indices.allSatisfy { k in
                listing[k].isEmpty ? lines[start + k].trimmingCharacters(in: .whitespaces).isEmpty : lines[start + k] == indent + listing[k]
            }
            if matches { return true }
        }
        return false
    }

    // MARK: - The rules, and what cites them

    /// The rules, in the repository, which the code, tests and articles cite by section, as in "rules §3.2".
    private static let rules = "docs/rules.md"

    /// The folders and files whose text may cite the rules, from the package root.
    private static let citingRoots = ["Sources", "Tests", "Documentation", "docs", "bench", "scripts", "launcher", "Fuzz", "Plugins", "packaging",
                                      ".ci", "README.md", "Makefile", "Package.swift"]

    /// Data, not prose: fixtures, fuzz corpora and build output.
    private static let skippedFolders: Set<String> = [".build", "out", "Fixtures", "Corpus", "Entries"]

    /// The kinds of file that hold prose or comments; a file without an extension is a script.
    private static let textExtensions: Set<String> = ["swift", "md", "py", "c", "h", "sh", "xml", "desktop", "1", "list", "modulemap", "txt"]

    /// Every text file under `citingRoots`, with its path from the package root.
    private static func citingFiles() -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        func add(_ path: String) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let ext = name.contains(".") ? String(name.split(separator: ".").last!) : ""
            guard ext.isEmpty || textExtensions.contains(ext) || name == "Package.swift",
                  let text = try? String(contentsOfFile: PackagePaths.root + "/" + path, encoding: .utf8) else { return }
            files.append((path, text))
        }
        for root in citingRoots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: PackagePaths.root + "/" + root, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                add(root)
                continue
            }
            guard let walk = FileManager.default.enumerator(atPath: PackagePaths.root + "/" + root) else { continue }
            while let relative = walk.nextObject() as? String {
                let path = root + "/" + relative
                var folder: ObjCBool = false
                // A link to nothing is no file to read.
                guard FileManager.default.fileExists(atPath: PackagePaths.root + "/" + path, isDirectory: &folder) else { continue }
                if folder.boolValue {
                    if skippedFolders.contains(String(relative.split(separator: "/").last ?? "")) { walk.skipDescendants() }
                } else {
                    add(path)
                }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The section numbers the rules have ("1", "2", "2.4", ...), from their
    /// numbered headings, and their anchors (`s2`, `s2-4`, `where`). Each
    /// numbered heading must come right after its own anchor: the heading of
    /// rules §2.4 on the line after `<a id="s2-4"></a>`.
    private static func ruleSections() throws -> (numbers: Set<String>, anchors: Set<String>) {
        let lines = try String(contentsOfFile: PackagePaths.root + "/" + rules, encoding: .utf8).components(separatedBy: "\n")
        var numbers: Set<String> = []
        var anchors: Set<String> = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix("<a id=\""), let id = line.dropFirst("<a id=\"".count).split(separator: "\"").first {
                anchors.insert(String(id))
            }
            guard line.hasPrefix("#"), let mark = line.range(of: "# \(sign)") else { continue }
            let number = String(line[mark.upperBound...].prefix { $0.isNumber || $0 == "." })
            numbers.insert(number)
            let anchor = "<a id=\"s" + number.replacingOccurrences(of: ".", with: "-") + "\"></a>"
            if index < 1 || lines[index - 1] != anchor {
                throw TestFailure("\(rules): \"\(line)\" is not on the line after its anchor \(anchor)")
            }
        }
        return (numbers, anchors)
    }

    /// How a link into the rules begins, before the anchor: spelled from
    /// `rules` so that this file's own text links nowhere.
    private static let rulesLink = String(rules.dropFirst("docs/".count)) + "#"

    /// The section sign, written so that this file's own text cites nothing.
    private static let sign: Character = "\u{A7}"

    /// The number after the section sign at `index` in `line`: at the end of
    /// a sentence, "6.3." is section 6.3.
    private static func sectionNumber(after index: String.Index, in line: String) -> String {
        var number = String(line[line.index(after: index)...].prefix { $0.isNumber || $0 == "." })
        while number.hasSuffix(".") { number.removeLast() }
        return number
    }

    /// Every citation names a section the rules have, always in one form, as
    /// in "rules §2.4" or "rules §1, items 4–6", after which more sections on
    /// the same line may follow bare, as in "rules §2 and §3" or "rules §1–§4".
    /// Every link into the rules names an anchor they have. The rules' own
    /// cross-references are checked too.
    func testEveryCitationNamesASectionOfTheRules() throws {
        let sections = try Self.ruleSections()
        XCTAssertTrue(sections.anchors.contains("s2-4") && sections.anchors.contains("where"), "\(Self.rules) has its anchors")
        XCTAssertTrue((1...13).allSatisfy { sections.numbers.contains(String($0)) }, "\(Self.rules) numbers its sections 1 to 13")
        var citations = 0
        for file in Self.citingFiles() {
            for (index, line) in file.text.components(separatedBy: "\n").enumerated() {
                let place = "\(file.path):\(index + 1)"
                var first = true
                for mark in line.indices where line[mark] == Self.sign {
                    let number = Self.sectionNumber(after: mark, in: line)
                    XCTAssertTrue(sections.numbers.contains(number), "\(place) cites \(Self.sign)\(number), which \(Self.rules) does not have: \(line)")
                    if first, file.path != Self.rules {
                        XCTAssertTrue(line[..<mark].lowercased().hasSuffix("rules "), "\(place) cites \(Self.sign)\(number) without saying \"rules \(Self.sign)\(number)\": \(line)")
                        citations += 1
                    }
                    first = false
                }
                for link in line.components(separatedBy: Self.rulesLink).dropFirst() {
                    let anchor = String(link.prefix { $0 != ")" && $0 != "\"" && $0 != " " })
                    XCTAssertTrue(sections.anchors.contains(anchor), "\(place) links #\(anchor), which \(Self.rules) has no anchor for")
                }
            }
        }
        XCTAssertGreaterThan(citations, 60, "the code, tests and articles cite the rules about 70 times")
    }

    /// The rules once lived outside the repository, in another team's file;
    /// nothing may point there any more. The name is spelled in two pieces so
    /// that this file does not find itself.
    func testNoCitationOfTheOutsideSpecificationRemains() throws {
        let outside = "SP" + "EC"
        for file in Self.citingFiles() {
            for (index, line) in file.text.components(separatedBy: "\n").enumerated() {
                var rest = line[...]
                while let found = rest.range(of: outside) {
                    let before = found.lowerBound == line.startIndex ? nil : line[line.index(before: found.lowerBound)]
                    let after = found.upperBound == line.endIndex ? nil : line[found.upperBound]
                    let word = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
                    XCTAssertFalse(!word(before) && !word(after), "\(file.path):\(index + 1) cites the outside \(outside): \(line)")
                    rest = line[found.upperBound...]
                }
            }
        }
    }

    // MARK: - The README

    /// What the README must stay: a short front page. Detail belongs in docs/ and bench/README.md.
    func testTheReadmeIsAtMost250Lines() throws {
        let readme = try String(contentsOfFile: PackagePaths.root + "/README.md", encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - (readme.hasSuffix("\n") ? 1 : 0)
        XCTAssertLessThanOrEqual(lines, 250, "README.md has \(lines) lines")
    }

    /// Every relative link and picture of the README, docs/ and
    /// bench/README.md leads to a file, and every `#anchor` to a heading or
    /// an `<a id>` of the file it names, so that detail moved out of the
    /// README stays one click away.
    func testEveryLinkOfTheReadmeAndDocsLeadsSomewhere() throws {
        let docs = (try FileManager.default.contentsOfDirectory(atPath: PackagePaths.root + "/docs")).filter { $0.hasSuffix(".md") }
        let files = ["README.md", "bench/README.md"] + docs.sorted().map { "docs/" + $0 }
        var links = 0
        for file in files {
            let text = try String(contentsOfFile: PackagePaths.root + "/" + file, encoding: .utf8)
            let folder = file.contains("/") ? String(file[..<file.lastIndex(of: "/")!]) + "/" : ""
            for piece in text.components(separatedBy: "](").dropFirst() {
                let target = String(piece.prefix { $0 != ")" && $0 != " " })
                guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                links += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].isEmpty ? file : Self.normalized(folder + parts[0])
                XCTAssertTrue(FileManager.default.fileExists(atPath: PackagePaths.root + "/" + path), "\(file) links \(target): no \(path)")
                if parts.count == 2, path.hasSuffix(".md"), let linked = try? String(contentsOfFile: PackagePaths.root + "/" + path, encoding: .utf8) {
                    XCTAssertTrue(Self.anchors(in: linked).contains(parts[1]), "\(file) links \(target): \(path) has no #\(parts[1])")
                }
            }
        }
        XCTAssertGreaterThan(links, 20, "the README's pictures and links")
    }

    /// `a/b/../c` as `a/c`.
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == ".." { parts.removeLast() } else if part != "." { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// A Markdown file's anchors: its `<a id>`s and its headings as GitHub
    /// names them (lowercased, punctuation dropped, spaces as hyphens).
    private static func anchors(in markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        for line in markdown.components(separatedBy: "\n") {
            for piece in line.components(separatedBy: "<a id=\"").dropFirst() {
                anchors.insert(String(piece.prefix { $0 != "\"" }))
            }
            guard line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            anchors.insert(String(title.compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil }))
        }
        return anchors
    }
}
