import Foundation
import Testing

// The README and the guide in docs/ keep their links true: every relative link and image
// path names a file that exists, and every `#anchor` names a heading of its page, spelled
// as GitHub spells heading anchors.

/// The package root: Tests/PackageStructureTests/<file> is three levels down.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// README.md and every page of docs/, as paths relative to the package root.
func documentationPages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
}

/// A Markdown page split into what the checks read: its headings and links outside code.
struct MarkdownPage {
    /// The page's path relative to the package root.
    var path: String
    /// Every heading's text, in order, with its line number.
    var headings: [(text: String, line: Int)] = []
    /// Every link and image target outside code, with its line number.
    var links: [(target: String, line: Int)] = []

    init(path: String) throws {
        self.path = path
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            // Fenced code (```, also indented inside a list item) holds neither headings nor links.
            if trimmed.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            // Four-space indented code outside lists (the "info:" example lines).
            guard !inFence, !line.hasPrefix("    ") || trimmed.hasPrefix("-") || trimmed.hasPrefix("|") else {
                continue
            }
            if let hashes = line.firstIndex(where: { $0 != "#" }), line.hasPrefix("#"),
                line.distance(from: line.startIndex, to: hashes) <= 6, line[hashes] == " "
            {
                headings.append((String(line[hashes...]).trimmingCharacters(in: .whitespaces), index + 1))
            }
            for target in Self.linkTargets(in: Self.removingCodeSpans(String(line))) {
                links.append((target, index + 1))
            }
        }
    }

    /// The line without its `code spans`, which may show link syntax that is not a link.
    static func removingCodeSpans(_ line: String) -> String {
        var result = "", inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
            } else if !inCode {
                result.append(character)
            }
        }
        return result
    }

    /// The targets of `[text](target)` and `![alt](target)` in a line (a title after the
    /// target, `(target "title")`, is dropped).
    static func linkTargets(in line: String) -> [String] {
        var targets: [String] = []
        var rest = Substring(line)
        while let close = rest.range(of: "](") {
            let after = rest[close.upperBound...]
            guard let end = after.firstIndex(of: ")") else { break }
            let target = after[..<end].split(separator: " ").first.map(String.init) ?? ""
            targets.append(target)
            rest = after[end...]
        }
        return targets
    }

    /// The anchors GitHub gives the headings: lower case, punctuation dropped, spaces as
    /// hyphens, and `-1`, `-2`… after repeats.
    var anchors: Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for heading in headings {
            let slug = Self.slug(heading.text)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            result.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return result
    }

    /// GitHub's heading slug: letters, digits, `-` and `_` kept (lower-cased), spaces turned
    /// into hyphens, everything else (punctuation, backticks, emoji) dropped.
    static func slug(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
                return nil
            })
    }
}

@Suite("Documentation links")
struct DocumentationLinkTests {
    @Test("the guide has its pages, and the README links to every one")
    func pagesAreLinked() throws {
        let pages = try documentationPages()
        #expect(pages.count >= 10, "\(pages)")
        let readme = try MarkdownPage(path: "README.md")
        for page in pages where page != "README.md" {
            #expect(readme.links.contains { $0.target.hasPrefix(page) }, "README.md does not link to \(page)")
        }
    }

    @Test("every relative link and image of README.md and docs/*.md names a file that exists")
    func relativeLinksResolve() throws {
        var checked = 0
        for path in try documentationPages() {
            let page = try MarkdownPage(path: path)
            let folder = root.appendingPathComponent(path).deletingLastPathComponent()
            for link in page.links {
                let target = link.target
                guard !target.contains("://"), !target.hasPrefix("mailto:"), !target.hasPrefix("#") else { continue }
                let file = String(target.prefix { $0 != "#" })
                let resolved = folder.appendingPathComponent(file).standardizedFileURL.path
                #expect(
                    FileManager.default.fileExists(atPath: resolved), "\(path):\(link.line): \(target) does not exist")
                // Links stay inside the repository, where GitHub can show them.
                #expect(resolved.hasPrefix(root.standardizedFileURL.path), "\(path):\(link.line): \(target) leads out")
                checked += 1
            }
        }
        #expect(checked >= 50, "only \(checked) relative links found: is the parser still reading the pages?")
    }

    @Test("every #anchor names a heading of the page it points into")
    func anchorsResolve() throws {
        var checked = 0
        for path in try documentationPages() {
            let page = try MarkdownPage(path: path)
            for link in page.links where link.target.contains("#") && !link.target.contains("://") {
                let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = String(parts[0]), anchor = String(parts[1])
                let targetPath =
                    file.isEmpty
                    ? path
                    : root.appendingPathComponent(path).deletingLastPathComponent().appendingPathComponent(file)
                        .standardizedFileURL.path.replacingOccurrences(
                            of: root.standardizedFileURL.path + "/", with: "")
                guard targetPath.hasSuffix(".md"),
                    FileManager.default.fileExists(atPath: root.appendingPathComponent(targetPath).path)
                else {
                    Issue.record("\(path):\(link.line): \(link.target) points into no Markdown page")
                    continue
                }
                let anchors = try MarkdownPage(path: targetPath).anchors
                #expect(
                    anchors.contains(anchor),
                    "\(path):\(link.line): #\(anchor) is no heading of \(targetPath); it has \(anchors.sorted())")
                checked += 1
            }
        }
        #expect(checked >= 30, "only \(checked) anchors found")
    }

    @Test("heading anchors are spelled as GitHub spells them")
    func slugs() {
        #expect(MarkdownPage.slug("Quick start (Debian 12, Swift 6)") == "quick-start-debian-12-swift-6")
        #expect(MarkdownPage.slug("A region of a planet: `basemap extract`") == "a-region-of-a-planet-basemap-extract")
        #expect(MarkdownPage.slug("Publishers' styles") == "publishers-styles")
        #expect(MarkdownPage.slug("Shapes: `circle`, `polyline`, `polygon`") == "shapes-circle-polyline-polygon")
        #expect(MarkdownPage.linkTargets(in: "see [a](b.md#c) and ![d](../e.png \"t\")") == ["b.md#c", "../e.png"])
    }
}
