import Foundation
import XCTest

/// `.github/workflows/ci.yml` cannot run here, so it is at least read as YAML (by PyYAML,
/// through python3; skipped, with the reason, where that is missing) and checked for what the
/// README promises of it: a Linux job in the official Swift image on Debian and a macOS job
/// on a pinned Xcode, each running the README's commands and the lint, drawing the marble
/// pictures (a missing browser fails), caching its build by `Package.swift`, and uploading
/// the JUnit report. actionlint, which `.ci/run` runs, checks the rest.
final class CIWorkflowTests: XCTestCase {
    private struct Step {
        let name: String
        let run: String
        let uses: String
        let with: [String: Any]
    }

    private func workflow() throws -> [String: Any] {
        let path = Fixtures.repository.appendingPathComponent(".github/workflows/ci.yml").path
        let script = """
            import json, sys
            try:
                import yaml
            except ImportError:
                sys.exit(3)
            document = yaml.safe_load(open(sys.argv[1]))
            # YAML 1.1 reads the key `on` as true; GitHub reads it as "on".
            if True in document:
                document["on"] = document.pop(True)
            print(json.dumps(document))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            throw XCTSkip("python3 is not available to read the workflow as YAML: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errors = String(
            decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 || process.terminationStatus == 127 {
            throw XCTSkip("PyYAML (python3 -c 'import yaml') is not installed")
        }
        XCTAssertEqual(process.terminationStatus, 0, "not valid YAML:\n\(errors)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func steps(of job: [String: Any]) -> [Step] {
        (job["steps"] as? [[String: Any]] ?? []).map {
            Step(
                name: $0["name"] as? String ?? "", run: $0["run"] as? String ?? "",
                uses: $0["uses"] as? String ?? "", with: $0["with"] as? [String: Any] ?? [:])
        }
    }

    func testTheWorkflowParsesAndRunsTheREADMEsCommandsOnBothPlatforms() throws {
        let document = try workflow()
        XCTAssertNotNil(document["on"], "no trigger")
        let jobs = try XCTUnwrap(document["jobs"] as? [String: [String: Any]])
        let linux = try XCTUnwrap(jobs["linux"])
        let macos = try XCTUnwrap(jobs["macos"])

        XCTAssertEqual(linux["runs-on"] as? String, "ubuntu-latest")
        let image = try XCTUnwrap(linux["container"] as? String)
        XCTAssertTrue(image.hasPrefix("swift:"), "the Linux job runs in the official Swift image")
        XCTAssertTrue(
            image.hasSuffix("-bookworm"),
            "\(image): Debian's image, whose chromium package runs in a container")
        XCTAssertTrue(
            (macos["runs-on"] as? String)?.hasPrefix("macos-") ?? false, "a macOS runner")
        let developerDirectory = (macos["env"] as? [String: String])?["DEVELOPER_DIR"] ?? ""
        XCTAssertTrue(
            developerDirectory.contains("/Applications/Xcode_26."),
            "the macOS job pins an Xcode 26 (DEVELOPER_DIR is '\(developerDirectory)')")
        let environment = document["env"] as? [String: String] ?? [:]
        XCTAssertEqual(
            environment["WORKBOOK_REQUIRE_BROWSER"], "1",
            "both jobs must draw the marble pictures, not skip them")

        for (name, job) in [("linux", linux), ("macos", macos)] {
            let steps = steps(of: job)
            let commands = steps.map(\.run).joined(separator: "\n")
            XCTAssertTrue(steps.contains { $0.uses.hasPrefix("actions/checkout@") }, name)
            let cache = steps.first { $0.uses.hasPrefix("actions/cache@") }
            XCTAssertEqual(cache?.with["path"] as? String, ".build", "\(name) caches no build")
            XCTAssertTrue(
                (cache?.with["key"] as? String ?? "").contains("hashFiles('Package.swift')"),
                "\(name)'s cache is not keyed on Package.swift")
            for command in [
                "swift run workbook check", "Tools/lint.sh", "swift test",
                "swift run workbook test --junit",
            ] {
                XCTAssertTrue(commands.contains(command), "\(name) does not run \(command)")
            }
            let upload = try XCTUnwrap(
                steps.first { $0.uses.hasPrefix("actions/upload-artifact@") },
                "\(name) uploads no JUnit report")
            let uploaded = try XCTUnwrap(upload.with["path"] as? String)
            let junit = try XCTUnwrap(
                steps.map(\.run).first { $0.contains("--junit") }?
                    .split(separator: " ").drop { $0 != "--junit" }.dropFirst().first)
            XCTAssertTrue(
                uploaded == junit || uploaded.hasPrefix(".build/workbook-junit"),
                "\(name) uploads \(uploaded), the report is \(junit)")
        }
        let macLines = steps(of: macos).flatMap { $0.run.split(separator: "\n") }
        XCTAssertTrue(
            macLines.contains { $0.trimmingCharacters(in: .whitespaces) == "brew install cmark" },
            "the macOS job installs cmark with Homebrew")
        let linuxInstall = steps(of: linux).map(\.run).joined()
        for package in ["libcmark-dev", "chromium", "libxml2-utils"] {
            XCTAssertTrue(linuxInstall.contains(package), "the Linux job installs \(package)")
        }
    }
}
