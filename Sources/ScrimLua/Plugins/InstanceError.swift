/// Why a plugin's instance could not be made (Docs/LuaAPI.md, "Instances and `new(options)`").
/// Either way the error is on the plugin's file already.
package enum InstanceError: Error, Hashable, CustomStringConvertible {
    /// `new(options)` raised an error (or ran out of budget or memory).
    case constructorFailed(LuaError)
    /// `new(options)` returned something other than a table: `file:line: message`, at the line
    /// that defines `new`.
    case badResult(String)

    package var description: String {
        switch self {
        case .constructorFailed(let error): error.message
        case .badResult(let message): message
        }
    }
}
