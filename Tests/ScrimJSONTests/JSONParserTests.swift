import Testing
import ScrimJSON

@Suite struct JSONParserTests {
    // MARK: Values

    @Test func parsesEachKindOfValue() throws {
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: "true") == .bool(true))
        #expect(try JSONValue(parsing: "false") == .bool(false))
        #expect(try JSONValue(parsing: "42") == .int(42))
        #expect(try JSONValue(parsing: "2.5") == .double(2.5))
        #expect(try JSONValue(parsing: #""hi""#) == .string("hi"))
        #expect(try JSONValue(parsing: "[]") == .array([]))
        #expect(try JSONValue(parsing: "{}") == .object(JSONObject()))
        #expect(try JSONValue(parsing: #"[1,"a",null,[true],{"k":false}]"#)
            == .array([.int(1), .string("a"), .null, .array([.bool(true)]), .object(["k": .bool(false)])]))
    }

    @Test func parsesARequest() throws {
        let value = try JSONValue(parsing: #"{"jsonrpc":"2.0","id":1,"method":"scrim/advance","params":{"seconds":0.5}}"#)
        #expect(value["jsonrpc"] == .string("2.0"))
        #expect(value["id"] == .int(1))
        #expect(value["method"] == .string("scrim/advance"))
        #expect(value["params"]?["seconds"] == .double(0.5))
        #expect(value.objectValue?.keys == ["jsonrpc", "id", "method", "params"])
    }

    @Test func allowsTheFourWhitespaceCharactersAnywhereBetweenTokens() throws {
        let value = try JSONValue(parsing: " \t\r\n{ \"a\" \n:\t[ 1 ,\r2 ] , \"b\":null }\n\t\r ")
        #expect(value == ["a": [1, 2], "b": nil])
    }

    @Test func readsBytesBuffersAndTextAlike() throws {
        let text = #"{"a":[1,2.5,"é"]}"#
        let bytes = Array(text.utf8)
        let fromText = try JSONValue(parsing: text)
        let fromBytes = try JSONValue(parsing: bytes)
        let fromBuffer = try bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try JSONValue(parsing: raw) }
        }.get()
        #expect(fromText == ["a": [1, 2.5, "é"]])
        #expect(fromBytes == fromText)
        #expect(fromBuffer == fromText)
    }

    @Test func offsetsAreRelativeToTheBufferGiven() throws {
        let framed = Array("Content-Length: 4\r\n\r\n[1,]".utf8)
        let error = try #require(parseError(framed, from: 21))
        #expect(error.offset == 3)
        #expect(error.message == "unexpected character ']' at byte 3, expected a value")
    }

    @Test func theLastOfRepeatedKeysWinsInThePlaceOfTheFirst() throws {
        let value = try JSONValue(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == .int(3))
        #expect(value.jsonString == #"{"a":3,"b":2}"#)
    }

    @Test func aLargeObjectKeepsItsOrderAndItsLastValues() throws {
        let members = (0..<1000).map { #""k\#($0 % 700)":\#($0)"# }
        let value = try JSONValue(parsing: "{" + members.joined(separator: ",") + "}")
        let object = try #require(value.objectValue)
        #expect(object.count == 700)
        #expect(object.keys == (0..<700).map { "k\($0)" })
        #expect(object["k5"] == .int(705))
        #expect(object["k299"] == .int(999))
        #expect(object["k300"] == .int(300))
    }

    // MARK: Strings

    @Test func decodesEveryEscape() throws {
        #expect(try JSONValue(parsing: #""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try JSONValue(parsing: #""\u0041\u00e9\u00E9\u20ac\uFFFF""#) == .string("Aéé€\u{FFFF}"))
        #expect(try JSONValue(parsing: #""\u0000""#) == .string("\u{0}"))
        #expect(try JSONValue(parsing: #""a\nb""#) == .string("a\nb"))
        #expect(try JSONValue(parsing: #""é\t😀\"x""#) == .string("é\t😀\"x"))
    }

    @Test func joinsSurrogatePairs() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""x\ud800\udc00y""#) == .string("x\u{10000}y"))
        #expect(try JSONValue(parsing: #""\udbff\udfff""#) == .string("\u{10FFFF}"))
    }

    @Test(arguments: [
        (#""\ud83d""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ude00""#, "unpaired surrogate \\uDE00 in a string at byte 1"),
        (#""\ud83dx""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ud83d\n""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ud83d\u0041""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ud83d\ud83d""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ud83d\ue000""#, "unpaired surrogate \\uD83D in a string at byte 1"),
        (#""\ude00\ud83d""#, "unpaired surrogate \\uDE00 in a string at byte 1"),
    ])
    func rejectsLoneSurrogates(_ text: String, _ message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.offset == 1)
        #expect(error.message == message)
    }

    @Test func keepsValidUTF8AsItIs() throws {
        let text = "\"é € 😀 \u{7F} \u{FFFF} \u{10FFFF} \u{D7FF} \u{E000}\""
        #expect(try JSONValue(parsing: Array(text.utf8)) == .string("é € 😀 \u{7F} \u{FFFF} \u{10FFFF} \u{D7FF} \u{E000}"))
    }

    @Test(arguments: [
        [0xFF],                    // never in UTF-8
        [0x80],                    // a continuation byte first
        [0xC3],                    // a lead byte without its continuation
        [0xC0, 0xAF],              // overlong "/"
        [0xC1, 0xBF],              // overlong
        [0xE0, 0x80, 0xAF],        // overlong
        [0xE2, 0x82],              // truncated "€"
        [0xED, 0xA0, 0x80],        // the surrogate U+D800
        [0xF0, 0x8F, 0xBF, 0xBF],  // overlong
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],  // above U+10FFFF
        [0xF0, 0x9F, 0x98],        // truncated "😀"
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(_ sequence: [UInt8]) throws {
        let bytes: [UInt8] = [0x22, 0x61] + sequence + [0x22]
        let error = try #require(parseError(bytes))
        #expect(error.offset == 2)
        #expect(error.message == "invalid UTF-8 in a string at byte 2")
    }

    @Test func rejectsInvalidUTF8AtTheEndOfTheInput() throws {
        let error = try #require(parseError([0x22, 0xE2, 0x82]))
        #expect(error.offset == 1)
        #expect(error.message == "invalid UTF-8 in a string at byte 1")
    }

    @Test(arguments: [
        ("\"a\nb\"", "unescaped control character 0x0A in a string at byte 2"),
        ("\"\t\"", "unescaped control character 0x09 in a string at byte 1"),
        ("\"\u{0}\"", "unescaped control character 0x00 in a string at byte 1"),
        ("\"ab\u{1F}\"", "unescaped control character 0x1F in a string at byte 3"),
        ("\"\\n\r\"", "unescaped control character 0x0D in a string at byte 3"),
    ])
    func rejectsUnescapedControlCharacters(_ text: String, _ message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.message == message)
    }

    @Test(arguments: [
        (#""abc"#, 0, "unterminated string at byte 0"),
        (#"["abc"#, 1, "unterminated string at byte 1"),
        (#"{"a":"b\"}"#, 5, "unterminated string at byte 5"),
        (#"{"abc"#, 1, "unterminated string at byte 1"),
        (#""\x""#, 2, "unexpected character 'x' at byte 2, expected an escape character (one of \" \\ / b f n r t u)"),
        (#""\'""#, 2, "unexpected character ''' at byte 2, expected an escape character (one of \" \\ / b f n r t u)"),
        (#""\"#, 2, "unexpected end of input at byte 2, expected an escape character"),
        (#""\u12G4""#, 5, "unexpected character 'G' at byte 5, expected a hexadecimal digit"),
        (#""\u12""#, 5, "unexpected character '\"' at byte 5, expected a hexadecimal digit"),
        (#""\u"#, 3, "unexpected end of input at byte 3, expected a hexadecimal digit"),
        (#""\ud83d\u12""#, 11, "unexpected character '\"' at byte 11, expected a hexadecimal digit"),
    ])
    func rejectsBadStrings(_ text: String, _ offset: Int, _ message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    // MARK: Numbers

    @Test func integersAreIntsAndEverythingElseIsDouble() throws {
        #expect(try JSONValue(parsing: "1") == .int(1))
        #expect(try JSONValue(parsing: "1.0") == .double(1))
        #expect(try JSONValue(parsing: "1e2") == .double(100))
        #expect(try JSONValue(parsing: "1E2") == .double(100))
        #expect(try JSONValue(parsing: "1e+2") == .double(100))
        #expect(try JSONValue(parsing: "-1") == .int(-1))
        #expect(try JSONValue(parsing: "0") == .int(0))
        #expect(try JSONValue(parsing: "1234567890") == .int(1_234_567_890))
    }

    @Test func integersUpToTheLimitsOfIntStayInts() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .int(Int.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .int(Int.min))
    }

    @Test func integersBeyondIntBecomeDoubles() throws {
        #expect(try JSONValue(parsing: "9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try JSONValue(parsing: "-9223372036854775809") == .double(-9_223_372_036_854_775_808))
        #expect(try JSONValue(parsing: "18446744073709551616") == .double(18_446_744_073_709_551_616))
        #expect(try JSONValue(parsing: "123456789012345678901234567890") == .double(1.2345678901234568e29))
    }

    @Test func negativeZero() throws {
        #expect(try JSONValue(parsing: "-0") == .int(0))
        let double = try #require(try JSONValue(parsing: "-0.0").doubleValue)
        #expect(double == 0 && double.sign == .minus)
        let exponent = try #require(try JSONValue(parsing: "-0e5").doubleValue)
        #expect(exponent == 0 && exponent.sign == .minus)
    }

    @Test func fractionsAndExponents() throws {
        #expect(try JSONValue(parsing: "0.5e-3") == .double(0.0005))
        #expect(try JSONValue(parsing: "0.1") == .double(0.1))
        #expect(try JSONValue(parsing: "-2.75") == .double(-2.75))
        #expect(try JSONValue(parsing: "1e-7") == .double(1e-7))
        #expect(try JSONValue(parsing: "0.30000000000000004") == .double(0.30000000000000004))
        #expect(try JSONValue(parsing: "1e22") == .double(1e22))
        #expect(try JSONValue(parsing: "1e23") == .double(1e23))
        #expect(try JSONValue(parsing: "3e23") == .double(3e23))
        #expect(try JSONValue(parsing: "1e-23") == .double(1e-23))
        #expect(try JSONValue(parsing: "0.00000000000000000000002") == .double(2e-23))
        #expect(try JSONValue(parsing: "9007199254740993.0") == .double(9_007_199_254_740_992))
        #expect(try JSONValue(parsing: "1.7976931348623157e308") == .double(.greatestFiniteMagnitude))
        #expect(try JSONValue(parsing: "2.2250738585072014e-308") == .double(.leastNormalMagnitude))
        #expect(try JSONValue(parsing: "5e-324") == .double(.leastNonzeroMagnitude))
        #expect(try JSONValue(parsing: "0.000000000000000000000000000001") == .double(1e-30))
    }

    @Test func numbersBeyondDoubleBecomeInfinityOrZero() throws {
        #expect(try JSONValue(parsing: "1e400") == .double(.infinity))
        #expect(try JSONValue(parsing: "-1e400") == .double(-.infinity))
        #expect(try JSONValue(parsing: "1e-400") == .double(0))
        #expect(try JSONValue(parsing: "1e99999999999999999999") == .double(.infinity))
    }

    /// Both the fast path and the fallback must round exactly as the standard library does.
    @Test func doublesAreCorrectlyRounded() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        for _ in 0..<5000 {
            let digits = (0..<(1 + next(25))).map { _ in String(next(10)) }.joined()
            let integer = digits.drop { $0 == "0" }
            let fraction = (0..<next(20)).map { _ in String(next(10)) }.joined()
            var text = (integer.isEmpty ? "0" : String(integer)) + (fraction.isEmpty ? "" : "." + fraction)
            if next(2) == 0 {
                text += "e" + (next(2) == 0 ? "-" : "") + String(next(330))
            }
            let expected = try #require(Double(text))
            let parsed = try JSONValue(parsing: text).doubleValue
            #expect(parsed == expected, "\(text)")
        }
        // Around the limits of the exact fast path: 2⁵³ and 10^±22.
        for _ in 0..<5000 {
            let significand = next(2) == 0 ? next(1 << 20) : (1 << 53) - 50 + next(100)
            let text = "\(significand)e\(Int(next(61)) - 30)"
            let expected = try #require(Double(text))
            #expect(try JSONValue(parsing: text).doubleValue == expected, "\(text)")
        }
    }

    @Test(arguments: [
        ("-", 1, "unexpected end of input at byte 1, expected a digit"),
        ("01", 0, "leading zero in a number at byte 0"),
        ("-01", 1, "leading zero in a number at byte 1"),
        ("[00]", 1, "leading zero in a number at byte 1"),
        ("1.", 2, "unexpected end of input at byte 2, expected a digit after the decimal point"),
        ("1.e5", 2, "unexpected character 'e' at byte 2, expected a digit after the decimal point"),
        (".5", 0, "unexpected character '.' at byte 0, expected a value"),
        ("-.5", 1, "unexpected character '.' at byte 1, expected a digit"),
        ("+1", 0, "unexpected character '+' at byte 0, expected a value"),
        ("1e", 2, "unexpected end of input at byte 2, expected a digit in the exponent"),
        ("1e+", 3, "unexpected end of input at byte 3, expected a digit in the exponent"),
        ("1e-x", 3, "unexpected character 'x' at byte 3, expected a digit in the exponent"),
        ("0x10", 1, "unexpected character 'x' at byte 1, expected the end of the input"),
        ("1.5.2", 3, "unexpected character '.' at byte 3, expected the end of the input"),
        ("- 1", 1, "unexpected character ' ' at byte 1, expected a digit"),
        ("NaN", 0, "unexpected character 'N' at byte 0, expected a value"),
        ("Infinity", 0, "unexpected character 'I' at byte 0, expected a value"),
        ("-Infinity", 1, "unexpected character 'I' at byte 1, expected a digit"),
    ])
    func rejectsMalformedNumbers(_ text: String, _ offset: Int, _ message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.offset == offset)
        #expect(error.message == message)
    }

    // MARK: Strictness

    @Test(arguments: [
        ("", 0, "unexpected end of input at byte 0, expected a value"),
        (" \n ", 3, "unexpected end of input at byte 3, expected a value"),
        ("[1,]", 3, "unexpected character ']' at byte 3, expected a value"),
        (#"{"a":1,}"#, 7, "unexpected character '}' at byte 7, expected a string key"),
        ("[,1]", 1, "unexpected character ',' at byte 1, expected a value"),
        ("[1,,2]", 3, "unexpected character ',' at byte 3, expected a value"),
        ("[1 2]", 3, "unexpected character '2' at byte 3, expected ',' or ']'"),
        (#"{"a":1 "b":2}"#, 7, "unexpected character '\"' at byte 7, expected ',' or '}'"),
        (#"{"a" 1}"#, 5, "unexpected character '1' at byte 5, expected ':' after the key"),
        (#"{"a":}"#, 5, "unexpected character '}' at byte 5, expected a value"),
        ("{a:1}", 1, "unexpected character 'a' at byte 1, expected a string key or '}'"),
        ("{1:1}", 1, "unexpected character '1' at byte 1, expected a string key or '}'"),
        ("{'a':1}", 1, "unexpected character ''' at byte 1, expected a string key or '}'"),
        ("'a'", 0, "unexpected character ''' at byte 0, expected a value"),
        ("[1", 2, "unexpected end of input at byte 2, expected ',' or ']'"),
        (#"{"a":1"#, 6, "unexpected end of input at byte 6, expected ',' or '}'"),
        ("{", 1, "unexpected end of input at byte 1, expected a string key or '}'"),
        ("[1]]", 3, "unexpected character ']' at byte 3, expected the end of the input"),
        ("1 2", 2, "unexpected character '2' at byte 2, expected the end of the input"),
        ("{}x", 2, "unexpected character 'x' at byte 2, expected the end of the input"),
        ("null null", 5, "unexpected character 'n' at byte 5, expected the end of the input"),
        ("// note\n1", 0, "unexpected character '/' at byte 0, expected a value"),
        ("/* note */ 1", 0, "unexpected character '/' at byte 0, expected a value"),
        ("[1] // note", 4, "unexpected character '/' at byte 4, expected the end of the input"),
        ("[1,/**/2]", 3, "unexpected character '/' at byte 3, expected a value"),
        ("tru", 3, "unexpected end of input at byte 3, expected true"),
        ("trUe", 2, "unexpected character 'U' at byte 2, expected true"),
        ("True", 0, "unexpected character 'T' at byte 0, expected a value"),
        ("nul", 3, "unexpected end of input at byte 3, expected null"),
        ("fals e", 4, "unexpected character ' ' at byte 4, expected false"),
        ("truefalse", 4, "unexpected character 'f' at byte 4, expected the end of the input"),
        ("undefined", 0, "unexpected character 'u' at byte 0, expected a value"),
        ("\u{C}1", 0, "unexpected byte 0x0C at byte 0, expected a value"),
        ("[1,\u{0B}2]", 3, "unexpected byte 0x0B at byte 3, expected a value"),
        ("\u{A0}1", 0, "unexpected byte 0xC2 at byte 0, expected a value"),
        ("\u{FEFF}1", 0, "unexpected byte 0xEF at byte 0, expected a value"),
        ("1\u{0}", 1, "unexpected byte 0x00 at byte 1, expected the end of the input"),
    ])
    func rejectsWhatRFC8259Forbids(_ text: String, _ offset: Int, _ message: String) throws {
        let error = try #require(parseError(text))
        #expect(error.offset == offset)
        #expect(error.message == message)
        #expect(error.description == message)
    }
}

/// The error of parsing `text`, or nil when it parses.
private func parseError(_ text: String) -> JSONParseError? {
    parseError(Array(text.utf8))
}

/// The error of parsing `bytes` from `start` on, or nil when they parse.
private func parseError(_ bytes: [UInt8], from start: Int = 0) -> JSONParseError? {
    bytes.withUnsafeBytes { raw -> JSONParseError? in
        do throws(JSONParseError) {
            _ = try JSONValue(parsing: UnsafeRawBufferPointer(rebasing: raw[start...]))
            return nil
        } catch {
            return error
        }
    }
}
