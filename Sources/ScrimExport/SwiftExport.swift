import Foundation
import ScrimPreview

/// A transition exported as a UIKit Swift file: its source, the file name and type name it
/// declares, what it holds and the recording it was made from.
package struct SwiftExport: Sendable {
    package var source: String
    /// `<typeName>.swift`.
    package var fileName: String
    /// The transitioning delegate's name; the animator is `<typeName>Animator`.
    package var typeName: String
    /// The directions exported, in the order they played.
    package var transitions: [ExportedTransition]
    /// What was played: every view at every frame.
    package var recording: PreviewRecording

    package init(source: String, fileName: String, typeName: String, transitions: [ExportedTransition], recording: PreviewRecording) {
        (self.source, self.fileName, self.typeName, self.transitions) = (source, fileName, typeName, transitions)
        self.recording = recording
    }

    /// The views animated or made, over every direction.
    package var viewCount: Int { transitions.reduce(0) { $0 + $1.views.count } }
    /// The keyframes kept, over every direction.
    package var keyframeCount: Int { transitions.reduce(0) { $0 + $1.keyframeCount } }

    /// The file as the live previews' "Export Swift" download and the language server's
    /// `scrim.exportSwift` make it (`PreviewArtifactMaker.swift`).
    package var file: PreviewArtifactMaker.File { PreviewArtifactMaker.File(name: fileName, bytes: Data(source.utf8)) }
}
