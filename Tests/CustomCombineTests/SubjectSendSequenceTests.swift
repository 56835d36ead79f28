import CustomCombine
import TestSupport
import XCTest

final class SubjectSendSequenceTests: XCTestCase {
    func testSendsEveryElementThenTheCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(sequence: 1...3, completion: .finished)
        XCTAssertEqual(recorder.events, [1, 2, 3].asEvents(completion: .finished))
    }

    func testWithoutCompletionTheStreamStaysOpen() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(sequence: [7, 8], completion: nil)
        subject.send(9)
        XCTAssertEqual(recorder.events, [7, 8, 9].asEvents())
    }
}
