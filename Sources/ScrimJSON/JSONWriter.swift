extension JSONValue {
    /// The compact JSON text as UTF-8 (see `serialize(into:)`).
    package func serialized() -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(JSONWriter.initialCapacity)
        serialize(into: &buffer)
        return buffer
    }

    /// Appends the compact JSON text as UTF-8: no spaces, object members in order, `/` and
    /// non-ASCII characters as they are, `.double` in its shortest round-trip form (`0.1`, `5.0`,
    /// `1e-07`) and non-finite doubles as `null`.
    package func serialize(into buffer: inout [UInt8]) {
        JSONWriter.write(self, into: &buffer)
    }

    /// The compact JSON text (see `serialize(into:)`).
    package var jsonString: String {
        String(decoding: serialized(), as: UTF8.self)
    }
}

/// Writes JSON values as compact UTF-8 text.
package enum JSONWriter {
    /// The bytes `serialized()` starts with room for, enough for most messages to need no regrowth.
    static let initialCapacity = 256
    /// The room the stack of open arrays and objects starts with: more levels than most values have.
    private static let initialStackCapacity = 16

    /// An array or object being written: the members left, each with its key in an object.
    private enum Open {
        case array(IndexingIterator<[JSONValue]>)
        case object(IndexingIterator<[(key: String, value: JSONValue)]>)

        var opening: UInt8 {
            switch self {
            case .array: UInt8(ascii: "[")
            case .object: UInt8(ascii: "{")
            }
        }

        var closing: UInt8 {
            switch self {
            case .array: UInt8(ascii: "]")
            case .object: UInt8(ascii: "}")
            }
        }

        mutating func next() -> (key: String?, value: JSONValue)? {
            switch self {
            case .array(var items):
                defer { self = .array(items) }
                return items.next().map { (nil, $0) }
            case .object(var members):
                defer { self = .object(members) }
                return members.next().map { ($0.key, $0.value) }
            }
        }
    }

    /// Writes `value`, keeping the arrays and objects it is inside on a stack of its own rather
    /// than recursing, so nesting costs no call depth.
    static func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        var open: [Open] = []
        switch value {
        case .array, .object: open.reserveCapacity(initialStackCapacity)
        default: break
        }
        var next = value
        writing: while true {
            switch next {
            case .array(let items):
                buffer.append(UInt8(ascii: "["))
                open.append(.array(items.makeIterator()))
            case .object(let object):
                buffer.append(UInt8(ascii: "{"))
                open.append(.object(object.makeIterator()))
            default:
                writeScalar(next, into: &buffer)
            }
            // On with the innermost open array or object: its scalars are written here, and the
            // next array or object in it is opened above; it is closed when it has no more.
            // A comma goes before each member but the first, the one right after the bracket (no
            // value's text ends in `[` or `{`).
            while var innermost = open.popLast() {
                while let (key, item) = innermost.next() {
                    if buffer.last != innermost.opening {
                        buffer.append(UInt8(ascii: ","))
                    }
                    if let key {
                        write(key, into: &buffer)
                        buffer.append(UInt8(ascii: ":"))
                    }
                    if !writeScalar(item, into: &buffer) {
                        open.append(innermost)
                        next = item
                        continue writing
                    }
                }
                buffer.append(innermost.closing)
            }
            return
        }
    }

    /// Writes a value that is not an array or an object; false (writing nothing) for those.
    @discardableResult
    private static func writeScalar(_ value: JSONValue, into buffer: inout [UInt8]) -> Bool {
        switch value {
        case .null: append("null", to: &buffer)
        case .bool(let flag): append(flag ? "true" : "false", to: &buffer)
        case .int(let number): write(number, into: &buffer)
        case .double(let number): write(number, into: &buffer)
        case .string(let text): write(text, into: &buffer)
        case .array, .object: return false
        }
        return true
    }

    /// A double in its shortest round-trip form; non-finite ones as `null`.
    package static func write(_ number: Double, into buffer: inout [UInt8]) {
        if number == number.rounded(.towardZero), abs(number) < 1e15, number != 0 || number.sign == .plus {
            // Whole numbers (most of a frame: sizes, identity transforms, opaque colors) skip
            // the shortest-digits algorithm; the text is the same as `description`'s ("8.0").
            write(Int(number), into: &buffer)
            append(".0", to: &buffer)
        } else if number.isFinite {
            // Swift's shortest round-trip form is valid JSON for every finite value.
            buffer.append(contentsOf: number.description.utf8)
        } else {
            append("null", to: &buffer)
        }
    }

    package static func append(_ literal: StaticString, to buffer: inout [UInt8]) {
        literal.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    /// Decimal digits, without allocating a `String`.
    private static func write(_ number: Int, into buffer: inout [UInt8]) {
        if number < 0 {
            buffer.append(UInt8(ascii: "-"))
        }
        var low = buffer.count
        var magnitude = number.magnitude
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // The digits went in last first. (Swapping in place: reversing a slice of `buffer` copies it.)
        var high = buffer.count - 1
        while low < high {
            buffer.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// A quoted string escaping `"`, `\` and the control characters (`\b \f \n \r \t`, others as
    /// `\u00xx`); everything else is copied as UTF-8.
    package static func write(_ text: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var segmentStart = 0
            for (index, byte) in utf8.enumerated()
            where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[segmentStart..<index]))
                segmentStart = index + 1
                buffer.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
                case 0x08: buffer.append(UInt8(ascii: "b"))
                case 0x0C: buffer.append(UInt8(ascii: "f"))
                case 0x0A: buffer.append(UInt8(ascii: "n"))
                case 0x0D: buffer.append(UInt8(ascii: "r"))
                case 0x09: buffer.append(UInt8(ascii: "t"))
                default:
                    append("u00", to: &buffer)
                    buffer.append(hexDigits[Int(byte >> 4)])
                    buffer.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[segmentStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
