/// A device name that names no device of `Device.all`: `unknown device 'iphone-17'; did you mean
/// 'iphone-16'? The devices: iphone-se, …, ipad-pro-13, each also with -landscape`.
package struct DeviceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name as given.
    package let name: String
    /// "; did you mean '…'?" with the closest name, or "".
    let hint: String

    package var description: String {
        let names = Device.all.filter { $0.orientation == .portrait }.map(\.name)
        return "unknown device '\(name)'\(hint.isEmpty ? "." : hint) The devices: \(names.joined(separator: ", ")), each also with -landscape"
    }
}
