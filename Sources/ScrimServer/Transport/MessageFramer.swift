/// Splits a byte stream into LSP base-protocol messages (SPEC §7.1): header lines
/// `Name: value\r\n` ending with a blank line, then exactly `Content-Length` bytes. Header names
/// are case-insensitive, other headers are ignored, the value may follow the colon without a
/// space. A pure value: feed it bytes in any pieces with `append`, take messages with `next`.
///
/// Memory stays bounded whatever arrives: a header block may be at most `maximumHeaderLength`
/// bytes and a body at most `maximumContentLength`; past a bad header the framer discards bytes
/// up to the next `Content-Length` and keeps only a short tail while it scans.
public struct MessageFramer: Sendable {
    public static let maximumContentLength = 64 << 20
    public static let maximumHeaderLength = 8192

    private var buffer: [UInt8] = []
    /// Where unread bytes start in `buffer` (compacted now and then, not per message).
    private var start = 0
    /// The body length of the header block already read, while its body is incomplete.
    private var pendingLength: Int?
    /// Discarding bytes up to the next `Content-Length` line.
    private var resynchronising = false

    public init() {}

    /// Bytes buffered and not yet framed.
    public var bufferedByteCount: Int { buffer.count - start }

    public mutating func append(_ bytes: [UInt8]) {
        compactIfNeeded()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfNeeded()
        buffer.append(contentsOf: bytes)
    }

    /// The next message, a report of bad input, or nil when more bytes are needed.
    public mutating func next() -> FramedInput? {
        if resynchronising {
            guard resynchronise() else { return nil }
        }
        if let length = pendingLength {
            guard bufferedByteCount >= length else { return nil }
            let body = Array(buffer[start..<start + length])
            start += length
            pendingLength = nil
            return .message(body)
        }
        guard bufferedByteCount > 0 else { return nil }
        // Bytes that cannot start a header (the rest of a body whose length was miscounted,
        // garbage): skip them up to the next `Content-Length` line, and say so once.
        guard startsLikeHeader() else {
            resynchronising = true
            _ = resynchronise()
            return .invalid("bytes that are not a header were skipped up to the next Content-Length header")
        }
        guard let end = headerEnd() else {
            if bufferedByteCount > Self.maximumHeaderLength {
                return fail("header block exceeds \(Self.maximumHeaderLength) bytes", skipping: true)
            }
            return nil
        }
        let header = buffer[start..<end]
        start = end + 4
        switch Self.contentLength(in: header) {
        case .success(let length):
            pendingLength = length
            return next()
        case .failure(let problem):
            return fail(problem.message)
        }
    }

    // MARK: Headers

    private struct HeaderProblem: Error {
        let message: String
    }

    /// The value of the `Content-Length` header of a header block (without its blank line).
    private static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for line in header.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderProblem(message: "header line '\(text(line))' has no ':'"))
            }
            guard isContentLength(line[line.startIndex..<colon]) else { continue }
            let value = text(line[(colon + 1)...]).trimmingSpaces
            guard !value.isEmpty else { return .failure(HeaderProblem(message: "Content-Length has no value")) }
            if value.first == "-", value.dropFirst().allSatisfy(\.isASCIIDigit), value.count > 1 {
                return .failure(HeaderProblem(message: "negative Content-Length \(value)"))
            }
            guard value.allSatisfy(\.isASCIIDigit) else {
                return .failure(HeaderProblem(message: "Content-Length '\(value)' is not a number"))
            }
            guard value.count <= 12, let parsed = Int(value), parsed <= maximumContentLength else {
                return .failure(HeaderProblem(message: "Content-Length \(value) exceeds the 64 MiB limit"))
            }
            if let length, length != parsed {
                return .failure(HeaderProblem(message: "two different Content-Length headers (\(length) and \(parsed))"))
            }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem(message: "missing Content-Length header")) }
        return .success(length)
    }

    private static func isContentLength(_ name: ArraySlice<UInt8>) -> Bool {
        let expected = Array("content-length".utf8)
        let trimmed = name.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard trimmed.count == expected.count else { return false }
        return zip(trimmed, expected).allSatisfy { lowercase($0) == $1 }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(64), as: UTF8.self)
    }

    /// Whether the unread bytes begin with a header name (token characters, then ':'), or could
    /// still turn out to.
    private func startsLikeHeader() -> Bool {
        var index = start
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: ":") { return index > start }
            let isToken = (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
            guard isToken, index - start < 128 else { return false }
            index += 1
        }
        return true
    }

    /// The index of the `\r\n\r\n` ending the header block, if it has arrived.
    private func headerEnd() -> Int? {
        let limit = min(buffer.count, start + Self.maximumHeaderLength + 4)
        guard limit - start >= 4 else { return nil }
        var index = start
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    // MARK: Resynchronising

    /// Reports `message` and starts discarding up to the next `Content-Length`. `skipping` drops
    /// the first unread byte, so that a bad block's own header is not found again.
    private mutating func fail(_ message: String, skipping: Bool = false) -> FramedInput {
        pendingLength = nil
        resynchronising = true
        if skipping, bufferedByteCount > 0 { start += 1 }
        _ = resynchronise()
        return .invalid(message)
    }

    /// Drops bytes up to the next `Content-Length` (any case, anywhere: junk may run straight
    /// into the next header); true once found. Without a match it keeps only the tail that could
    /// be the start of one.
    private mutating func resynchronise() -> Bool {
        let needle = Self.needle
        var index = start
        while index < buffer.count {
            if Self.lowercase(buffer[index]) == needle[0] {
                var matched = 1
                while matched < needle.count, index + matched < buffer.count,
                    Self.lowercase(buffer[index + matched]) == needle[matched]
                {
                    matched += 1
                }
                if matched == needle.count {
                    start = index
                    resynchronising = false
                    return true
                }
                if index + matched == buffer.count {
                    start = index  // a partial match at the end: keep it for the next bytes
                    return false
                }
            }
            index += 1
        }
        start = buffer.count
        return false
    }

    private static let needle = Array("content-length".utf8)

    private mutating func compactIfNeeded() {
        guard start > 0, start >= 4096 || start == buffer.count || start * 2 >= buffer.count else { return }
        buffer.removeSubrange(0..<start)
        start = 0
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
