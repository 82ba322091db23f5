import Foundation
import Scrim
import ScrimJSON

/// A `scrim serve` child process driven over pipes, for the protocol benchmarks: requests are
/// written as they come (pipelined) and the replies are framed as they arrive.
final class ServeClient: @unchecked Sendable {
    // @unchecked Sendable: `framer` and `received` are touched only by `readAll` and `waitFor`,
    // which a benchmark calls from one thread at a time; the process and pipes are thread-safe.
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var framer = MessageFramer()
    private(set) var received: [JSONValue] = []

    init(arguments: [String] = []) throws {
        // The `scrim` binary beside this one (this one is `scrim` itself, or `scrim-bench`).
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("scrim")
        process.arguments = ["serve"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes messages (framed) in one write.
    func send(_ messages: [JSONValue]) {
        var bytes: [UInt8] = []
        for message in messages { bytes += MessageWriter.frame(message.serialized()) }
        input.fileHandleForWriting.write(Data(bytes))
    }

    func request(id: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue {
        ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
    }

    /// Reads until `done` says so (or the server's output ends); `onMessage` sees each message.
    func read(until done: (JSONValue) -> Bool) {
        let handle = output.fileHandleForReading
        while true {
            while let input = framer.next() {
                if case .message(let body) = input, let value = try? JSONValue(parsing: body) {
                    received.append(value)
                    if done(value) { return }
                }
            }
            let data = handle.availableData
            if data.isEmpty { return }
            framer.append([UInt8](data))
        }
    }

    /// Reads until `done` says so, like `read(until:)`, but keeps `scrim/frame` notifications
    /// as raw bodies with their arrival times, to be parsed afterwards: parsing a thousand views
    /// as they arrive would make this client, not the server, the bottleneck on a small machine.
    func readKeepingFrames(until done: (JSONValue) -> Bool) -> [(arrival: UInt64, body: [UInt8])] {
        let handle = output.fileHandleForReading
        var frames: [(arrival: UInt64, body: [UInt8])] = []
        while true {
            while let input = framer.next() {
                guard case .message(let body) = input else { continue }
                if body.starts(with: Self.framePrefix) {
                    frames.append((DispatchTime.now().uptimeNanoseconds, body))
                } else if let value = try? JSONValue(parsing: body) {
                    received.append(value)
                    if done(value) { return frames }
                }
            }
            let data = handle.availableData
            if data.isEmpty { return frames }
            framer.append([UInt8](data))
        }
    }

    /// How the server begins every `scrim/frame` notification.
    private static let framePrefix = Array(#"{"jsonrpc":"2.0","method":"scrim/frame","#.utf8)

    /// CPU seconds the server process used so far (user + system, from /proc).
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // Fields after the command: state is 0, utime 11, stime 12 (clock ticks).
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends `exit` and waits for the process, draining what it still writes (a server blocked
    /// on a full pipe could not read `exit`).
    func close() {
        let output = output.fileHandleForReading
        let drained = Thread { while !output.availableData.isEmpty {} }
        drained.start()
        send([["jsonrpc": "2.0", "method": "exit"]])
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
