import Testing
import ScrimJSON

@Suite struct JSONWriterTests {
    @Test func writesARepresentativeObjectByteForByte() {
        let value: JSONValue = [
            "jsonrpc": "2.0",
            "id": 7,
            "result": [
                "ok": true,
                "no": false,
                "none": nil,
                "list": [1, -2, 0.5, "x", [], [:]],
                "text": "a\"b\\c/d\n\u{1}é😀",
                "nested": ["z": 1, "a": 2],
            ],
        ]
        let expected = #"{"jsonrpc":"2.0","id":7,"result":{"ok":true,"no":false,"none":null,"#
            + #""list":[1,-2,0.5,"x",[],{}],"text":"a\"b\\c/d\n\u0001é😀","nested":{"z":1,"a":2}}}"#
        #expect(value.serialized() == Array(expected.utf8))
        #expect(value.jsonString == expected)
        #expect(value.description == expected)
    }

    @Test func appendsToTheBufferGiven() {
        var buffer = Array("Content-Length: 8\r\n\r\n".utf8)
        JSONValue.array([1, "a"]).serialize(into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "Content-Length: 8\r\n\r\n[1,\"a\"]")
    }

    @Test func escapesQuotesBackslashesAndEveryControlCharacter() {
        #expect(JSONValue.string("\"\\").jsonString == #""\"\\""#)
        #expect(JSONValue.string("\u{8}\u{C}\n\r\t").jsonString == #""\b\f\n\r\t""#)
        let others = (0..<0x20).filter { ![0x08, 0x0C, 0x0A, 0x0D, 0x09].contains($0) }
        for code in others {
            let hex = String(code, radix: 16)
            let expected = "\"\\u00" + (code < 0x10 ? "0" : "") + hex + "\""
            #expect(JSONValue.string(String(UnicodeScalar(UInt8(code)))).jsonString == expected)
        }
    }

    @Test func writesSlashesDeleteAndNonASCIIAsTheyAre() {
        let text = "a/b \u{7F} é € 😀 \u{2028} \u{10FFFF}"
        #expect(JSONValue.string(text).serialized() == [0x22] + Array(text.utf8) + [0x22])
    }

    @Test func writesEmptyAndLongStrings() {
        #expect(JSONValue.string("").jsonString == #""""#)
        let long = String(repeating: "abc\n", count: 1000)
        #expect(JSONValue.string(long).jsonString == "\"" + String(repeating: "abc\\n", count: 1000) + "\"")
    }

    @Test func writesIntsInDecimal() {
        #expect(JSONValue.int(0).jsonString == "0")
        #expect(JSONValue.int(7).jsonString == "7")
        #expect(JSONValue.int(-42).jsonString == "-42")
        #expect(JSONValue.int(1_000_000).jsonString == "1000000")
        #expect(JSONValue.int(Int.max).jsonString == "9223372036854775807")
        #expect(JSONValue.int(Int.min).jsonString == "-9223372036854775808")
    }

    @Test(arguments: [
        (0.1, "0.1"), (5.0, "5.0"), (-2.5, "-2.5"), (0, "0.0"), (-0.0, "-0.0"),
        (1e-7, "1e-07"), (1e21, "1e+21"), (1e16, "1e+16"), (123.456, "123.456"),
        (0.30000000000000004, "0.30000000000000004"), (1.7976931348623157e308, "1.7976931348623157e+308"),
        (.leastNonzeroMagnitude, "5e-324"),
    ])
    func writesDoublesInTheirShortestRoundTripForm(_ number: Double, _ text: String) throws {
        #expect(JSONValue.double(number).jsonString == text)
        let reparsed = try #require(try JSONValue(parsing: text).doubleValue)
        #expect(reparsed == number && reparsed.sign == number.sign)
    }

    @Test func writesNonFiniteDoublesAsNull() {
        #expect(JSONValue.double(.infinity).jsonString == "null")
        #expect(JSONValue.double(-.infinity).jsonString == "null")
        #expect(JSONValue.double(.nan).jsonString == "null")
        #expect(JSONValue.array([.double(.nan), 1]).jsonString == "[null,1]")
    }

    @Test func writesObjectsInInsertionOrder() {
        var object = JSONObject()
        object["zeta"] = 1
        object["alpha"] = 2
        object["mid"] = 3
        object["zeta"] = 4
        #expect(JSONValue.object(object).jsonString == #"{"zeta":4,"alpha":2,"mid":3}"#)
        object["alpha"] = nil
        #expect(JSONValue.object(object).jsonString == #"{"zeta":4,"mid":3}"#)
    }

    @Test func escapesKeysLikeStrings() {
        let value: JSONValue = ["a\"b": 1, "tab\t": 2]
        #expect(value.jsonString == #"{"a\"b":1,"tab\t":2}"#)
    }

    // MARK: Round trips

    @Test(arguments: [
        "null", "true", "false", "0", "-1", "9223372036854775807", "-9223372036854775808", "0.5", "-0.0",
        "1e-07", "1e+21", #""""#, #""\"\\/\b\f\n\r\t\u0000\u001f""#, #""é€😀""#, "[]", "{}", "[[[]]]",
        #"{"jsonrpc":"2.0","id":1,"method":"scrim/advance","params":{"seconds":0.5}}"#,
        #"{"b":[1,2.25,{"c":null,"a":[true,false]}],"a":"x","":{}}"#,
        #"[{"a":1},{"b":2},[3],[[4],5],{"c":{"d":[6]},"e":[{}]},{"f":[]}]"#,
    ])
    func canonicalTextRoundTripsExactly(_ text: String) throws {
        #expect(try JSONValue(parsing: text).jsonString == text)
    }

    @Test func textWithWhitespaceAndEscapesComesBackCompact() throws {
        let text = " { \"a\" : [ 1 , 2.0 , \"\\u00e9\\/\\ud83d\\ude00\" ] ,\n\"b\" : { } } "
        #expect(try JSONValue(parsing: text).jsonString == #"{"a":[1,2.0,"é/😀"],"b":{}}"#)
    }

    @Test func valuesRoundTripThroughText() throws {
        let value: JSONValue = [
            "numbers": [0, -1, .int(Int.max), .int(Int.min), 0.1, -1e-300, 1e300, 2.5, .double(Double(Int.max))],
            "strings": ["", "plain", "quote\" backslash\\ slash/", "\u{0}\u{1F}\u{7F}", "é € 😀 \u{10FFFF}"],
            "nested": [[[["deep": [nil, true, false]]]]],
            "empty": ["array": [], "object": [:]],
        ]
        let bytes = value.serialized()
        let reparsed = try JSONValue(parsing: bytes)
        #expect(reparsed == value)
        #expect(reparsed.serialized() == bytes)
    }
}
