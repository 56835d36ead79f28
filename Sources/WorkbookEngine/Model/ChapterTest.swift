/// A test method a chapter declares, with the Markdown line reports point at when nothing
/// more precise is known (a hang, a crash without a backtrace, a test never run): its
/// `func` line, or an example's first line of code. The assembler knows both; the line
/// travels with the name from there to the report.
package struct ChapterTest: Equatable, Hashable, Sendable {
    /// The method's name, e.g. `testSendsInOrder` or `test_a_subject`.
    package let name: String
    /// The Markdown line of its declaration.
    package let line: Int
}
