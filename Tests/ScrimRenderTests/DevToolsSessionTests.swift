import ScrimJSON
import Testing

@testable import ScrimRender

@Suite("DevTools commands and the replies matched to them")
struct DevToolsSessionTests {
    @Test func writesACommandWithItsSession() throws {
        let bytes = DevToolsSession.command(id: 7, method: "Page.navigate", params: ["url": "about:blank"], session: "S1")
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"id":7,"method":"Page.navigate","params":{"url":"about:blank"},"sessionId":"S1"}"#)
        let bare = DevToolsSession.command(id: 1, method: "Browser.close", params: [:], session: nil)
        #expect(String(decoding: bare, as: UTF8.self) == #"{"id":1,"method":"Browser.close","params":{}}"#)
    }

    @Test func matchesTheReplyByID() throws {
        let reply = try JSONValue(parsing: #"{"id":3,"result":{"data":"abc"},"sessionId":"S1"}"#)
        #expect(DevToolsSession.reply(to: 3, in: reply) == .result(["data": "abc"]))
        #expect(DevToolsSession.reply(to: 4, in: reply) == nil)
        let event = try JSONValue(parsing: #"{"method":"Page.loadEventFired","params":{"timestamp":1.5}}"#)
        #expect(DevToolsSession.reply(to: 3, in: event) == nil)
    }

    @Test func anErrorReplyIsAFailureWithItsMessageAndCode() throws {
        let reply = try JSONValue(parsing: #"{"id":2,"error":{"code":-32601,"message":"'Page.nope' wasn't found"}}"#)
        #expect(DevToolsSession.reply(to: 2, in: reply) == .failure("'Page.nope' wasn't found (-32601)"))
        let empty = try JSONValue(parsing: #"{"id":2}"#)
        #expect(DevToolsSession.reply(to: 2, in: empty) == .failure("a reply without a result"))
    }
}
