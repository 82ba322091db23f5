import Foundation
import ScrimCore
import ScrimHost

/// How a server's sessions start: what the embedding program (or the command line) sets, to which
/// `initialize` adds the client's `initializationOptions` (Docs/Protocol.md).
public struct SessionOptions: Sendable, Hashable {
    public var pluginDirectories: [URL] = []
    /// Used when neither the command line nor the client names a plugin directory (the shipped
    /// plugins).
    public var defaultPluginDirectory: URL?
    public var realTime = false
    public var frameRate = 60.0
    public var windowSize = Window.defaultSize
    public var horizontalSizeClass: UserInterfaceSizeClass?
    /// Hot reload through the host's own file watcher.
    public var watch = true
    /// `scrim/trace` notifications, one per step of a transition (Docs/Protocol.md).
    public var trace = false
    /// The play-check: each plugin file saved (or opened as it is on disk) that loads is played on
    /// the demo scene and its faults published as diagnostics (Docs/Editors.md).
    public var playCheck = true
    package var positionEncoding = PositionEncoding.utf16
    /// Whether the client opens documents the server asks it to (`window/showDocument`, LSP
    /// 3.16): the preview command then asks it to open the page in the browser.
    package var clientShowsDocuments = false
    /// The workspace root (`rootUri`), against which relative scene and plugin paths resolve.
    public var rootDirectory: URL?
    /// The limits of the plugins' Lua state (set by an embedding program; not a protocol option).
    public var limits = ScrimHost.Limits()

    public init() {}

    /// Reads `initializationOptions`; every problem is a -32602 naming the field.
    mutating func read(_ options: Params) throws(ResponseError) {
        if let paths = try options.optionalStrings("pluginPaths") {
            pluginDirectories += paths.map { resolve($0) }
        }
        if let clock = try options.optionalChoice("clock", ["manual", "realtime"]) { realTime = clock == "realtime" }
        if let rate = try options.optionalNumber("frameRate", in: 1...1000) { frameRate = rate }
        if let window = try options.optionalNested("window") {
            windowSize = Size(
                width: try window.number("width", in: 1...100_000), height: try window.number("height", in: 1...100_000))
            horizontalSizeClass = try window.optionalCase("horizontalSizeClass", UserInterfaceSizeClass.self)
        }
        if let watch = try options.optionalBool("watch") { self.watch = watch }
        if let trace = try options.optionalBool("trace") { self.trace = trace }
        if let playCheck = try options.optionalBool("playCheck") { self.playCheck = playCheck }
    }

    /// A path from the client: absolute, or relative to the workspace root (else the working
    /// directory).
    func resolve(_ path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        if let rootDirectory { return rootDirectory.appendingPathComponent(path).standardizedFileURL }
        return URL(fileURLWithPath: path).standardizedFileURL
    }
}
