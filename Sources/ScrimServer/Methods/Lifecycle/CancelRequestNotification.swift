/// `$/cancelRequest { id }`: cancels a request of the same batch that has not run (it is answered
/// -32800). The server reads these when a batch arrives (`LanguageServer.receive`), before any of
/// it runs; a request already answered is not cancelled, so there is nothing left to do here.
enum CancelRequestNotification: ServerNotificationHandler {
    static let method = "$/cancelRequest"

    static func handle(_ params: Params, in server: LanguageServer) {}
}
