import Foundation
import ScrimTestSupport
import Testing
@testable import ScrimServer
import ScrimJSON

/// Role options written in JSON reach a plugin the same whether a scene's delegate or
/// `scrim/present` carries them (Docs/Protocol.md, "Options"): one conversion, one policy for
/// geometry, `null` and nesting.
@MainActor @Suite struct OptionConversionTests {
    /// An animator that prints the options its `new` receives: geometry (with its metatable) by
    /// its `tostring`, tables with sorted keys.
    static let echo = """
        local Echo = { duration = 0.1 }
        local function describe(value)
          if type(value) ~= "table" then return type(value) .. ":" .. tostring(value) end
          if getmetatable(value) ~= nil then return tostring(value) end
          local keys = {}
          for key in pairs(value) do keys[#keys + 1] = tostring(key) end
          table.sort(keys)
          local parts = {}
          for _, key in ipairs(keys) do
            parts[#parts + 1] = key .. "=" .. describe(value[tonumber(key) or key])
          end
          return "{" .. table.concat(parts, ",") .. "}"
        end
        function Echo.new(options) print(describe(options)); return {} end
        function Echo:transitionDuration(ctx) return 0.1 end
        function Echo:animateTransition(ctx) ctx:completeTransition(true) end
        return Echo
        """

    static let options: JSONValue = [
        "origin": ["x": 1, "y": 2], "size": ["width": 3, "height": 4], "frame": ["x": 0, "y": 0, "width": 10, "height": 20],
        "labelled": ["x": 1, "y": 2, "label": "a"], "skipped": ["x": 1, "y": 2, "z": .null], "color": [0.5, 0.5, 0.5, 1],
        "list": [1, "two", true, [:]], "nested": ["deeper": ["edge": "left"]], "gone": .null,
        "tint": ["red": 1, "green": 0, "blue": 0],
    ]

    /// `options` as a Lua scene writes them.
    static let luaOptions = """
        {
          origin = { x = 1, y = 2 }, size = { width = 3, height = 4 }, frame = scrim.Rect(0, 0, 10, 20),
          labelled = { x = 1, y = 2, label = "a" }, skipped = { x = 1, y = 2, z = nil }, color = { 0.5, 0.5, 0.5, 1 },
          list = { 1, "two", true, {} }, nested = { deeper = { edge = "left" } }, gone = nil,
          tint = { red = 1, green = 0, blue = 0 },
        }
        """

    /// What the echo plugin prints for `options`: exactly `{x, y}` (and a `null` member left out)
    /// is a point, `{red, green, blue}` a color; other objects stay tables; a color stays an array
    /// of four numbers.
    static let printedOptions =
        "{color={1=number:0.5,2=number:0.5,3=number:0.5,4=number:1.0},frame=Rect(0, 0, 10, 20),"
        + "labelled={label=string:a,x=number:1.0,y=number:2.0},list={1=number:1.0,2=string:two,3=boolean:true,4={}},"
        + "nested={deeper={edge=string:left}},origin=Point(1, 2),size=Size(3, 4),skipped=Point(1, 2),tint=Color(1, 0, 0, 1)}"

    /// A scene of `home` and `details`, whose delegate is the echo animator with `options`.
    static func scene(options: JSONValue) -> JSONValue {
        let frame: JSONValue = ["x": 0, "y": 0, "width": 390, "height": 844]
        return [
            "window": ["width": 390, "height": 844], "root": "home",
            "viewControllers": [
                ["id": "home", "view": ["frame": frame]],
                ["id": "details", "view": ["frame": frame], "delegate": ["animator": "echo", "options": options]],
            ],
        ]
    }

    static func started(_ plugins: [String: String] = [:]) throws -> (ServerHarness, URL) {
        let directory = try temporaryDirectory(plugins.merging(["echo.lua": echo]) { $1 })
        let h = ServerHarness(options: SessionOptions())
        h.start(["watch": false, "pluginPaths": [.string(directory.path)]])
        return (h, directory)
    }

    /// What the echo plugin printed last.
    static func printed(_ h: ServerHarness) -> String? {
        h.notifications("window/logMessage").last?["message"]?.stringValue
    }

    @Test func theSameJSONGivesAPluginTheSameOptionsFromASceneAndFromPresent() throws {
        let (h, directory) = try Self.started()
        defer { try? FileManager.default.removeItem(at: directory) }
        h.result("scrim/loadScene", ["scene": Self.scene(options: Self.options)])
        h.result("scrim/present", ["presented": "details"])
        h.result("scrim/advance", ["seconds": 0.5])
        let fromScene = try #require(Self.printed(h))
        h.result("scrim/dismiss", ["viewController": "details", "animated": false])
        h.result("scrim/advance", ["seconds": 0.5])

        h.result("scrim/present", [
            "presented": "details", "transitioningDelegate": ["animator": "echo", "options": Self.options],
        ])
        h.result("scrim/advance", ["seconds": 0.5])
        let fromPresent = try #require(Self.printed(h))
        #expect(fromPresent == fromScene)
        #expect(fromScene.hasSuffix(Self.printedOptions))
    }

