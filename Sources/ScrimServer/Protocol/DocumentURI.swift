import Foundation

/// LSP `DocumentUri`s and file paths.
enum DocumentURI {
    /// The `file://` URI of an absolute path, or nil for anything else — an internal chunk name
    /// such as `=scrim`, a relative or shortened (`...`) name: no URI is ever made up.
    static func uri(forPath path: String) -> String? {
        guard path.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// The path of a `file://` URI, or nil for another scheme.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }
}
