import Scrim

/// What libFuzzer calls with each input: what a client writes to `scrim serve`'s stdin —
/// framed (or not) messages, parsed by the framer and the JSON parser and dispatched to the methods — given to a
/// fresh server (no plugin directory) in one write and then byte by byte halves.
func fuzzProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        let server = LanguageServer(options: FuzzOptions.session, output: { _ in }, onExit: { _ in })
        let half = bytes.count / 2
        server.receive(Array(bytes[..<half]))
        server.receive(Array(bytes[half...]))
    }
    return 0
}

/// What every fuzzed server is made with: the manual clock, small Lua limits (a fuzzed input
/// that loops costs milliseconds, not a second).
enum FuzzOptions {
    static var session: SessionOptions {
        var options = SessionOptions()
        options.watch = false
        options.limits = ScrimHost.Limits(instructionBudget: 200_000, memoryLimit: 16 << 20, timeLimit: .milliseconds(200))
        return options
    }
}
