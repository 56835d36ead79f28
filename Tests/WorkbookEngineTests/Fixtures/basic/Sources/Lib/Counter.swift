struct Counter {
    var count = 0

    // snippet.increment
    mutating func increment() {
        // snippet.hide
        count += 1
    }
    // snippet.end
}
