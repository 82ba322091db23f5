import Foundation

/// The two programs rendering needs, both from Debian: Chromium draws the frames, ffmpeg encodes
/// them. Each is found on `PATH`, or where its environment variable (`SCRIM_CHROMIUM`,
/// `SCRIM_FFMPEG`) says.
package enum RenderTool: String, Sendable, Equatable {
    case chromium
    case ffmpeg

    /// The command looked for on `PATH`.
    package var command: String { rawValue }
    /// The Debian package that installs it.
    package var package: String { rawValue }
    /// The environment variable naming its path instead.
    package var variable: String { "SCRIM_\(rawValue.uppercased())" }

    /// Where it was looked for, for the missing-tool message.
    var lookup: String { "on PATH, or in \(variable)" }

    /// Its executable: `environment[variable]` when set, else the first `command` on
    /// `environment["PATH"]`.
    ///
    /// - Throws: `RenderError.missingTool` when there is none, or it is not executable.
    package func executable(in environment: [String: String]) throws(RenderError) -> String {
        if let path = environment[variable], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else { throw .missingTool(self) }
            return path
        }
        for directory in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(command)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw .missingTool(self)
    }
}
