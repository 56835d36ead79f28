/// The marble blocks of a chapter as `workbook list` shows them, beside the swift blocks:
/// `marble, checks example NAME`.
enum MarbleListing {
    /// One entry per marble block of `chapter`, with its fence line.
    static func entries(of chapter: Chapter) -> [(line: Int, text: String)] {
        chapter.units.flatMap { unit -> [(line: Int, text: String)] in
            guard case .example(let test, let checks) = unit.kind else { return [] }
            return checks.filter { $0.kind == .marble }.map {
                (line: $0.fenceLine, text: "marble, checks example \(test.name)")
            }
        }
    }
}
