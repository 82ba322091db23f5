import Foundation
import ScrimCore

/// Writes an exported transition as one Swift file for a UIKit app: a transitioning (and
/// navigation controller) delegate that vends the animator, the animator with one method per
/// direction adding `CAKeyframeAnimation`s baked from the recording, and a header naming the
/// plugin, its generation and the options (Docs/Export.md, "The file").
package struct SwiftSourceWriter: Sendable {
    package var typeName: String
    /// The plugin file's name (`pop.lua`).
    package var plugin: String
    package var generation: Int?
    /// What was played, one line each (`scene: the built-in recipe demo`).
    package var options: [String]
    package var transitions: [ExportedTransition]
    package var tolerance: KeyframeReducer.Tolerance

    package init(
        typeName: String, plugin: String, generation: Int?, options: [String], transitions: [ExportedTransition],
        tolerance: KeyframeReducer.Tolerance = .init()
    ) {
        (self.typeName, self.plugin, self.generation, self.options) = (typeName, plugin, generation, options)
        (self.transitions, self.tolerance) = (transitions, tolerance)
    }

    private var animatorName: String { "\(typeName)Animator" }

    /// The file.
    package func source() -> String {
        var out = header()
        out += "import UIKit\n\n"
        out += delegate()
        out += "\n"
        out += animator()
        out += "\n"
        out += helpers()
        return out
    }

    // MARK: Header

    private func header() -> String {
        var lines = ["\(typeName).swift", ""]
        lines.append("Exported by `scrim export --swift` (Scrim \(ScrimVersion.current)) from \(plugin), generation \(generation ?? 1).")
        lines.append("Played with:")
        lines += options.map { "  \($0)" }
        lines.append("")
        lines.append("Transitions:")
        for transition in transitions {
            lines.append(
                "  \(transition.kind.rawValue) (\(transition.from) → \(transition.to)): \(Self.number(transition.duration)) s, "
                    + "\(transition.views.count) view\(transition.views.count == 1 ? "" : "s"), \(transition.keyframeCount) keyframes "
                    + "from \(transition.frameCount) frames\(transition.interactive ? " (interactive: its animator's own timeline)" : "")")
        }
        lines.append("")
        lines.append("The keyframes are linear between values recorded at every frame, reduced so that none is")
        lines.append("more than \(Self.number(tolerance.points)) pt, \(Self.number(tolerance.fraction)) in an opacity or a color component, \(Self.number(tolerance.matrixLinear)) in a")
        lines.append("transform's rotation and scale entries (under 0.1°) or \(Self.number(tolerance.unit)) in the anchor point off")
        lines.append("the recording (Docs/Export.md, \"Tolerances\").")
        lines.append("")
        let ids = sceneIDs()
        lines.append("The scene's views are looked up by their ids in one place: the `viewForID` closure given to")
        lines.append("`\(typeName)(viewForID:)`. Ids used: \(ids.isEmpty ? "none" : ids.map { "\"\($0)\"" }.joined(separator: ", ")).")
        lines.append("A view it does not find is not animated. Positions and sizes are the recorded window's, in")
        lines.append("points, in each view's superview.")
        return lines.map { $0.isEmpty ? "//" : "// \($0)" }.joined(separator: "\n") + "\n\n"
    }

    /// Every scene id the file asks the app for, in order of first use.
    private func sceneIDs() -> [String] {
        var ids: [String] = []
        func add(_ id: String) { if !ids.contains(id) { ids.append(id) } }
        for transition in transitions {
            for view in transition.views {
                switch view.source {
                case .scene(let id), .snapshot(of: let id): add(id)
                case .created, .existing, .container: break
                }
                if case .scene(let id) = view.parent { add(id) }
            }
        }
        return ids
    }

    // MARK: Delegate

    private func has(_ kind: ExportedTransition.Kind) -> Bool { transitions.contains { $0.kind == kind } }

    /// The kinds exported, in `Kind` order.
    private var kinds: [ExportedTransition.Kind] { ExportedTransition.Kind.allCases.filter(has) }

    /// Whether a presentation or a dismissal is exported (the delegate is a transitioning
    /// delegate), and whether a push or a pop is (a navigation controller's delegate).
    private var isModal: Bool { has(.presentation) || has(.dismissal) }
    private var isNavigation: Bool { has(.push) || has(.pop) }

    /// The delegate: a transitioning delegate for what is presented and dismissed, a navigation
    /// controller's delegate for what is pushed and popped — only the roles exported.
    private func delegate() -> String {
        let conformances = (isModal ? ["UIViewControllerTransitioningDelegate"] : []) + (isNavigation ? ["UINavigationControllerDelegate"] : [])
        let uses = [
            isModal ? "/// - a view controller's `transitioningDelegate` (its `modalPresentationStyle` `.custom` or `.fullScreen`)" : nil,
            isNavigation ? "/// - a navigation controller's `delegate`" : nil,
        ].compactMap { $0 }.joined(separator: "\n")
        var out = """
            /// Vends \(animatorName) for the transitions \(plugin) animates. Keep a reference to an
            /// instance and set it as
            \(uses)
            final class \(typeName): NSObject, \(conformances.joined(separator: ", ")) {
                /// Set while a gesture drives the transition (`update`, `finish`, `cancel`), nil otherwise:
                /// the animator's keyframes then follow the gesture's percent.
                var interactionController: UIPercentDrivenInteractiveTransition?

                /// The app's view for a view id of the Scrim scene: the one place ids are mapped.
                private let viewForID: (String) -> UIView?

                /// A delegate whose animators find the scene's views with `viewForID` (ids: \(sceneIDs().map { "\"\($0)\"" }.joined(separator: ", "))).
                init(viewForID: @escaping (String) -> UIView?) {
                    self.viewForID = viewForID
                    super.init()
                }

            """
        if isModal {
            out += "\n"
            out += """
                    // MARK: UIViewControllerTransitioningDelegate

                """
            let presentation = has(.presentation) ? "\(animatorName)(.presentation, viewForID: viewForID)" : "nil  // not exported: UIKit's own"
            let dismissal = has(.dismissal) ? "\(animatorName)(.dismissal, viewForID: viewForID)" : "nil  // not exported: UIKit's own"
            out += """

                    func animationController(
                        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
                    ) -> (any UIViewControllerAnimatedTransitioning)? {
                        \(presentation)
                    }

                    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
                        \(dismissal)
                    }

                    func interactionControllerForPresentation(
                        using animator: any UIViewControllerAnimatedTransitioning
                    ) -> (any UIViewControllerInteractiveTransitioning)? {
                        interactionController
                    }

                    func interactionControllerForDismissal(
                        using animator: any UIViewControllerAnimatedTransitioning
                    ) -> (any UIViewControllerInteractiveTransitioning)? {
                        interactionController
                    }

                """
        }
        if isNavigation {
            out += "\n"
            out += """
                    // MARK: UINavigationControllerDelegate

                    func navigationController(
                        _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                        from fromVC: UIViewController, to toVC: UIViewController
                    ) -> (any UIViewControllerAnimatedTransitioning)? {
                \(navigationBody())
                    }

                    func navigationController(
                        _ navigationController: UINavigationController,
                        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
                    ) -> (any UIViewControllerInteractiveTransitioning)? {
                        interactionController
                    }

                """
        }
        return out + "}\n"
    }

    /// The navigation delegate's answer: the animator for the push and pop exported, else nil.
    private func navigationBody() -> String {
        [
            "        switch operation {",
            has(.push) ? "        case .push: \(animatorName)(.push, viewForID: viewForID)" : nil,
            has(.pop) ? "        case .pop: \(animatorName)(.pop, viewForID: viewForID)" : nil,
            "        default: nil",
            "        }",
        ].compactMap { $0 }.joined(separator: "\n")
    }

    // MARK: Animator

    private func animator() -> String {
        var out = """
            /// \(plugin)'s transitions as keyframe animations: one method per direction. The model values are
            /// set to the end values as the animations are added (so the views stay there, and a
            /// `UIPercentDrivenInteractiveTransition` can drive them through the layers' timing); a cancelled
            /// transition puts the start values back.
            final class \(animatorName): NSObject, UIViewControllerAnimatedTransitioning {
                /// Which transition the animator plays.
                enum Direction {
                    case \(kinds.map(\.rawValue).joined(separator: ", "))
                }

                let direction: Direction
                private let viewForID: (String) -> UIView?

                init(_ direction: Direction, viewForID: @escaping (String) -> UIView?) {
                    self.direction = direction
                    self.viewForID = viewForID
                    super.init()
                }

                func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
                    switch direction {

            """
        for kind in kinds {
            let duration = transitions.first { $0.kind == kind }.map { Self.number($0.duration) } ?? "0"
            out += "        case .\(kind.rawValue): \(duration)\n"
        }
        out += """
                    }
                }

                func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
                    switch direction {

            """
        for kind in kinds {
            out += "        case .\(kind.rawValue): animate\(kind.rawValue.capitalized)(transitionContext)\n"
        }
        out += "        }\n    }\n"
        for transition in transitions { out += "\n" + method(for: transition) }
        out += "}\n"
        return out
    }

    /// The names of a transition's views, unique and valid Swift identifiers.
    private func names(of transition: ExportedTransition) -> [String] {
        var used: Set<String> = ["container", "context", "duration", "toView", "completed", "self", "transitionContext", "viewForID"]
        return transition.views.map { view in
            let base: String
            switch view.source {
            case .container: return "container"
            case .scene(let id), .existing(let id): base = Self.identifier(id)
            case .created(let id, let name): base = Self.identifier(name.map { "\($0) view" } ?? id)
            case .snapshot(let id): base = Self.identifier("snapshot of \(id)")
            }
            var name = base
            var number = 2
            while used.contains(name) || Self.keywords.contains(name) {
                name = "\(base)\(number)"
                number += 1
            }
            used.insert(name)
            return name
        }
    }

    private func method(for transition: ExportedTransition) -> String {
        let names = names(of: transition)
        var body: [String] = []
        body.append("let container = context.containerView")
        switch transition.kind {
        case .presentation, .push: body.append("if let toView = context.view(forKey: .to) { container.addSubview(toView) }")
        case .dismissal, .pop: body.append("if let toView = context.view(forKey: .to) { container.insertSubview(toView, at: 0) }")
        }
        for (view, name) in zip(transition.views, names) {
            switch view.source {
            case .container:
                let setup = ExportedView.changedFromDefault(view.start).filter { property in
                    !view.tracks.contains { $0.property == property }
                }
                guard !setup.isEmpty else { continue }
                body.append("// The plugin's settings of the container's layer.")
                for property in setup {
                    body.append("container.layer.\(modelPath(property)) = \(value(property.components(of: view.start), of: property))")
                }
            case .scene(let id):
                body.append("let \(name) = viewForID(\(Self.literal(id)))")
            case .existing(let id):
                body.append("let \(name) = container.subviews.first { $0.accessibilityIdentifier == \(Self.literal(id)) }")
            case .created(let id, _):
                body.append("")
                body.append("// Made by the plugin: \(id).")
                body.append("let \(name) = UIView()")
                body.append("\(name).accessibilityIdentifier = \(Self.literal(id))")
                body += setup(view, name: name, optional: false)
                body.append("\(parent(of: view, in: transition, names: names)).insertSubview(\(name), at: \(view.index))")
            case .snapshot(let id):
                body.append("")
                body.append("// The plugin's snapshot of \(id).")
                body.append("let \(name) = viewForID(\(Self.literal(id)))?.snapshotView(afterScreenUpdates: false)")
                body.append("if let \(name) {")
                body += setup(view, name: name, optional: false).map { "    " + $0 }
                body.append("    \(parent(of: view, in: transition, names: names)).insertSubview(\(name), at: \(view.index))")
                body.append("}")
            }
        }
        body.append("")
        body.append("let duration = transitionDuration(using: context)")
        body.append("CATransaction.begin()")
        body.append("CATransaction.setCompletionBlock {")
        body.append("    let completed = !context.transitionWasCancelled")
        body.append("    if completed {")
        var completion: [String] = []
        for (view, name) in zip(transition.views, names) {
            let access = isNonOptional(view) ? name : "\(name)?"
            if view.isHiddenAtEnd != view.isHiddenAtStart { completion.append("\(access).isHidden = \(view.isHiddenAtEnd)") }
            if view.isRemovedAtEnd { completion.append("\(access).removeFromSuperview()") }
        }
        body += (completion.isEmpty ? ["// Nothing more: the end values are the model values."] : completion).map { "        " + $0 }
        body.append("    } else {")
        var cancel: [String] = []
        for (view, name) in zip(transition.views, names) {
            let access = isNonOptional(view) ? name : "\(name)?"
            if view.isCreated {
                cancel.append("\(access).removeFromSuperview()")
                continue
            }
            // The container goes with the transition: it keeps what the plugin left.
            if view.source == .container { continue }
            for track in view.tracks {
                guard let first = track.values.first else { continue }
                cancel.append("\(access).layer.\(modelPath(track.property)) = \(value(first, of: track.property))")
            }
            if view.isHiddenAtEnd != view.isHiddenAtStart { cancel.append("\(access).isHidden = \(view.isHiddenAtStart)") }
        }
        body += (cancel.isEmpty ? ["// Nothing to put back."] : cancel).map { "        " + $0 }
        body.append("    }")
        body.append("    context.completeTransition(completed)")
        body.append("}")
        for (view, name) in zip(transition.views, names) where !view.tracks.isEmpty || (!view.isCreated && needsSetup(view)) {
            let optional = !isNonOptional(view)
            let layer = optional ? "\(name).layer" : "\(name).layer"
            body.append("")
            body.append("// \(describe(view)): \(view.tracks.isEmpty ? "hidden while it runs" : view.tracks.map(\.property.keyPath).joined(separator: ", "))")
            var lines: [String] = []
            if !view.isCreated && view.source != .container { lines += setup(view, name: name, optional: false, flagsOnly: true) }
            for track in view.tracks {
                let values = track.values.map { element($0, of: track.property) }
                lines.append("\(layer).add(")
                lines.append("    keyframes(")
                lines.append("        \(Self.literal(track.property.keyPath)), duration: duration,")
                lines.append("        keyTimes: [\(track.keyTimes.map { Self.number($0, digits: 5) }.joined(separator: ", "))],")
                lines.append("        \(Self.valuesLabel(of: track.property)): [")
                lines += values.map { "            \($0)," }
                lines.append("        ]),")
                lines.append("    forKey: \(Self.literal("scrim.\(track.property.keyPath)")))")
                if let last = track.values.last {
                    lines.append("\(layer).\(modelPath(track.property)) = \(value(last, of: track.property))")
                }
            }
            if optional {
                body.append("if let \(name) {")
                body += lines.map { "    " + $0 }
                body.append("}")
            } else {
                body += lines
            }
        }
        body.append("CATransaction.commit()")
        let title = "\(transition.kind.rawValue.capitalized): \(transition.from) → \(transition.to), \(Self.number(transition.duration)) s."
        return "    // MARK: \(title)\n\n    private func animate\(transition.kind.rawValue.capitalized)(_ context: any UIViewControllerContextTransitioning) {\n"
            + body.map { $0.isEmpty ? "" : "        " + $0 }.joined(separator: "\n") + "\n    }\n"
    }

    /// Whether the view's variable is not optional: a view made in code, or the container.
    private func isNonOptional(_ view: ExportedView) -> Bool {
        switch view.source {
        case .created, .container: true
        case .scene, .existing, .snapshot: false
        }
    }

    /// A view as the comments name it.
    private func describe(_ view: ExportedView) -> String {
        switch view.source {
        case .scene(let id), .existing(let id), .created(let id, _): id
        case .snapshot(let id): "the snapshot of \(id)"
        case .container: "the container"
        }
    }

    private func needsSetup(_ view: ExportedView) -> Bool {
        view.clipsToBounds || !view.isDoubleSided || view.isHiddenAtStart
    }

    /// Where a created view is added.
    private func parent(of view: ExportedView, in transition: ExportedTransition, names: [String]) -> String {
        switch view.parent {
        case .view(let index): names[index] + (isNonOptional(transition.views[index]) ? "" : "?")
        case .scene(let id): "(viewForID(\(Self.literal(id))) ?? container)"
        case .container, nil: "container"
        }
    }

    /// The lines that give a view its start values (a created view: every value that is not
    /// UIView's default) and its flags.
    private func setup(_ view: ExportedView, name: String, optional: Bool, flagsOnly: Bool = false) -> [String] {
        var lines: [String] = []
        let v = view.start
        if !flagsOnly {
            lines.append("\(name).bounds = CGRect(x: 0, y: 0, width: \(Self.number(v.bounds.width)), height: \(Self.number(v.bounds.height)))")
            lines.append("\(name).center = CGPoint(x: \(Self.number(v.center.x)), y: \(Self.number(v.center.y)))")
            for property in ExportedView.changedFromDefault(v) {
                let components = property.components(of: v)
                if property == .backgroundColor {
                    lines.append("\(name).backgroundColor = \(color(components))")
                } else {
                    lines.append("\(name).layer.\(modelPath(property)) = \(value(components, of: property))")
                }
            }
        }
        if view.clipsToBounds { lines.append("\(name).clipsToBounds = true") }
        if !view.isDoubleSided { lines.append("\(name).layer.isDoubleSided = false") }
        if view.isHiddenAtStart { lines.append("\(name).isHidden = true") }
        return lines
    }

    /// The layer property a key path's model value is set through.
    private func modelPath(_ property: ExportedProperty) -> String { property.keyPath }

    /// A value as Swift, for the layer's model property.
    private func value(_ c: [Double], of property: ExportedProperty) -> String {
        let n = { (x: Double) in Self.number(x) }
        switch property {
        case .position, .anchorPoint: return "CGPoint(x: \(n(c[0])), y: \(n(c[1])))"
        case .size, .shadowOffset: return "CGSize(width: \(n(c[0])), height: \(n(c[1])))"
        case .transform, .sublayerTransform: return Self.matrix(c)
        case .opacity, .shadowOpacity: return "Float(\(n(c[0])))"
        case .cornerRadius, .zPosition, .shadowRadius, .borderWidth: return n(c[0])
        case .shadowColor, .borderColor, .backgroundColor: return "\(color(c)).cgColor"
        }
    }

    private func color(_ c: [Double]) -> String {
        "UIColor(red: \(Self.number(c[0])), green: \(Self.number(c[1])), blue: \(Self.number(c[2])), alpha: \(Self.number(c[3])))"
    }

    /// A matrix as `CATransform3D(m11: …)` (six decimals: the perspective entries are small), the
    /// identity as `CATransform3DIdentity`, a scale as `CATransform3DMakeScale`.
    private static func matrix(_ e: [Double]) -> String {
        if e == entriesOfIdentity { return "CATransform3DIdentity" }
        let diagonal: Set<Int> = [0, 5, 10, 15]
        if e[15] == 1, e.indices.allSatisfy({ diagonal.contains($0) || e[$0] == 0 }) {
            return "CATransform3DMakeScale(\(number(e[0], digits: 6)), \(number(e[5], digits: 6)), \(number(e[10], digits: 6)))"
        }
        let names = (1...4).flatMap { row in (1...4).map { "m\(row)\($0)" } }
        let entries = zip(names, e).map { "\($0): \(number($1, digits: 6))" }
        return "CATransform3D(" + stride(from: 0, to: 16, by: 4).map { entries[$0..<($0 + 4)].joined(separator: ", ") }.joined(separator: ", ") + ")"
    }

    private static let entriesOfIdentity = ExportedProperty.entries(Transform3D.identity)

    // MARK: Helpers

    /// The keyframe helpers the file uses: one per kind of value, each with its own argument
    /// label, so that each table's literal has one type to check against.
    private func helpers() -> String {
        let used = Set(transitions.flatMap { $0.views.flatMap { $0.tracks.map { Self.valuesLabel(of: $0.property) } } })
        var out = """
            /// A linear keyframe animation of `keyPath` over `duration`: `values[i]` at `keyTimes[i]` (0…1).
            private func keyframes(_ keyPath: String, duration: TimeInterval, keyTimes: [Double], values: [Any]) -> CAKeyframeAnimation {
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.duration = duration
                animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
                animation.values = values
                animation.calculationMode = .linear
                return animation
            }

            """
        let helpers: [(label: String, type: String, box: String)] = [
            ("points", "CGPoint", "NSValue(cgPoint: $0)"), ("sizes", "CGSize", "NSValue(cgSize: $0)"),
            ("transforms", "CATransform3D", "NSValue(caTransform3D: $0)"), ("numbers", "Double", "NSNumber(value: $0)"),
            ("colors", "UIColor", "$0.cgColor"),
        ]
        for helper in helpers where used.contains(helper.label) {
            out += """

                /// The same, for a table of `\(helper.type)` values.
                private func keyframes(
                    _ keyPath: String, duration: TimeInterval, keyTimes: [Double], \(helper.label): [\(helper.type)]
                ) -> CAKeyframeAnimation {
                    keyframes(keyPath, duration: duration, keyTimes: keyTimes, values: \(helper.label).map { \(helper.box) })
                }

                """
        }
        return out
    }

    /// The argument label of the keyframe helper that takes `property`'s values.
    private static func valuesLabel(of property: ExportedProperty) -> String {
        switch property {
        case .position, .anchorPoint: "points"
        case .size, .shadowOffset: "sizes"
        case .transform, .sublayerTransform: "transforms"
        case .opacity, .shadowOpacity, .cornerRadius, .zPosition, .shadowRadius, .borderWidth: "numbers"
        case .shadowColor, .borderColor, .backgroundColor: "colors"
        }
    }

    /// One value of a keyframe table, as the helper of `valuesLabel(of:)` takes it.
    private func element(_ c: [Double], of property: ExportedProperty) -> String {
        switch property {
        case .shadowColor, .borderColor, .backgroundColor: color(c)
        case .opacity, .shadowOpacity: Self.number(c[0])
        default: value(c, of: property)
        }
    }

    // MARK: Literals

    /// A number as Swift source: at most `digits` decimals (4: a hundredth of a hundredth of a
    /// point), no trailing zeros, `-0` as `0`.
    package static func number(_ x: Double, digits: Int = 4) -> String {
        var text = String(format: "%.\(digits)f", x)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return text
    }

    /// A string as a Swift literal: quoted, with quotes, backslashes and control characters
    /// escaped as the standard library's `debugDescription` does.
    package static func literal(_ text: String) -> String { text.debugDescription }

    /// `text` as a lower camel case Swift identifier: letters and digits kept, the rest splitting
    /// words (`details.dimming` → `detailsDimming`); `view` when nothing is left; `_` before a
    /// leading digit.
    package static func identifier(_ text: String) -> String {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return "view" }
        var name = first.prefix(1).lowercased() + first.dropFirst()
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
        if let initial = name.first, initial.isNumber { name = "_" + name }
        return name
    }

    /// A type name from a plugin file's name: `pop.lua` → `PopTransition`, `zoom-segue.lua` →
    /// `ZoomSegueTransition`.
    package static func typeName(forPlugin file: String) -> String {
        let stem = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        let camel = identifier(stem)
        let upper = camel.hasPrefix("_") ? "T" + camel.dropFirst() : camel.prefix(1).uppercased() + camel.dropFirst()
        return upper.hasSuffix("Transition") ? upper : upper + "Transition"
    }

    package static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension", "false", "for",
        "func", "guard", "if", "import", "in", "init", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat",
        "return", "self", "static", "struct", "super", "switch", "throw", "throws", "true", "try", "var", "where", "while", "view",
    ]
}
