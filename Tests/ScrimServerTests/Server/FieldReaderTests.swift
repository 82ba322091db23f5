import ScrimHost
import ScrimJSON
import Testing
@testable import ScrimServer

/// A message's params and a scene read the same JSON alike: one reader, the same values and the
/// same messages, whether the JSON is read as is (`Params`) or as option values (`OptionReader`).
@Suite struct FieldReaderTests {
    static let json: JSONValue = [
        "window": ["width": "wide", "height": 844], "frame": ["x": 5, "y": 6, "width": -1, "height": 1],
        "origin": ["x": 1, "y": 2], "color": [1, 0, 0], "tint": [0, 0, 0, 1], "list": [1], "names": ["a", "b"],
        "count": 1.5, "style": "sheet", "gone": .null, "empty": [:],
    ]

    /// What each read gives (its value, or its error's message).
    static func outcomes<Value: FieldValue, Failure: FieldFailure & CustomStringConvertible>(
        _ reader: FieldReader<Value, Failure>
    ) -> [String] {
        var outcomes: [String] = []
        func record<T>(_ read: () throws(Failure) -> T) {
            do {
                outcomes.append("\(try read())")
            } catch {
                outcomes.append(error.description.replacingOccurrences(of: "error -32602: ", with: ""))
            }
        }
        record { () throws(Failure) in try reader.nested("window").number("width") }
        record { () throws(Failure) in try reader.nested("window").number("height", in: 1...100) }
        record { () throws(Failure) in try reader.rect("frame") }
        record { () throws(Failure) in try reader.point("origin") }
        record { () throws(Failure) in try reader.color("color") }
        record { () throws(Failure) in try reader.color("tint") }
        record { () throws(Failure) in try reader.optionalStrings("list") }
        record { () throws(Failure) in try reader.optionalStrings("names") }
        record { () throws(Failure) in try reader.integer("count") }
        record { () throws(Failure) in try reader.choice("style", ["fullScreen", "pageSheet"]) }
        record { () throws(Failure) in try reader.string("missing") }
        record { () throws(Failure) in try reader.optionalString("gone") }
        record { () throws(Failure) in try reader.objects("empty") }
        record { () throws(Failure) in try reader.options("origin").keys.sorted() }
        return outcomes
    }

    @Test func jsonAndOptionValuesReadAlike() throws {
        let params = Self.outcomes(try Params(Self.json, path: "p"))
        let scene = Self.outcomes(try OptionReader(json: Self.json, path: "p"))
        #expect(params == scene)
        #expect(params == [
            "p.window.width: expected a number, got a string",
            "p.window.height: expected a number from 1 to 100, got 844",
            "p.frame.width: expected a number from 0 to 10000000, got -1",
            "(1, 2)",
            "p.color: expected [red, green, blue, alpha] in 0…1, got 3 elements",
            "rgba(0, 0, 0, 1)",
            "p.list[0]: expected a string, got a number",
            "Optional([\"a\", \"b\"])",
            "p.count: expected an integer, got a number",
            "p.style: expected one of \"fullScreen\", \"pageSheet\", got \"sheet\"",
            "p.missing: missing; expected a string",
            "nil",
            "p.empty: expected an array, got an object",
            "[\"x\", \"y\"]",
        ])
    }

    /// Params alone: absent, `null` and `[]` params are `{}`; other arrays are refused.
    @Test func paramsAreAnObject() throws {
        #expect(try Params(nil).members.isEmpty)
        #expect(try Params(.null).members.isEmpty)
        #expect(try Params([]).members.isEmpty)
        #expect(throws: ResponseError.invalidParams("params", "expected an object, got an array")) { try Params([1]) }
    }
}
