#if canImport(Glibc)
import Glibc
#endif
import RewrapCommandLine
import RewrapLayout
import RewrapPanelFile

// Median time to plan n items, for the flow layout and the chip row. Each
// sample times enough repetitions to last about a millisecond, so tiny plans
// are not lost in clock noise.

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Seconds per call of `body`, the median of `samples` samples.
func measure(samples: Int = 15, _ body: () -> Int) -> Double {
    var repetitions = 1
    var sink = 0
    while true {
        let start = now()
        for _ in 0..<repetitions { sink &+= body() }
        if now() - start > 1e-3 || repetitions > 1 << 20 { break }
        repetitions *= 2
    }
    var times: [Double] = []
    for _ in 0..<samples {
        let start = now()
        for _ in 0..<repetitions { sink &+= body() }
        times.append((now() - start) / Double(repetitions))
    }
    if sink == 42 { print("") }   // keeps the work observable
    return median(times)
}

func format(_ seconds: Double, unit: Double, _ name: String) -> String {
    let value = ((seconds / unit) * 100).rounded() / 100
    return "\(value) \(name)"
}

var rng = SystemRandomNumberGenerator()
print("| items | flow plan (median) | per item | chip row plan (median) | per item |")
print("|---:|---:|---:|---:|---:|")
for n in [10, 1_000, 100_000] {
    let items = (0..<n).map { _ in FlowItem(width: Double.random(in: 40...220, using: &rng), height: 28) }
    let chips = items.map(\.size)
    let badges = (0..<n).map { _ in Size(width: Double.random(in: 50...70, using: &rng), height: 28) }
    let flow = FlowLayout(spacing: .constant(8))
    let row = ChipRowLayout(spacing: 8)
    let flowTime = measure { flow.plan(for: Proposal(width: 640), items: items).rows.count }
    let chipTime = measure { row.plan(for: Proposal(width: 640), chips: chips, badges: badges).visible }
    print("| \(n) | \(format(flowTime, unit: 1e-6, "µs")) | \(format(flowTime / Double(n), unit: 1e-9, "ns")) | \(format(chipTime, unit: 1e-6, "µs")) | \(format(chipTime / Double(n), unit: 1e-9, "ns")) |")
}

// The whole `rewrap plan flow` command in process: reading the arguments,
// planning and writing the JSON. The cost per size must stay flat.
print("")
print("| sizes | rewrap plan flow (median) | per size |")
print("|---:|---:|---:|")
for n in [1_000, 10_000, 100_000] {
    let tokens = ["flow", "--width", "640"] + (0..<n).map { "\(40 + $0 % 180)x28" }
    let time = measure(samples: 7) { ((try? PlanCommand.run(tokens)) ?? "").utf8.count }
    print("| \(n) | \(format(time, unit: 1e-3, "ms")) | \(format(time / Double(n), unit: 1e-9, "ns")) |")
}

// The panel-file reader on a megabyte: a panel of long chip titles, read
// and checked whole, and one value nested a megabyte deep, which the
// nesting bound refuses at its 65th level in one line.
print("")
print("| 1 MB panel file | parse (median) | result |")
print("|---|---:|---|")
var chips: [String] = []
while chips.reduce(0, { $0 + $1.utf8.count + 2 }) < 1 << 20 - 200 {
    chips += (chips.count..<chips.count + 1000).map { #"{"id": "chip-\#($0)", "title": "A long sample label, number \#($0), to fill a megabyte"}"# }
}
let chipCount = chips.count
let large = #"{"title": "Rewrap", "menus": {"heading": "Layout options", "footer": "Choose.", "items": [{"id": "shape", "title": "Shape", "options": ["Circle", "Square"], "selected": "Circle"}]}, "chips": {"heading": "Labels", "footer": "Resize.", "items": ["#
    + chips.joined(separator: ", ") + "]}}"
let deep = String(repeating: "[", count: 1 << 20)
for (name, text) in [("\(chipCount) chips, \(large.utf8.count) bytes", large), ("one array nested \(deep.utf8.count) deep", deep)] {
    let bytes = Array(text.utf8)
    var outcome = ""
    let time = measure(samples: 7) {
        do throws(PanelError) {
            outcome = "\(try PanelLoader.parse(bytes, file: "bench.json", reserving: []).chips.items.count) chips read"
        } catch {
            outcome = error.message
        }
        return outcome.utf8.count
    }
    print("| \(name) | \(format(time, unit: 1e-3, "ms")) | \(outcome.split(separator: ": ").last ?? "") |")
}
