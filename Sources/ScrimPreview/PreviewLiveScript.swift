/// The script of a page served live (`PreviewServer`): opens its WebSocket with the page's own
/// token and follows its messages (`PreviewLiveMessage`). A new page replaces the
/// player, the plot and the data and runs the player's script again, at the same time and still
/// playing if it was; a diagnostic — a save that does not load, or one that faults as it plays — is
/// shown (file:line:col, the message, the source line; for a fault also the role, the method, the
/// time and a mark on a timeline) over the last good animation, greyed, until the next good page:
/// the overlay always shows the newest generation's state. The badge beside the title shows the
/// connection and the generation; `document.body.dataset` has `live` (`connecting`, `open`,
/// `closed`, `stopped`) and `generation`. The picker lists the plugins with their roles; choosing one asks the
/// server to play it (`{"type":"select","plugin":NAME}`); the device picker beside it lists "Scene
/// size" and the devices, and choosing one asks the server to play the plugin again on it
/// (`{"type":"device","device":NAME|null}`); an error the server answers is shown beside them. For an interaction plugin, pointer drags on the stage are sent as pans
/// (`{"type":"pan","phase","x","y","t"}`, one in flight at a time); each answer, the frames the
/// pan added, is appended to the player's recording (`extend`) and its frame shown at once, and
/// the page sent at the drag's end replaces the page; `panLatencies` holds, for each pan, the
/// milliseconds from the pointer event to its frame showing. When the server stops the preview
/// (`stopped`: too many previews, idle, shut down, interrupted) an overlay says why and how to get
/// it back, and `live` is `stopped`. "Export Swift" and "Render GIF" fetch the page's downloads
/// (`export.swift`, `render.gif` beside its path) and save them under the name the server gives;
/// each click is a record in `downloads` (`leaf`, `status`, `name`, `bytes`, `error`, `done`). The WebSocket is the page's own: `socket` beside the page's
/// path (`/socket`, `/p/ID/socket`). It exposes `window.scrimLive` (`state`, `generation`,
/// `messages`, `diagnostic`, `plugins`, `current`, `devices`, `device`, `errors`, `stopped`, `downloads`, `send`)
/// for tests.
enum PreviewLiveScript {
    static let source = #"""
        "use strict";
        (() => {
          const badge = document.createElement("span");
          badge.id = "live";
          document.querySelector("header h1").append(" ", badge);
          const box = document.createElement("div");
          box.id = "diagnostic";
          box.setAttribute("role", "alert");
          box.hidden = true;
          document.querySelector("header").after(box);
          const pickerBox = document.createElement("label"), picker = document.createElement("select");
          pickerBox.id = "picker-box";
          picker.id = "picker";
          pickerBox.append("Plugin ", picker);
          const deviceBox = document.createElement("label"), devicePicker = document.createElement("select");
          deviceBox.id = "device-box";
          devicePicker.id = "device-picker";
          deviceBox.append("Device ", devicePicker);
          const notice = document.createElement("p");
          notice.id = "live-error";
          notice.hidden = true;
          // "Export Swift" and "Render GIF": each fetches its file beside the page's address
          // (export.swift, render.gif, with the page's token) and saves it under the name the
          // server gives; an error the server answers is shown beside them.
          function downloadButton(id, title, leaf, busy) {
            const button = document.createElement("button");
            button.type = "button";
            button.id = id;
            button.textContent = title;
            button.addEventListener("click", async () => {
              const record = { leaf, status: null, name: null, bytes: 0, error: null, done: false };
              live.downloads.push(record);
              button.disabled = true;
              button.textContent = busy;
              notice.hidden = true;
              try {
                const url = new URL(leaf, location.href);
                url.search = location.search;
                const response = await fetch(url);
                record.status = response.status;
                if (!response.ok) throw new Error((await response.text()).trim());
                const blob = await response.blob();
                const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") || "");
                record.name = named ? named[1] : leaf;
                record.bytes = blob.size;
                const link = document.createElement("a");
                link.href = URL.createObjectURL(blob);
                link.download = record.name;
                document.body.append(link);
                link.click();
                link.remove();
                setTimeout(() => URL.revokeObjectURL(link.href), 60000);
              } catch (error) {
                record.error = error.message || String(error);
                live.errors.push(record.error);
                notice.textContent = record.error;
                notice.hidden = false;
              } finally {
                record.done = true;
                button.disabled = false;
                button.textContent = title;
              }
            });
            return button;
          }
          const downloads = document.createElement("span");
          downloads.id = "downloads";
          downloads.append(
            downloadButton("export-swift", "Export Swift", "export.swift", "Exporting…"),
            downloadButton("render-gif", "Render GIF", "render.gif", "Rendering…"));
          document.querySelector("header").append(pickerBox, deviceBox, downloads, notice);
          function showPlugins(message) {
            live.plugins = message.plugins;
            live.current = message.current;
            const current = message.plugins.find((plugin) => plugin.name === message.current);
            markWaiting();
            picker.replaceChildren(...message.plugins.map((plugin) => {
              const option = document.createElement("option");
              option.value = plugin.name;
              option.textContent = plugin.name + " — " + (plugin.roles.length ? plugin.roles.join(", ") : "no role");
              option.title = plugin.file;
              option.selected = plugin.name === message.current;
              return option;
            }));
          }
          picker.addEventListener("change", () => {
            notice.hidden = true;
            socket.send(JSON.stringify({ type: "select", plugin: picker.value }));
          });
          // The devices: "Scene size" (value "", the scene's own window) first.
          function showDevices(message) {
            live.devices = message.devices;
            live.device = message.current;
            const scene = document.createElement("option");
            scene.value = "";
            scene.textContent = "Scene size";
            devicePicker.replaceChildren(scene, ...message.devices.map((device) => {
              const option = document.createElement("option");
              option.value = device.name;
              option.textContent = device.label;
              return option;
            }));
            devicePicker.value = message.current ?? "";
          }
          devicePicker.addEventListener("change", () => {
            notice.hidden = true;
            socket.send(JSON.stringify({ type: "device", device: devicePicker.value || null }));
          });
          const live = { state: "connecting", generation: null, messages: 0, diagnostic: null, errors: [], plugins: [], stopped: null, downloads: [] };
          window.scrimLive = live;
          function refresh() {
            document.body.dataset.live = live.state;
            if (live.generation !== null) document.body.dataset.generation = live.generation;
            badge.textContent = (live.state === "open" ? "live" : live.state)
              + (live.generation !== null ? " · generation " + live.generation : "")
              + (live.diagnostic && live.diagnostic.kind === "fault" ? " · generation " + live.diagnostic.failing + " faulted" : "");
          }
          function setState(state) { live.state = state; refresh(); }
          // Whether the play stopped where an interactive transition waits for a drag: its last
          // transition is interactive and has not ended. (The stage takes drags at any time: a
          // pan that no recognizer receives goes nowhere, as on a device.)
          function markWaiting() {
            const transitions = JSON.parse(document.getElementById("scrim-data").textContent).transitions;
            const last = transitions[transitions.length - 1];
            live.interactive = !!last && last.interactive && last.ended === undefined;
            document.body.dataset.interactive = live.interactive ? "true" : "false";
          }
          function showPage(html) {
            const doc = new DOMParser().parseFromString(html, "text/html");
            const old = window.scrimPreview, wasPlaying = !!old && old.playing(), time = old ? old.time() : 0;
            if (old) old.pause();
            document.querySelector("main").replaceWith(document.adoptNode(doc.querySelector("main")));
            document.getElementById("summary").textContent = doc.getElementById("summary").textContent;
            document.querySelector("header h1").firstChild.textContent = doc.querySelector("header h1").textContent;
            document.title = doc.title;
            document.getElementById("scrim-data").textContent = doc.getElementById("scrim-data").textContent;
            const script = document.createElement("script");
            script.textContent = document.getElementById("scrim-player").textContent;
            document.body.append(script);
            script.remove();
            const player = window.scrimPreview;
            player.seek(Math.min(time, player.duration));
            if (wasPlaying) player.play();
            markWaiting();
          }
          // A drag's new frames: the frame of its last pan shown; once released, the rest plays.
          function showFrames(message) {
            const player = window.scrimPreview;
            if (!player || message.generation !== live.generation || !player.extend(message)) return;
            player.seek(Math.min(message.at, player.duration));
            if (message.at < player.duration - 1e-6 && !dragging) { document.getElementById("loop").checked = false; player.play(); }
          }

          // Pointer drags on the stage are pans of the host's window, in its points: they drive
          // the interactive transition the play waits on, or reach the window's recognizers (an
          // edge swipe that pops). One pan is in flight at a time; moves meanwhile are merged into the latest.
          let dragging = null, inFlight = null, queued = null;
          live.panLatencies = [];
          function panMessage(phase, event) {
            const point = new DOMPoint(event.clientX, event.clientY)
              .matrixTransform(document.getElementById("stage").getScreenCTM().inverse());
            return { type: "pan", phase, x: point.x, y: point.y, t: Math.max(0, (event.timeStamp - dragging.start) / 1000), stamp: event.timeStamp };
          }
          function sendPan(message) {
            inFlight = message;
            const { stamp, ...rest } = message;
            socket.send(JSON.stringify(rest));
          }
          document.addEventListener("pointerdown", (event) => {
            if (!(event.target instanceof Element) || !event.target.closest("#screen")) return;
            event.preventDefault();
            dragging = { start: event.timeStamp };
            queued = null;
            if (window.scrimPreview) window.scrimPreview.pause();
            sendPan(panMessage("began", event));
          });
          document.addEventListener("pointermove", (event) => {
            if (!dragging) return;
            const message = panMessage("changed", event);
            if (inFlight) queued = message; else sendPan(message);
          });
          function release(event, phase) {
            if (!dragging) return;
            const message = panMessage(phase, event);
            if (queued) { const q = queued; queued = null; const { stamp, ...rest } = q; socket.send(JSON.stringify(rest)); }
            dragging = null;
            sendPan(message);
          }
          document.addEventListener("pointerup", (event) => release(event, "ended"));
          document.addEventListener("pointercancel", (event) => release(event, "cancelled"));
          function panAnswered() {
            if (inFlight) live.panLatencies.push(performance.now() - inFlight.stamp);
            inFlight = null;
            if (queued && dragging) { const q = queued; queued = null; sendPan(q); }
          }
          // A save that does not load (kind "load") or that faults as it plays (kind "fault"): the
          // place, the message, the role and method and when, the source line, and a mark on a
          // timeline of the last good animation's length; that animation stays, greyed, below.
          function showDiagnostic(d) {
            live.diagnostic = d;
            const parts = [];
            const where = document.createElement("p");
            where.className = "where";
            where.textContent = d.file !== undefined ? d.file + ":" + d.line + ":" + d.column : "a role written in Swift";
            const message = document.createElement("p");
            message.className = "message";
            message.textContent = d.message;
            parts.push(where, message);
            if (d.kind === "fault") {
              const context = document.createElement("p");
              context.className = "context";
              context.textContent = "Faulted as it played (generation " + d.failing + "): " + d.context;
              const bar = document.createElement("div"), mark = document.createElement("span");
              bar.className = "fault-timeline";
              mark.className = "fault-marker";
              const duration = window.scrimPreview ? window.scrimPreview.duration : 0;
              mark.style.left = (duration > 0 ? Math.min(1, d.time / duration) * 100 : 0) + "%";
              mark.title = "at " + d.time.toFixed(4) + " s";
              bar.append(mark);
              parts.push(context, bar);
            }
            const source = document.createElement("pre");
            source.textContent = d.source;
            parts.push(source);
            box.replaceChildren(...parts);
            box.dataset.kind = d.kind;
            box.hidden = false;
            document.body.classList.add("broken");
          }
          // The preview was stopped: the page stays as it was, under an overlay that says why.
          function showStopped(reason) {
            live.stopped = reason;
            const overlay = document.createElement("div"), text = document.createElement("p");
            overlay.id = "stopped";
            overlay.setAttribute("role", "alert");
            text.textContent = "This preview was stopped (" + reason + "); run "
              + (location.pathname === "/" ? "scrim preview --serve" : "scrim.preview") + " again.";
            overlay.append(text);
            document.body.append(overlay);
            document.body.classList.add("stopped");
            setState("stopped");
          }
          function clearDiagnostic() {
            live.diagnostic = null;
            box.hidden = true;
            box.replaceChildren();
            document.body.classList.remove("broken");
          }
          setState("connecting");
          const url = new URL("socket", location.href);
          url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
          url.search = location.search;
          const socket = new WebSocket(url);
          socket.addEventListener("open", () => setState("open"));
          socket.addEventListener("close", () => { if (live.stopped === null) setState("closed"); });
          socket.addEventListener("message", (event) => {
            live.messages += 1;
            let message;
            try { message = JSON.parse(event.data); } catch { return; }
            switch (message.type) {
              case "generation": live.generation = message.generation; break;
              case "page": showPage(message.html); clearDiagnostic(); live.generation = message.generation; break;
              case "frames": showFrames(message); panAnswered(); break;
              case "diagnostic": showDiagnostic(message); break;
              case "plugins": showPlugins(message); break;
              case "devices": showDevices(message); break;
              case "stopped": showStopped(message.reason); break;
              case "error":
                live.errors.push(message.message);
                notice.textContent = message.message; notice.hidden = false;
                if (message.message.startsWith("pan:")) panAnswered();
                if (live.current !== undefined) picker.value = live.current;
                if (live.device !== undefined) devicePicker.value = live.device ?? "";
                break;
            }
            refresh();
          });
          live.send = (text) => socket.send(text);
        })();
        """#
}
