// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Scrim",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Scrim", targets: ["Scrim"]),
        .executable(name: "scrim", targets: ["scrim"]),
        .executable(name: "scrim-bench", targets: ["scrim-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalogs of ScrimCore and ScrimHost.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The live preview's HTTP and WebSocket server (`scrim preview --serve`, `scrim serve`'s
        // previews), on swift-nio: bounded headers, idle timeouts, backpressure, one event loop group.
        // Without the default traits (swift-configuration, full Foundation): nothing here uses them.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // Hummingbird's own dependencies, named for the handlers the preview server adds to its
        // connections (the request gate) and for its silent logger.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // Lua 5.4 from the system (Debian: liblua5.4-dev), with inline wrappers for its C macros.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // The C half of the Lua runtime: limits, the trampoline for Swift callbacks, bounded
        // versions of the standard functions that loop in C.
        .target(name: "CLuaRuntime", dependencies: ["CLua"]),
        .target(name: "ScrimCore"),
        // The Lua engine: the state, the sandbox, the bridge and the plugins. Reached by the host
        // through `package` access; it has no public API of its own.
        .target(name: "ScrimLua", dependencies: ["CLua", "CLuaRuntime", "ScrimCore"]),
        // JSON values, the iterative parser and the writer: for the protocol and for scene files.
        .target(name: "ScrimJSON"),
        // The embedding API: the host, its roles by name, limits, diagnostics, and scenes.
        .target(name: "ScrimHost", dependencies: ["ScrimCore", "ScrimLua", "ScrimJSON"]),
        // Playing a transition: what to play (a plugin on a scene, the options), the run tick by
        // tick on the manual clock, and its result with the faults as data. No public API: the
        // command line, the preview and the server use it.
        .target(name: "ScrimPlayback", dependencies: ["ScrimCore", "ScrimHost"]),
        // The JSON-RPC / LSP server over a host.
        .target(name: "ScrimServer", dependencies: ["ScrimCore", "ScrimHost", "ScrimJSON", "ScrimPlayback"]),
        // The preview: the recording of a transition's frames and the self-contained HTML page
        // that plays it (`scrim preview`). Linked by the `scrim` executable and its benchmarks,
        // not by the `Scrim` library.
        .target(
            name: "ScrimPreview",
            dependencies: [
                "ScrimCore", "ScrimHost", "ScrimJSON", "ScrimPlayback", "ScrimServer",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // `scrim render`: the preview page's frames drawn by headless Chromium (DevTools over a
        // pipe) and encoded by ffmpeg. Linked by the `scrim` executable only.
        .target(name: "ScrimRender", dependencies: ["ScrimCore", "ScrimJSON", "ScrimPreview"]),
        // `scrim export`: a transition's recording as a UIKit Swift file (Docs/Export.md). Linked by
        // the `scrim` executable, not by the `Scrim` library.
        .target(name: "ScrimExport", dependencies: ["ScrimCore", "ScrimHost", "ScrimPlayback", "ScrimPreview"]),
        // What an embedding program imports: the core, the host and a server on streams.
        .target(name: "Scrim", dependencies: ["ScrimCore", "ScrimHost", "ScrimServer"]),
        // The benchmarks of `scrim bench` and `scrim-bench`.
        .target(
            name: "ScrimBench",
            dependencies: ["Scrim", "ScrimHost", "ScrimServer", "ScrimJSON", "ScrimPlayback", "ScrimPreview", "CHeapStatistics", "CStreamingFloor", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .target(name: "CHeapStatistics"),
        // The memory-traffic floor of the engine's per-frame loop, in plain C (`engine.tick.floor`).
        .target(name: "CStreamingFloor"),
        .executableTarget(
            name: "scrim",
            dependencies: [
                "Scrim", "ScrimHost", "ScrimServer", "ScrimJSON", "ScrimBench", "ScrimPlayback", "ScrimPreview", "ScrimRender", "ScrimExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Counts heap allocations (interposes malloc): linked into `scrim-bench` only.
        .target(name: "CAllocationCounter"),
        .executableTarget(
            name: "scrim-bench",
            dependencies: [
                "ScrimBench", "CAllocationCounter", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The Swift seed fixtures (ports of the guide's listings and the tutorial), the transition
        // fixture and the helpers the test targets share (waits, a stepped time, sockets, files).
        .target(name: "ScrimTestSupport", dependencies: ["ScrimCore", "ScrimJSON"], path: "Tests/ScrimTestSupport"),
        // One test target per module; each lists every module its files import (Docs/Architecture.md,
        // "Tests").
        .testTarget(name: "CLuaTests", dependencies: ["CLua"]),
        .testTarget(name: "ScrimCoreTests", dependencies: ["ScrimCore", "ScrimTestSupport"]),
        .testTarget(name: "ScrimJSONTests", dependencies: ["ScrimJSON"]),
        .testTarget(
            name: "ScrimLuaTests", dependencies: ["ScrimLua", "ScrimCore", "ScrimHost", "CLua", "CLuaRuntime", "ScrimTestSupport"]),
        .testTarget(name: "ScrimHostTests", dependencies: ["ScrimHost", "ScrimCore", "ScrimJSON", "ScrimLua", "ScrimTestSupport"]),
        .testTarget(name: "ScrimPlaybackTests", dependencies: ["ScrimPlayback", "ScrimCore", "ScrimHost", "ScrimTestSupport"]),
        .testTarget(
            name: "ScrimServerTests",
            dependencies: ["ScrimServer", "ScrimCore", "ScrimHost", "ScrimJSON", "ScrimLua", "ScrimPlayback", "ScrimTestSupport"],
            // The hostile-plugin suite's Lua files, read from the source tree by the tests.
            exclude: ["Hostile/Plugins"]),
        .testTarget(
            name: "ScrimPreviewTests",
            dependencies: ["ScrimPreview", "ScrimCore", "ScrimHost", "ScrimJSON", "ScrimPlayback", "ScrimServer", "ScrimTestSupport"]),
        .testTarget(name: "ScrimRenderTests", dependencies: ["ScrimRender", "ScrimCore", "ScrimJSON", "ScrimPreview"]),
        // The export: the reducer, the replay of the exported keyframes, and the exported files
        // type-checked against the UIKit stub module (compiled by the tests, not as a source).
        .testTarget(
            name: "ScrimExportTests",
            dependencies: ["ScrimExport", "ScrimPreview", "ScrimPlayback", "ScrimCore", "ScrimHost", "ScrimTestSupport"],
            exclude: ["UIKitStub"]),
        // `scrim` as a process: its commands, `scrim serve` and `scrim preview --serve` end to end
        // (the executable is built before them by this dependency).
        .testTarget(name: "ScrimCLITests", dependencies: ["scrim", "ScrimServer", "ScrimCore", "ScrimJSON", "ScrimTestSupport"]),
        // The `Scrim` library as an embedding program imports it: the public API, the shipped
        // plugins, the documentation's examples, the soak.
        .testTarget(name: "ScrimTests", dependencies: ["Scrim", "ScrimHost", "ScrimBench", "ScrimTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (scripts/fuzz): declared only when SCRIM_FUZZ is set, because they link
// libFuzzer's runtime (`-sanitize=fuzzer`) and would not link without it.
if Context.environment["SCRIM_FUZZ"] != nil {
    package.targets.append(.target(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"))
    for name in ["ProtocolFuzzer", "SceneFuzzer", "PluginFuzzer"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["Scrim", "ScrimJSON", "CLibFuzzer"], path: "Fuzz/\(name)"))
    }
}
