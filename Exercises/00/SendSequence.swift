// Exercise: chapter 00, Subject.send(sequence:completion:): a first, small exercise, to try
// the loop (exercise, test --mine, hint, progress) before chapter 2's.
// Solution: Sources/CustomCombine/TestSupport/Subject+SendSequence.swift

extension Subject {
    /// Sends every element of `sequence` in order, then `completion` if there is one, so a test
    /// script can drive a subject in one line.
    public func send<S: Sequence>(sequence: S, completion: Subscribers.Completion<Failure>?)
    where S.Element == Output {
        unwritten(
            "Subject.send(sequence:completion:)",
            see: "Chapters/00-how-to-use-this-workbook.md, 'Your first exercise'")
    }
}
