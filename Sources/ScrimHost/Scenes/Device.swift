import ScrimCore
internal import ScrimLua

/// A common iPhone or iPad in one orientation: the size (in points) and size classes UIKit gives a
/// full-screen app's window on it. `scrim run --device` and `scrim preview --device` (and the live
/// page's device picker) play the scene in a window of this size and horizontal size class
/// instead of the scene's own (Docs/CLI.md, "Devices").
///
/// A device is named in lowercase with hyphens, `iphone-16-pro` for portrait and
/// `iphone-16-pro-landscape`; a name is matched ignoring case, with any run of spaces and
/// punctuation read as one hyphen, so the model's own name (`iPhone 16 Pro`, `iPad Air 11"`)
/// names it too, and `-portrait` may be added.
package struct Device: Sendable, Hashable {
    package enum Orientation: String, Sendable, Hashable, CaseIterable {
        case portrait, landscape
    }

    /// The model as Apple names it: `iPhone 16 Pro`.
    package let model: String
    package let orientation: Orientation
    /// The window's size in points.
    package let size: Size
    package let horizontalSizeClass: UserInterfaceSizeClass
    /// The vertical size class UIKit reports. Shown in the table only: a Scrim window has no
    /// vertical size class (its trait collection holds the horizontal one).
    package let verticalSizeClass: UserInterfaceSizeClass

    /// The name to type: `iphone-16-pro`, `iphone-16-pro-landscape`.
    package var name: String {
        Self.normalized(model) + (orientation == .landscape ? "-landscape" : "")
    }

    /// What a page shows: `iPhone 16 Pro · 402 × 874`, `iPhone 16 Pro landscape · 874 × 402`.
    package var label: String {
        let width = Int(size.width), height = Int(size.height)
        return model + (orientation == .landscape ? " landscape" : "") + " · \(width) × \(height)"
    }

    /// Every device, iPhones then iPads, each in portrait then landscape.
    package static let all: [Device] = models.flatMap { model in
        let portrait = Size(width: model.width, height: model.height)
        return [
            Device(model: model.name, orientation: .portrait, size: portrait, horizontalSizeClass: model.portrait.horizontal,
                verticalSizeClass: model.portrait.vertical),
            Device(model: model.name, orientation: .landscape, size: Size(width: portrait.height, height: portrait.width),
                horizontalSizeClass: model.landscape.horizontal, verticalSizeClass: model.landscape.vertical),
        ]
    }

    /// The device `name` names (see the type's description).
    package init(named name: String) throws(DeviceError) {
        var key = Self.normalized(name)
        if key.hasSuffix("-portrait") { key.removeLast("-portrait".count) }
        guard let device = Self.all.first(where: { $0.name == key }) else {
            throw DeviceError(name: name, hint: NameSuggestion.hint(for: key, in: Self.all.map(\.name)))
        }
        self = device
    }

    private init(
        model: String, orientation: Orientation, size: Size, horizontalSizeClass: UserInterfaceSizeClass,
        verticalSizeClass: UserInterfaceSizeClass
    ) {
        (self.model, self.orientation, self.size) = (model, orientation, size)
        (self.horizontalSizeClass, self.verticalSizeClass) = (horizontalSizeClass, verticalSizeClass)
    }

    /// `text` in lowercase, each run of characters other than letters and digits one hyphen, none
    /// at either end: `iPad Air 11"` → `ipad-air-11`.
    private static func normalized(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        if out.last == "-" { out.removeLast() }
        return out
    }

    /// The models: the portrait size in points, and the size classes (horizontal, vertical) in
    /// portrait and in landscape.
    private static let models:
        [(name: String, width: Double, height: Double, portrait: SizeClasses, landscape: SizeClasses)] = [
            ("iPhone SE", 375, 667, (.compact, .regular), (.compact, .compact)),
            ("iPhone 16", 393, 852, (.compact, .regular), (.compact, .compact)),
            ("iPhone 16 Plus", 430, 932, (.compact, .regular), (.regular, .compact)),
            ("iPhone 16 Pro", 402, 874, (.compact, .regular), (.compact, .compact)),
            ("iPhone 16 Pro Max", 440, 956, (.compact, .regular), (.regular, .compact)),
            ("iPad mini", 744, 1133, (.regular, .regular), (.regular, .regular)),
            ("iPad Air 11\"", 820, 1180, (.regular, .regular), (.regular, .regular)),
            ("iPad Air 13\"", 1024, 1366, (.regular, .regular), (.regular, .regular)),
            ("iPad Pro 11\"", 834, 1210, (.regular, .regular), (.regular, .regular)),
            ("iPad Pro 13\"", 1032, 1376, (.regular, .regular), (.regular, .regular)),
        ]

    private typealias SizeClasses = (horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass)
}
