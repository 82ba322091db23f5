import Dispatch

extension LanguageServer {
    /// Runs a server on a pair of file descriptors (a pipe, a socket, stdio) until its session
    /// is over — `exit`, the end of input or the client's death — and returns the exit code:
    /// 0 after `shutdown`, else 1. Messages are read on a thread of their own and handled on the
    /// main actor; the descriptors stay open. `preview` starts the live previews of the
    /// `scrim.preview` command (nil: the server does not offer it).
    ///
    /// ```swift
    /// var options = SessionOptions()
    /// options.pluginDirectories = [plugins]
    /// let code = await LanguageServer.run(input: 0, output: 1, options: options)
    /// ```
    public static func run(
        input: Int32, output: Int32, options: SessionOptions = SessionOptions(), preview: (any PreviewLauncher)? = nil
    ) async -> Int32 {
        let writer = MessageWriter(fileDescriptor: output)
        let (exits, exiting) = AsyncStream.makeStream(of: Int32.self)
        let server = LanguageServer(
            options: options, preview: preview, output: { writer.send(batch: $0) },
            onExit: { code in
                exiting.yield(code)
                exiting.finish()
            })
        let reader = InputReader(
            fileDescriptor: input,
            onData: { bytes in DispatchQueue.main.async { MainActor.assumeIsolated { server.receive(bytes) } } },
            onEnd: { DispatchQueue.main.async { MainActor.assumeIsolated { server.endOfInput() } } })
        reader.start()
        var ending = exits.makeAsyncIterator()
        let code = await ending.next() ?? 1
        withExtendedLifetime((server, reader)) {}
        return code
    }
}
