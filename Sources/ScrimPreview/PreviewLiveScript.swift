/// The script of a page served live (`PreviewServer`): opens the WebSocket at `/socket` with the
/// page's own token, and keeps `document.body.dataset.live` at `connecting`, `open` or `closed`
/// (the badge in the header shows it). It exposes `window.scrimLive` (`state`, `messages`: how
/// many arrived) for tests.
enum PreviewLiveScript {
    static let source = #"""
        "use strict";
        (() => {
          const badge = document.createElement("span");
          badge.id = "live";
          document.querySelector("header h1").append(" ", badge);
          const live = { state: "connecting", messages: 0 };
          window.scrimLive = live;
          function setState(state) {
            live.state = state;
            document.body.dataset.live = state;
            badge.textContent = state === "open" ? "live" : state;
          }
          setState("connecting");
          const url = new URL("socket", location.href);
          url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
          url.search = location.search;
          const socket = new WebSocket(url);
          socket.addEventListener("open", () => setState("open"));
          socket.addEventListener("close", () => setState("closed"));
          socket.addEventListener("message", () => { live.messages += 1; });
          live.socket = socket;
        })();
        """#
}
