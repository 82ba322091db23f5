import Foundation

/// What `/proc` says of a process: its descriptors, threads and resident memory.
enum ProcessFacts {
    static func descriptors(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    static func threads(_ pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? -1
    }

    static func residentBytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { return -1 }
        return kilobytes * 1024
    }
}
