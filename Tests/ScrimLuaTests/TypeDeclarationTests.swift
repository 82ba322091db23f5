import CLua
import Foundation
import ScrimCore
import Testing
@testable import ScrimLua
import ScrimTestSupport

/// `Plugins/scrim.d.lua` (Docs/Editors.md) stays in step with the bridge: every name the bridge
/// exposes is declared under the right class, and every name declared exists. The names come from
/// the bridge's own lists (`ScrimModule.names`, each bridge's `fields` and `methodNames`, the
/// option tables' `OptionKeys`), from the module's tables at run time, and from the role objects
/// (what a plugin instance inherits and what the host looks up on a plugin class).
@MainActor @Suite struct TypeDeclarationTests {
    nonisolated static let root = Repository.root
    static let path = root.appendingPathComponent("Plugins/scrim.d.lua").path

    static func declarations() throws -> LuaDeclarations {
        LuaDeclarations(parsing: try String(contentsOfFile: path, encoding: .utf8))
    }

    /// Records an issue naming what is missing from the file and what the file has too many.
    func compare(
        _ declaredClass: String, declared: LuaDeclarations, bridge: Set<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let names = declared.members[declaredClass] ?? []
        let missing = bridge.subtracting(names).sorted()
        let extra = names.subtracting(bridge).sorted()
        #expect(
            missing.isEmpty,
            "scrim.d.lua does not declare \(missing.joined(separator: ", ")) in class \(declaredClass)",
            sourceLocation: sourceLocation)
        #expect(
            extra.isEmpty,
            "scrim.d.lua declares \(extra.joined(separator: ", ")) in class \(declaredClass), which the bridge does not have",
            sourceLocation: sourceLocation)
    }

    @Test func theFileIsAMetaFileThatCompilesAndIsNotLoadedAsAPlugin() throws {
        let source = try String(contentsOfFile: Self.path, encoding: .utf8)
        #expect(source.hasPrefix("---@meta scrim\n"))
        let state = try LuaState()
        try state.load(source, chunkName: "scrim.d.lua")
        state.withUnsafeState { scrim_lua_pop($0, 1) }
        let library = try PluginLibrary(directories: [Self.root.appendingPathComponent("Plugins").path])
        #expect(!library.pluginFiles().contains { $0.hasSuffix("scrim.d.lua") })
    }

    @Test func everyClassIsChecked() throws {
        let declared = try Self.declarations()
        let checked: Set<String> = [
            "scrim", "scrim.Point", "scrim.Size", "scrim.Rect", "scrim.Transform", "scrim.Transform3D", "scrim.Color",
            "scrim.ViewValues", "scrim.TransformModule", "scrim.Transform3DModule", "scrim.ColorModule", "scrim.ViewModule", "scrim.PanGestureRecognizerModule",
            "scrim.PropertyAnimatorModule", "scrim.PluginReference", "scrim.View", "scrim.Layer", "scrim.PanGestureRecognizer",
            "scrim.PropertyAnimator", "scrim.ViewController", "scrim.PopoverPresentationController", "scrim.Context",
            "scrim.Coordinator",
            "scrim.PluginClass", "scrim.Animator", "scrim.PercentDriven", "scrim.Interaction",
            "scrim.PresentationBase", "scrim.Presentation", "scrim.Delegate", "scrim.Segue", "scrim.SegueClass",
            "scrim.Controller", "scrim.LabelModule", "scrim.ImageViewModule", "scrim.Label", "scrim.ImageView",
        ]
        let options = Set(Self.optionClasses.keys)
        let unknown = Set(declared.members.keys).subtracting(checked).subtracting(options).sorted()
        #expect(unknown.isEmpty, "classes of scrim.d.lua this test does not check yet: \(unknown.joined(separator: ", "))")
        let absent = checked.union(options).subtracting(declared.members.keys).sorted()
        #expect(absent.isEmpty, "classes missing from scrim.d.lua: \(absent.joined(separator: ", "))")
    }

    /// The option tables' classes and the keys Scrim accepts in each.
    static let optionClasses: [String: [String]] = [
        "scrim.ViewOptions": OptionKeys.view, "scrim.PanGestureRecognizerOptions": OptionKeys.panGestureRecognizer,
        "scrim.SpringOptions": OptionKeys.spring, "scrim.TimingOptions": OptionKeys.timing,
        "scrim.PropertyAnimatorOptions": OptionKeys.propertyAnimator, "scrim.AnimateOptions": OptionKeys.animate,
        "scrim.ViewTransitionOptions": OptionKeys.viewTransition,
        "scrim.KeyframeOptions": OptionKeys.keyframes, "scrim.ContinueOptions": OptionKeys.continueAnimation,
        "scrim.Transform3DEntries": OptionKeys.transform3D,
        "scrim.LabelOptions": OptionKeys.view + LabelBridge.bridge.ownFields,
        "scrim.ImageViewOptions": OptionKeys.view + ImageViewBridge.bridge.ownFields,
    ]

    /// An option class declares (itself or through its parents) exactly the keys Scrim accepts:
    /// any other key is an error.
    @Test func optionTablesDeclareExactlyTheAcceptedKeys() throws {
        let declared = try Self.declarations()
        func fields(_ className: String) -> Set<String> {
            (declared.parents[className] ?? []).reduce(declared.members[className] ?? []) { $0.union(fields($1)) }
        }
        for (className, keys) in Self.optionClasses.sorted(by: { $0.key < $1.key }) {
            let names = fields(className)
            #expect(names == Set(keys), "\(className): missing \(Set(keys).subtracting(names).sorted()), extra \(names.subtracting(keys).sorted())")
        }
    }

    @Test func theModuleAndItsTablesMatchTheRuntime() throws {
        let declared = try Self.declarations()
        let found = try RuntimeNames.discover()
        compare("scrim", declared: declared, bridge: Set(ScrimModule.names))
        compare("scrim", declared: declared, bridge: found["scrim"])
        for table in [
            "TransformModule", "Transform3DModule", "ColorModule", "ViewModule", "LabelModule", "ImageViewModule", "PanGestureRecognizerModule",
            "PropertyAnimatorModule",
        ] {
            compare("scrim.\(table)", declared: declared, bridge: found["scrim.\(table)"])
        }
        #expect(found["callable"] == ["scrim.ColorModule"])
        #expect(declared.callable.contains("scrim.ColorModule"), "scrim.d.lua must declare scrim.Color callable (---@overload)")
    }

    @Test func valueTypesMatchTheRuntime() throws {
        let declared = try Self.declarations()
        let found = try RuntimeNames.discover()
        let methods = found["geometry.methods"]
        #expect(methods.isSuperset(of: ["insetBy", "offsetBy", "contains", "union", "intersection", "with"]))
        compare("scrim.Rect", declared: declared, bridge: found["rect.fields"].union(methods).union(found["geometry.computed"]))
        // Points and sizes share the rects' metatable; computed fields apply to rects only, and
        // only the methods that make sense for them are declared.
        for (name, fields) in [("scrim.Point", ["x", "y"]), ("scrim.Size", ["width", "height"])] {
            let names = declared.members[name] ?? []
            let extra = names.subtracting(fields).subtracting(methods).sorted()
            #expect(extra.isEmpty, "scrim.d.lua declares \(extra.joined(separator: ", ")) in class \(name), which the bridge does not have")
            let missing = Set(fields).subtracting(names).sorted()
            #expect(missing.isEmpty, "scrim.d.lua does not declare \(missing.joined(separator: ", ")) in class \(name)")
        }
        compare("scrim.Transform", declared: declared, bridge: found["scrim.Transform"])
        compare("scrim.Transform3D", declared: declared, bridge: found["scrim.Transform3D"])
        compare("scrim.Color", declared: declared, bridge: found["scrim.Color"])
        compare("scrim.ViewValues", declared: declared, bridge: found["scrim.ViewValues"])
    }

    // The handle types (view, gesture, context, coordinator, view controller, property
    // animator) are checked against their bridge tables, both ways, in BridgeTableTests.

    @Test func enumerationsAreUIKitCaseNames() throws {
        let declared = try Self.declarations()
        func check(_ alias: String, _ expected: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) {
            let names = Set(declared.aliases[alias] ?? [])
            #expect(names == expected, "\(alias): missing \(expected.subtracting(names).sorted()), extra \(names.subtracting(expected).sorted())", sourceLocation: sourceLocation)
        }
        check("scrim.ModalPresentationStyle", Set(ModalPresentationStyle.allCases.map(\.rawValue)))
        check("scrim.CurveName", Set(AnimationCurve.allCases.map(\.rawValue)))
        check("scrim.ContextKey", Set(TransitionContext.Key.allCases.map(\.rawValue)))
        check("scrim.TransitionOperation", Set(TransitionOperation.allCases.map(\.rawValue)))
        check("scrim.PopoverArrowDirection", Set(PopoverArrowDirection.any.directionNames))
        check("scrim.FontWeight", Set(FontWeight.allCases.map(\.rawValue)))
        check("scrim.TextAlignment", Set(TextAlignment.allCases.map(\.rawValue)))
        for state in declared.aliases["scrim.GestureState"] ?? [] {
            #expect(PanGestureRecognizer.State(rawValue: state) != nil, "scrim.GestureState: no state '\(state)'")
        }
        #expect(declared.aliases["scrim.GestureState"]?.count == 6)
        for state in declared.aliases["scrim.AnimatorState"] ?? [] {
            #expect(PropertyAnimator.State(rawValue: state) != nil, "scrim.AnimatorState: no state '\(state)'")
        }
        #expect(declared.aliases["scrim.AnimatorState"]?.count == 3)
        for position in declared.aliases["scrim.AnimatorPosition"] ?? [] {
            #expect(PropertyAnimator.Position(rawValue: position) != nil, "scrim.AnimatorPosition: no position '\(position)'")
        }
        #expect(declared.aliases["scrim.AnimatorPosition"]?.count == 3)
    }

    @Test func pluginReferencesAndInheritedMembersMatchTheRoleObjects() throws {
        let declared = try Self.declarations()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "a.lua": "return { duration = 0, animateTransition = function() end }",
            "b.lua": """
                local keys = {}
                for key in pairs(scrim.plugin("a", { x = 1 })) do keys[#keys + 1] = key end
                table.sort(keys)
                print(table.concat(keys, " "))
                return { percentDriven = true }
                """,
            "c.lua": "return { frameOfPresentedViewInContainerView = function() return scrim.Rect(0, 0, 1, 1) end }",
        ]
        for (name, text) in files { try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let library = try PluginLibrary(directories: [directory.path])
        var printed: [String] = []
        library.onLog = { _, _, text in printed.append(text) }
        #expect(library.loadAll() == ["a", "b", "c"])
        compare("scrim.PluginReference", declared: declared, bridge: Set(printed.first?.split(separator: " ").map(String.init) ?? []))

        /// The names a role object answers for a plugin instance, among the string literals of its
        /// source file and the names declared.
        func inherited(by host: any LuaRoleHost, source file: String, declaredIn className: String) throws -> Set<String> {
            let candidates = try Self.stringLiterals(inPluginsFile: file).union(declared.members[className] ?? [])
            let runtime = library.runtime
            return runtime.state.withUnsafeState { L in
                candidates.filter { name in
                    let top = lua_gettop(L)
                    defer { lua_settop(L, top) }
                    return (try? host.inherited(name, LuaCall(L: L, runtime: runtime))) == 1
                }
            }
        }
        let interaction = try LuaInteraction(library: library, plugin: try #require(library.plugins["b"]), options: [:])
        compare(
            "scrim.PercentDriven", declared: declared,
            bridge: try inherited(by: interaction, source: "LuaInteraction.swift", declaredIn: "scrim.PercentDriven"))
        let presented = ViewController(id: "presented")
        let presentation = try LuaPresentationController(
            library: library, plugin: try #require(library.plugins["c"]), options: [:], presented: presented, presenting: nil)
        compare(
            "scrim.PresentationBase", declared: declared,
            bridge: try inherited(by: presentation, source: "LuaPresentationController.swift", declaredIn: "scrim.PresentationBase"))
    }

    @Test func pluginClassShapesMatchWhatTheHostLooksUp() throws {
        let declared = try Self.declarations()
        let roles: [(files: [String], className: String, parents: [String])] = [
            (["LuaAnimator.swift"], "scrim.Animator", ["scrim.PluginClass"]),
            (["LuaInteraction.swift"], "scrim.Interaction", ["scrim.PluginClass", "scrim.PercentDriven"]),
            (["LuaPresentationController.swift"], "scrim.Presentation", ["scrim.PluginClass", "scrim.PresentationBase"]),
            (["LuaDelegate.swift", "LuaDelegate+Containers.swift"], "scrim.Delegate", ["scrim.PluginClass"]),
            (["LuaSegue.swift"], "scrim.SegueClass", ["scrim.PluginClass"]),
            (["LuaController.swift"], "scrim.Controller", ["scrim.PluginClass"]),
        ]
        // What every long-lived instance is asked (`onReload`) is in LuaRoleHost.swift.
        let general = try Self.lookedUpNames(inPluginsFile: "PluginLibrary.swift")
            .union(try Self.lookedUpNames(inPluginsFile: "LuaRoleHost.swift"))
        var everything = general
        for role in roles {
            var looked = try role.files.reduce(into: Set<String>()) { $0.formUnion(try Self.lookedUpNames(inPluginsFile: $1)) }
            // The controller's callbacks are called by their `ViewControllerCallback` names.
            if role.className == "scrim.Controller" {
                looked.formUnion(Plugin.controllerMethods + ["unwindActions", "viewWillTransitionToSize"])
            }
            everything.formUnion(looked)
            let visible = role.parents.reduce(declared.members[role.className] ?? []) { $0.union(declared.members[$1] ?? []) }
            let missing = looked.subtracting(visible).sorted()
            #expect(missing.isEmpty, "scrim.d.lua does not declare \(missing.joined(separator: ", ")) in class \(role.className) (the host looks them up in \(role.files.joined(separator: ", ")))")
            let own = declared.members[role.className] ?? []
            let extra = own.subtracting(looked).subtracting(declared.members[role.parents.last!] ?? []).subtracting(general).sorted()
            #expect(extra.isEmpty, "scrim.d.lua declares \(extra.joined(separator: ", ")) in class \(role.className), which the host never looks up")
        }
        // The markers that make a role (Docs/LuaAPI.md, "A plugin is one Lua file").
        let classOf: [RoleKind: String] = [
            .animator: "scrim.Animator", .interaction: "scrim.Interaction", .presentation: "scrim.Presentation",
            .delegate: "scrim.Delegate", .segue: "scrim.SegueClass", .controller: "scrim.Controller",
        ]
        for (role, markers) in Plugin.roleMarkers {
            let missing = Set(markers).subtracting(declared.members[classOf[role]!] ?? []).sorted()
            #expect(missing.isEmpty, "scrim.d.lua does not declare the \(role) markers \(missing.joined(separator: ", "))")
        }
        #expect(general.isSuperset(of: ["name", "percentDriven"]))
        // Every plugin class may define `new(options)` (the host's instance maker calls `class.new`).
        compare("scrim.PluginClass", declared: declared, bridge: everything.intersection(["name", "onReload"]).union(["new"]))
    }

    // MARK: Reading the host's sources

    static func pluginsSource(_ file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Sources/ScrimLua/Plugins/\(file)"), encoding: .utf8)
    }

    static func stringLiterals(inPluginsFile file: String) throws -> Set<String> {
        Set(try pluginsSource(file).matches(of: /"(\w+)"/).map { String($0.output.1) })
    }

    /// The names the host looks up on a plugin's class or instance in `file`: methods it calls,
    /// fields it reads, the delegate methods it vends through.
    static func lookedUpNames(inPluginsFile file: String) throws -> Set<String> {
        let source = try pluginsSource(file)
        var names = Set(source.matches(of: /\.(?:call|perform|ask|number|bool|type)\(\s*"(\w+)"/).map { String($0.output.1) })
        names.formUnion(source.matches(of: /vend\(\s*\.\w+,\s*"(\w+)"/).map { String($0.output.1) })
        names.formUnion(source.matches(of: /(?:stringField|fieldType|boolField|numberField)\(of:[^,]+,\s*"(\w+)"/).map { String($0.output.1) })
        return names
    }
}

/// The classes, fields, methods and string-literal aliases of a LuaLS definition file: `---@class`
/// with its `---@field`s, the table the class is bound to (`local View = {}` right after the
/// annotations) and the functions and fields defined on that table (`function View:addSubview`,
/// `function scrim.animate`).
struct LuaDeclarations {
    var members: [String: Set<String>] = [:]
    var parents: [String: [String]] = [:]
    var aliases: [String: [String]] = [:]
    /// Classes with an `---@overload` (callable).
    var callable: Set<String> = []

    init(parsing source: String) {
        var currentClass: String?
        var currentAlias: String?
        var bindings: [String: String] = [:]
        func add(_ name: String, to className: String) { members[className, default: []].insert(name) }
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---") {
                let annotation = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                if let match = annotation.wholeMatch(of: /@class\s+([\w.]+)(?:\s*:\s*(.+))?/) {
                    let name = String(match.output.1)
                    currentClass = name
                    currentAlias = nil
                    members[name, default: []] = members[name] ?? []
                    parents[name] = match.output.2.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
                } else if let match = annotation.prefixMatch(of: /@field\s+(?:(?:public|private|protected|package)\s+)?(\w+)\??\s/),
                    let currentClass
                {
                    add(String(match.output.1), to: currentClass)
                } else if annotation.hasPrefix("@overload"), let currentClass {
                    callable.insert(currentClass)
                } else if let match = annotation.prefixMatch(of: /@alias\s+([\w.]+)/) {
                    currentAlias = String(match.output.1)
                    currentClass = nil
                    aliases[currentAlias!] = []
                } else if annotation.hasPrefix("|"), let alias = currentAlias,
                    let match = annotation.firstMatch(of: /"(\w+)"/)
                {
                    aliases[alias]?.append(String(match.output.1))
                }
                continue
            }
            // A code line (or a blank or a plain comment) ends the annotation block.
            defer {
                currentClass = nil
                currentAlias = nil
            }
            if let className = currentClass, let match = line.prefixMatch(of: /(?:local\s+)?([A-Za-z_][\w.]*)\s*=/) {
                let variable = String(match.output.1)
                bindings[variable] = className
                if let dot = variable.lastIndex(of: "."), let owner = bindings[String(variable[..<dot])] {
                    add(String(variable[variable.index(after: dot)...]), to: owner)
                }
            } else if let match = line.prefixMatch(of: /function\s+([A-Za-z_][\w.]*)[.:](\w+)\s*\(/),
                let owner = bindings[String(match.output.1)]
            {
                add(String(match.output.2), to: owner)
            } else if let match = line.prefixMatch(of: /([A-Za-z_][\w.]*)\.(\w+)\s*=/), let owner = bindings[String(match.output.1)] {
                add(String(match.output.2), to: owner)
            }
        }
    }
}

/// The names the `scrim` module has at run time, by the class of `scrim.d.lua` that declares them.
@MainActor
struct RuntimeNames {
    var names: [String: Set<String>] = [:]

    subscript(className: String) -> Set<String> { names[className] ?? [] }

    /// Builds the module in a fresh runtime and lists its tables' keys, the value types' fields and
    /// methods (the geometry metatable's method and computed-field tables are upvalues of its
    /// `__index`), and a view's presentation table. Runs in the state's real globals (with `debug`),
    /// not in a plugin's sandbox.
    static func discover() throws -> RuntimeNames {
        let runtime = try LuaRuntime()
        let module = try ScrimModule.build(in: runtime, log: { _, _ in }, plugin: { _ in 0 })
        let state = runtime.state
        try state.load(source, chunkName: "=discover")
        state.push(module)
        try state.protectedCall(arguments: 1, results: 1)
        let text = state.withUnsafeState { L in
            defer { scrim_lua_pop(L, 1) }
            return String(cString: scrim_lua_tostring(L, -1))
        }
        var result = RuntimeNames()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            result.names[parts[0], default: []].insert(parts[1])
        }
        return result
    }

    static let source = """
        local scrim = ...
        local lines = {}
        local function add(class, t)
          for key in pairs(t) do lines[#lines + 1] = class .. " " .. tostring(key) end
        end
        add("scrim", scrim)
        add("scrim.TransformModule", scrim.Transform)
        add("scrim.Transform3DModule", scrim.Transform3D)
        add("scrim.ColorModule", scrim.Color)
        add("scrim.ViewModule", scrim.View)
        add("scrim.LabelModule", scrim.Label)
        add("scrim.ImageViewModule", scrim.ImageView)
        add("scrim.PanGestureRecognizerModule", scrim.PanGestureRecognizer)
        add("scrim.PropertyAnimatorModule", scrim.PropertyAnimator)
        -- Constants are made afresh on each read (not in pairs): probe them.
        for _, key in ipairs({ "identity" }) do
          if scrim.Transform[key] ~= nil then lines[#lines + 1] = "scrim.TransformModule " .. key end
          if scrim.Transform3D[key] ~= nil then lines[#lines + 1] = "scrim.Transform3DModule " .. key end
        end
        for _, key in ipairs({ "black", "white", "clear" }) do
          if scrim.Color[key] ~= nil then lines[#lines + 1] = "scrim.ColorModule " .. key end
        end
        local rect = scrim.Rect(1, 2, 3, 4)
        add("rect.fields", rect)
        local index, i = debug.getmetatable(rect).__index, 1
        while true do
          local name, value = debug.getupvalue(index, i)
          if name == nil then break end
          if name == "methods" then add("geometry.methods", value) end
          if name == "computed" then add("geometry.computed", value) end
          i = i + 1
        end
        add("scrim.Transform", scrim.Transform.identity)
        add("scrim.Transform", debug.getmetatable(scrim.Transform.identity).__index)
        add("scrim.Transform3D", scrim.Transform3D.identity)
        add("scrim.Transform3D", debug.getmetatable(scrim.Transform3D.identity).__index)
        add("scrim.Color", scrim.Color.black)
        add("scrim.ViewValues", scrim.View.new{}.presentation)
        if type(debug.getmetatable(scrim.Color).__call) == "function" then lines[#lines + 1] = "callable scrim.ColorModule" end
        return table.concat(lines, "\\n")
        """
}
