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
        // One hash look-up, not two: the check reads what the insertion replaced.
        let replaced = indices.updateValue(slots.count, forKey: id)
        precondition(replaced == nil, "subscribed twice with the same identifier")
        slots.append(Slot(id: id, element: element))
    }

    @discardableResult
    mutating func remove(id: CombineIdentifier) -> Element? {
        guard let index = indices.removeValue(forKey: id) else { return nil }
        if index == slots.count - 1 {
            // The newest subscriber leaves (a subscribe soon followed by its cancel, the
            // common churn): drop it and the holes before it, so no hole is left to compact.
            // Without holes (the usual case) the loop reads nothing.
            let removed = slots.removeLast()?.element
            while slots.count > indices.count, slots[slots.count - 1] == nil {
                slots.removeLast()
            }
            return removed
        } else {
            let removed = slots[index]?.element
            slots[index] = nil
            if slots.count - indices.count > 16 && (slots.count - indices.count) * 2 > slots.count {
                compact()
            }
            return removed
        }
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
