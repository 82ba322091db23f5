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
        let input: Int32, output: Int32
        if let listen {
            signal(SIGPIPE, SIG_IGN)
            do {
                let connection = try TCPListener.acceptOne(address: listen) { port in
                    FileHandle.standardError.write(Data("scrim: listening on \(TCPListener.describe(listen, port: port))\n".utf8))
                }
                (input, output) = (connection, connection)
            } catch {
                // Docs/Protocol.md: a malformed or non-loopback address, or a port that cannot be
                // listened on, is a usage error (the listener's errors do not tell them apart).
                throw ValidationError(error.description)
            }
        } else {
            output = StandardStreams.takeProtocolOutput()
            input = 0
        }
        var options = SessionOptions()
        options.pluginDirectories = pluginDirectories.urls
        options.defaultPluginDirectory = ShippedPlugins.directory
        // The server says when the session is over (`exit`, the end of input, the client's death)
        // and with which code; the command waits for that, then ends the process with it.
        // One preview server for every scrim.preview request (each a page on it), bounded: at most
        // 16 previews, idle ones stopped after 10 minutes, all stopped at `shutdown`.
        let previews = LivePreviews { event in FileHandle.standardError.write(Data("scrim: \(event.description)\n".utf8)) }
        let code = await LanguageServer.run(input: input, output: output, options: options, preview: previews)
        Foundation.exit(code)
    }
}
