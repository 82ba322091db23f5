/// The DevTools pipe's framing: each message is JSON text followed by a NUL byte. Bytes go in as
/// they are read; whole messages come out in order. A message may not grow past `limit` bytes:
/// a reader never holds more than that (and one read) of a message that never ends.
struct DevToolsFramer {
    /// The longest message allowed, in bytes.
    let limit: Int
    private var buffer: [UInt8] = []
    /// Where the next message starts in `buffer`.
    private var start = 0
    /// How far from `start` the buffer has been searched for a NUL.
    private var searched = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// A message's bytes with its NUL terminator.
    static func frame(_ message: [UInt8]) -> [UInt8] {
        var framed = message
        framed.append(0)
        return framed
    }

    /// Adds bytes read from the pipe.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0, start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message (without its NUL), or nil until one has arrived.
    ///
    /// - Throws: `RenderError.messageTooLarge` when the message under way is over `limit`.
    mutating func next() throws(RenderError) -> [UInt8]? {
        let from = start + searched
        if let end = buffer[from...].firstIndex(of: 0) {
            guard end - start <= limit else { throw .messageTooLarge(limit: limit) }
            let message = Array(buffer[start..<end])
            start = end + 1
            searched = 0
            // Drop what was read once it is most of the buffer.
            if start > 1 << 20, start * 2 > buffer.count {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            return message
        }
        searched = buffer.count - start
        guard searched <= limit else { throw .messageTooLarge(limit: limit) }
        return nil
    }
}
