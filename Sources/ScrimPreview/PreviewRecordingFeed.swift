import ScrimJSON

/// What a live page has of a recording that grows (a drag played on a host kept running), and
/// the update that brings it up to date: the views and frames added since, the frames written as
/// the page's data writes them (`PreviewData`), and the transitions, the pans and the transition
/// waiting for a drag as they are now.
package struct PreviewRecordingFeed {
    /// The frames and views from `from` and `viewsFrom` on: the page drops any it has there (a
    /// previous drag's) and appends these.
    package struct Update: Sendable, Equatable {
        package var from: Int
        package var viewsFrom: Int
        package var views: [PreviewRecording.ViewInfo]
        /// Each frame's JSON object.
        package var frames: [JSONValue]
        package var transitions: [PreviewRecording.Transition]
        package var pans: [PreviewRecording.Pan] = []
        /// `PreviewRecording.waitingTransition`'s number.
        package var waiting: Int? = nil

        /// `"from":…,"viewsFrom":…,"views":[[id,label],…],"frames":[…],"transitions":[…],"pans":[…]`
        /// and `"waiting":…` when a transition waits.
        var jsonMembers: JSONObject {
            var members: JSONObject = [
                "from": .int(from), "viewsFrom": .int(viewsFrom), "views": PreviewData.views(views),
                "frames": .array(frames), "transitions": .array(transitions.map(PreviewData.json)), "pans": PreviewData.pans(pans),
            ]
            if let waiting { members["waiting"] = .int(waiting) }
            return members
        }
    }

    private var encoder = PreviewFrameEncoder()
    private var frames = 0
    private var views = 0

    /// A feed for a page that has `recording` as it is now.
    package init(after recording: PreviewRecording) {
        _ = update(recording)
    }

    /// What `recording` has that the page has not; the page has it all from then on.
    package mutating func update(_ recording: PreviewRecording) -> Update {
        let update = Update(
            from: frames, viewsFrom: views, views: Array(recording.views[views...]),
            frames: recording.frames[frames...].map { encoder.json($0) }, transitions: recording.transitions,
            pans: recording.pans, waiting: recording.waitingTransition?.number)
        frames = recording.frames.count
        views = recording.views.count
        return update
    }
}
