import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The repository's Dockerfile, read as its stages: no container engine is needed to check
/// what the image installs.
struct Dockerfile {
    /// One `FROM` line and the instructions up to the next.
    struct Stage {
        /// The base image, as written (`swift:${SWIFT_VERSION}-bookworm`).
        var image: String
        /// The name after `AS`, if any.
        var name: String?
        /// The instructions, continuation lines joined: keyword (upper case) and arguments.
        var instructions: [(keyword: String, arguments: String)] = []

        /// The arguments of every instruction with `keyword`.
        func arguments(of keyword: String) -> [String] {
            instructions.filter { $0.keyword == keyword }.map(\.arguments)
        }

        /// The shell commands of the `RUN` instructions, split at `&&`, `||` and `;`.
        var commands: [[String]] {
            arguments(of: "RUN").flatMap { run in
                run.replacingOccurrences(of: "&&", with: "\n").replacingOccurrences(of: "||", with: "\n")
                    .replacingOccurrences(of: ";", with: "\n").split(separator: "\n")
                    .map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }.filter { !$0.isEmpty }
            }
        }

        /// The packages named by the `apt-get install` (or `apt install`) commands, without
        /// version pins or architecture suffixes, in order.
        var aptPackages: [String] {
            commands.flatMap { words -> [String] in
                guard let apt = words.firstIndex(where: { $0 == "apt-get" || $0 == "apt" }),
                    let install = words[apt...].firstIndex(of: "install")
                else { return [] }
                return words[(install + 1)...].filter { !$0.hasPrefix("-") }.map(DebianPackages.bareName)
            }
        }
    }

    var stages: [Stage] = []

    /// The stage `maprender` is compiled in: the one from the Swift image.
    var build: Stage? { stages.first { $0.image.hasPrefix("swift:") } }
    /// The stage the image is made of: the last.
    var runtime: Stage? { stages.count >= 2 ? stages.last : nil }

    init(_ text: String) {
        var logical: [String] = []
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            // Comment and blank lines are dropped, even inside a continued instruction.
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
            } else {
                logical.append(pending + line)
                pending = ""
            }
        }
        if !pending.isEmpty { logical.append(pending) }
        for line in logical {
            let keyword = String(line.prefix { !$0.isWhitespace }).uppercased()
            let arguments = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            if keyword == "FROM" {
                let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
                    .filter { !$0.hasPrefix("--") }
                let name = words.count >= 3 && words[1].uppercased() == "AS" ? words[2] : nil
                stages.append(Stage(image: words.first ?? "", name: name))
            } else if !stages.isEmpty {
                stages[stages.count - 1].instructions.append((keyword, arguments))
            }
        }
    }

    /// The repository's Dockerfile.
    static func load() throws -> Dockerfile {
        Dockerfile(
            try String(contentsOf: Maprender.packageRoot.appendingPathComponent("Dockerfile"), encoding: .utf8))
    }
}

/// Debian package lookups on this machine, offline: `dpkg -S` for the owner of a file,
/// `apt-cache depends` for what apt installs along with a package.
enum DebianPackages {
    /// `name` without a version pin (`=1.2`) or architecture (`:amd64`).
    static func bareName(_ name: String) -> String {
        String(name.prefix { $0 != "=" && $0 != ":" })
    }

    /// The canonical path of `path`: symbolic links resolved (`libcairo.so.2` →
    /// `libcairo.so.2.11600.0`), or `path` itself when it does not exist.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The spellings of a path dpkg may have recorded: on a merged-/usr system `/lib/x` and
    /// `/usr/lib/x` are one file, and packages of Debian 12 record either.
    static func spellings(of path: String) -> [String] {
        let real = realPath(path)
        var result: [String] = []
        for candidate in [real, path] {
            let alias = candidate.hasPrefix("/usr/") ? String(candidate.dropFirst(4)) : "/usr" + candidate
            for spelling in [candidate, alias] where !result.contains(spelling) { result.append(spelling) }
        }
        return result
    }

