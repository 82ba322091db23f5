import Foundation
import ScrimCore
@testable import ScrimServer
import ScrimTestSupport
import ScrimJSON

/// `<repository>/Plugins`.
let shippedPlugins = Repository.plugins

/// A `LanguageServer` driven in memory: messages in as framed bytes, everything it sends parsed
/// back, the exit code kept.
@MainActor
final class ServerHarness {
    private(set) var server: LanguageServer!
    /// Every message the server sent, in order.
    private(set) var sent: [JSONValue] = []
    /// How many output batches (writes) there were.
    private(set) var batches = 0
    private(set) var exitCode: Int32?
    private var nextID = 1

    /// The preview launcher made of `preview`, if any.
    let launcher: ClosureLauncher?

    init(options: SessionOptions = ServerHarness.defaultOptions, preview: ClosureLauncher.Launch? = nil, make: ClosureLauncher.Make? = nil) {
        let launcher = preview.map { launch in make.map { ClosureLauncher(launch, make: $0) } ?? ClosureLauncher(launch) }
        self.launcher = launcher
        server = LanguageServer(
            options: options, preview: launcher,
            output: { [unowned self] bodies in
                batches += 1
                for body in bodies { sent.append(try! JSONValue(parsing: body)) }
            },
            onExit: { [unowned self] code in exitCode = code })
    }

    static var defaultOptions: SessionOptions {
        var options = SessionOptions()
        options.pluginDirectories = [shippedPlugins]
        options.watch = false
        return options
    }

    /// Frames `body` as the LSP base protocol does.
    static func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
    }

    func receive(_ body: String) { server.receive(Self.frame(body)) }

    func receiveRaw(_ bytes: [UInt8]) { server.receive(bytes) }

    /// Sends a request and returns its response (the last message with its id).
    @discardableResult
    func request(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
        let id = nextID
        nextID += 1
        let message: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
        receive(message.jsonString)
        return sent.last { $0["id"] == .int(id) } ?? .null
    }

    /// Sends a request whose answer may come later (`workspace/executeCommand`), waits for the
    /// work that answers it, and returns its response.
    func deferredRequest(_ method: String, _ params: JSONValue = [:]) async -> JSONValue {
        let id = nextID
        nextID += 1
        receive((["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params] as JSONValue).jsonString)
        await server.deferredAnswers[.int(id)]?.value
        return sent.last { $0["id"] == .int(id) } ?? .null
    }

    /// The `result` of a request that must succeed.
    @discardableResult
    func result(_ method: String, _ params: JSONValue = [:]) -> JSONValue {
        let response = request(method, params)
        precondition(response["error"] == nil, "\(method) failed: \(response.jsonString)")
        return response["result"] ?? .null
    }

    func notify(_ method: String, _ params: JSONValue = [:]) {
        receive((["jsonrpc": "2.0", "method": .string(method), "params": params] as JSONValue).jsonString)
    }

    /// `initialize` (with `initializationOptions`) and `initialized`.
    @discardableResult
    func start(_ initializationOptions: JSONObject = ["watch": false], capabilities: JSONValue = [:]) -> JSONValue {
        let result = result("initialize", [
            "processId": .null, "rootUri": .null, "capabilities": capabilities,
            "initializationOptions": .object(initializationOptions),
        ])
        notify("initialized")
        return result
    }

    /// The params of every notification `method` sent so far.
    func notifications(_ method: String) -> [JSONValue] {
        sent.filter { $0["method"] == .string(method) && $0["id"] == nil }.compactMap { $0["params"] }
    }

    func clearSent() { sent = [] }
}
