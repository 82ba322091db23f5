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
        #expect(await server.exitCode() == 1)
    }

    @Test func aClientThatDisappearsMidBodyEndsTheProcess() async throws {
        let server = try ServeSession()
        #expect(try #require(await server.start())["result"] != nil)
        server.write(Array("Content-Length: 200\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9,".utf8))
        server.closeInput()
        #expect(await server.exitCode() == 1)
        #expect(server.messages.allSatisfy { $0["id"] != 9 })
    }
    /// The client named by `initialize`'s `processId` dies while the server waits for input: the
    /// server says so on stderr and exits with 1. The client is a child spawned and reaped here
    /// (not through Foundation's `Process`), so that no zombie of it keeps its process id alive.
    @Test func theDeathOfTheClientProcessEndsTheServer() async throws {
        var client: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sleep"), strdup("600"), nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&client, "/bin/sleep", nil, nil, argv, environ)
        try #require(spawned == 0)
        var reaped = false
        defer {
            if !reaped {
                kill(client, SIGKILL)
                waitpid(client, nil, 0)
            }
        }
        let server = try ServeSession()
        let initialize = try #require(await server.request("initialize", [
            "processId": .int(Int(client)), "rootUri": .null, "capabilities": [:],
            "initializationOptions": ["clock": "manual", "watch": false],
        ]))
        #expect(initialize["result"] != nil)
        server.notify("initialized")
        // Still alive while the client is: it answers.
        #expect(try #require(await server.request("scrim/advance", ["seconds": 0.1]))["result"] != nil)
        #expect(server.isRunning)

        kill(client, SIGKILL)
        #expect(waitpid(client, nil, 0) == client)
        reaped = true
        #expect(await server.exitCode() == 1)
        #expect(server.stderr.contains("scrim: the client (process \(client)) is gone; exiting"), "\(server.stderr)")
        #expect(server.stdout.violation == nil)
    }
}
