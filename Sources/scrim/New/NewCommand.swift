import ArgumentParser
import Foundation
import ScrimPlayback

/// `scrim new ROLE NAME [--dir DIR]`: writes `DIR/NAME.lua`, a commented plugin of that role that
/// loads and plays as it is (for a segue class or a controller also `DIR/NAME.scene.json`, the
/// scene that names it), then prints what it wrote and the command that plays it. Usage errors
/// (exit 2): a role that is none of the six, a NAME that is no Lua identifier, a DIR that is not a
/// directory. A file that is there already is never replaced: exit 1, as for one that cannot be
/// written (Docs/CLI.md).
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a new plugin of a role, commented for a UIKit developer, and print the command that plays it.",
        discussion: """
            Writes DIR/NAME.lua; for a segue or a controller also DIR/NAME.scene.json, a scene that names it. \
            The plugin is called NAME (a plugin is named after its file). An existing file is never replaced.
            """)

    @Argument(help: "The role the plugin plays.")
    var role: PluginRoleArgument

    @Argument(help: "The plugin's name, a Lua identifier: the file is NAME.lua.")
    var name: String

    @Option(help: "The directory to write in.", completion: .directory)
    var dir = "."

    func validate() throws {
        _ = try PluginName(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--dir: '\(dir)' is not a directory")
        }
    }

    func run() throws {
        let template = PluginTemplate(role: role.role, name: try PluginName(name))
        func path(_ file: String) -> String { dir.hasSuffix("/") ? dir + file : dir + "/" + file }
        let files = template.files
        if let taken = files.first(where: { FileManager.default.fileExists(atPath: path($0.name)) }) {
            throw Self.refusal(path(taken.name), .exists)
        }
        for file in files {
            do {
                try NewFile.create(atPath: path(file.name), contents: file.contents)
            } catch {
                throw Self.refusal(path(file.name), error)
            }
            print("wrote \(path(file.name)) (\(file.summary))")
        }
        let commands = template.nextCommands(
            path: { Self.shellWord(path($0)) }, shippedPlugins: Self.shellWord(ShippedPlugins.directory?.path ?? "path/to/scrim/Plugins"))
        for (index, command) in commands.enumerated() { print("\(index == 0 ? "next" : "  or"): \(command)") }
    }

    /// Reports why `path` was not written, and the failure to throw.
    private static func refusal(_ path: String, _ failure: NewFile.Failure) -> ExitCode {
        switch failure {
        case .exists: printError("scrim new: \(path) already exists; it is never replaced (remove it, or choose another NAME)")
        case .system(let reason): printError("scrim new: \(path): \(reason)")
        }
        return ExitCode.failure
    }

    /// `text` as one word of a shell command: as it is when it holds no character the shell
    /// treats specially, else in single quotes.
    private static func shellWord(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-./+:,=@%".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
