import Testing
@testable import ScrimServer

/// The layer before the handlers: lifecycle, cancellation and trace, as a pure struct.
@Suite struct MessageGateTests {
    @Test func aCancelledRequestIsAnsweredUnrunOnlyOnceTheSessionRuns() {
        var gate = MessageGate()
        let cancelled: Set<RequestID> = [.int(2)]
        #expect(
            gate.request("scrim/snapshot", id: .int(2), cancelled: cancelled)
                == .answer(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first")))
        #expect(gate.request("initialize", id: .int(1), cancelled: cancelled) == .run)
        gate.initialized()
        #expect(gate.request("scrim/snapshot", id: .int(2), cancelled: cancelled)
            == .answer(ResponseError(.requestCancelled, "request 2 was cancelled before it ran")))
        #expect(gate.request("scrim/snapshot", id: .int(3), cancelled: cancelled) == .run)
        #expect(gate.request("shutdown", id: .int(2), cancelled: cancelled) == .run)
        #expect(gate.notification("textDocument/didOpen") == .drop)
        #expect(!gate.hasExited)
        #expect(gate.notification("exit") == .exit(code: 0))
        #expect(gate.hasExited)
    }

    @Test func theEndOfInputExitsWithOneBeforeShutdown() {
        var gate = MessageGate()
        #expect(gate.notification("initialized") == .drop)
        #expect(gate.endOfInput() == .exit(code: 1))
    }
}
