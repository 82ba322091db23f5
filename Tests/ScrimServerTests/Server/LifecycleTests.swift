import Testing
@testable import ScrimServer

/// Docs/Protocol.md, "Lifecycle": the lifecycle, as the pure state machine and through the server.
@MainActor @Suite struct LifecycleTests {
    @Test func theStateMachineFollowsLSP() {
        var lifecycle = Lifecycle()
        #expect(lifecycle.request("scrim/advance") == .reject(ResponseError(.serverNotInitialized, "the server is not initialized: send 'initialize' first")))
        #expect(lifecycle.notification("textDocument/didOpen") == .drop)
        #expect(lifecycle.request("initialize") == .initialize)
        lifecycle.initialized()
        #expect(lifecycle.request("scrim/advance") == .handle)
        #expect(lifecycle.notification("textDocument/didOpen") == .handle)
        #expect(lifecycle.request("initialize") == .reject(ResponseError(.invalidRequest, "'initialize' was already called")))
        #expect(lifecycle.request("shutdown") == .shutdown)
        #expect(lifecycle.request("scrim/advance") == .reject(ResponseError(.invalidRequest, "the server is shut down: only 'exit' is accepted")))
        #expect(lifecycle.notification("textDocument/didOpen") == .drop)
        #expect(lifecycle.notification("exit") == .exit(code: 0))
    }

    @Test func exitWithoutShutdownIsOne() {
        var lifecycle = Lifecycle()
        #expect(lifecycle.notification("exit") == .exit(code: 1))
        var running = Lifecycle()
        _ = running.request("initialize")
        running.initialized()
        #expect(running.endOfInput() == .exit(code: 1))
    }

    @Test func requestsBeforeInitializeGetMinus32002AndNotificationsAreDropped() {
        let h = ServerHarness()
        let early = h.request("scrim/snapshot")
        #expect(early.errorCode == -32002)
        #expect(early["id"] == 1)
        h.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///tmp/x.lua", "languageId": "lua", "version": 1, "text": "return {"]])
        #expect(h.notifications("textDocument/publishDiagnostics").isEmpty)
        #expect(h.exitCode == nil)
    }

    @Test func initializeAnswersCapabilitiesAndServerInfo() {
        let h = ServerHarness()
        let result = h.start()
        #expect(result["serverInfo"]?["name"] == "scrim")
        #expect(result["serverInfo"]?["version"]?.stringValue?.isEmpty == false)
        #expect(result["capabilities"]?["textDocumentSync"]?["change"] == 1)
        #expect(result["capabilities"]?["textDocumentSync"]?["openClose"] == true)
        #expect(result["capabilities"]?["positionEncoding"] == "utf-16")
        let methods = result["capabilities"]?["experimental"]?["scrim"]?["methods"]?.arrayValue?.compactMap(\.stringValue)
        #expect(methods?.contains("scrim/present") == true)
        #expect(h.request("initialize", ["processId": .null, "capabilities": [:]]).errorCode == -32600)
    }

    @Test func utf8IsNegotiatedWhenTheClientOffersIt() {
        let h = ServerHarness()
        let result = h.start(capabilities: ["general": ["positionEncodings": ["utf-8", "utf-16"]]])
        #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
    }

    @Test func shutdownThenExitIsZero() {
        let h = ServerHarness()
        h.start()
        #expect(h.request("shutdown")["result"] == .null)
        #expect(h.request("shutdown").errorCode == -32600)
        #expect(h.request("scrim/snapshot").errorCode == -32600)
        h.notify("exit")
        #expect(h.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsOneThroughTheServer() {
        let h = ServerHarness()
        h.start()
        h.notify("exit")
        #expect(h.exitCode == 1)
    }

    @Test func endOfInputExits() {
        let h = ServerHarness()
        h.start()
        h.result("shutdown")
        h.server.endOfInput()
        #expect(h.exitCode == 0)
    }

    @Test func theClientIsAskedToWatchLuaFilesOnlyWhenItCanRegister() {
        let plain = ServerHarness()
        plain.start()
        #expect(!plain.sent.contains { $0["method"] == "client/registerCapability" })

        let dynamic = ServerHarness()
        dynamic.start(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = dynamic.sent.first { $0["method"] == "client/registerCapability" }
        #expect(registration?["params"]?["registrations"]?.arrayValue?.first?["method"] == "workspace/didChangeWatchedFiles")
        #expect(registration?["params"]?["registrations"]?.arrayValue?.first?["registerOptions"]?["watchers"]?.arrayValue?.first?["globPattern"] == "**/*.lua")
        #expect(registration?["id"] != nil)
        // The client's answer is accepted silently.
        let count = dynamic.sent.count
        dynamic.receive(#"{"jsonrpc":"2.0","id":"\#(registration?["id"]?.stringValue ?? "")","result":null}"#)
        #expect(dynamic.sent.count == count)
    }

    @Test func setTraceAndUnknownDollarMessages() {
        let h = ServerHarness()
        h.start()
        h.notify("$/setTrace", ["value": "verbose"])
        #expect(h.server.traceValue == "verbose")
        let count = h.sent.count
        h.notify("$/somethingElse", ["x": 1])
        #expect(h.sent.count == count)
        #expect(h.request("$/somethingElse").errorCode == -32601)
    }
}
