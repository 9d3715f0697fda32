import Foundation
public import MapErrors

/// Runs batch jobs on a fixed number of worker threads as they are read, and hands over
/// their outcomes in job order, holding no more than `window` jobs between reading and
/// handing over: memory stays the same for a thousand jobs or a million.
///
/// A job comes in two steps: rendering, on the worker, and finishing (writing the files,
/// whose `fsync` mostly waits on the disk), on a writer thread of the worker's own. So a
/// worker renders job n + 1 while job n's files are written, even with one worker; it
/// waits for job n's files before handing over job n + 1's, so at most two maps per worker
/// are in memory. A slow job holds back the handing over of the jobs after it, and once
/// `window` jobs wait, the reading of new ones.
public final class BatchPipeline<Job, Outcome>: @unchecked Sendable {
    /// What is left of a job after its first step: the step that produces its outcome.
    public typealias Finish = () -> Outcome

    private let workers: Int
    private let window: Int
    private let condition = NSCondition()
    private var queue: [(index: Int, job: Job)] = []
    private var queueStart = 0
    private var isReadingDone = false
    private var read = 0
    private var delivered = 0
    private var waiting: [Int: Outcome] = [:]
    /// The most jobs ever held between reading and handing over, at most `window`.
    public private(set) var mostInFlight = 0

    /// - Parameters:
    ///   - workers: how many jobs run at once.
    ///   - window: how many jobs may be read and not yet handed over; at least `workers`
    ///     (four per worker when not given).
    public init(workers: Int, window: Int? = nil) {
        self.workers = max(1, workers)
        self.window = max(self.workers, window ?? 4 * self.workers)
    }

    /// Reads jobs with `next` (on the calling thread) until it returns `nil`, runs `start`
    /// on a worker and then its `Finish` on the worker's writer, and calls `deliver` with
    /// each outcome in job order, one at a time.
    ///
    /// - Throws: what `next` throws, after the jobs read before have finished.
    public func run(
        next: () throws(MapError) -> Job?,
        start: @escaping @Sendable (Job) -> Finish,
        deliver: @escaping @Sendable (Outcome) -> Void
    ) throws(MapError) {
        let group = DispatchGroup()
        var started = 0
        var failure: MapError?
        while true {
            condition.lock()
            while read - delivered >= window { condition.wait() }
            condition.unlock()
            let job: Job?
            do throws(MapError) {
                job = try next()
            } catch {
                failure = error
                job = nil
            }
            guard let job else { break }
            condition.lock()
            queue.append((read, job))
            read += 1
            mostInFlight = max(mostInFlight, read - delivered)
            condition.broadcast()
            condition.unlock()
            // Workers start with the first jobs, so a short batch does not start idle ones.
            if started < workers {
                started += 1
                let worker = started
                DispatchQueue.global().async(group: group) { self.work(start, deliver, worker: worker) }
            }
        }
        condition.lock()
        isReadingDone = true
        condition.broadcast()
        condition.unlock()
        group.wait()
        if let failure { throw failure }
    }

    private func work(
        _ start: @escaping @Sendable (Job) -> Finish, _ deliver: @escaping @Sendable (Outcome) -> Void, worker: Int
    ) {
        let writer = DispatchQueue(label: "maprender.batch.writer.\(worker)")
        let writing = DispatchGroup()
        while true {
            condition.lock()
            while queueStart == queue.count && !isReadingDone { condition.wait() }
            guard queueStart < queue.count else {
                condition.unlock()
                break
            }
            let (index, job) = queue[queueStart]
            queueStart += 1
            if queueStart > 64 && queueStart * 2 > queue.count {
                queue.removeFirst(queueStart)
                queueStart = 0
            }
            condition.unlock()
            let finish = Box(start(job))
            writing.wait()
            writer.async(group: writing) {
                let outcome = finish.value()
                self.condition.lock()
                self.waiting[index] = outcome
                while let ready = self.waiting.removeValue(forKey: self.delivered) {
                    deliver(ready)
                    self.delivered += 1
                }
                self.condition.broadcast()
                self.condition.unlock()
            }
        }
        writing.wait()
    }
}

/// Carries a value to another thread; the pipeline hands each one over once.
private struct Box<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
