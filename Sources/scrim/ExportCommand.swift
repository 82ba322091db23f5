import ArgumentParser
import Foundation
import ScrimExport
import ScrimPlayback
import ScrimPreview

/// `scrim export --swift`: plays a plugin's transitions as `scrim run` does and writes them as
/// one Swift file for a UIKit app (Docs/Export.md).
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a plugin's transitions as a UIKit Swift file (default: Plugins/pop.lua on the recipe demo).",
        discussion: """
            The transitions run as with `scrim run` (the same scene, style, scenario and options, at 60 fps); \
            each presentation, dismissal, push and pop that ran is written as CAKeyframeAnimations baked from \
            every view's values at every frame, reduced within the tolerances of Docs/Export.md, with a \
            transitioning delegate that vends the animator. --swift is required: Swift is the only format. \
            The file is written to a temporary file and renamed.
            """)

    @Argument(help: "The plugin file (default: Plugins/pop.lua with the demo scene).", completion: .file(extensions: ["lua"]))
    var plugin: String?

    @OptionGroup var pluginDirectories: PluginDirectoryOptions

    @OptionGroup var playback: PlaybackOptions

    @Flag(help: "Write Swift for UIKit (required: the only format for now).")
    var swift = false

    @Option(help: "The delegate's type name (default: from the plugin file's name, pop.lua → PopTransition).")
    var typeName: String?

    @Option(
        name: .shortAndLong, help: "The file to write (default: <TypeName>.swift in the current directory).",
        completion: .file(extensions: ["swift"]))
    var output: String?

    func validate() throws {
        guard swift else { throw ValidationError("--swift is required: Swift for UIKit is the only export format") }
        if let output, output.isEmpty { throw ValidationError("-o: expected a file name") }
        if let typeName, !Self.isTypeName(typeName) {
            throw ValidationError("--type-name: '\(typeName)' is not a Swift type name (letters, digits and _, not starting with a digit, not a keyword)")
        }
        if let plugin { try InputFile.validate(plugin, noun: "plugin file") }
    }

    /// Whether `name` is a Swift type name the export can declare: ASCII letters, digits and `_`,
    /// not starting with a digit, not a keyword.
    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), !SwiftSourceWriter.keywords.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "_") }
    }

    @MainActor func run() async throws {
        let reporter = PlaybackReporter(command: "scrim export", typedPlugin: plugin)
        let export: SwiftExport
        do {
            let template = try playback.playback(
                plugin: plugin, pluginDirectories: pluginDirectories.urls, fps: TransitionPlayback.previewFramesPerSecond)
            export = try template.exportSwift(typeName: typeName)
        } catch let error as PlaybackError {
            throw reporter.failure(error)
        } catch let error as ExportError {
            switch error {
            case .cannotPlay(let played):
                throw reporter.failure(played)
            case .faulted(let faults):
                reporter.report(faults)
                printError("scrim export: the transition faulted, so nothing was written: fix the faults above (scrim run shows them too)")
            case .nothingToExport:
                printError("scrim export: \(error)")
            }
            throw ExitCode.failure
        }
        let path = output ?? export.fileName
        do {
            try WholeFile.write(Data(export.source.utf8), to: URL(fileURLWithPath: path))
        } catch {
            printError("scrim export: -o \(path): \(error.reason)")
            throw ExitCode.failure
        }
        let kinds = export.transitions.map(\.kind.rawValue).joined(separator: ", ")
        print("\(path): \(export.typeName) (\(kinds)), \(export.viewCount) view\(export.viewCount == 1 ? "" : "s"), \(export.keyframeCount) keyframes")
    }
}
