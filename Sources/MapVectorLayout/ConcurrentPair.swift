import Dispatch

/// Two independent pieces of work run at once on two threads, or one after the other.
enum ConcurrentPair {
    /// Runs `first` and `second` and returns when both are done: at once on two threads
    /// when `concurrently`, else `first` then `second` on the calling thread.
    ///
    /// The two must not touch the same mutable state; each may write state of its own that
    /// the caller reads afterwards (the return orders those writes before the caller's reads).
    static func run(concurrently: Bool, _ first: () -> Void, and second: () -> Void) {
        guard concurrently else {
            first()
            second()
            return
        }
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                nonisolated(unsafe) let work = [first, second]
                DispatchQueue.concurrentPerform(iterations: 2) { work[$0]() }
            }
        }
    }
}
