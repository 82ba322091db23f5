#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Reads a file descriptor on its own thread until end of input or a read error, handing each
/// chunk (up to 64 KiB) to `onData` and calling `onEnd` once at the end.
public final class InputReader: Sendable {
    private let fileDescriptor: Int32
    private let onData: @Sendable ([UInt8]) -> Void
    private let onEnd: @Sendable () -> Void

    public init(fileDescriptor: Int32, onData: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        self.fileDescriptor = fileDescriptor
        self.onData = onData
        self.onEnd = onEnd
    }

    public func start() {
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                onData(Array(chunk[0..<count]))
            }
            onEnd()
        }
        thread.name = "scrim-input"
        thread.start()
    }
}
