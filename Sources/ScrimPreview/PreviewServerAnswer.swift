import Hummingbird
import NIOCore

/// What the preview server answers a GET: a status, the body and its type, and for a download the
/// file name its `Content-Disposition` gives.
struct PreviewServerAnswer: Sendable {
    var status: HTTPResponse.Status
    var contentType: String
    var body: ByteBuffer
    /// A download's name (`attachment`); nil: shown, not saved.
    var fileName: String?

    init(status: HTTPResponse.Status, contentType: String, body: ByteBuffer, fileName: String? = nil) {
        (self.status, self.contentType, self.body, self.fileName) = (status, contentType, body, fileName)
    }

    /// A text answer (plain text unless `contentType` says otherwise).
    static func text(_ status: HTTPResponse.Status, _ text: String, contentType: String = "text/plain; charset=utf-8") -> PreviewServerAnswer {
        PreviewServerAnswer(status: status, contentType: contentType, body: ByteBuffer(string: text))
    }
}
