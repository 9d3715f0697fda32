import Foundation

/// Runs batch jobs on a fixed number of worker threads, each taking the next job when it
/// finishes one, and returns the outcomes in job order.
///
/// A job comes in two steps: rendering, on the worker, and finishing (writing the files,
/// whose `fsync` mostly waits on the disk), on a writer thread of the worker's own. So a
/// worker renders job n + 1 while job n's files are written, even with one worker; it
/// waits for job n's files before handing over job n + 1's, so at most two maps per worker
/// are in memory.
struct BatchRunner: @unchecked Sendable {
    let jobs: [BatchJob]
    let workers: Int

    /// What is left of a job after rendering: a step that produces its outcome.
    struct Finish: @unchecked Sendable {
        let run: () -> BatchCommand.Outcome
        init(_ run: @escaping () -> BatchCommand.Outcome) { self.run = run }
    }

    /// Runs every job: `render` on a worker, then its `Finish` on the worker's writer;
    /// `finished` is called with each outcome as it completes (from the writer threads).
    func run(
        _ render: @escaping @Sendable (BatchJob) -> Finish,
        finished: @escaping @Sendable (BatchCommand.Outcome) -> Void
    ) -> [BatchCommand.Outcome] {
        final class State: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            var outcomes: [BatchCommand.Outcome?]
            init(count: Int) { outcomes = Array(repeating: nil, count: count) }
        }
        let state = State(count: jobs.count)
        let group = DispatchGroup()
        let jobs = self.jobs
        for worker in 0..<max(1, min(workers, jobs.count)) {
            DispatchQueue.global().async(group: group) {
                let writer = DispatchQueue(label: "maprender.batch.writer.\(worker)")
                let writing = DispatchGroup()
                while true {
                    let index: Int = state.lock.withLock {
                        defer { state.next += 1 }
                        return state.next
                    }
                    guard index < jobs.count else { break }
                    let finish = render(jobs[index])
                    writing.wait()
                    writer.async(group: writing) {
                        let outcome = finish.run()
                        finished(outcome)
                        state.lock.withLock { state.outcomes[index] = outcome }
                    }
                }
                writing.wait()
            }
        }
        group.wait()
        return state.outcomes.map { $0! }
    }
}