    /// A Lua table is told from geometry as a JSON object is: by exactly its fields.
    @Test func aLuaSceneGivesThePluginTheSameOptions() throws {
        let (h, directory) = try Self.started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenes = try temporaryDirectory([
            "scene.lua": """
                local frame = scrim.Rect(0, 0, 390, 844)
                return {
                  window = { width = 390, height = 844 }, root = "home",
                  viewControllers = {
                    { id = "home", view = { frame = frame } },
                    { id = "details", view = { frame = frame }, delegate = { animator = "echo", options = \(Self.luaOptions) } },
                  },
                }
                """,
            "wide.lua": "return { window = { width = 390, height = 844, horizontalSizeClass = \"wide\" }, root = \"a\", viewControllers = {} }\n",
        ])
        defer { try? FileManager.default.removeItem(at: scenes) }
        h.result("scrim/loadScene", ["scene": .string(scenes.appendingPathComponent("scene.lua").path)])
        h.result("scrim/present", ["presented": "details"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(try #require(Self.printed(h)).hasSuffix(Self.printedOptions))

        // A table with the fields of a size and more is a table: nothing of it is lost.
        let wide = h.request("scrim/loadScene", ["scene": .string(scenes.appendingPathComponent("wide.lua").path)])
        #expect(wide.errorCode == 1005)
        #expect(wide.errorMessage == "wide.lua.window.horizontalSizeClass: expected one of \"compact\", \"regular\", got \"wide\"")
    }

    /// Options that are exactly a point's fields, from a Lua delegate, reach the plugin whole.
    @Test func pointShapedOptionsFromALuaDelegateAreKept() throws {
        let vendor = """
            local Vendor = {}
            function Vendor:animationControllerForPresented() return scrim.plugin("echo", { x = 1, y = 2 }) end
            return Vendor
            """
        let (h, directory) = try Self.started(["vendor.lua": vendor])
        defer { try? FileManager.default.removeItem(at: directory) }
        h.result("scrim/loadScene", ["scene": Self.scene(options: [:])])
        h.result("scrim/present", ["presented": "details", "transitioningDelegate": "vendor"])
        h.result("scrim/advance", ["seconds": 0.5])
        #expect(try #require(Self.printed(h)).hasSuffix("] {x=number:1.0,y=number:2.0}"))
    }

    @Test func aNullInAnArrayIsRefusedByBothNamingItsPath() throws {
        let (h, directory) = try Self.started()
        defer { try? FileManager.default.removeItem(at: directory) }
        let options: JSONValue = ["list": [1, .null]]
        let scene = h.request("scrim/loadScene", ["scene": Self.scene(options: options)])
        #expect(scene.errorCode == 1005)
        #expect(scene.errorMessage == "params.scene.viewControllers[1].delegate.options.list[1]: expected a value, got null")

        h.result("scrim/loadScene", ["scene": Self.scene(options: [:])])
        let present = h.request("scrim/present", [
            "presented": "details", "transitioningDelegate": ["animator": "echo", "options": options],
        ])
        #expect(present.errorCode == -32602)
        #expect(present.errorMessage == "params.transitioningDelegate.options.list[1]: expected a value, got null")
    }

    @Test func optionsNestAtMost16LevelsInBoth() throws {
        let (h, directory) = try Self.started()
        defer { try? FileManager.default.removeItem(at: directory) }
        func options(arrays levels: Int) -> JSONValue {
            var value: JSONValue = 1
            for _ in 0..<levels { value = [value] }
            return ["deep": value]
        }
        // The options object, 14 arrays and the number: 16 levels.
        h.result("scrim/loadScene", ["scene": Self.scene(options: options(arrays: 14))])
        let scene = h.request("scrim/loadScene", ["scene": Self.scene(options: options(arrays: 15))])
        #expect(scene.errorCode == 1005)
        #expect(scene.errorMessage == "params.scene.viewControllers[1].delegate.options: options nest deeper than 16 levels")

        let present = h.request("scrim/present", [
            "presented": "details", "transitioningDelegate": ["animator": "echo", "options": options(arrays: 15)],
        ])
        #expect(present.errorCode == -32602)
        #expect(present.errorMessage == "params.transitioningDelegate.options: options nest deeper than 16 levels")
    }
}
