import Foundation
import ScrimCore
import Testing
@testable import ScrimLua
import ScrimTestSupport

/// The handle bridges' tables (`BridgedType`): each matches its class in `Plugins/scrim.d.lua`
/// name for name, read-only where the file says so, and drives the handles' dispatch, whose
/// errors are checked verbatim.
@MainActor @Suite struct BridgeTableTests {
    /// Every bridged type's table (a new bridged type joins here).
    static var tables: [BridgeTable] {
        [
            BridgeTable(ViewBridge.table), BridgeTable(LayerBridge.table), BridgeTable(GestureBridge.table),
            BridgeTable(PropertyAnimatorBridge.table),
            BridgeTable(ViewControllerBridge.table), BridgeTable(ContextBridge.table), BridgeTable(CoordinatorBridge.table),
            BridgeTable(SegueBridge.table),
            BridgeTable(PopoverBridge.table), BridgeTable(LabelBridge.bridge.table), BridgeTable(ImageViewBridge.bridge.table),
        ]
    }

    /// Names both ways. A field is read-only in the file when its description starts with
    /// "read-only", or when its class's doc says "Read-only" — then the table refuses every assignment.
    @Test func everyTableMatchesItsClassInTheDefinitionFile() throws {
        let declarations = ClassDeclaration.parse(try String(contentsOfFile: TypeDeclarationTests.path, encoding: .utf8))
        for table in Self.tables {
            let className = table.typeName
            guard let declared = ClassDeclaration.inheriting(className, in: declarations) else {
                Issue.record("scrim.d.lua has no class \(className)")
                continue
            }
            func compare(_ kind: String, table names: [String], declared: Set<String>) {
                let missing = Set(names).subtracting(declared).sorted()
                let extra = declared.subtracting(names).sorted()
                #expect(missing.isEmpty, "scrim.d.lua does not declare the \(kind) \(missing) of \(className)")
                #expect(extra.isEmpty, "scrim.d.lua declares the \(kind) \(extra) of \(className), which its table does not have")
            }
            compare("fields", table: table.fields.map(\.name), declared: Set(declared.fieldDescriptions.keys))
            compare("methods", table: table.methods.map(\.name), declared: declared.methods)
            #expect(
                table.refusesAssignment == declared.isReadOnly,
                "\(className): read-only in scrim.d.lua \(declared.isReadOnly), refused by its table \(table.refusesAssignment)")
            for field in table.fields {
                guard let description = declared.fieldDescriptions[field.name] else { continue }
                let readOnly = declared.isReadOnly || description.hasPrefix("read-only")
                #expect(
                    field.settable != readOnly,
                    "\(className).\(field.name) is read-only in scrim.d.lua: \(readOnly); it has a setter: \(field.settable)")
            }
        }
    }

    @Test func everyEntryHasAOneLineDoc() {
        for table in Self.tables {
            for (name, doc) in table.fields.map({ ($0.name, $0.doc) }) + table.methods.map({ ($0.name, $0.doc) }) {
                #expect(!doc.isEmpty && !doc.contains("\n"), "\(table.typeName).\(name) needs a one-line doc")
            }
        }
    }

    /// On a fresh handle every field reads, and takes back what it read unless it is read-only,
    /// which raises "<handle>.<field> is read-only"; every method reads as a function. (A new
    /// recognizer's `maximumNumberOfTouches` is `Int.max`, which is not a whole number plugins may
    /// assign: the handle gets 2.)
    @Test(arguments: [
        ("scrim.View", "scrim.View.new{}"),
        ("scrim.Label", "scrim.Label.new{}"),
        ("scrim.ImageView", "scrim.ImageView.new{ imageName = \"pasta\" }"),
        ("scrim.PanGestureRecognizer", "scrim.PanGestureRecognizer.new{ maximumNumberOfTouches = 2 }"),
        ("scrim.PropertyAnimator", "scrim.PropertyAnimator.new{ duration = 1 }"),
    ])
    func theTableDrivesTheDispatch(typeName: String, constructor: String) throws {
        let table = try #require(Self.tables.first { $0.typeName == typeName })
        func list(_ names: [String]) -> String { "{ " + names.map { "\"\($0)\"" }.joined(separator: ", ") + " }" }
        let result = try BridgeFixture().run(Self.probe + """
            local handle = \(constructor)
            local lines = {}
            for _, name in ipairs(\(list(table.fields.map(\.name)))) do
              local read = try(function() return handle[name] end)
              lines[#lines + 1] = name .. ": " .. read .. ", " .. try(function() handle[name] = handle[name] end)
            end
            for _, name in ipairs(\(list(table.methods.map(\.name)))) do
              lines[#lines + 1] = name .. ": " .. type(handle[name])
            end
            return table.concat(lines, "\\n")
            """)
        let fields = table.fields.map { field in
            "\(field.name): ok, " + (field.settable ? "ok" : "\(table.handleName).\(field.name) is read-only")
        }
        let methods = table.methods.map { "\($0.name): function" }
        #expect(result?.split(separator: "\n").map(String.init) == fields + methods)
    }

    /// The members table is read on the calling thread's stack, so a method found inside a
    /// coroutine is the method (it once came back as the key, pushed on the main thread's stack).
    @Test func methodsAreFoundInsideACoroutine() throws {
        let f = try BridgeFixture()
        let result = try f.run("""
            local v = scrim.View.new{}
            local kind = coroutine.wrap(function()
              window:addSubview(v)
              return type(window.addSubview)
            end)()
            return kind .. " " .. #window.subviews
            """)
        #expect(result == "function 1")
    }

    /// What a Scrim call pushes for a coroutine goes on the coroutine's stack: handles (new,
    /// looked up, and the same handle again), tables and functions kept in the registry, and the
    /// values pushed back from it (they once went on the main thread's stack, so a coroutine got
    /// the wrong value back and the main stack grew).
    @Test func handlesAndReferencesArePushedOnACoroutinesOwnStack() throws {
        let f = try BridgeFixture()
        let result = try f.run("""
            local results = { coroutine.wrap(function()
              local v = scrim.View.new{ id = "made", frame = scrim.Rect(1, 2, 3, 4) }
              window:addSubview(v)
              local again = window.subviews[1]
              local parent = v.superview
              local a = scrim.PropertyAnimator.new{ duration = 1 }
              a:addCompletion(function() v.alpha = 0.5 end)
              return v.id, again == v, parent == window, tostring(a.state), v.frame.width
            end)() }
            return table.concat({ tostring(results[1]), tostring(results[2]), tostring(results[3]),
              tostring(results[4]), tostring(results[5]) }, " ")
            """)
        #expect(result == "made true true inactive 3.0")
    }

    /// Lua that defines `try(f)`: "ok", or the message `f` raised without its position.
    static let probe = """
        local function try(f)
          local ok, message = pcall(f)
          if ok then return "ok" end
          return (tostring(message):gsub("^[^:]+:%d+: ", ""))
        end

        """

    @Test func viewsGesturesAndAnimatorsRaiseTheirErrors() throws {
        let f = try BridgeFixture()
        let result = try f.run(Self.probe + """
            local v = scrim.View.new{}
            local g = scrim.PanGestureRecognizer.new{}
            local a = scrim.PropertyAnimator.new{ duration = 1 }
            return table.concat({
              try(function() v.id = "x" end),
              try(function() v.subviews = {} end),
              try(function() v.fram = 1 end),
              try(function() v.addSubview = 1 end),
              try(function() return v.addSubviw end),
              try(function() return v.zzzzzzzz end),
              try(function() v[1] = 2 end),
              try(function() return v[1] end),
              try(function() v.alpha = "x" end),
              try(function() v.addSubview(nil) end),
              try(function() g.state = "x" end),
              try(function() g.maximumNumberOfTouches = 1.5 end),
              try(function() return g.stat end),
              try(function() g.translationInView(nil) end),
              try(function() a.duration = 2 end),
              try(function() return a.isRuning end),
              try(function() a.startAnimation(nil) end),
              try(function() return v.layer.shadowColour end),
              try(function() return scrim.Label.new{}.txt end),
            }, "\\n")
            """)
        #expect(result?.split(separator: "\n").map(String.init) == [
            "view.id is read-only",
            "view.subviews is read-only",
            "unknown field 'fram' on View; did you mean 'frame'?",
            "unknown field 'addSubview' on View; did you mean 'addSubview'?",
            "unknown field 'addSubviw' on View; did you mean 'addSubview'?",
            "unknown field 'zzzzzzzz' on View",
            "field: expected a string, got number",
            "field: expected a string, got number",
            "view.alpha: expected a number, got string",
            "addSubview: self: expected a view, got nil",
            "gesture.state is read-only",
            "gesture.maximumNumberOfTouches must be a whole number, got 1.5",
            "unknown field 'stat' on PanGestureRecognizer; did you mean 'state'?",
            "translationInView: self: expected a PanGestureRecognizer, got nil",
            "animator.duration is read-only",
            "unknown field 'isRuning' on PropertyAnimator; did you mean 'isRunning'?",
            "startAnimation: self: expected a PropertyAnimator, got nil",
            "unknown field 'shadowColour' on Layer; did you mean 'shadowColor'?",
            "unknown field 'txt' on Label; did you mean 'text'?",
        ])
    }

    /// Also reads every field and method of the three handles from inside a transition.
    @Test func contextsCoordinatorsAndViewControllersRaiseTheirErrors() throws {
        let (context, viewController, coordinator) = (
            BridgeTable(ContextBridge.table), BridgeTable(ViewControllerBridge.table), BridgeTable(CoordinatorBridge.table)
        )
        func members(_ table: BridgeTable) -> String {
            "{ " + table.memberNames.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bridges-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (Self.probe + """
            local function reads(handle, names)
              local results = {}
              for _, name in ipairs(names) do results[#results + 1] = try(function() return handle[name] end) end
              return table.concat(results, " ")
            end
            local stale
            local Probe = {}
            function Probe:transitionDuration() return 0 end
            function Probe:animateTransition(ctx)
              if stale then
                print(try(function() return stale.isAnimated end))
                print(try(function() stale.isAnimated = false end))
              else
                stale = ctx
                local vc = ctx:viewController("to")
                local c = vc.transitionCoordinator
                print(reads(ctx, \(members(context))))
                print(reads(vc, \(members(viewController))))
                print(reads(c, \(members(coordinator))))
                print(try(function() ctx.isAnimated = false end))
                print(try(function() ctx.foo = 1 end))
                print(try(function() return ctx.isAnimatd end))
                print(try(function() ctx.view(nil, "to") end))
                print(try(function() ctx:viewController("sideways") end))
                print(try(function() vc.title = "x" end))
                print(try(function() return vc.tittle end))
                print(try(function() c.isAnimated = 1 end))
                print(try(function() return c.isCanceled end))
                print(try(function() c.notifyWhenInteractionChanges(nil) end))
                print(try(function() c:notifyWhenInteractionChanges(nil) end))
              end
              ctx:completeTransition(true)
            end
            return Probe
            """).write(to: directory.appendingPathComponent("probe.lua"), atomically: true, encoding: .utf8)
        let library = try PluginLibrary(directories: [directory.path])
        var printed: [String] = []
        library.onLog = { _, _, text in printed.append(text) }
        #expect(library.loadAll() == ["probe"])
        let animator = try library.makeAnimator(try #require(library.plugins["probe"]), options: [:])
        let fixture = try TransitionFixture()
        let details = ViewController(id: "details")
        let delegate = FixtureDelegate(animator: animator)
        details.transitioningDelegate = delegate
        try fixture.root.present(details, animated: true)
        try fixture.advance(0.1)
        try details.dismiss(animated: true)
        try fixture.advance(0.1)
        let everyMemberRead = [context, viewController, coordinator].map { table in
            table.memberNames.map { _ in "ok" }.joined(separator: " ")
        }
        #expect(Array(printed.prefix(3)) == everyMemberRead)
        #expect(Array(printed.dropFirst(3)) == [
            "the context is read-only (field 'isAnimated')",
            "the context is read-only (field 'foo')",
            "unknown field 'isAnimatd' on the context; did you mean 'isAnimated'?",
            "view: self: expected a transition context, got nil",
            "viewController: the key must be \"from\" or \"to\", got \"sideways\"",
            "view controllers are read-only in plugins (field 'title')",
            "unknown field 'tittle' on ViewController; did you mean 'title'?",
            "the coordinator is read-only (field 'isAnimated')",
            "unknown field 'isCanceled' on the coordinator; did you mean 'isCancelled'?",
            "notifyWhenInteractionChanges: self: expected a transition coordinator, got nil",
            "notifyWhenInteractionChanges: expected a function, got nil",
            "context: the context's transition has ended",
            "the context is read-only (field 'isAnimated')",
        ])
    }
}

