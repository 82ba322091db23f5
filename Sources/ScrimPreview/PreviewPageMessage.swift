import ScrimHost
import ScrimJSON

/// What a live page sends its server over the WebSocket, decoded: the counterpart of
/// `PreviewLiveMessage`.
///
/// ```text
/// { "type": "select", "plugin": NAME }                   play another plugin of the picker
/// { "type": "device", "device": NAME|null }              play on a device of `Device.all` (its
///                                                        name), or at the scene's size (null)
/// { "type": "pan", "phase": "began"|"changed"|"ended"|"cancelled", "x", "y", "t" }
///                                                        a drag on the stage: the pointer in the
///                                                        window's points, `t` in seconds since
///                                                        the drag began
/// ```
///
/// A message that is not one of these is refused with the reason, which the server sends back as
/// an `error` message.
package enum PreviewPageMessage: Sendable, Equatable {
    case select(plugin: String)
    /// The device the session plays on from now on; nil: the scene's own size.
    case device(Device?)
    case pan(phase: String, x: Double, y: Double, t: Double)

    /// The pan phases, in the order a drag has them.
    package static let phases = ["began", "changed", "ended", "cancelled"]

    /// Decodes a page's message; throws the reason it is refused.
    package init(decoding text: String) throws(PreviewPageMessageError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw PreviewPageMessageError("not JSON: \(error)")
        }
        guard let type = value["type"]?.stringValue else {
            throw PreviewPageMessageError("a message must be an object with a \"type\" string")
        }
        switch type {
        case "select":
            guard let name = value["plugin"]?.stringValue else {
                throw PreviewPageMessageError("select: \"plugin\" must be a plugin's name")
            }
            self = .select(plugin: name)
        case "device":
            switch value["device"] {
            case .null:
                self = .device(nil)
            case .string(let name):
                do {
                    self = .device(try Device(named: name))
                } catch {
                    throw PreviewPageMessageError("device: \(error)")
                }
            default:
                throw PreviewPageMessageError("device: \"device\" must be a device's name, or null for the scene's size")
            }
        case "pan":
            guard let phase = value["phase"]?.stringValue, Self.phases.contains(phase) else {
                throw PreviewPageMessageError("pan: \"phase\" must be one of \(Self.phases.joined(separator: ", "))")
            }
            guard let x = value["x"]?.doubleValue, let y = value["y"]?.doubleValue, let t = value["t"]?.doubleValue,
                x.isFinite, y.isFinite, t.isFinite, t >= 0, t < 3600
            else {
                throw PreviewPageMessageError("pan: \"x\", \"y\" and \"t\" (seconds since the drag began) must be numbers")
            }
            self = .pan(phase: phase, x: x, y: y, t: t)
        default:
            throw PreviewPageMessageError("unknown message type '\(type)'; expected \"select\", \"device\" or \"pan\"")
        }
    }
}

/// Why a page's message was refused: sent back to it as an `error` message.
package struct PreviewPageMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}
