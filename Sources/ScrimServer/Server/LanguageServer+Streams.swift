#if canImport(Glibc)
import Glibc
#endif
import Dispatch

extension LanguageServer {
    /// Runs a server on a pair of file descriptors (a pipe, a socket, stdio) until its session
    /// is over — `exit`, the end of input or the client's death — and returns the exit code:
    /// 0 after `shutdown`, else 1. Messages are read on a thread of their own and handled on the
    /// main actor; the descriptors stay open. `preview` starts the live previews of the
    /// `scrim.preview` command (nil: the server does not offer it). `log` hears what the server
    /// has to tell the user outside the protocol (`the client (process 4242) is gone; exiting`).
    ///
    /// ```swift
    /// var options = SessionOptions()
    /// options.pluginDirectories = [plugins]
    /// let code = await LanguageServer.run(input: 0, output: 1, options: options)
    /// ```
    public static func run(
        input: Int32, output: Int32, options: SessionOptions = SessionOptions(), preview: (any PreviewLauncher)? = nil,
        log: @escaping @MainActor (String) -> Void = { _ in }
    ) async -> Int32 {
        let writer = MessageWriter(fileDescriptor: output)
        let (code, _) = await run(
            input: input, writer: writer, options: options, preview: preview, onBadHeader: .resynchronise, log: log)
        return code
    }

    /// Serves one TCP connection with strict framing (Docs/Protocol.md, "Framing"): the first bad
    /// header ends the session, nothing after it runs or is answered. When the session is over,
    /// the connection is shut down, its reader has stopped, and it is closed. `onFirstMessage`
    /// hears when the connection's first message is framed (it is the client's from then on).
    ///
    /// - Returns: `.rejected` when the connection was closed for a bad header before any message
    ///   was framed (it never spoke LSP: a web page's request, say), else `.exit` with the code.
    package static func serve(
        connection: Int32, options: SessionOptions, preview: (any PreviewLauncher)?,
        log: @escaping @MainActor (String) -> Void = { _ in }, onFirstMessage: @escaping () -> Void
    ) async -> ConnectionEnd {
        let writer = MessageWriter(fileDescriptor: connection)
        let (readerEnds, readerEnding) = AsyncStream.makeStream(of: Never.self)
        let (code, server) = await run(
            input: connection, writer: writer, options: options, preview: preview, onBadHeader: .close, log: log,
            onFirstMessage: onFirstMessage, onReaderEnd: { readerEnding.finish() })
        // Nothing more goes out; the reader's blocked `read` returns, and then the descriptor is
        // no longer used by anyone and can be closed (its number may be reused at once).
        writer.close()
        shutdown(connection, Int32(SHUT_RDWR))
        for await _ in readerEnds {}
        close(connection)
        if let reason = server.closeReason, !server.hasFramedMessage { return .rejected(reason) }
        return .exit(code)
    }

    /// Runs a server reading `input` and writing to `writer` until its session is over; the exit
    /// code and the server. `onReaderEnd` is called on the reader's thread when it has stopped.
    private static func run(
        input: Int32, writer: MessageWriter, options: SessionOptions, preview: (any PreviewLauncher)?,
        onBadHeader: MessageFramer.BadHeaderPolicy, log: @escaping @MainActor (String) -> Void,
        onFirstMessage: (() -> Void)? = nil,
        onReaderEnd: @escaping @Sendable () -> Void = {}
    ) async -> (Int32, LanguageServer) {
        let (exits, exiting) = AsyncStream.makeStream(of: Int32.self)
        let server = LanguageServer(
            options: options, preview: preview, onBadHeader: onBadHeader, output: { writer.send(batch: $0) },
            onExit: { code in
                exiting.yield(code)
                exiting.finish()
            })
        server.onFirstMessage = onFirstMessage
        server.onLog = log
        let reader = InputReader(
            fileDescriptor: input,
            onData: { bytes in DispatchQueue.main.async { MainActor.assumeIsolated { server.receive(bytes) } } },
            onEnd: {
                DispatchQueue.main.async { MainActor.assumeIsolated { server.endOfInput() } }
                onReaderEnd()
            })
        reader.start()
        var ending = exits.makeAsyncIterator()
        let code = await ending.next() ?? 1
        withExtendedLifetime(reader) {}
        return (code, server)
    }
}
