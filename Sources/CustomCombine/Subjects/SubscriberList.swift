/// Subscribers of a subject in the order they subscribed, with removal by identifier
/// that does not slow down as the list grows.
///
/// Removal leaves a hole instead of shifting the array, and the holes are compacted once
/// they make up half of it, so adding and removing cost amortized O(1). Sending walks
/// `slots`, a copy-on-write array: taking it as a snapshot costs no allocation.
@usableFromInline
struct SubscriberList<Element> {
    @usableFromInline
    struct Slot {
        @usableFromInline let id: CombineIdentifier
        @usableFromInline let element: Element
    }

    // Written only by the methods below.
    @usableFromInline var slots: [Slot?] = []
    private var indices: [CombineIdentifier: Int] = [:]

    var count: Int { indices.count }

    var isEmpty: Bool { indices.isEmpty }

    mutating func append(_ element: Element, id: CombineIdentifier) {
        precondition(indices[id] == nil, "subscribed twice with the same identifier")
        indices[id] = slots.count
        slots.append(Slot(id: id, element: element))
    }

    @discardableResult
    mutating func remove(id: CombineIdentifier) -> Element? {
        guard let index = indices.removeValue(forKey: id) else { return nil }
        let removed = slots[index]?.element
        slots[index] = nil
        if slots.count - indices.count > 16 && (slots.count - indices.count) * 2 > slots.count {
            compact()
        }
        return removed
    }

    private mutating func compact() {
        slots.removeAll { $0 == nil }  // in place: no new array unless a snapshot shares it
        for (index, slot) in slots.enumerated() {
            indices[slot!.id] = index
        }
    }

    /// The elements in subscription order.
    var elements: [Element] {
        slots.compactMap { $0?.element }
    }
}
