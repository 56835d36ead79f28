import OutputMatching
import Testing

@Suite struct OutputAlignmentTests {
    @Test func aWildcardAbsorbsTheLinesItStandsFor() {
        let alignment = OutputAlignment(pattern: "start\n...\nend\n", actual: "start\nx\ny\nend\n")
        #expect(alignment.isMatch)
        #expect(
            alignment.steps == [
                .matched(pattern: "start", actual: "start"), .wildcard(absorbed: ["x", "y"]),
                .matched(pattern: "end", actual: "end"),
            ])
    }

    @Test func aLineIsReplacedRatherThanRemovedAndAdded() {
        let alignment = OutputAlignment(pattern: "a\nb\nc\n", actual: "a\nx\nc\n")
        #expect(!alignment.isMatch)
        #expect(
            alignment.steps == [
                .matched(pattern: "a", actual: "a"), .replaced(old: "b", new: "x"),
                .matched(pattern: "c", actual: "c"),
            ])
    }
}
