/// The error the test subjects fail with.
struct TestFailure: Error, Equatable {}
