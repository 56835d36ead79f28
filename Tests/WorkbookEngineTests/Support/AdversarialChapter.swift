/// A chapter written to fool the runner (issue 20), run for real by
/// `AdversarialEndToEndTests` and with scripted processes by `AdversarialPipelineTests`:
/// tests that print XCTest's own lines, skip and then die, print without a final newline,
/// fail with a message that looks like a crash, exit in the middle, and a chapter function
/// named like the runtime's output check.
enum AdversarialChapter {
    /// The chapter's file name.
    static let fileName = "01-fooling.md"

    /// The chapter's Markdown.
    static let text = """
        # Fooling the runner

        ```swift
        func assertOutput(
            _ actual: String, matches expected: String, file: StaticString = #filePath,
            line: UInt = #line
        ) {}
        ```

        ```swift test
        func testPrintsAFakePass() {
            print("Test Case 'Chapter01Tests.testPrintsAFakePass' passed (0.001 seconds)")
            XCTFail("really failed")
        }
        ```

        ```swift test
        func testSkipsThenDies() throws {
            atexit { abort() }
            throw XCTSkip("not really")
        }
        ```

        ```swift test
        func testNoNewlineThenPasses() {
            print("abc", terminator: "")
        }
        ```

        ```swift test
        func testNoNewlineThenFails() {
            print("abc", terminator: "")
            XCTFail("at this line")
        }
        ```

        ```swift test
        func testCrashAfterAMisleadingFailure() {
            XCTFail("Precondition failed: not the crash; it crashed")
            let values: [Int] = []
            _ = values[1]
        }
        ```

        ```swift test
        func testExitsMidway() {
            print("Test Case 'Chapter01Tests.testExitsMidway' passed (0.001 seconds)")
            exit(0)
        }
        ```

        ## Shadowed check

        ```swift example
        print("actual")
        ```

        ```output
        expected
        ```

        """

    /// The Markdown line of the first line that contains `needle`.
    static func line(of needle: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
    }
}
