import Testing
@testable import ScrimServer
import ScrimJSON

/// Docs/Protocol.md, "Messages" and "Errors": what the server answers to messages that are not right.
@MainActor @Suite struct ProtocolErrorTests {
    @Test func malformedJSONIsAnsweredWithNullIDAndTheStreamGoesOn() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        let batches = h.batches
        h.server.receive(ServerHarness.frame(#"{"jsonrpc":"2.0","id":7,"method":"#) + ServerHarness.frame(#"{"jsonrpc":"2.0","id":8,"method":"scrim/snapshot"}"#))
        #expect(h.sent.count == 2)
        #expect(h.sent[0].errorCode == -32700)
        #expect(h.sent[0]["id"] == .null)
        #expect(h.sent[1]["id"] == 8)
        #expect(h.sent[1]["result"]?["window"] != nil)
        #expect(h.batches == batches + 1)  // answered in one write
    }

    @Test func aBadHeaderIsAParseErrorAndTheNextMessageIsRead() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        h.receiveRaw(Array("Content-Length: abc\r\n\r\n".utf8) + ServerHarness.frame(#"{"jsonrpc":"2.0","id":1,"method":"scrim/plugins"}"#))
        #expect(h.sent.first?.errorCode == -32700)
        #expect(h.sent.first?.errorMessage?.contains("abc") == true)
        #expect(h.sent.last?["id"] == 1)
    }

    @Test func aBatchIsRefused() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        h.receive(#"[{"jsonrpc":"2.0","id":1,"method":"scrim/snapshot"}]"#)
        #expect(h.sent.count == 1)
        #expect(h.sent[0].errorCode == -32600)
        #expect(h.sent[0]["id"] == .null)
    }

    @Test func valuesThatAreNotJSONRPC() {
        let h = ServerHarness()
        h.start()
        for body in [#"42"#, #"{"id":1,"method":"scrim/snapshot"}"#, #"{"jsonrpc":"2.0","id":true,"method":"x"}"#,
                     #"{"jsonrpc":"2.0","id":1,"method":3}"#, #"{"jsonrpc":"2.0","id":1,"method":"scrim/advance","params":5}"#,
                     #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"x"}}"#]
        {
            h.clearSent()
            h.receive(body)
            #expect(h.sent.count == 1, "\(body)")
            #expect(h.sent.first?.errorCode == -32600, "\(body)")
        }
    }

    @Test func aResponseCarriesResultOrErrorNeverBoth() {
        let h = ServerHarness()
        h.start()
        h.request("scrim/snapshot")
        h.request("scrim/nope")
        for message in h.sent where message["id"] != nil && message["method"] == nil {
            #expect((message["result"] == nil) != (message["error"] == nil), "\(message.jsonString)")
        }
    }

    @Test func unknownMethodsAndStringIDs() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        h.receive(#"{"jsonrpc":"2.0","id":"abc","method":"scrim/nope"}"#)
        #expect(h.sent[0]["id"] == "abc")
        #expect(h.sent[0].errorCode == -32601)
        #expect(h.sent[0].errorMessage == "method not found: 'scrim/nope'")
    }

    @Test func invalidParamsNameTheField() {
        let h = ServerHarness()
        h.start()
        let cases: [(String, JSONValue, String)] = [
            ("scrim/advance", ["seconds": "1"], "params.seconds: expected a number, got a string"),
            ("scrim/advance", [:], "params.seconds: missing; expected a number"),
            ("scrim/advance", ["seconds": -1], "params.seconds: expected a number from 0 to 600, got -1"),
            ("scrim/input", ["type": "pan", "phase": "began", "location": ["x": 1]], "params.location.y: missing; expected a number"),
            ("scrim/input", ["type": "swipe", "phase": "began", "location": ["x": 1, "y": 2]], #"params.type: expected one of "pan", "tap", got "swipe""#),
            ("scrim/setWindow", ["width": 0, "height": 800], "params.width: expected a number from 1 to 100000, got 0"),
            ("scrim/setClock", ["mode": "fast"], #"params.mode: expected one of "manual", "realtime", got "fast""#),
            ("scrim/subscribeFrames", ["enabled": true, "views": [1]], "params.views[0]: expected a string, got a number"),
            ("scrim/present", ["presented": "details", "modalPresentationStyle": "sideways"],
             #"params.modalPresentationStyle: expected one of "fullScreen", "pageSheet", "formSheet", "overFullScreen", "currentContext", "overCurrentContext", "popover", "custom", "automatic", got "sideways""#),
            ("scrim/interaction", ["transition": 1, "action": "update"], "params.percent: missing; expected a number"),
            // The same delegate field as a scene's (DelegateSpec), with the same messages.
            ("scrim/present", ["presented": "details", "transitioningDelegate": 3],
             "params.transitioningDelegate: expected a plugin name or { animator?, interaction?, presentation?, options? }, got a number"),
            ("scrim/present", ["presented": "details", "transitioningDelegate": ["options": ["x": 1]]],
             "params.transitioningDelegate: name at least one of animator, interaction, presentation"),
            ("scrim/present", ["presented": "details", "transitioningDelegate": ["animator": 1]],
             "params.transitioningDelegate.animator: expected a string, got a number"),
        ]
        h.result("scrim/loadScene", ["scene": "demo"])
        for (method, params, message) in cases {
            let response = h.request(method, params)
            #expect(response.errorCode == -32602, "\(method)")
            #expect(response.errorMessage == message, "\(method)")
        }
    }

    /// Neovim 0.7 encodes an empty Lua table as `[]`: empty positional params are no params.
    @Test func anEmptyArrayOfParamsIsNoParamsAndAnyOtherArrayIsRefused() {
        let h = ServerHarness()
        h.start()
        #expect(h.request("scrim/plugins", []).errorCode == nil)
        #expect(h.request("scrim/plugins", []).objectValue?["result"]?["plugins"] != nil)
        #expect(h.request("scrim/advance", []).errorMessage == "params.seconds: missing; expected a number")
        let positional = h.request("scrim/advance", [1])
        #expect(positional.errorCode == -32602)
        #expect(positional.errorMessage == "params: expected an object, got an array")
    }

    @Test func aCancelledRequestOfTheSameBatchIsAnsweredMinus32800() {
        let h = ServerHarness()
        h.start()
        h.result("scrim/loadScene", ["scene": "demo"])
        h.clearSent()
        h.receiveRaw(
            ServerHarness.frame(#"{"jsonrpc":"2.0","id":41,"method":"scrim/advance","params":{"seconds":1}}"#)
                + ServerHarness.frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":41}}"#)
                + ServerHarness.frame(#"{"jsonrpc":"2.0","id":42,"method":"scrim/snapshot"}"#))
        #expect(h.sent.count == 2)
        #expect(h.sent[0]["id"] == 41)
        #expect(h.sent[0].errorCode == -32800)
        #expect(h.sent[1]["result"]?["time"] == 0.0)  // the advance never ran
        // A cancel for a request already answered changes nothing.
        h.clearSent()
        h.notify("$/cancelRequest", ["id": 42])
        #expect(h.sent.isEmpty)
    }

    // MARK: Nesting

    /// The start of a `scrim/advance` request without its id, up to where `seconds` goes (the
    /// message and its params are two levels).
    static let advancePrefix = #"{"jsonrpc":"2.0","method":"scrim/advance","params":{"seconds":"#

    /// `levels` arrays, one in the other.
    static func arrays(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
    }

    @Test func aRequestNested1000LevelsDeepGetsItsOwnAnswer() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        h.receive(Self.advancePrefix + Self.arrays(998) + #"},"id":31}"#)
        #expect(h.sent.count == 1)
        #expect(h.sent.first?["id"] == 31)
        #expect(h.sent.first?.errorCode == -32602)
        #expect(h.sent.first?.errorMessage == "params.seconds: expected a number, got an array")
    }

    @Test func aRequestTooDeepToParseIsAnsweredWithItsIDAndTheStreamGoesOn() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        // The id comes after the deep params, as a string: the whole message is read for it.
        h.receive(Self.advancePrefix + Self.arrays(20_000) + #"},"id":"deep"}"#)
        h.receive(Self.advancePrefix + Self.arrays(999) + #"},"id":7}"#)
        let next = h.request("scrim/snapshot")
        #expect(h.sent.count == 3)
        #expect(h.sent.first?["id"] == "deep")
        #expect(h.sent.first?.errorCode == -32600)
        let offset = Self.advancePrefix.utf8.count + 998
        #expect(h.sent.first?.errorMessage == "the message nests arrays and objects deeper than 1000 levels (at byte \(offset))")
        #expect(h.sent.dropFirst().first?["id"] == 7)
        #expect(h.sent.dropFirst().first?.errorCode == -32600)
        #expect(next["result"]?["window"] != nil)
    }

    @Test func aTooDeepMessageThatIsNotJSONIsAParseErrorWithNullID() {
        let h = ServerHarness()
        h.start()
        h.clearSent()
        let unclosed = #"{"jsonrpc":"2.0","id":9,"method":"scrim/advance","params":{"seconds":"# + String(repeating: "[", count: 20_000) + "}}"
        h.receive(unclosed)
        #expect(h.sent.count == 1)
        #expect(h.sent.first?["id"] == .null)
        #expect(h.sent.first?.errorCode == -32700)
        #expect(h.sent.first?.errorMessage == "malformed JSON: unexpected character '}' at byte \(unclosed.utf8.count - 2), expected a value")
    }

    @Test func onlyARequestTooDeepToParseIsAnsweredWithItsID() {
        let h = ServerHarness()
        h.start()
        let deep = Self.arrays(5_000)
        for body in [#"{"jsonrpc":"2.0","method":"scrim/x","params":{"a":"# + deep + "}}",  // a notification
                     #"{"jsonrpc":"2.0","id":"scrim-1","result":"# + deep + "}",  // a response
                     #"{"jsonrpc":"2.0","id":1.5,"method":"scrim/x","params":"# + deep + "}"]  // not an id
        {
            h.clearSent()
            h.receive(body)
            #expect(h.sent.count == 1)
            #expect(h.sent.first?["id"] == .null)
            #expect(h.sent.first?.errorCode == -32600)
        }
    }
}
