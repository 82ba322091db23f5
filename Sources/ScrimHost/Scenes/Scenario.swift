import Foundation
import ScrimCore

/// A list of steps to play on a scene on the manual clock (`scrim run --scenario FILE.json`,
/// Docs/CLI.md, "Scenarios"): presentations, dismissals, pushes, pops, segues, taps, tab switches,
/// window size changes, the input of interactive transitions, and waits. A file may also name the
/// plugin, the scene and the roles' options, so that it plays alone.
///
/// Each step starts when the one before it has ended, or at a time relative to a named step's
/// begin (`"at": 0.1, "from": "dismissal"`; without `from`, the step before it), or at an
/// absolute clock time (`"time"`, the form of interaction files).
package struct Scenario: Sendable, Equatable {
    /// When a step starts.
    package enum Start: Sendable, Equatable {
        /// When the step before it has ended (at once for the first).
        case afterPrevious
        /// `seconds` after the begin of the step at index `step` (an earlier one).
        case after(step: Int, seconds: Double)
        /// At this clock time, whatever the steps before it do (interaction files).
        case clock(Double)
    }

    /// A view controller a step acts on: one with this id (the scene's, or an instance a segue
    /// made), or the step's default one.
    package typealias Target = String?

    /// What a step does.
    package enum Action: Sendable, Equatable {
        /// `present(_:animated:)` of `viewController` (nil: the scene's first presentable) from
        /// `presenter` (nil: the root), with `style` (nil: the scenario's).
        case present(Target, presenter: Target, style: ModalPresentationStyle?)
        /// `dismiss(animated:)` of `viewController` (nil: the frontmost presented one).
        case dismiss(Target)
        /// A push of `viewController` (nil: the scene's first presentable) on `navigation` (nil:
        /// the scene's first navigation controller in the window).
        case push(Target, on: Target)
        case pop(Target)
        case popToRoot(Target)
        /// `show(_:sender:)` / `showDetailViewController(_:sender:)` of `viewController` from
        /// `source` (nil: the frontmost view controller).
        case show(String, source: Target)
        case showDetail(String, source: Target)
        /// `performSegue(withIdentifier:)` on `source` (nil: the frontmost view controller that
        /// declares it); an unwind segue the same way.
        case segue(String, source: Target)
        case unwind(String, source: Target)
        /// A tap at the center of a view (or at a window point), and the segue it must run if any.
        case tap(TapTarget, segue: String?)
        /// A user's selection of a tab (`shouldSelect` asked) on `tabBar` (nil: the scene's first
        /// tab bar controller in the window).
        case selectTab(TabChoice, of: Target)
        /// `Window.setSize`: view controllers hear `viewWillTransition(to:with:)` (a file may name
        /// a device for its size: `"size": "iphone-16-pro-landscape"`).
        case size(Size)
        /// A pan event or an action on the running interactive transition.
        case input(InteractionScript.Action)
        /// Nothing, for this many seconds.
        case wait(Double)
    }

    package enum TapTarget: Sendable, Equatable {
        case view(String)
        case point(Point)
    }

    package enum TabChoice: Sendable, Equatable {
        case index(Int)
        case viewController(String)
    }

    package struct Step: Sendable, Equatable {
        package var name: String?
        package var start: Start
        package var action: Action
        /// Where it is written, for messages: `flow.json.steps[2]` (or `--dismiss` for a step an
        /// option made).
        package var place: String
        /// For an event of an interaction file, its index in the file (what `--events` reports).
        package var eventIndex: Int?

        package init(name: String? = nil, start: Start = .afterPrevious, action: Action, place: String, eventIndex: Int? = nil) {
            (self.name, self.start, self.action, self.place, self.eventIndex) = (name, start, action, place, eventIndex)
        }

        /// The step's action as its key: `present`, `pan`, ….
        package var actionName: String {
            switch action {
            case .present: "present"
            case .dismiss: "dismiss"
            case .push: "push"
            case .pop: "pop"
            case .popToRoot: "popToRoot"
            case .show: "show"
            case .showDetail: "showDetail"
            case .segue: "segue"
            case .unwind: "unwind"
            case .tap: "tap"
            case .selectTab: "selectTab"
            case .size: "size"
            case .input(let input): input.key
            case .wait: "wait"
            }
        }

        /// Whether it undoes what the transition step before it made (a dismissal, a pop, an
        /// unwind): skipped when that step's transition was cancelled.
        package var undoesPrevious: Bool {
            switch action {
            case .dismiss, .pop, .popToRoot, .unwind: true
            default: false
            }
        }
    }

    /// The plugin file, the scene file (relative paths resolved against the scenario file's
    /// directory), the roles' options, the presentation style, the animator an interaction drives
    /// and which transitions an interaction-only plugin drives: nil when the file does not say.
    package var plugin: URL?
    package var scene: URL?
    package var options: RoleOptions
    package var style: ModalPresentationStyle?
    package var animator: String?
    package var interactive: InteractiveTransitions?
    package var steps: [Step]
    /// Whether the timeline labels each step (a scenario file's do; the one-step scenarios of
    /// `--push` and the like are labelled by their transitions already).
    package var labelsSteps: Bool

    package init(
        plugin: URL? = nil, scene: URL? = nil, options: RoleOptions = [:], style: ModalPresentationStyle? = nil,
        animator: String? = nil, interactive: InteractiveTransitions? = nil, steps: [Step], labelsSteps: Bool = false
    ) {
        (self.plugin, self.scene, self.options, self.style) = (plugin, scene, options, style)
        (self.animator, self.interactive, self.steps, self.labelsSteps) = (animator, interactive, steps, labelsSteps)
    }

    /// The step's label in the timeline: `step 2 'dismissal': dismiss`.
    package func label(_ index: Int) -> String {
        let step = steps[index]
        return "step \(index + 1)\(step.name.map { " '\($0)'" } ?? ""): \(step.actionName)"
    }
}
