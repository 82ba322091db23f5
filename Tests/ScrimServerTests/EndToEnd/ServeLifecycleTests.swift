import Foundation
import Testing
@testable import ScrimServer

/// Docs/Protocol.md, "Lifecycle", against the real `scrim serve` process: initialize, requests
/// before it, shutdown, exit codes, and the end of input (including a client that vanishes
/// mid-message).
@Suite struct ServeLifecycleTests {
    @Test func theWholeLifecycleEndsWithExitCode0() async throws {
        let server = try ServeSession()
        let early = try #require(await server.request("scrim/advance", ["seconds": 1]))
        #expect(early.errorCode == -32002)
        #expect(early["result"] == nil)

        let initialize = try #require(await server.start())
        #expect(initialize["error"] == nil)
        #expect(initialize["result"]?["serverInfo"]?["name"] == "scrim")
        #expect(initialize["result"]?["serverInfo"]?["version"]?.stringValue?.isEmpty == false)
        #expect(initialize["result"]?["capabilities"]?["positionEncoding"] == "utf-16")

        let shutdown = try #require(await server.request("shutdown", nil))
        #expect(shutdown.objectValue?.keys.sorted() == ["id", "jsonrpc", "result"])
        #expect(shutdown["result"] == .null)
        let afterShutdown = try #require(await server.request("scrim/snapshot"))
        #expect(afterShutdown.errorCode == -32600)

        server.notify("exit")
        #expect(await server.exitCode() == 0)
        #expect(server.stdout.violation == nil)
    }

    @Test func exitWithoutShutdownEndsWithExitCode1() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        server.notify("exit")
        #expect(await server.exitCode() == 1)
    }

    @Test func exitBeforeInitializeEndsWithExitCode1() async throws {
        let server = try ServeSession()
        server.notify("exit")
        #expect(await server.exitCode() == 1)
    }

    @Test func closingStdinEndsTheProcess() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        server.closeInput()
        #expect(await server.exitCode() == 1)
    }

    @Test func closingStdinAfterShutdownEndsWithExitCode0() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        #expect(try #require(await server.request("shutdown", nil))["result"] == .null)
        server.closeInput()
        #expect(await server.exitCode() == 0)
    }

    /// Half a header, then the client is gone: the server must not wait for the rest.
    @Test func aClientThatDisappearsMidHeaderEndsTheProcess() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        server.write(Array("Content-Len".utf8))
        server.closeInput()
        #expect(await server.exitCode(within: 5) == 1)
    }

    @Test func aClientThatDisappearsMidBodyEndsTheProcess() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        server.write(Array("Content-Length: 200\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9,".utf8))
        server.closeInput()
        #expect(await server.exitCode(within: 5) == 1)
        #expect(server.messages.allSatisfy { $0["id"] != 9 })
    }
}
