import Testing
import ScrimJSON

@Suite struct JSONObjectTests {
    @Test func startsEmpty() {
        let object = JSONObject()
        #expect(object.isEmpty)
        #expect(object.count == 0)
        #expect(object.keys.isEmpty)
        #expect(object["a"] == nil)
        #expect(Array(object).isEmpty)
    }

    @Test func keepsInsertionOrder() {
        var object = JSONObject()
        object["c"] = 1
        object["a"] = 2
        object["b"] = 3
        #expect(object.keys == ["c", "a", "b"])
        #expect(object.map(\.key) == ["c", "a", "b"])
        #expect(object.map(\.value) == [1, 2, 3])
        #expect(object.count == 3)
        #expect(!object.isEmpty)
    }

    @Test func settingAKeyAgainReplacesItInPlace() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = "two"
        #expect(object.keys == ["a", "b", "c"])
        #expect(object["b"] == "two")
        #expect(object.count == 3)
    }

    @Test func settingNilRemovesAndKeepsTheRestInOrder() {
        var object: JSONObject = ["a": 1, "b": 2, "c": 3]
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object["b"] == nil)
        object["missing"] = nil
        #expect(object.count == 2)
        object["b"] = 4
        #expect(object.keys == ["a", "c", "b"])
    }

    @Test func aNullMemberIsNotAMissingOne() {
        var object = JSONObject()
        object["a"] = .null
        #expect(object["a"] == .null)
        #expect(object.count == 1)
    }

    /// Past a dozen members the object also keeps a hash index; it must stay in step with the order.
    @Test func largeObjectsStayConsistentThroughChanges() {
        var object = JSONObject()
        for index in 0..<100 {
            object["k\(index)"] = .int(index)
        }
        #expect(object.count == 100)
        #expect(object["k57"] == 57)
        object["k57"] = "replaced"
        #expect(object.keys[57] == "k57")
        #expect(object["k57"] == "replaced")

        for index in stride(from: 0, to: 100, by: 2) {
            object["k\(index)"] = nil
        }
        #expect(object.count == 50)
        #expect(object.keys == stride(from: 1, to: 100, by: 2).map { "k\($0)" })
        #expect(object["k2"] == nil)
        #expect(object["k99"] == 99)

        for index in stride(from: 1, to: 97, by: 2) {
            object["k\(index)"] = nil
        }
        #expect(object.keys == ["k97", "k99"])
        #expect(object["k97"] == 97)
        object["k0"] = 0
        #expect(object.keys == ["k97", "k99", "k0"])
    }

    @Test func equalityIgnoresOrder() {
        let forward: JSONObject = ["a": 1, "b": [true], "c": nil]
        let backward: JSONObject = ["c": nil, "b": [true], "a": 1]
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(JSONValue.object(forward) == .object(backward))
        #expect(Set([JSONValue.object(forward), .object(backward)]).count == 1)
    }

    @Test func equalityComparesKeysAndValues() {
        let object: JSONObject = ["a": 1, "b": 2]
        #expect(object != ["a": 1, "b": 3])
        #expect(object != ["a": 1, "c": 2])
        #expect(object != ["a": 1])
        #expect(object != ["a": 1, "b": 2, "c": 3])
        #expect(object != ["a": 1, "b": 2.0])
        #expect(JSONObject() == [:])
    }

    @Test func largeObjectsCompareRegardlessOfOrder() {
        var forward = JSONObject()
        var backward = JSONObject()
        for index in 0..<50 {
            forward["k\(index)"] = .int(index)
            backward["k\(49 - index)"] = .int(49 - index)
        }
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        backward["k10"] = 11
        #expect(forward != backward)
    }

    @Test func descriptionIsTheJSONText() {
        let object: JSONObject = ["b": 1, "a": "x"]
        #expect(object.description == #"{"b":1,"a":"x"}"#)
    }
}
