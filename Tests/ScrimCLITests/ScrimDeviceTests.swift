import Foundation
import ScrimJSON
import ScrimTestSupport
import Testing

/// `--device NAME` with the real executable: `scrim run` and `scrim preview` play in the
/// device's window instead of the scene's; an unknown name is a usage error listing the names.
@Suite struct ScrimDeviceTests {
    /// The size of the view `id` in the last JSON frame that has it.
    static func lastSize(of id: String, in lines: [String]) throws -> [Double] {
        var size: [Double] = []
        for line in lines {
            let frame = try JSONValue(parsing: line)
            guard let view = frame["views"]?.arrayValue?.first(where: { $0["id"] == .string(id) }) else { continue }
            size = [view["frame"]?["width"]?.doubleValue ?? .nan, view["frame"]?["height"]?.doubleValue ?? .nan]
        }
        return size
    }

    @Test func runPrintsFramesOfTheDevicesWidth() async throws {
        let scene = try await ScrimExecutable.run(["run", "--json"])
        let ipad = try await ScrimExecutable.run(["run", "--json", "--device", "ipad-air-11"])
        let landscape = try await ScrimExecutable.run(["run", "--json", "--device", "iPhone 16 Pro landscape"])
        #expect(scene.status == 0 && ipad.status == 0 && landscape.status == 0, "\(scene.stderr)\(ipad.stderr)\(landscape.stderr)")
        // pop.lua leaves the details filling the window of a compact device.
        #expect(try Self.lastSize(of: "details", in: scene.stdoutLines) == [390, 844])
        #expect(try Self.lastSize(of: "details", in: landscape.stdoutLines) == [874, 402])
        // On an iPad (regular width) the automatic style is a page sheet over a dimmed window.
        #expect(try Self.lastSize(of: "details.dimming", in: ipad.stdoutLines) == [820, 1180])
        #expect(try Self.lastSize(of: "details", in: ipad.stdoutLines) == [704, 1100])
    }

    @Test func anUnknownDeviceIsAUsageErrorListingTheNames() async throws {
        for command in ["run", "preview"] {
            let result = try await ScrimExecutable.run([command, "--device", "iphone-17"])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr.contains(
                    "--device: unknown device 'iphone-17'; did you mean 'iphone-16'? The devices: iphone-se, iphone-16, iphone-16-plus,"),
                "\(result.stderr)")
            #expect(result.stderr.contains("ipad-pro-13, each also with -landscape"), "\(result.stderr)")
        }
    }

    @Test func previewNamesTheDeviceAndDrawsItsWindow() async throws {
        let directory = try ScrimCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await ScrimExecutable.run(["preview", "--device", "iphone-16-pro", "-o", "pop.html"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix("pop.html: ") && line.hasSuffix(" animated properties, iPhone 16 Pro · 402 × 874"), "\(line)")
        let page = directory.appendingPathComponent("pop.html")
        #expect(try ScrimPreviewCommandTests.data(ofPageAt: page)["window"] == [402, 874])
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<p id="summary">iPhone 16 Pro · 402 × 874 · "#))
        #expect(html.contains(#"viewBox="0 0 402 874""#))
    }
}
