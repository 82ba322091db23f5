/// Splits a byte stream into LSP base-protocol messages (Docs/Protocol.md, "Framing"): header
/// lines `Name: value\r\n`, a blank line, then exactly `Content-Length` bytes of body. Header names
/// are case-insensitive, the value may follow the colon without a space and is trimmed of spaces
/// and tabs, and headers other than `Content-Length` are ignored. A pure value: feed it bytes in
/// any pieces with `append` and take what it frames with `next` until that returns nil.
///
/// What bad input (Docs/Protocol.md, "Errors") does depends on `onBadHeader`. On stdio the framer
/// is forgiving (`.resynchronise`): a problem is reported once as `.invalid`, and the framer
/// discards bytes up to the next `Content-Length` header (junk may run straight into it, as the
/// rest of a body whose length was counted in characters does). On TCP it is strict (`.close`):
/// the first problem (an HTTP request line is one, at the `/` after its method) is reported as
/// `.close`, and nothing after it is framed: a web page's request to the port never reaches a
/// handler, however its body is laid out. Memory stays bounded whatever arrives: once `next` has
/// returned nil, at most an incomplete header block (`maximumHeaderLength` bytes and the start of
/// its closing blank line), the incomplete part of one body (`maximumContentLength`) or the
/// 14-byte tail kept while resynchronising is buffered; a body's storage grows as its bytes
/// arrive, never to the declared length up front.
package struct MessageFramer: Sendable {
    /// The largest body accepted: 64 MiB.
    package static let maximumContentLength = 64 << 20
    /// The most bytes a header block may have before the `\r\n\r\n` that ends it.
    package static let maximumHeaderLength = 8192

    /// What the framer does after a bad header or bytes that are not a header.
    package enum BadHeaderPolicy: Sendable {
        /// Report it and skip to the next `Content-Length` header (stdio).
        case resynchronise
        /// Report it and frame nothing more: the connection is to be closed (TCP).
        case close
    }

    private let onBadHeader: BadHeaderPolicy

    /// Received bytes; those before `start` are consumed and dropped now and then, not per message.
    private var buffer: [UInt8] = []
    private var start = 0
    private var state: State

    private enum State {
        /// Reading a header block that begins at `start`.
        case header(HeaderScan)
        /// A header block declared `length` bytes of body, which begins at `start`.
        case body(length: Int)
        /// Discarding bytes up to the next `Content-Length`.
        case resynchronising
        /// A strict framer met bad input: everything is discarded from now on.
        case closed
    }

    package init(onBadHeader: BadHeaderPolicy = .resynchronise) {
        self.onBadHeader = onBadHeader
        state = .header(HeaderScan(strict: onBadHeader == .close))
    }

    /// Bytes received and not yet framed or discarded.
    package var bufferedByteCount: Int { buffer.count - start }
    /// The work done so far, in bytes: header bytes read (each once, however the block arrives)
    /// and bytes moved when the buffer is compacted. Both grow with the bytes received, never
    /// with the square of the messages in them: tests check it.
    package private(set) var headerBytesRead = 0
    package private(set) var bytesMoved = 0

    /// Adds received bytes (dropped once a strict framer has closed).
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isClosed else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Adds received bytes (dropped once a strict framer has closed).
    package mutating func append(_ bytes: [UInt8]) {
        guard !isClosed else { return }
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// Whether a strict framer has met bad input and frames nothing more.
    package var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// The next message body or report of bad input; nil when more bytes are needed.
    package mutating func next() -> FramedInput? {
        while true {
            switch state {
            case .closed:
                return nil
            case .resynchronising:
                guard resynchronise() else { return nil }
            case .body(let length):
                guard bufferedByteCount >= length else { return nil }
                let body = Array(buffer[start..<start + length])
                start += length
                state = .header(HeaderScan(strict: onBadHeader == .close))
                return .message(body)
            case .header(var scan):
                var read = 0
                let outcome = buffer.withUnsafeBufferPointer { scan.scan(UnsafeBufferPointer(rebasing: $0[start...]), counting: &read) }
                headerBytesRead += read
                switch outcome {
                case .incomplete:
                    state = .header(scan)
                    return nil
                case .complete(let length, let headerLength):
                    start += headerLength
                    state = .body(length: length)
                case .invalid(let problem, _) where onBadHeader == .close:
                    buffer = []
                    start = 0
                    state = .closed
                    return .close(problem)
                case .invalid(let problem, let resumeOffset):
                    start += resumeOffset
                    state = .resynchronising
                    _ = resynchronise()
                    return .invalid(problem)
                }
            }
        }
    }

    // MARK: Resynchronising

    /// `content-length`, matched in any case and followed by `:`, a space or a tab.
    private static let headerName = Array("content-length".utf8)

    /// Drops bytes up to the next `Content-Length` header, wherever it starts; true once one is at
    /// `start`. Without one, keeps only the last bytes, which could be the beginning of one.
    private mutating func resynchronise() -> Bool {
        let name = Self.headerName
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index + name.count < bytes.count {
                if bytes[index] | 0x20 == name[0], Self.matchesHeaderName(bytes, at: index) { return index }
                index += 1
            }
            return nil
        }
        guard let found else {
            start = max(start, buffer.count - name.count)
            return false
        }
        start = found
        state = .header(HeaderScan(strict: onBadHeader == .close))
        return true
    }

    /// Whether `content-length` (any case) and a `:`, space or tab are at `index`; the caller
    /// ensures that the bytes are there.
    private static func matchesHeaderName(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        for (offset, expected) in headerName.enumerated() where asciiLowercase(bytes[index + offset]) != expected {
            return false
        }
        let next = bytes[index + headerName.count]
        return next == UInt8(ascii: ":") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// Drops consumed bytes when they are at least half of the buffer (so each byte moves at most
    /// a few times), and a large buffer's storage once all of it is consumed.
    private mutating func compact() {
        if start == buffer.count {
            if buffer.capacity > 1 << 20 { buffer = [] } else { buffer.removeAll(keepingCapacity: true) }
            start = 0
        } else if start >= 1 << 16, start * 2 >= buffer.count {
            bytesMoved += buffer.count - start
            buffer.removeSubrange(..<start)
            start = 0
        }
    }
}

extension MessageFramer {
    /// Reads one header block byte by byte, across as many `scan` calls as its bytes take to arrive,
    /// and checks each line as it ends.
    private struct HeaderScan {
        enum Outcome {
            case incomplete
            /// The block declared `length` bytes of body and took `headerLength` bytes, blank line included.
            case complete(length: Int, headerLength: Int)
            /// A report, and the offset from which to look for the next header.
            case invalid(String, resumeOffset: Int)
        }

        private enum Position {
            case lineStart, name, beforeColon, value, valueCR, blankLineCR
        }

        /// Whether the scan is a strict framer's, which reports junk as a bad line (nothing is skipped).
        private let strict: Bool
        private var position = Position.lineStart
        /// Offsets from the start of the block: the next byte to read, the current line, the end of its
        /// name and its colon.
        private var scanned = 0
        private var lineStart = 0
        private var nameEnd = 0
        private var colon = 0
        private var contentLength: Int?

        init(strict: Bool) {
            self.strict = strict
        }

        /// Reads on in `block` (the block's bytes so far, from its first); adds the bytes it reads
        /// to `read`.
        mutating func scan(_ block: UnsafeBufferPointer<UInt8>, counting read: inout Int) -> Outcome {
            while scanned < block.count {
                read += 1
                // The `\r\n\r\n` ending a block of the largest size would end before this byte.
                if scanned >= MessageFramer.maximumHeaderLength + 4 {
                    return .invalid("header block exceeds \(MessageFramer.maximumHeaderLength) bytes", resumeOffset: lineStart + 1)
                }
                let byte = block[scanned]
                switch position {
                case .lineStart:
                    if byte == Self.cr {
                        position = .blankLineCR
                    } else if Self.isTokenByte(byte) {
                        position = .name
                    } else {
                        return notAHeaderLine(block)
                    }
                case .name:
                    if byte == UInt8(ascii: ":") {
                        (nameEnd, colon, position) = (scanned, scanned, .value)
                    } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                        (nameEnd, position) = (scanned, .beforeColon)
                    } else if !Self.isTokenByte(byte) {
                        return notAHeaderLine(block)
                    }
                case .beforeColon:
                    if byte == UInt8(ascii: ":") {
                        (colon, position) = (scanned, .value)
                    } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                        return notAHeaderLine(block)
                    }
                case .value:
                    if byte == Self.cr {
                        position = .valueCR
                    } else if byte == Self.lf {
                        return notAHeaderLine(block)
                    }
                case .valueCR:
                    guard byte == Self.lf else { return notAHeaderLine(block) }
                    if let problem = takeLine(block) { return .invalid(problem, resumeOffset: lineStart + 1) }
                    (lineStart, position) = (scanned + 1, .lineStart)
                case .blankLineCR:
                    guard byte == Self.lf else { return notAHeaderLine(block) }
                    guard let contentLength else { return .invalid("missing Content-Length header", resumeOffset: 1) }
                    return .complete(length: contentLength, headerLength: scanned + 1)
                }
                scanned += 1
            }
            return .incomplete
        }

        /// The report for the line being read, which is not `Name: value\r\n`. Bytes that do not even
        /// begin like a header are junk (the rest of a body whose length was miscounted, say).
        private func notAHeaderLine(_ block: UnsafeBufferPointer<UInt8>) -> Outcome {
            let isJunk = !strict && lineStart == 0 && [.lineStart, .name, .beforeColon, .blankLineCR].contains(position)
            let problem = isJunk
                ? "bytes that are not a header were skipped up to the next Content-Length header"
                : "header line beginning '\(Self.excerpt(block[lineStart...scanned]))' is not 'Name: value' ended by \\r\\n"
            return .invalid(problem, resumeOffset: lineStart + 1)
        }

        /// Takes in the line that just ended (at `scanned`, its `\n`); a problem with it, if any.
        private mutating func takeLine(_ block: UnsafeBufferPointer<UInt8>) -> String? {
            let name = block[lineStart..<nameEnd]
            let expected = MessageFramer.headerName
            guard name.count == expected.count, name.elementsEqual(expected, by: { MessageFramer.asciiLowercase($0) == $1 }) else {
                return nil
            }
            var value = block[(colon + 1)..<(scanned - 1)]
            while let first = value.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { value = value.dropFirst() }
            while let last = value.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { value = value.dropLast() }
            switch Self.length(value) {
            case .failure(let problem):
                return problem.message
            case .success(let length):
                if let contentLength, contentLength != length {
                    return "two different Content-Length headers (\(contentLength) and \(length))"
                }
                contentLength = length
                return nil
            }
        }

        private struct Problem: Error {
            let message: String
        }

        /// A `Content-Length` value (trimmed) as a body length.
        private static func length(_ value: Slice<UnsafeBufferPointer<UInt8>>) -> Result<Int, Problem> {
            guard !value.isEmpty else { return .failure(Problem(message: "Content-Length has no value")) }
            let digits = value.first == UInt8(ascii: "-") ? value.dropFirst() : value[...]
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .failure(Problem(message: "Content-Length '\(excerpt(value))' is not a number"))
            }
            guard digits.count == value.count else { return .failure(Problem(message: "negative Content-Length \(excerpt(value))")) }
            var length = 0
            for digit in digits {
                length = length * 10 + Int(digit - UInt8(ascii: "0"))
                if length > MessageFramer.maximumContentLength {
                    let limit = MessageFramer.maximumContentLength >> 20
                    return .failure(Problem(message: "Content-Length \(excerpt(value)) exceeds the \(limit) MiB limit"))
                }
            }
            return .success(length)
        }

        /// Header bytes to quote in a report: at most 40, escaped as in a Swift string literal.
        private static func excerpt(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
            let quoted = String(String(decoding: bytes.prefix(40), as: UTF8.self).debugDescription.dropFirst().dropLast())
            return bytes.count > 40 ? quoted + "…" : quoted
        }

        private static let cr = UInt8(ascii: "\r")
        private static let lf = UInt8(ascii: "\n")

        /// Whether `byte` may be part of a header name (an RFC 9110 token).
        private static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
                UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }
    }
}
