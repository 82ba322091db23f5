extension JSONValue {
    /// Parses exactly one JSON value from UTF-8 bytes, strictly by RFC 8259.
    ///
    /// - Whitespace is space, tab, CR and LF only; nothing but whitespace may follow the value.
    /// - No comments, trailing commas, single quotes, leading zeros, `NaN` or `Infinity`.
    /// - Strings must be valid UTF-8 with control characters (below U+0020) escaped. A `\u`
    ///   escape of a lone (unpaired) surrogate is an error: it cannot be represented in a `String`.
    /// - Integers that fit in `Int` are `.int`; other numbers are `.double` (correctly rounded;
    ///   beyond `Double`'s range they become ±infinity, which the writer writes as `null`).
    /// - In an object, the last of repeated keys wins (in the place of the first).
    /// - Arrays and objects nest at most 1 000 levels deep; deeper input is an error whose
    ///   `isTooDeep` is true (`init(parsingTopLevel:)` reads such input).
    ///
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    package init(parsing bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        var parser = JSONParser(bytes)
        self = try parser.parseDocument()
    }

    /// Parses exactly one JSON value from UTF-8 bytes, by the rules of the
    /// `UnsafeRawBufferPointer` variant.
    package init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try JSONValue(parsing: raw) }
        }.get()
    }

    /// Parses exactly one JSON value from a text, by the rules of the `UnsafeRawBufferPointer`
    /// variant.
    package init(parsing text: String) throws(JSONParseError) {
        var text = text
        self = try text.withUTF8 { utf8 in
            Result { () throws(JSONParseError) in try JSONValue(parsing: UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    /// The top level of a JSON text however deeply it nests: the value with each array or object
    /// inside it as `null` (`{"id":1,"params":{…}}` gives `{"id":1,"params":null}`). The whole
    /// text is read and checked by the rules of `init(parsing:)`, without the depth limit, and
    /// nothing below the top level is built: this is how a message too deep to parse is still
    /// answered with its id.
    ///
    /// - Throws: `JSONParseError` with the byte offset of the first problem.
    package init(parsingTopLevel bytes: [UInt8]) throws(JSONParseError) {
        self = try bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in
                var parser = JSONParser(raw)
                return try parser.parseTopLevel()
            }
        }.get()
    }
}

/// A strict, single-pass parser over UTF-8 bytes (see `JSONValue(parsing:)`). It keeps the arrays
/// and objects it is reading on stacks of its own rather than recursing, so nesting costs no call
/// depth.
package struct JSONParser {
    /// How deeply arrays and objects may nest; deeper input is an error (`isTooDeep`).
    ///
    /// The limit is what a value's destruction can afford: dropping a nested value is recursive
    /// (Swift releases an array's elements from the array's own deinit), about 260 bytes of stack
    /// a level in a debug build, so a value of 1 000 levels takes about 250 KB and is safe even on a
    /// 512 KB secondary thread (10 000 levels, 2.6 MB, would be safe only on an 8 MB stack).
    /// Everything else that walks a value (the writer, `==`, hashing) is iterative.
    package static let maximumDepth = 1_000
    /// The room a non-empty array or object starts with: most in requests have a few members, and
    /// growing from one would reallocate several times.
    private static let initialCapacity = 4
    /// The room the stacks of open arrays and objects start with: more levels than most input has.
    private static let initialStackCapacity = 16

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// The unescaped bytes of the current string when it has escapes (reused between strings).
    private var scratch: [UInt8] = []
    /// Whether each of the first 64 open arrays or objects, outermost first, is an object: a bit
    /// a level (most input needs no more, and no allocation).
    private var shallowKinds: UInt64 = 0
    /// The same for the levels past 64, 64 levels a word.
    private var deepKinds: [UInt64] = []
    /// How many arrays and objects are open.
    private var depth = 0
    /// The open arrays that are being built around the innermost one, innermost last.
    private var arrays: [[JSONValue]] = []
    /// The open objects that are being built around the innermost one, innermost last, each with
    /// the key whose value comes next.
    private var objects: [(object: JSONObject, key: String)] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The one value of the input, with only whitespace around it.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try parseWhole(buildingLevels: Self.maximumDepth, depthLimit: Self.maximumDepth)
    }

    /// The one value of the input with every array or object inside it as `null`, reading the
    /// rest of the input (to check it) at any depth.
    mutating func parseTopLevel() throws(JSONParseError) -> JSONValue {
        try parseWhole(buildingLevels: 1, depthLimit: .max)
    }

    private mutating func parseWhole(buildingLevels: Int, depthLimit: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(buildingLevels: buildingLevels, depthLimit: depthLimit)
        skipWhitespace()
        guard position == bytes.count else { throw unexpected(expected: "the end of the input") }
        return value
    }

    // MARK: Values

    /// The value at the position, with everything nested in it; leaves the position after it.
    /// Arrays and objects nested more than `buildingLevels` deep are read and checked but not
    /// built (`null` stands for them); more than `depthLimit` deep, they are an error.
    private mutating func parseValue(buildingLevels: Int, depthLimit: Int) throws(JSONParseError) -> JSONValue {
        // The innermost open array or object, when it is built, is in `items`, or in `object` with
        // the `key` whose value comes next; those around it wait on `arrays` and `objects`. (After
        // one closes, its variable still refers to it until the next one opens: it is never
        // changed in between.)
        var items: [JSONValue] = []
        var object = JSONObject()
        var key = ""
        reading: while true {
            // A value starts here: a scalar is read whole; an array or an object is opened and read
            // on from its first member, unless it is empty.
            var value: JSONValue
            guard position < bytes.count else { throw unexpected(expected: "a value") }
            switch bytes[position] {
            case UInt8(ascii: "["):
                try enterContainer(depthLimit: depthLimit)
                let building = depth < buildingLevels
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    value = building ? .array([]) : .null
                } else {
                    if building {
                        stashInnermost(items: items, object: object, key: key)
                        items = []
                        items.reserveCapacity(Self.initialCapacity)
                    }
                    open(isObject: false)
                    continue reading
                }
            case UInt8(ascii: "{"):
                try enterContainer(depthLimit: depthLimit)
                let building = depth < buildingLevels
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    value = building ? .object(JSONObject()) : .null
                } else {
                    let firstKey = try parseKey(first: true)
                    if building {
                        stashInnermost(items: items, object: object, key: key)
                        object = JSONObject()
                        object.reserveCapacity(Self.initialCapacity)
                        key = firstKey
                    }
                    open(isObject: true)
                    continue reading
                }
            default:
                value = try parseScalar()
            }
            // The value is whole: it goes into the innermost array or object; each one that ends
            // here is closed and goes into the next one out.
            while depth > 0 {
                let isBuilt = depth <= buildingLevels
                skipWhitespace()
                if innermostIsObject {
                    if isBuilt {
                        object.setValue(value, forKey: key)
                    }
                    if try parseSeparator(closing: UInt8(ascii: "}")) {
                        let nextKey = try parseKey(first: false)
                        if isBuilt {
                            key = nextKey
                        }
                        continue reading
                    }
                    value = isBuilt ? .object(object) : .null
                } else {
                    if isBuilt {
                        items.append(value)
                    }
                    if try parseSeparator(closing: UInt8(ascii: "]")) {
                        continue reading
                    }
                    value = isBuilt ? .array(items) : .null
                }
                close()
                if isBuilt {
                    restoreInnermost(items: &items, object: &object, key: &key)
                }
            }
            return value
        }
    }

    /// Puts the innermost open array or object, if any, on its stack (the caller then replaces
    /// its own reference, leaving the stack's the only one).
    private mutating func stashInnermost(items: [JSONValue], object: JSONObject, key: String) {
        guard depth > 0 else { return }
        if innermostIsObject {
            if objects.capacity == 0 {
                objects.reserveCapacity(Self.initialStackCapacity)
            }
            objects.append((object, key))
        } else {
            if arrays.capacity == 0 {
                arrays.reserveCapacity(Self.initialStackCapacity)
            }
            arrays.append(items)
        }
    }

    /// Takes the innermost open array or object, if any, back from its stack (after the one in
    /// it closed).
    private mutating func restoreInnermost(items: inout [JSONValue], object: inout JSONObject, key: inout String) {
        guard depth > 0 else { return }
        if innermostIsObject {
            (object, key) = objects.removeLast()
        } else {
            items = arrays.removeLast()
        }
    }

    /// A string, number, `true`, `false` or `null` at the position.
    private mutating func parseScalar() throws(JSONParseError) -> JSONValue {
        switch bytes[position] {
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return .null
        default: throw unexpected(expected: "a value")
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONParseError) {
        for index in 0..<word.utf8CodeUnitCount {
            guard position < bytes.count, bytes[position] == word.utf8Start[index] else {
                throw unexpected(expected: "\(word)")
            }
            position += 1
        }
    }

    /// A member's key and the colon after it; leaves the position at the member's value.
    private mutating func parseKey(first: Bool) throws(JSONParseError) -> String {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw unexpected(expected: first ? "a string key or '}'" : "a string key")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw unexpected(expected: "':' after the key")
        }
        position += 1
        skipWhitespace()
        return key
    }

    // MARK: Nesting

    /// Steps over an opening bracket or brace and the whitespace after it, when the level it opens
    /// is within `depthLimit`.
    private mutating func enterContainer(depthLimit: Int) throws(JSONParseError) {
        guard depth < depthLimit else {
            throw JSONParseError(
                offset: position, message: "nesting deeper than \(depthLimit) levels at byte \(position)", isTooDeep: true)
        }
        position += 1
        skipWhitespace()
    }

    /// After a member: a comma and the whitespace after it (true: another member follows), or the
    /// closing bracket or brace (false: the array or object ends).
    private mutating func parseSeparator(closing: UInt8) throws(JSONParseError) -> Bool {
        guard position < bytes.count else { throw unexpected(expected: "',' or '\(Unicode.Scalar(closing))'") }
        switch bytes[position] {
        case UInt8(ascii: ","):
            position += 1
            skipWhitespace()
            return true
        case closing:
            position += 1
            return false
        default:
            throw unexpected(expected: "',' or '\(Unicode.Scalar(closing))'")
        }
    }

    /// Records a non-empty array or object as open.
    private mutating func open(isObject: Bool) {
        let bit: UInt64 = isObject ? 1 << UInt64(depth % 64) : 0
        if depth < 64 {
            shallowKinds |= bit
        } else if depth % 64 == 0 {
            deepKinds.append(bit)
        } else {
            deepKinds[deepKinds.count - 1] |= bit
        }
        depth += 1
    }

    /// Forgets the innermost open array or object.
    private mutating func close() {
        depth -= 1
        let mask: UInt64 = ~(1 << UInt64(depth % 64))
        if depth < 64 {
            shallowKinds &= mask
        } else if depth % 64 == 0 {
            deepKinds.removeLast()
        } else {
            deepKinds[deepKinds.count - 1] &= mask
        }
    }

    private var innermostIsObject: Bool {
        let level = depth - 1
        let word = level < 64 ? shallowKinds : deepKinds[deepKinds.count - 1]
        return word >> UInt64(level % 64) & 1 == 1
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative {
            position += 1
        }
        // The digits as an integer (exact while there are at most 19 of them) and the power of ten
        // that scales it to the number's value.
        var significand: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var isInteger = true

        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw unexpected(expected: "a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) {
                throw JSONParseError(offset: position - 1, message: "leading zero in a number at byte \(position - 1)")
            }
        } else {
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if digitCount < 19 {
                    significand = significand * 10 + UInt64(bytes[position] &- UInt8(ascii: "0"))
                }
                digitCount += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw unexpected(expected: "a digit after the decimal point")
            }
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if digitCount < 19 {
                    significand = significand * 10 + UInt64(bytes[position] &- UInt8(ascii: "0"))
                    exponent -= 1
                }
                digitCount += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            var negativeExponent = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                negativeExponent = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            guard position < bytes.count, Self.isDigit(bytes[position]) else {
                throw unexpected(expected: "a digit in the exponent")
            }
            var written = 0
            while position < bytes.count, Self.isDigit(bytes[position]) {
                if written < 100_000 {
                    written = written * 10 + Int(bytes[position] &- UInt8(ascii: "0"))
                }
                position += 1
            }
            exponent += negativeExponent ? -written : written
        }

        if isInteger, digitCount <= 19 {
            if !negative, significand <= UInt64(Int.max) {
                return .int(Int(significand))
            }
            if negative, significand <= UInt64(Int.max) + 1 {
                return .int(Int(truncatingIfNeeded: 0 &- significand))
            }
        }
        // Exact operands and one correctly rounded operation give the correctly rounded result.
        if digitCount <= 19, significand <= 1 << 53, -22...22 ~= exponent {
            let magnitude = Double(significand)
            let value = exponent < 0 ? magnitude / Self.powersOfTen[-exponent] : magnitude * Self.powersOfTen[exponent]
            return .double(negative ? -value : value)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text) else {
            throw JSONParseError(offset: start, message: "unreadable number at byte \(start)")
        }
        return .double(value)
    }

    /// 10⁰ through 10²², all exact in a `Double`.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    // MARK: Strings

    /// The string at the opening quote; leaves the position after the closing quote.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = position
        position += 1
        var segmentStart = position
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let segment = UnsafeRawBufferPointer(rebasing: bytes[segmentStart..<position])
                position += 1
                guard hasEscapes else { return Self.string(segment) }
                scratch.append(contentsOf: segment)
                return scratch.withUnsafeBytes { Self.string($0) }
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    hasEscapes = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[segmentStart..<position]))
                try parseEscape()
                segmentStart = position
            } else if byte < 0x20 {
                throw JSONParseError(
                    offset: position,
                    message: "unescaped control character \(Self.hex(byte)) in a string at byte \(position)")
            } else if byte < 0x80 {
                position += 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw JSONParseError(offset: quote, message: "unterminated string at byte \(quote)")
    }

    /// A string of UTF-8 that has been validated.
    private static func string(_ utf8: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: utf8.count) { storage in
            UnsafeMutableRawBufferPointer(storage).copyMemory(from: utf8)
            return utf8.count
        }
    }

    /// Appends the character of the escape at the backslash to `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw unexpected(expected: "an escape character") }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(byte)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            position += 1
            let unit = try parseHexQuad()
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < bytes.count,
                      bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                else { throw Self.unpairedSurrogate(unit, at: backslash) }
                position += 2
                let low = try parseHexQuad()
                guard 0xDC00...0xDFFF ~= low else { throw Self.unpairedSurrogate(unit, at: backslash) }
                appendUTF8(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            case 0xDC00...0xDFFF:
                throw Self.unpairedSurrogate(unit, at: backslash)
            default:
                appendUTF8(unit)
            }
            return
        default:
            throw unexpected(expected: "an escape character (one of \" \\ / b f n r t u)")
        }
        position += 1
    }

    /// Four hexadecimal digits of a `\u` escape.
    private mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw unexpected(expected: "a hexadecimal digit") }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected(expected: "a hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    /// Appends the UTF-8 encoding of a scalar value (not a surrogate) to `scratch`.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(0xC0 | UInt8(scalar >> 6))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            scratch.append(0xE0 | UInt8(scalar >> 12))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        default:
            scratch.append(0xF0 | UInt8(scalar >> 18))
            scratch.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            scratch.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            scratch.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence (Unicode Table 3-7: no overlong forms,
    /// no surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[position] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: throw invalidUTF8()
        }
        guard position + length <= bytes.count, second ~= bytes[position + 1] else { throw invalidUTF8() }
        for index in 2..<length where !(0x80...0xBF ~= bytes[position + index]) {
            throw invalidUTF8()
        }
        position += length
    }

    // MARK: Whitespace

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    // MARK: Errors

    /// The byte at the position (or the end of the input) where `expected` should be.
    private func unexpected(expected: String) -> JSONParseError {
        guard position < bytes.count else {
            return JSONParseError(offset: position, message: "unexpected end of input at byte \(position), expected \(expected)")
        }
        let byte = bytes[position]
        let found = 0x20...0x7E ~= byte ? "character '\(Character(Unicode.Scalar(byte)))'" : "byte \(Self.hex(byte))"
        return JSONParseError(offset: position, message: "unexpected \(found) at byte \(position), expected \(expected)")
    }

    private func invalidUTF8() -> JSONParseError {
        JSONParseError(offset: position, message: "invalid UTF-8 in a string at byte \(position)")
    }

    private static func unpairedSurrogate(_ unit: UInt32, at offset: Int) -> JSONParseError {
        let digits = String(unit, radix: 16, uppercase: true)
        return JSONParseError(offset: offset, message: "unpaired surrogate \\u\(digits) in a string at byte \(offset)")
    }

    /// `0x0A`.
    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0\(digits)" : "0x\(digits)"
    }
}
