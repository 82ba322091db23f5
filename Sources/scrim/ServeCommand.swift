import ArgumentParser
import Foundation
import Scrim
import ScrimPlayback
import ScrimPreview

/// `scrim serve`: the JSON-RPC protocol (LSP base framing) on stdio, or on one TCP connection.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Speak JSON-RPC 2.0 with LSP framing on stdio (or TCP): diagnostics for Lua plugins, scenes, transitions and frames.",
        discussion: """
            Only protocol goes to stdout (file descriptor 1 is pointed at stderr); logs go to stderr. \
            The client's pluginPaths are added to the --plugins directories. Without either, the plugins that \
            ship with Scrim are used. The scrim.preview command (and its "▶ Preview" code lens) starts a live \
            preview of a plugin, as scrim preview --serve does: a page on one preview server on 127.0.0.1 \
            (at most 16 previews; idle ones stop after 10 minutes; all stop at shutdown).
            """)

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @Option(help: "Listen on a loopback TCP address (127.0.0.1:PORT) for one client instead of stdio.")
    var listen: String?

    @MainActor func run() async throws {
        var options = SessionOptions()
        options.pluginDirectories = pluginDirectories.urls
        options.defaultPluginDirectory = ShippedPlugins.directory
        // The server says when the session is over (`exit`, the end of input, the client's death)
        // and with which code; the command waits for that, then ends the process with it.
        // One preview server for every scrim.preview request (each a page on it), bounded: at most
        // 16 previews, idle ones stopped after 10 minutes, all stopped at `shutdown`. It logs
        // each preview it starts and stops. It also makes the files of scrim.exportSwift and
        // scrim.renderGIF (and the previews' downloads) as scrim export and scrim render do.
        let preview = LivePreviews(artifacts: .commandLine) { event in Self.log(event.description) }
        guard let listen else {
            let output = StandardStreams.takeProtocolOutput()
            Foundation.exit(await LanguageServer.run(input: 0, output: output, options: options, preview: preview, log: Self.log))
        }
        signal(SIGPIPE, SIG_IGN)
        let listener: TCPListener
        do {
            listener = try TCPListener(address: listen)
        } catch {
            // Docs/Protocol.md: a malformed or non-loopback address, or a port that cannot be
            // listened on, is a usage error (the listener's errors do not tell them apart).
            throw ValidationError(error.description)
        }
        Self.log("listening on \(TCPListener.describe(listen, port: listener.port))")
        // Docs/Protocol.md, "Framing": a connection closed for a bad header before its first
        // message never spoke LSP (a web page's request): the next connection is waited for. The
        // first connection that frames a message is the client; then the listener closes.
        while true {
            let connection: Int32
            do {
                connection = try listener.accept()
            } catch {
                Self.log(error.description)
                Foundation.exit(1)
            }
            let end = await LanguageServer.serve(connection: connection, options: options, preview: preview, log: Self.log) {
                listener.close()
            }
            switch end {
            case .rejected(let problem):
                Self.log("closed a connection that does not speak LSP (\(problem)); listening on")
            case .exit(let code):
                Foundation.exit(code)
            }
        }
    }

    /// Writes `scrim: message` on stderr.
    private static func log(_ message: String) {
        FileHandle.standardError.write(Data("scrim: \(message)\n".utf8))
    }
}
