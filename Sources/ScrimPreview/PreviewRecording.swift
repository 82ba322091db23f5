import ScrimCore
import ScrimPlayback
import ScrimJSON

/// What a preview plays: every view of the window at every tick (kept as changes), the
/// transitions that ran and the input and output along the way. Made by `PreviewRecorder`,
/// written by `PreviewPage`.
package struct PreviewRecording: Sendable {
    /// A view seen in the window: its id, the name the page shows for it, and what it draws.
    package struct ViewInfo: Sendable, Hashable {
        /// Who made a view.
        package enum Origin: Sendable, Hashable {
            /// The host: the scene's views, the transitions' containers, the styles' own views.
            case host
            /// A plugin (`scrim.View.new`).
            case plugin
            /// A plugin, as a snapshot of the view with this id (`view:snapshot()`).
            case snapshot(of: String)
        }

        package var id: String
        /// The id, or for a view made without one, its name with the generated id.
        package var label: String
        /// A label's text or an image view's image (`View.contentJSON`) when the view was first
        /// seen (a frame's `contents` has it when it changes); nil for a plain view.
        package var content: JSONObject?
        /// Who made it (`scrim export` asks the app for the host's views and makes the plugins').
        package var origin: Origin

        package init(id: String, label: String, content: JSONObject? = nil, origin: Origin = .host) {
            self.id = id
            self.label = label
            self.content = content
            self.origin = origin
        }
    }

    /// A view's place in the tree: its index in `views` and its superview's (nil: the window).
    package struct Node: Sendable, Hashable {
        package var view: Int
        package var parent: Int?

        package init(view: Int, parent: Int?) {
            self.view = view
            self.parent = parent
        }
    }

    /// One tick: the tree when it changed, and the states of the views that changed or appeared.
    package struct Frame: Sendable {
        package var time: Double
        /// Every view in the window, depth first, back to front (each after its superview); nil:
        /// as in the previous frame.
        package var tree: [Node]?
        /// The views (indices in `views`) whose state differs from the previous frame's, or that
        /// had none yet.
        package var changes: [(view: Int, state: PreviewViewState)]
        /// The labels and image views whose content (`View.contentJSON`) changed since the
        /// previous frame: content is not animatable, it changes from one frame to the next.
        package var contents: [(view: Int, content: JSONObject)] = []
    }

    /// A transition that ran: when it began and ended (nil: still running at the end).
    package struct Transition: Sendable, Hashable {
        package var number: Int
        /// `presentation`, `dismissal`, `push`, `pop` or `tab`.
        package var kind: String
        package var from: String
        package var to: String
        package var interactive: Bool
        package var began: Double
        package var ended: Double?
        package var completed: Bool?
    }

    /// A moment worth marking on the timeline: input played (or a step skipped), a line a plugin
    /// printed, or a fault.
    package struct Marker: Sendable, Hashable {
        package enum Kind: String, Sendable {
            case input, log, fault
        }

        package var time: Double
        package var kind: Kind
        package var text: String
    }

    /// A pan delivered to the window: when, its phase and its window point (the page's finger
    /// marker and trail).
    package struct Pan: Sendable, Hashable {
        package var time: Double
        package var phase: PanPhase
        package var location: Point
    }

    /// What the page is called (the plugin file's name, say).
    package var title: String
    /// The frame rate of the clock that made the frames.
    package var framesPerSecond: Double
    /// The window's size at the first frame.
    package var windowSize: Size
    /// The device it played on, as the page shows it (`iPhone 16 Pro · 402 × 874`); nil: the
    /// scene's own size.
    package var device: String?
    /// Every view ever seen; frames refer to them by index.
    package var views: [ViewInfo] = []
    package var frames: [Frame] = []
    package var transitions: [Transition] = []
    package var markers: [Marker] = []
    /// The faults contained while it played (each is a `fault` marker too): the page's banner.
    package var faults: [PlaybackFault] = []
    /// What to do about the faults, under the banner: `PlaybackResult.noInputAdvice`, when the
    /// watchdog cancelled an interactive transition that got no input.
    package var advice: String?
    /// The pans delivered, in order.
    package var pans: [Pan] = []

    package init(title: String, framesPerSecond: Double, windowSize: Size, device: String? = nil) {
        self.title = title
        self.framesPerSecond = framesPerSecond
        self.windowSize = windowSize
        self.device = device
    }

    /// The time of the last frame (0 without frames).
    package var duration: Double { frames.last?.time ?? 0 }

    /// The interactive transition that waits for a drag at the end: the last transition, when it
    /// is interactive, has not ended and no pan since it began is in progress (the live page plays
    /// an interaction plugin until its transition waits so).
    package var waitingTransition: Transition? {
        guard let last = transitions.last, last.interactive, last.ended == nil else { return nil }
        if let pan = pans.last, pan.time >= last.began, pan.phase == .began || pan.phase == .changed { return nil }
        return last
    }

    /// Walks the frames in order with every view's state and the tree as they are at each one.
    /// `states[i]` is nil for a view not seen yet.
    package func forEachFrame(_ body: (_ index: Int, _ frame: Frame, _ tree: [Node], _ states: [PreviewViewState?]) -> Void) {
        var states = [PreviewViewState?](repeating: nil, count: views.count)
        var tree: [Node] = []
        for (index, frame) in frames.enumerated() {
            if let changed = frame.tree { tree = changed }
            for change in frame.changes { states[change.view] = change.state }
            body(index, frame, tree, states)
        }
    }
}
