import CustomCombine
import Foundation
import TestSupport
import XCTest

final class PublisherDebugTests: XCTestCase {
    private enum TestError: Error { case broken }

    /// Everything `body` prints to standard output.
    private func captureOutput(_ body: () -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("debug-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try FileHandle(forWritingTo: url)
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        dup2(file.fileDescriptor, STDOUT_FILENO)
        body()
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        try file.close()
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testPrintsEveryEventWithCallerAndLine() throws {
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        var line = 0
        let output = try captureOutput {
            line = #line + 1
            cancellable = subject.debug().sink(receiveValue: { _ in })
            subject.send(1)
            cancellable?.cancel()
        }
        let head = "testPrintsEveryEventWithCallerAndLine(), line \(line): "
        XCTAssertEqual(
            output,
            [
                head + "subscription",
                head + "request unlimited",
                head + "output 1",
                head + "cancel",
            ].joined(separator: "\n") + "\n"
        )
    }

    func testLabelReplacesTheLineDependentCallSite() throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>(demand: .max(1))
        let output = try captureOutput {
            subject.debug("subject", prefix: "A").subscribe(recorder)
            subject.send("x")
        }
        XCTAssertEqual(
            output, "A subject: subscription\nA subject: request max(1)\nA subject: output x\n")
    }

    func testPrefixAndExplicitCallerAreUsed() throws {
        let subject = PassthroughSubject<String, Never>()
        let recorder = Recorder<String, Never>(demand: .max(2))
        let output = try captureOutput {
            subject.debug(prefix: "A", function: "f()", line: 7).subscribe(recorder)
            subject.send("x")
            subject.send(completion: .finished)
        }
        XCTAssertEqual(
            output,
            """
            A f(), line 7: subscription
            A f(), line 7: request max(2)
            A f(), line 7: output x
            A f(), line 7: completion finished

            """
        )
        XCTAssertEqual(recorder.events, ["x"].asEvents(completion: .finished))
    }

    func testFailureLine() throws {
        let output = try captureOutput {
            _ = Fail<Int, TestError>(error: .broken)
                .debug(function: "g", line: 1)
                .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        }
        XCTAssertEqual(
            output,
            "g, line 1: subscription\ng, line 1: request unlimited\ng, line 1: completion failure(broken)\n"
        )
    }
}
