import Foundation
import ScrimCore
import ScrimHost
import ScrimTestSupport
import Testing

/// The device table (`--device`, the live page's picker): the sizes and size classes UIKit gives a
/// full-screen app, the names a user types, the refusal of an unknown one, and Docs/CLI.md's table.
@Suite struct DeviceTests {
    @Test func anIPhoneInPortraitAndLandscape() throws {
        let portrait = try Device(named: "iphone-16-pro")
        #expect(portrait.model == "iPhone 16 Pro")
        #expect(portrait.orientation == .portrait)
        #expect(portrait.size == Size(width: 402, height: 874))
        #expect(portrait.horizontalSizeClass == .compact)
        #expect(portrait.verticalSizeClass == .regular)
        #expect(portrait.label == "iPhone 16 Pro · 402 × 874")
        let landscape = try Device(named: "iphone-16-pro-landscape")
        #expect(landscape.size == Size(width: 874, height: 402))
        // Wider than 600 points and still compact, as UIKit has it: the class is the device's, not the width's.
        #expect(landscape.horizontalSizeClass == .compact)
        #expect(landscape.verticalSizeClass == .compact)
        #expect(landscape.label == "iPhone 16 Pro landscape · 874 × 402")
    }

    @Test func theLargestIPhonesAreRegularWideInLandscapeAndIPadsAlwaysRegular() throws {
        #expect(try Device(named: "iphone-16-pro-max-landscape").horizontalSizeClass == .regular)
        #expect(try Device(named: "iphone-16-plus-landscape").horizontalSizeClass == .regular)
        #expect(try Device(named: "iphone-16-landscape").horizontalSizeClass == .compact)
        for device in Device.all where device.model.hasPrefix("iPad") {
            #expect(device.horizontalSizeClass == .regular, "\(device.name)")
            #expect(device.verticalSizeClass == .regular, "\(device.name)")
        }
        #expect(try Device(named: "ipad-pro-13").size == Size(width: 1032, height: 1376))
    }

    @Test func everyModelComesInBothOrientationsUnderUniqueNames() {
        let names = Device.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Device.all.count == 20)
        for (portrait, landscape) in zip(Device.all.filter { $0.orientation == .portrait }, Device.all.filter { $0.orientation == .landscape }) {
            #expect(landscape.name == portrait.name + "-landscape")
            #expect(landscape.size == Size(width: portrait.size.height, height: portrait.size.width))
        }
    }

    @Test func aNameIsMatchedIgnoringCaseAndPunctuationAndTheModelsOwnNameWorks() throws {
        let air = try Device(named: "ipad-air-11")
        #expect(try Device(named: "iPad Air 11\"") == air)
        #expect(try Device(named: "IPAD_AIR_11") == air)
        #expect(try Device(named: "ipad-air-11-portrait") == air)
        #expect(try Device(named: "iPhone SE landscape") == Device(named: "iphone-se-landscape"))
    }

    @Test func anUnknownNameIsRefusedWithTheClosestNameAndTheList() {
        #expect {
            try Device(named: "iphone-17-pro")
        } throws: { error in
            "\(error)" == "unknown device 'iphone-17-pro'; did you mean 'iphone-16-pro'?"
                + " The devices: iphone-se, iphone-16, iphone-16-plus, iphone-16-pro, iphone-16-pro-max, ipad-mini, ipad-air-11,"
                + " ipad-air-13, ipad-pro-11, ipad-pro-13, each also with -landscape"
        }
        #expect {
            try Device(named: "pixel")
        } throws: { error in
            "\(error)".hasPrefix("unknown device 'pixel'. The devices: iphone-se, iphone-16,")
        }
    }

    /// Docs/CLI.md's "Devices" table lists every device, in order, with its size and classes.
    @Test func cliDocsTableIsTheTable() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `iphone") || $0.hasPrefix("| `ipad") }.map(String.init)
        let expected = Device.all.map { device in
            "| `\(device.name)` | \(device.model) | \(Int(device.size.width)) × \(Int(device.size.height)) | "
                + "\(device.horizontalSizeClass.rawValue) | \(device.verticalSizeClass.rawValue) |"
        }
        #expect(rows == expected)
    }
}
