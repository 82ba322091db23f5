import Testing

@testable import ScrimRender

@Suite("The DevTools pipe's NUL framing")
struct DevToolsFramerTests {
    private func feed(_ framer: inout DevToolsFramer, _ text: String) {
        Array(text.utf8).withUnsafeBytes { framer.append($0) }
    }

    @Test func framesAMessageWithOneNUL() {
        #expect(DevToolsFramer.frame(Array("{}".utf8)) == [0x7B, 0x7D, 0])
    }

    @Test func splitsMessagesAndWaitsForTheRest() throws {
        var framer = DevToolsFramer(limit: 100)
        feed(&framer, "{\"id\":1}\0{\"id\"")
        #expect(try framer.next() == Array("{\"id\":1}".utf8))
        #expect(try framer.next() == nil)
        feed(&framer, ":2}\0\0")
        #expect(try framer.next() == Array("{\"id\":2}".utf8))
        #expect(try framer.next() == [])
        #expect(try framer.next() == nil)
    }

    @Test func refusesAMessageOverTheLimit() throws {
        var framer = DevToolsFramer(limit: 8)
        feed(&framer, "12345678\0")
        #expect(try framer.next()?.count == 8)
        feed(&framer, "123456789")
        #expect(throws: RenderError.messageTooLarge(limit: 8)) { try framer.next() }
        var whole = DevToolsFramer(limit: 8)
        feed(&whole, "123456789\0")
        #expect(throws: RenderError.messageTooLarge(limit: 8)) { try whole.next() }
    }
}