/// A bridged type's table without its object type: what the checks compare.
@MainActor
struct BridgeTable {
    let typeName: String
    let handleName: String
    let fields: [(name: String, doc: String, settable: Bool)]
    let methods: [(name: String, doc: String)]
    let refusesAssignment: Bool

    var memberNames: [String] { fields.map(\.name) + methods.map(\.name) }

    init<Object>(_ table: BridgedType<Object>) {
        typeName = table.typeName
        handleName = table.handleName
        fields = table.fields.map { ($0.name, $0.doc, $0.set != nil) }
        methods = table.methods.map { ($0.name, $0.doc) }
        if case .refused = table.assignment { refusesAssignment = true } else { refusesAssignment = false }
    }
}

/// What `scrim.d.lua` says of a class: the doc comment above its `---@class`, each `---@field`
/// with its description (the text after the type), and the methods defined with `:` on the
/// table the class is bound to (`local View = {}` right after the annotations).
struct ClassDeclaration {
    var doc = ""
    var fieldDescriptions: [String: String] = [:]
    var methods: Set<String> = []
    /// The first class it derives from (`---@class scrim.Label: scrim.View`), if any.
    var parent: String?

    /// The class `name` with the fields and methods of the classes it derives from (its own doc).
    static func inheriting(_ name: String, in classes: [String: ClassDeclaration]) -> ClassDeclaration? {
        guard var declaration = classes[name] else { return nil }
        if let parent = declaration.parent, let inherited = inheriting(parent, in: classes) {
            declaration.fieldDescriptions.merge(inherited.fieldDescriptions) { own, _ in own }
            declaration.methods.formUnion(inherited.methods)
        }
        return declaration
    }

