@_exported import OpenCombineShim

/// Counts the values of a publisher that never fails, using only API every Combine has.
public func count<P: Publisher>(_ publisher: P) -> Int where P.Failure == Never {
    var total = 0
    _ = publisher.sink { _ in total += 1 }
    return total
}
