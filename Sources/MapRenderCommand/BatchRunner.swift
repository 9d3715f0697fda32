import Foundation

/// Runs batch jobs on a fixed number of worker threads, each taking the next job when it
/// finishes one, and returns the outcomes in job order.
struct BatchRunner: @unchecked Sendable {
    let jobs: [BatchJob]
    let workers: Int

    func run(_ body: @escaping @Sendable (BatchJob) -> BatchCommand.Outcome) -> [BatchCommand.Outcome] {
        final class State: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            var outcomes: [BatchCommand.Outcome?]
            init(count: Int) { outcomes = Array(repeating: nil, count: count) }
        }
        let state = State(count: jobs.count)
        let group = DispatchGroup()
        let jobs = self.jobs
        for _ in 0..<max(1, min(workers, jobs.count)) {
            DispatchQueue.global().async(group: group) {
                while true {
                    state.lock.lock()
                    let index = state.next
                    state.next += 1
                    state.lock.unlock()
                    guard index < jobs.count else { return }
                    let outcome = body(jobs[index])
                    state.lock.lock()
                    state.outcomes[index] = outcome
                    state.lock.unlock()
                }
            }
        }
        group.wait()
        return state.outcomes.map { $0! }
    }
}
