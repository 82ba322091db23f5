import Foundation
import ScrimCore
package import ScrimJSON

/// A JSON file a user gives — a scene, an interaction file, a scenario — read whole (a regular
/// file of at most 8 MiB, `FileContents`) and parsed.
package enum JSONInputFile {
    /// The parsed file at `url`, whose kind `noun` ("scene file") names it in messages.
    ///
    /// - Throws: `SceneError`: `PATH: cannot read the scene file: …` or `NAME: not JSON: …`.
    package static func read(_ url: URL, noun: String) throws(SceneError) -> JSONValue {
        let data: Data
        do {
            data = try FileContents.read(atPath: url.path)
        } catch {
            throw SceneError(message: "\(url.path): cannot read the \(noun): \(error)")
        }
        do {
            return try JSONValue(parsing: [UInt8](data))
        } catch {
            throw SceneError(message: "\(url.lastPathComponent): not JSON: \(error)")
        }
    }
}
