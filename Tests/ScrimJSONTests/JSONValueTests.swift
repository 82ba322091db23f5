import Testing
import ScrimJSON

@Suite struct JSONValueTests {
    // MARK: Literals

    @Test func literalsMakeTheMatchingCases() {
        let null: JSONValue = nil
        let flag: JSONValue = true
        let int: JSONValue = 3
        let double: JSONValue = 3.5
        let string: JSONValue = "s"
        let array: JSONValue = [1, "a", nil]
        let object: JSONValue = ["b": 1, "a": [2]]
        #expect(null == .null)
        #expect(flag == .bool(true))
        #expect(int == .int(3))
        #expect(double == .double(3.5))
        #expect(string == .string("s"))
        #expect(array == .array([.int(1), .string("a"), .null]))
        var expected = JSONObject()
        expected["b"] = .int(1)
        expected["a"] = .array([.int(2)])
        #expect(object == .object(expected))
        #expect(object.objectValue?.keys == ["b", "a"])
    }

    @Test func aDictionaryLiteralKeepsTheOrderWrittenAndTheLastRepeatedValue() {
        let value: JSONValue = ["z": 1, "y": 2, "z": 3]
        #expect(value.objectValue?.keys == ["z", "y"])
        #expect(value["z"] == .int(3))
    }

    @Test func intsAndDoublesAreDistinctCases() {
        #expect(JSONValue.int(1) != .double(1))
        #expect(Set<JSONValue>([.int(1), .double(1), .int(1)]).count == 2)
    }

    // MARK: Accessors

    @Test func isNull() {
        #expect(JSONValue.null.isNull)
        #expect(!JSONValue.bool(false).isNull)
        #expect(!JSONValue.int(0).isNull)
        #expect(!JSONValue.string("").isNull)
    }

    @Test func boolStringArrayAndObjectValues() {
        #expect(JSONValue.bool(false).boolValue == false)
        #expect(JSONValue.int(1).boolValue == nil)
        #expect(JSONValue.string("x").stringValue == "x")
        #expect(JSONValue.null.stringValue == nil)
        #expect(JSONValue.array([1]).arrayValue == [.int(1)])
        #expect(JSONValue.object(["a": 1]).arrayValue == nil)
        #expect(JSONValue.object(["a": 1]).objectValue == ["a": 1])
        #expect(JSONValue.array([]).objectValue == nil)
    }

    @Test func intValueAcceptsIntegralDoublesInRange() {
        #expect(JSONValue.int(-5).intValue == -5)
        #expect(JSONValue.double(3).intValue == 3)
        #expect(JSONValue.double(-0.0).intValue == 0)
        #expect(JSONValue.double(-9_223_372_036_854_775_808).intValue == Int.min)
        #expect(JSONValue.double(3.5).intValue == nil)
        #expect(JSONValue.double(9_223_372_036_854_775_808).intValue == nil)
        #expect(JSONValue.double(.infinity).intValue == nil)
        #expect(JSONValue.double(.nan).intValue == nil)
        #expect(JSONValue.string("3").intValue == nil)
        #expect(JSONValue.bool(true).intValue == nil)
    }

    @Test func doubleValueAcceptsBothKindsOfNumber() {
        #expect(JSONValue.int(2).doubleValue == 2)
        #expect(JSONValue.int(Int.max).doubleValue == Double(Int.max))
        #expect(JSONValue.double(0.25).doubleValue == 0.25)
        #expect(JSONValue.string("0.25").doubleValue == nil)
        #expect(JSONValue.null.doubleValue == nil)
    }

    @Test func subscriptReadsObjectMembers() {
        let value: JSONValue = ["a": ["b": [1, 2]], "n": nil]
        #expect(value["a"]?["b"] == [1, 2])
        #expect(value["n"] == .null)
        #expect(value["missing"] == nil)
        #expect(value["a"]?["missing"] == nil)
        #expect(JSONValue.array([1])["a"] == nil)
        #expect(JSONValue.string("a")["a"] == nil)
    }

    @Test func typeNames() {
        #expect(JSONValue.null.typeName == "null")
        #expect(JSONValue.bool(true).typeName == "boolean")
        #expect(JSONValue.int(1).typeName == "number")
        #expect(JSONValue.double(1).typeName == "number")
        #expect(JSONValue.string("").typeName == "string")
        #expect(JSONValue.array([]).typeName == "array")
        #expect(JSONValue.object([:]).typeName == "object")
    }

    @Test func descriptionIsTheJSONText() {
        let value: JSONValue = ["a": [1, "b"]]
        #expect("\(value)" == #"{"a":[1,"b"]}"#)
    }
}
