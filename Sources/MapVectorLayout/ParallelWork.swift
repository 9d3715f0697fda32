import Dispatch
import Foundation
import Synchronization

/// Runs blocking work (range requests, tile reading and decoding, the second half of a
/// layout) on threads of its own, never on Swift concurrency's cooperative pool or
/// Dispatch's global queues, so a caller blocking either cannot stall it (as
/// `HTTPTileSource` does).
package enum ParallelWork {
    /// `body` applied to every item, on up to `workers` threads; results in item order.
    package static func map<Item: Sendable, Output: Sendable>(
        _ items: [Item], workers: Int, _ body: @escaping @Sendable (Item) -> Output
    ) -> [Output] {
        let count = min(workers, items.count)
        guard count > 1 else { return items.map(body) }
        let state = Queue<Output>(count: items.count)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<count {
            Thread.detachNewThread {
                while let index = state.next() { state.store(body(items[index]), at: index) }
                finished.signal()
            }
        }
        for _ in 0..<count { finished.wait() }
        return state.results()
    }

    /// The next item to take and the outputs so far, shared by the workers.
    private final class Queue<Output: Sendable>: Sendable {
        private let state: Mutex<(next: Int, outputs: [Output?])>

        init(count: Int) { state = Mutex((0, Array(repeating: nil, count: count))) }

        func next() -> Int? {
            state.withLock { state in
                guard state.next < state.outputs.count else { return nil }
                state.next += 1
                return state.next - 1
            }
        }

        func store(_ output: Output, at index: Int) { state.withLock { $0.outputs[index] = output } }

        func results() -> [Output] { state.withLock { $0.outputs.map { $0! } } }
    }
}
