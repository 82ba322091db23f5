import Testing
import ScrimJSON

/// Values nested up to the parser's limit of 1 000 levels: read, written, compared, hashed and
/// dropped without recursion deeper than a 512 KB stack allows.
@Suite struct JSONNestingTests {
    /// `[[…[1]…]]` with `levels` arrays.
    static func arrays(_ levels: Int, innermost: JSONValue = 1) -> JSONValue {
        var value = innermost
        for _ in 0..<levels { value = .array([value]) }
        return value
    }

    /// `{"a":{"a":…{"a":1}…}}` with `levels` objects, each also holding `"b": level`.
    static func objects(_ levels: Int, innermost: JSONValue = 1) -> JSONValue {
        var value = innermost
        for level in 0..<levels { value = ["a": value, "b": .int(level)] }
        return value
    }

    @Test func parses1000LevelsOfArraysAndOfObjects() throws {
        let arrays = try JSONValue(parsing: String(repeating: "[", count: 1000) + "1" + String(repeating: "]", count: 1000))
        var value = arrays
        var levels = 0
        while case .array(let items) = value {
            #expect(items.count == 1)
            value = items[0]
            levels += 1
        }
        #expect(levels == 1000)
        #expect(value == 1)

        let objects = try JSONValue(parsing: String(repeating: #"{"k":"#, count: 999) + #"{"k":"end"}"# + String(repeating: "}", count: 999))
        value = objects
        levels = 0
        while case .object(let object) = value {
            #expect(object.keys == ["k"])
            value = object["k"]!
            levels += 1
        }
        #expect(levels == 1000)
        #expect(value == "end")
    }

    @Test func theLevelPast1000IsTooDeepAtItsBracket() throws {
        let arrays = String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001)
        let error = try #require(parseError(arrays))
        #expect(error.offset == 1000)
        #expect(error.message == "nesting deeper than 1000 levels at byte 1000")
        #expect(error.isTooDeep)

        // `[{"a":` is six bytes: the 1 001st level is the `[` of the 501st.
        let mixed = String(repeating: #"[{"a":"#, count: 501) + "1" + String(repeating: "}]", count: 501)
        #expect(parseError(mixed)?.message == "nesting deeper than 1000 levels at byte 3000")
        #expect(parseError(String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)) == nil)
        // An empty array or object counts as a level too.
        #expect(parseError(String(repeating: "[", count: 1000) + "{}" + String(repeating: "]", count: 1000))?.offset == 1000)
        // A syntax error is not one of nesting.
        let syntax = try #require(parseError("[[1,]]"))
        #expect(syntax.message == "unexpected character ']' at byte 4, expected a value")
        #expect(!syntax.isTooDeep)
    }

    @Test func deepInputFailsAtTheLimitWithoutReadingOn() throws {
        let error = try #require(parseError(String(repeating: "[", count: 10_000)))
        #expect(error.offset == 1000)
        #expect(error.isTooDeep)

        let objects = try #require(parseError(String(repeating: #"{"k":"#, count: 100_000)))
        #expect(objects.offset == 1000 * 5)
        #expect(objects.message == "nesting deeper than 1000 levels at byte 5000")
    }

    @Test func writes1000LevelsAndReadsThemBack() throws {
        let arrays = Self.arrays(1000)
        let arraysText = String(repeating: "[", count: 1000) + "1" + String(repeating: "]", count: 1000)
        #expect(arrays.jsonString == arraysText)
        #expect(try JSONValue(parsing: arraysText) == arrays)

        let objects = Self.objects(1000)
        let text = objects.jsonString
        #expect(text.hasPrefix(#"{"a":{"a":{"a":"#))
        #expect(text.hasSuffix(#","b":997},"b":998},"b":999}"#))
        // `1`, and a level's 11 bytes `{"a":` `,"b":` `}` and the digits of its number (2 890 for 0…999).
        #expect(text.utf8.count == 1 + 1000 * 11 + 2890)
        #expect(try JSONValue(parsing: text) == objects)
    }

    @Test func aValueAtTheLimitIsSafeOnA512KBStack() {
        let arraysText = String(repeating: "[", count: 1000) + "1" + String(repeating: "]", count: 1000)
        let objectsText = Self.objects(1000).jsonString
        let results = onSmallStack {
            let arrays = try? JSONValue(parsing: arraysText)
            let objects = try? JSONValue(parsing: objectsText)
            return [
                arrays == Self.arrays(1000),
                arrays != Self.arrays(1000, innermost: 2),
                arrays?.hashValue == Self.arrays(1000).hashValue,
                objects == Self.objects(1000),
                objects != Self.objects(1000, innermost: "1"),
                objects?.hashValue == Self.objects(1000).hashValue,
                arrays?.jsonString == arraysText,
                objects?.jsonString == objectsText,
            ]
            // Both values, and the ones compared with them, are dropped here.
        }
        #expect(results == [true, true, true, true, true, true, true, true])
    }

    @Test func deepEqualityIgnoresTheOrderOfMembersAndSeesTheInnermostValue() {
        let results = onSmallStack {
            var forward: JSONValue = 1, backward: JSONValue = 1, different: JSONValue = 2
            for level in 0..<1000 {
                forward = ["x": forward, "y": .int(level)]
                backward = ["y": .int(level), "x": backward]
                different = ["x": different, "y": .int(level)]
            }
            return [forward == backward, forward.hashValue == backward.hashValue, forward != different,
                    forward.objectValue == backward.objectValue]
        }
        #expect(results == [true, true, true, true])
    }

    @Test func theTopLevelOfATextDeeperThanTheLimit() throws {
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let message = #"{"jsonrpc":"2.0","method":"m","params":{"a":"# + deep + #"},"list":[1],"id":"x\"y","n":[]}"#
        #expect(parseError(message)?.isTooDeep == true)
        let topLevel = try JSONValue(parsingTopLevel: Array(message.utf8))
        #expect(topLevel == ["jsonrpc": "2.0", "method": "m", "params": nil, "list": nil, "id": "x\"y", "n": nil])
        #expect(topLevel.objectValue?.keys == ["jsonrpc", "method", "params", "list", "id", "n"])
        #expect(try JSONValue(parsingTopLevel: Array("[1,[2,[3]],{}]".utf8)) == [1, nil, nil])
        #expect(try JSONValue(parsingTopLevel: Array(" 7 ".utf8)) == 7)
    }

    @Test func theTopLevelOfATextThatIsNotJSONIsItsFirstError() {
        let unclosed = #"{"id":1,"params":"# + String(repeating: "[", count: 20_000)
        #expect(throws: JSONParseError(offset: 20_017, message: "unexpected end of input at byte 20017, expected a value")) {
            try JSONValue(parsingTopLevel: Array(unclosed.utf8))
        }
        let mismatched = String(repeating: "[", count: 5_000) + "}"
        #expect(throws: JSONParseError(offset: 5_000, message: "unexpected character '}' at byte 5000, expected a value")) {
            try JSONValue(parsingTopLevel: Array(mismatched.utf8))
        }
        let badString = #"{"id":1,"p":"# + String(repeating: #"{"k":"#, count: 3_000) + "\"\u{1}\""
        let offset = badString.utf8.count - 2
        #expect(throws: JSONParseError(offset: offset, message: "unescaped control character 0x01 in a string at byte \(offset)")) {
            try JSONValue(parsingTopLevel: Array(badString.utf8))
        }
    }
}

/// The error of parsing `text`, or nil when it parses.
private func parseError(_ text: String) -> JSONParseError? {
    do throws(JSONParseError) {
        _ = try JSONValue(parsing: text)
        return nil
    } catch {
        return error
    }
}
