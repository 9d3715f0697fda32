import Foundation
import MapDrawing
import MapRenderCore
import Testing

@testable import MapVectorLayout

/// Whether this machine can tell which Debian package a file comes from.
private let hasDebianTools = ["ldd", "dpkg", "apt-cache"].allSatisfy { Tool.path(of: $0) != nil }
private let noDebianTools = Comment(
    rawValue: "ldd, dpkg or apt-cache is not installed: a Debian system is needed to check the image")

/// The Dockerfile at the repository root, checked without a container engine: its runtime
/// stage must install the package of every shared object `maprender` links, libcurl (loaded
/// at run time) and the fonts the built-in styles name, and put the resource bundles where
/// the binary looks for them. The packages are those of this machine (Debian 12, as the
/// image), found with `ldd` on the debug binary, which links the same system libraries as
/// the image's release binary, and `dpkg -S`.
@Suite("the container image")
struct ContainerImageTests {
    /// The `maprender` binary built for the tests.
    var binary: String { Maprender.productsDirectory.appendingPathComponent("maprender").path }

    @Test("it builds on the Swift image of Debian 12 and runs on Debian 12 slim, as a user, maprender its entry point")
    func stages() throws {
        let dockerfile = try Dockerfile.load()
        let build = try #require(dockerfile.build, "no stage FROM swift:…")
        let runtime = try #require(dockerfile.runtime, "no runtime stage after the build stage")
        // The same Debian release in both, so the libraries the binary was linked against
        // have the sonames of the runtime packages.
        #expect(build.image.hasSuffix("-bookworm"), "build stage FROM \(build.image)")
        #expect(runtime.image == "debian:bookworm-slim", "runtime stage FROM \(runtime.image)")
        let swiftBuild = build.commands.filter {
            $0.starts(with: ["swift", "build"]) && !$0.contains("--show-bin-path")
        }
        #expect(
            swiftBuild.contains {
                $0.contains("release") && $0.contains("--product") && $0.contains("maprender")
                    && $0.contains("--static-swift-stdlib")
            }, "the build stage runs \(swiftBuild)")
        let developmentPackages = runtime.aptPackages.filter { $0.hasSuffix("-dev") }
        #expect(developmentPackages.isEmpty, "the runtime stage installs \(developmentPackages)")
        let user = runtime.arguments(of: "USER").last ?? "root"
        let name = user.split(separator: ":").first.map(String.init) ?? user
        #expect(name != "root" && name != "0", "the image runs as \(user)")
        #expect(runtime.arguments(of: "ENTRYPOINT").last == #"["maprender"]"#)
        #expect(!runtime.arguments(of: "WORKDIR").isEmpty)
    }

    /// What is wrong with the runtime stage's packages for the shared objects of `binary`,
    /// one sentence each; empty when it installs all of them.
    func libraryProblems(runtime packages: [String]) throws -> [String] {
        var problems: [String] = []
        let objects = try SharedObjects.of(binary).filter { !SharedObjects.isSwiftRuntime($0.name) }
        if objects.isEmpty { problems.append("ldd lists no shared object of \(binary)") }
        for object in objects where object.path == nil {
            problems.append("ldd cannot find \(object.name), which \(binary) links")
        }
        let found = objects.compactMap { object in object.path.map { (object.name, $0) } }
        let owners = try DebianPackages.owners(of: found.flatMap { DebianPackages.spellings(of: $0.1) })
        let (installed, unknown) = try DebianPackages.closure(of: packages)
        for package in unknown {
            problems.append(
                "apt knows no package \(package), which the runtime stage installs (a typo, or run apt-get update)")
        }
        for (name, path) in found {
            guard let package = DebianPackages.package(of: path, in: owners) else {
                problems.append("no Debian package owns \(name) (\(DebianPackages.realPath(path)))")
                continue
            }
            if !installed.contains(package) {
                problems.append(
                    "\(name) (\(DebianPackages.realPath(path))) comes from \(package), which the runtime stage "
                        + "neither installs nor gets as a dependency: add \(package) to its apt-get install")
            }
        }
        return problems
    }

    @Test(
        "it installs the package of every shared object maprender links, or a package depending on it",
        .enabled(if: hasDebianTools, noDebianTools))
    func sharedLibraries() throws {
        let runtime = try #require(try Dockerfile.load().runtime)
        let problems = try libraryProblems(runtime: runtime.aptPackages)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test(
        "a library package left out of the runtime stage is named",
        .enabled(if: hasDebianTools, noDebianTools),
        // Packages nothing else of the stage depends on (libgdal32 pulls in libsqlite3-0, libwebp7…).
        arguments: ["libturbojpeg0", "libpangocairo-1.0-0"])
    func missingLibrary(package: String) throws {
        let runtime = try #require(try Dockerfile.load().runtime)
        #expect(runtime.aptPackages.contains(package))
        let problems = try libraryProblems(runtime: runtime.aptPackages.filter { $0 != package })
        #expect(problems.contains { $0.contains("comes from \(package),") }, "\(problems)")
        #expect(
            try libraryProblems(runtime: runtime.aptPackages + ["libcairo-no-such-package"]).contains {
                $0.contains("apt knows no package libcairo-no-such-package")
            })
    }

    @Test(
        "it installs libcurl, which maprender loads at run time for HTTP tiles, and the CA certificates",
        .enabled(if: hasDebianTools, noDebianTools))
    func libcurl() throws {
        let runtime = try #require(try Dockerfile.load().runtime)
        let packages = runtime.aptPackages
        // The names CCurl tries with dlopen; the first with a version is libcurl's soname
        // (the bare .so is the -dev package's link).
        let source = try String(
            contentsOf: Maprender.packageRoot.appendingPathComponent("Sources/CCurl/ccurl.c"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("names[] = {") })
        let names = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        let soname = try #require(names.first { !$0.hasSuffix(".so") }, "no libcurl name in \(line)")
        let owners = try DebianPackages.owners(of: ["*/\(soname)"])
        let package = try #require(
            owners.values.joined().first { !$0.hasSuffix("-dev") },
            "\(soname) is not installed here, so its package is unknown (apt-get install libcurl4)")
        #expect(packages.contains(package), "\(soname) comes from \(package); the runtime stage installs \(packages)")
        #expect(packages.contains("ca-certificates"), "https tiles need the CA certificates")
    }

    @Test(
        "it installs GDAL's library, which maprender loads at run time for basemap import-dem",
        .enabled(if: hasDebianTools, noDebianTools))
    func gdal() throws {
        let packages = try #require(try Dockerfile.load().runtime).aptPackages
        // The names CGDAL tries with dlopen; the first is this Debian release's soname.
        let source = try String(
            contentsOf: Maprender.packageRoot.appendingPathComponent("Sources/CGDAL/cgdal.c"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.contains("names[] = {") }, "no library names in cgdal.c")
        let line = lines[start + 1]
        let soname = try #require(
            line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }.first,
            "no libgdal name in \(line)")
        let owners = try DebianPackages.owners(of: ["*/\(soname)"])
        let package = try #require(
            owners.values.joined().first { !$0.hasSuffix("-dev") },
            "\(soname) is not installed here, so its package is unknown (apt-get install libgdal32)")
        #expect(packages.contains(package), "\(soname) comes from \(package); the runtime stage installs \(packages)")
    }

    /// A font the styles ask fontconfig for, and where it was named.
    struct Face: Hashable {
        var family: String
        var isBold: Bool
        var isItalic: Bool
        var source: String

        /// The fontconfig pattern: the family with `-`, `:`, `,` and `\` escaped, then the style.
        var pattern: String {
            var escaped = ""
            for character in family {
                if "\\-:,".contains(character) { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped + (isBold ? ":bold" : "") + (isItalic ? ":italic" : "")
        }
    }

    /// Every face the built-in styles draw with: the family lists of the scene styles
    /// (Style.swift's defaults and the JSON styles) in the regular and bold weights (callout
    /// titles are bold), and the families of every `text-font` stack of the vector styles
    /// with the weight and slant maprender reads from the stack.
    func styleFaces() throws -> [Face] {
        var faces: [Face] = []
        func addFamilies(_ list: String, source: String) {
            for family in list.split(separator: ",") {
                let name = family.trimmingCharacters(in: .whitespaces)
                for bold in [false, true] {
                    faces.append(Face(family: name, isBold: bold, isItalic: false, source: source))
                }
            }
        }
        addFamilies(Style.standard.callout.fontFamily, source: "Style.swift (callouts)")
        addFamilies(Style.standard.furniture.fontFamily, source: "Style.swift (title, scale bar)")
        let root = Maprender.packageRoot
        for folder in ["Sources/MapStyleFiles/Resources/styles", "Sources/MapVectorStyle/Resources/styles"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            #expect(!files.isEmpty, "no styles in \(folder)")
            for file in files.sorted() where file.hasSuffix(".json") {
                let source = "\(folder)/\(file)"
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(source)))
                // Any "fontFamily" of a scene style; any "text-font" of a vector style layer.
                func walk(_ value: Any, key: String?) {
                    if key == "fontFamily", let list = value as? String {
                        addFamilies(list, source: source)
                    } else if key == "text-font" {
                        for stack in fontStacks(value) {
                            let font = FontStack.font(stack, size: 12)
                            for family in font.family.split(separator: ",") {
                                faces.append(
                                    Face(
                                        family: family.trimmingCharacters(in: .whitespaces), isBold: font.isBold,
                                        isItalic: font.isItalic, source: "\(source): \(stack)"))
                            }
                        }
                    } else if let object = value as? [String: Any] {
                        for (key, value) in object { walk(value, key: key) }
                    } else if let array = value as? [Any] {
                        for element in array { walk(element, key: nil) }
                    }
                }
                walk(json, key: nil)
            }
        }
        var seen: Set<Face> = []
        return faces.filter { face in
            seen.insert(Face(family: face.family, isBold: face.isBold, isItalic: face.isItalic, source: "")).inserted
        }
    }

    /// The font stacks of a `text-font` value: a list of names, or a zoom function's stops,
    /// or an expression whose arguments hold the lists.
    func fontStacks(_ value: Any) -> [[String]] {
        if let names = value as? [String] {
            return names.first.map { ["literal", "step", "match", "case", "coalesce", "interpolate"].contains($0) }
                == true ? [] : [names]
        }
        if let object = value as? [String: Any] {
            return (object["stops"] as? [[Any]] ?? []).flatMap { $0.count == 2 ? fontStacks($0[1]) : [] }
        }
        if let array = value as? [Any] { return array.dropFirst().flatMap(fontStacks) }
        return []
    }

    @Test(
        "the fonts the built-in styles name, and a Japanese fallback, come from packages it installs",
        .enabled(
            if: hasDebianTools && Tool.path(of: "fc-match") != nil,
            "ldd, dpkg, apt-cache or fc-match is not installed: a Debian system is needed to check the image"))
    func fonts() throws {
        let runtime = try #require(try Dockerfile.load().runtime)
        let (installed, _) = try DebianPackages.closure(of: runtime.aptPackages)
        let fcMatch = try #require(Tool.path(of: "fc-match"))
        let faces = try styleFaces()
        #expect(faces.contains { $0.family == "DejaVu Sans" && $0.isItalic }, "\(faces.map(\.pattern))")
        var matches: [(what: String, file: String)] = []
        for face in faces {
            let result = try Tool.run(fcMatch, ["-f", "%{file}\n%{family}\n", face.pattern])
            let lines = result.outputText.split(separator: "\n").map(String.init)
            guard result.status == 0, lines.count >= 2 else {
                Issue.record("fc-match \(face.pattern): \(result.errors)")
                continue
            }
            let families = lines[1].split(separator: ",").map { $0.lowercased() }
            if families.contains(face.family.lowercased()) {
                matches.append(("\(face.pattern) (\(face.source))", lines[0]))
            } else {
                Issue.record(
                    """
                    fontconfig here has no \(face.family) (\(face.source)), \(face.pattern) gives \(lines[0]): \
                    install it to learn its package
                    """)
            }
        }
        // Text in a script DejaVu lacks falls back to another font (docs/what-the-map-shows.md: Japanese from IPAGothic).
        let japanese = try Tool.run(fcMatch, ["-f", "%{file}\n%{lang}\n", ":lang=ja"])
        let japaneseLines = japanese.outputText.split(separator: "\n").map(String.init)
        if japaneseLines.count >= 2, japaneseLines[1].split(separator: "|").contains("ja") {
            matches.append(("Japanese (:lang=ja)", japaneseLines[0]))
        } else {
            Issue.record("fontconfig here has no Japanese font (apt-get install fonts-ipafont-gothic)")
        }
        let owners = try DebianPackages.owners(of: matches.flatMap { DebianPackages.spellings(of: $0.file) })
        for match in matches {
            let package = DebianPackages.package(of: match.file, in: owners)
            #expect(
                package.map(installed.contains) == true,
                "\(match.what) is \(DebianPackages.realPath(match.file)) from \(package ?? "no package"), which the runtime stage does not install"
            )
        }
    }

    @Test("the cluster examples run the image the Dockerfile builds")
    func clusterExamples() throws {
        let root = Maprender.packageRoot
        let dockerfile = try String(contentsOf: root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(dockerfile.contains("docker build -t maprender ."))
        let kubernetes = try String(
            contentsOf: root.appendingPathComponent("examples/kubernetes-batch-job.yaml"), encoding: .utf8)
        #expect(kubernetes.contains("image: maprender:latest"))
        #expect(kubernetes.contains("docker build -t maprender ."))
        let slurm = try String(contentsOf: root.appendingPathComponent("examples/slurm-batch.sh"), encoding: .utf8)
        #expect(slurm.contains("docker build -t maprender ."))
        #expect(slurm.contains("docker-daemon://maprender:latest"))
        #expect(slurm.contains("--shard auto"))
        let sh = try #require(Tool.path(of: "sh"))
        let syntax = try Tool.run(sh, ["-n", root.appendingPathComponent("examples/slurm-batch.sh").path])
        #expect(syntax.status == 0 && syntax.errors.isEmpty, "sh -n: \(syntax.errors)")
    }

    @Test("maprender finds its resource bundles where the image puts them, through the link on PATH")
    func resourceBundles() throws {
        let dockerfile = try Dockerfile.load()
        let build = try #require(dockerfile.build)
        let runtime = try #require(dockerfile.runtime)
        func unquoted(_ word: String) -> String { word.replacingOccurrences(of: "\"", with: "") }
        func folder(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }
        // COPY --from=build STAGING DESTINATION
        let copy = try #require(
            runtime.arguments(of: "COPY").map { $0.split(separator: " ").map(String.init) }.first {
                $0.first?.hasPrefix("--from=") == true
            }, "the runtime stage copies nothing from the build stage")
        let staging = folder(copy[copy.count - 2]), destination = folder(copy[copy.count - 1])
        // The build stage copies the binary and every resource bundle to STAGING.
        let copies = build.commands.filter { $0.first == "cp" && folder(unquoted($0.last ?? "")) == staging }
        #expect(copies.contains { $0.dropLast().contains { unquoted($0).hasSuffix("/maprender") } })
        #expect(copies.contains { $0.dropLast().contains { unquoted($0).hasSuffix("/*.resources") } })
        // ln -s TARGET LINK, LINK on the PATH of Debian.
        let link = try #require(runtime.commands.first { $0.starts(with: ["ln", "-s"]) }, "no link on PATH")
        let (target, linkPath) = (link[link.count - 2], link[link.count - 1])
        #expect(["/usr/local/bin", "/usr/bin"].contains((linkPath as NSString).deletingLastPathComponent))
        // The same layout under a scratch root, filled from this build's products.
        let root = try TemporaryDirectory()
        let files = FileManager.default
        let installed = root.url.appendingPathComponent(String(destination.dropFirst()))
        try files.createDirectory(at: installed, withIntermediateDirectories: true)
        try files.copyItem(atPath: binary, toPath: installed.appendingPathComponent("maprender").path)
        let bundles = try files.contentsOfDirectory(atPath: Maprender.productsDirectory.path).filter {
            $0.hasSuffix(".resources")
        }
        #expect(bundles.contains("maprender_MapTiles.resources"))
        for bundle in bundles {
            try files.copyItem(
                at: Maprender.productsDirectory.appendingPathComponent(bundle),
                to: installed.appendingPathComponent(bundle))
        }
        let linkURL = root.url.appendingPathComponent(String(linkPath.dropFirst()))
        try files.createDirectory(at: linkURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: linkURL.path, withDestinationPath: target)
        // The world basemap and the dark style both come from the bundles.
        let output = root.path("map.png")
        let favorites = Maprender.packageRoot.appendingPathComponent("examples/favorites.db").path
        let result = try Tool.run(
            linkURL.path, ["--places", favorites, "--style", "dark", "--size", "320x240", "-o", output])
        #expect(result.status == 0, "\(result.errors)")
        #expect(files.fileExists(atPath: output))
    }
}