    /// Whether the class's doc says the whole type is read-only.
    var isReadOnly: Bool { doc.contains("Read-only") }

    static func parse(_ source: String) -> [String: ClassDeclaration] {
        var classes: [String: ClassDeclaration] = [:]
        var bindings: [String: String] = [:]
        var doc: [String] = []
        var currentClass: String?
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---") {
                let annotation = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                if let match = annotation.wholeMatch(of: /@class\s+([\w.]+)(?:\s*:\s*([\w.]+).*)?/) {
                    currentClass = String(match.output.1)
                    classes[String(match.output.1), default: ClassDeclaration()].doc = doc.joined(separator: " ")
                    classes[String(match.output.1)]?.parent = match.output.2.map(String.init)
                } else if let currentClass, let match = annotation.wholeMatch(of: /@field\s+(\w+)\??\s+\S+\s*(.*)/) {
                    classes[currentClass]?.fieldDescriptions[String(match.output.1)] = String(match.output.2)
                } else if !annotation.hasPrefix("@") {
                    doc.append(annotation)
                }
                continue
            }
            // A code line (or a blank or a plain comment) ends the annotation block.
            if let currentClass, let match = line.prefixMatch(of: /local\s+(\w+)\s*=/) {
                bindings[String(match.output.1)] = currentClass
            } else if let match = line.prefixMatch(of: /function\s+(\w+):(\w+)\s*\(/),
                let owner = bindings[String(match.output.1)]
            {
                classes[owner]?.methods.insert(String(match.output.2))
            }
            doc = []
            currentClass = nil
        }
        return classes
    }
}
