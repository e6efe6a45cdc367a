#if canImport(Glibc)
import Glibc
#endif

/// Monotonic seconds.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// The best seconds per call of `body` over repeated rounds that together take about `budget` seconds.
func bestSecondsPerCall(budget: Double, _ body: () -> Void) -> Double {
    body()  // warm up
    var iterations = 1
    while true {
        let start = now()
        for _ in 0..<iterations { body() }
        let elapsed = now() - start
        if elapsed > budget / 20 || iterations > 1 << 24 { break }
        iterations *= 2
    }
    var best = Double.infinity
    let deadline = now() + budget
    repeat {
        let start = now()
        for _ in 0..<iterations { body() }
        best = min(best, (now() - start) / Double(iterations))
    } while now() < deadline
    return best
}

/// The best seconds per call of each contender, measured in alternating
/// rounds so that a noisy machine slows every contender alike.
func bestSecondsPerCall(budget: Double, comparing contenders: [() -> Void]) -> [Double] {
    var iterations: [Int] = []
    for body in contenders {
        body()  // warm up
        var n = 1
        while true {
            let start = now()
            for _ in 0..<n { body() }
            if now() - start > budget / Double(20 * contenders.count) || n > 1 << 24 { break }
            n *= 2
        }
        iterations.append(n)
    }
    var best = [Double](repeating: .infinity, count: contenders.count)
    let deadline = now() + budget
    repeat {
        for (i, body) in contenders.enumerated() {
            let start = now()
            for _ in 0..<iterations[i] { body() }
            best[i] = min(best[i], (now() - start) / Double(iterations[i]))
        }
    } while now() < deadline
    return best
}

func fmt(_ x: Double) -> String {
    guard x.isFinite else { return "-" }
    if x >= 100 { return String(Int(x.rounded())) }
    let scaled = Int((x * 100).rounded())
    let fraction = scaled % 100
    return "\(scaled / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
}

func geometricMean(_ xs: [Double]) -> Double {
    exp(xs.map { log($0) }.reduce(0, +) / Double(xs.count))
}

/// Keeps results alive so the optimizer can't drop the work.
nonisolated(unsafe) var sink = 0
