import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads whole files with `open`/`read`: `FileManager.contents(atPath:)` leaks a 4 KiB buffer
/// for every empty file it reads (swift-foundation's zero-size path; found by the plugin fuzzer),
/// and plugin files, scenes and interaction scripts may well be empty.
package enum FileContents {
    /// The bytes of the file at `path`, or nil when it cannot be opened or read (a directory,
    /// a missing file, no permission).
    package static func read(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return Data(bytes)
    }
}
