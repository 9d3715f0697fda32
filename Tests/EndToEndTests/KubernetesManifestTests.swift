import Foundation
import MapTestSupport
import Testing

/// Whether python3 with PyYAML is here to read the manifest.
private let hasPyYAML: Bool = {
    guard let python = Tool.path(of: "python3") else { return false }
    return (try? Tool.run(python, ["-c", "import yaml"]).status) == 0
}()
private let noPyYAML = Comment(
    rawValue: "python3 with PyYAML (Debian python3-yaml) is not installed: the manifest cannot be read")

/// No Kubernetes runs on the CI's machine, so `examples/kubernetes-batch-job.yaml` is checked
/// offline: `.ci/check-kubernetes-job.py` holds the part of the batch/v1 Job schema the
/// manifest uses (from the API reference) and the validation rules of an Indexed Job. These
/// tests run it on the example, and on copies broken the ways a manifest goes wrong, so the
/// checker is seen to fail.
@Suite("the Kubernetes Job manifest", .enabled(if: hasPyYAML, noPyYAML))
struct KubernetesManifestTests {
    let root = Maprender.packageRoot
    var examplePath: String { root.appendingPathComponent("examples/kubernetes-batch-job.yaml").path }

    /// The checker's lines for `yaml` (the example's text when nil), and its exit status.
    func check(_ yaml: String? = nil) throws -> (status: Int32, lines: [String]) {
        let folder = try TemporaryDirectory()
        var path = examplePath
        if let yaml {
            path = folder.path("job.yaml")
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        }
        let python = try #require(Tool.path(of: "python3"))
        let result = try Tool.run(
            python,
            [
                root.appendingPathComponent(".ci/check-kubernetes-job.py").path, path,
                root.appendingPathComponent("Dockerfile").path,
            ])
        return (result.status, result.outputText.split(separator: "\n").map(String.init))
    }

    @Test("the example is an Indexed Job the API accepts, its shard count its completions")
    func exampleIsValid() throws {
        let (status, lines) = try check()
        #expect(status == 0 && lines == ["ok"], "\(lines)")
    }

    @Test(
        "a broken copy is refused, naming the field",
        arguments: [
            ("completions: 4", "completions: 5", "MAPRENDER_SHARD_COUNT is 4 but spec.completions is 5"),
            ("completionMode: Indexed", "completionMode: indexed", "'indexed' is not one of NonIndexed, Indexed"),
            ("restartPolicy: Never", "restartPolicy: Always", "a Job's pods need Never or OnFailure"),
            ("workingDir: /work", "workdir: /work", "containers[0].workdir: unknown field"),
            ("summary-$(JOB_COMPLETION_INDEX)", "summary-$(JOB_INDEX)", "$(JOB_INDEX) names no variable"),
            ("claimName: maprender-maps", "claim: maprender-maps", "persistentVolumeClaim.claimName: required"),
            ("mountPath: /maps }", "mountPath: /maps, readOnly: true }", "--out-dir /maps is on the read-only mount"),
            ("\"--shard\", \"auto\", ", "", "without --shard auto"),
            ("memory: 512Mi", "memory: 512 MB", "'512 MB' is not a quantity"),
            ("- name: MAPRENDER_SHARD_COUNT", "- name: SHARD_COUNT", "no MAPRENDER_SHARD_COUNT"),
        ])
    func broken(original: String, replacement: String, problem: String) throws {
        let text = try String(contentsOfFile: examplePath, encoding: .utf8)
        #expect(text.contains(original), "the example has no \(original)")
        let (status, lines) = try check(text.replacingOccurrences(of: original, with: replacement))
        #expect(status == 1, "\(lines)")
        #expect(lines.contains { $0.contains(problem) }, "\(lines)")
    }
}