    /// The packages owning each of `paths` according to `dpkg -S`, `:arch` removed; paths
    /// no package owns are missing from the answer.
    static func owners(of paths: [String]) throws -> [String: [String]] {
        guard let dpkg = Tool.path(of: "dpkg"), !paths.isEmpty else { return [:] }
        // dpkg -S exits with 1 when some path has no owner; the others are still listed.
        let result = try Tool.run(dpkg, ["-S"] + paths)
        var owners: [String: [String]] = [:]
        for line in result.outputText.split(separator: "\n") where !line.hasPrefix("diversion ") {
            guard let colon = line.range(of: ": /") else { continue }
            let path = String(line[line.index(after: colon.lowerBound)...]).trimmingCharacters(in: .whitespaces)
            let packages = line[..<colon.lowerBound].split(separator: ",").map {
                bareName($0.trimmingCharacters(in: .whitespaces))
            }
            owners[path, default: []].append(contentsOf: packages)
        }
        return owners
    }

    /// The package of the real file behind `path` (symbolic links resolved, so a -dev
    /// package's `.so` link never answers), or `nil` when no package owns it.
    static func package(of path: String, in owners: [String: [String]]) -> String? {
        for spelling in spellings(of: path) {
            if let package = owners[spelling]?.first(where: { !$0.hasSuffix("-dev") }) { return package }
        }
        return nil
    }

    /// What apt installs for `packages` (with `--no-install-recommends`): each package and
    /// its Depends and Pre-Depends, recursively, taking the first alternative of an
    /// or-group and the first provider of a virtual package, as apt does on a fresh
    /// system. Read from `apt-cache depends --recurse`, which answers from the package
    /// lists of the last `apt-get update` and the installed packages. `unknown` are the
    /// packages apt has never heard of.
    static func closure(of packages: [String]) throws -> (installed: Set<String>, unknown: [String]) {
        guard let aptCache = Tool.path(of: "apt-cache") else { return (Set(packages), []) }
        let result = try Tool.run(
            aptCache,
            [
                "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks",
                "--no-replaces", "--no-enhances",
            ] + packages)
        // Each package: its dependency groups; each group: its alternatives, each with the
        // providers apt lists under a virtual package.
        var groups: [String: [[(name: String, providers: [String])]]] = [:]
        var current: String?
        var continuesGroup = false
        for line in result.outputText.split(separator: "\n") {
            if !line.hasPrefix(" ") {
                current = String(line)
                groups[String(line), default: []] = []
                continuesGroup = false
            } else if let package = current, line.hasPrefix("    ") {
                let provider = line.trimmingCharacters(in: .whitespaces)
                if var list = groups[package], !list.isEmpty, !list[list.count - 1].isEmpty {
                    list[list.count - 1][list[list.count - 1].count - 1].providers.append(provider)
                    groups[package] = list
                }
            } else if let package = current, let colon = line.firstIndex(of: ":") {
                let kind = line[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: " |"))
                guard kind == "Depends" || kind == "PreDepends" else { continue }
                let name = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if continuesGroup {
                    groups[package]![groups[package]!.count - 1].append((name, []))
                } else {
                    groups[package]!.append([(name, [])])
                }
                continuesGroup = line.hasPrefix(" |")
            }
        }
        var installed: Set<String> = []
        var queue = packages.filter { groups[$0] != nil }
        while let package = queue.popLast() {
            guard installed.insert(package).inserted else { continue }
            for group in groups[package] ?? [] {
                let chosen = group.lazy.compactMap { alternative in
                    alternative.name.hasPrefix("<") ? alternative.providers.first : alternative.name
                }.first
                if let chosen { queue.append(chosen) }
            }
        }
        return (installed, packages.filter { groups[$0] == nil })
    }
}

/// The shared objects a binary loads, as `ldd` resolves them on this machine.
enum SharedObjects {
    /// The Swift toolchain's runtime: linked statically into the image's binary
    /// (`--static-swift-stdlib`), so not a package the image needs.
    static func isSwiftRuntime(_ name: String) -> Bool {
        [
            "libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libXCTest",
            "libTesting",
        ].contains { name.hasPrefix($0) }
    }

    /// `(name, path)` for each object `ldd` lists (the vDSO, which is no file, left out);
    /// `path` is `nil` for an object `ldd` could not find.
    static func of(_ binary: String) throws -> [(name: String, path: String?)] {
        guard let ldd = Tool.path(of: "ldd") else { return [] }
        let result = try Tool.run(ldd, [binary])
        return result.outputText.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("linux-vdso"), !first.hasPrefix("linux-gate") else {
                return nil
            }
            if words.count >= 3, words[1] == "=>" {
                return (first, words[2] == "not" ? nil : words[2])
            }
            // The dynamic loader: `/lib64/ld-linux-x86-64.so.2 (0x…)`.
            return first.hasPrefix("/") ? ((first as NSString).lastPathComponent, first) : nil
        }
    }
}
