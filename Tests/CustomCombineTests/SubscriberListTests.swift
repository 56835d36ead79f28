import XCTest

@testable import CustomCombine

/// The list's order and its removal by identifier, through both ways a removal takes: the
/// newest element leaving (its slot and the holes before it are dropped) and any other
/// leaving (a hole, compacted later).
final class SubscriberListTests: XCTestCase {
    private func list(_ names: [String]) -> (SubscriberList<String>, [String: CombineIdentifier]) {
        var list = SubscriberList<String>()
        var ids: [String: CombineIdentifier] = [:]
        for name in names {
            let id = CombineIdentifier()
            ids[name] = id
            list.append(name, id: id)
        }
        return (list, ids)
    }

    func testRemovingTheNewestDropsItAndTheHolesBeforeIt() {
        var (list, ids) = list(["a", "b", "c", "d"])
        XCTAssertEqual(list.remove(id: ids["c"]!), "c")  // a hole
        XCTAssertEqual(list.slots.count, 4)
        XCTAssertEqual(list.remove(id: ids["d"]!), "d")  // the newest: it and the hole go
        XCTAssertEqual(list.slots.count, 2)
        XCTAssertEqual(list.elements, ["a", "b"])
        XCTAssertEqual(list.count, 2)
    }

    func testOrderAndLookUpSurviveChurnAndCompaction() {
        var (list, ids) = list((0..<40).map { "s\($0)" })
        // Holes in the middle, enough to compact, interleaved with subscribe + cancel churn.
        for index in stride(from: 1, to: 40, by: 2) {
            XCTAssertEqual(list.remove(id: ids["s\(index)"]!), "s\(index)")
            let churn = CombineIdentifier()
            list.append("churn", id: churn)
            XCTAssertEqual(list.remove(id: churn), "churn")
        }
        let expected = stride(from: 0, to: 40, by: 2).map { "s\($0)" }
        XCTAssertEqual(list.elements, expected)
        XCTAssertLessThan(list.slots.count, 40, "compacted")
        // Every identifier still finds its own element after compaction.
        for name in expected {
            XCTAssertEqual(list.remove(id: ids[name]!), name)
        }
        XCTAssertNil(list.remove(id: ids["s0"]!))
        XCTAssertTrue(list.isEmpty)
        XCTAssertTrue(list.slots.isEmpty, "the last removal leaves no hole behind")
    }
}
