import ArgumentParser
import Foundation

/// The usage check of a file named on the command line, made in `validate()`: a file that is not
/// there is a usage error (exit 2); what is wrong inside one is found when it is read (exit 1).
enum InputFile {
    /// Throws `<prefix><path>: no such readable <noun>` unless `path` is a readable file (not a
    /// directory).
    static func validate(_ path: String, prefix: String = "", noun: String = "file") throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isReadableFile(atPath: path)
        else {
            throw ValidationError("\(prefix)\(path): no such readable \(noun)")
        }
    }
}
