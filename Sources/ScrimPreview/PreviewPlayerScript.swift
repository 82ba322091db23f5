/// The page's script: decodes the recording (`PreviewData`), moves the stage's views to the frame
/// at the scrubber's time, plays at a chosen speed (0.1× to 2×), loops, steps frame by frame with
/// the arrow keys, moves the plot's cursor (on the plot's time scale, `plot.knots`), shows the view
/// under the pointer, the finger marker and trail of the pans and `waiting for a drag`. It exposes
/// `window.scrimPreview` (`seek`, `step`, `play`, `pause`, `time`, `frame`, `playing`, `duration`)
/// for tests. On a live page the script runs again for each new recording (an earlier run then does
/// nothing), and `extend` takes a drag's new frames and views (a `frames` message): it drops the
/// frames and views from the message's `from` and `viewsFrom` on and appends the new ones, and
/// takes its transitions, pans and `waiting`.
enum PreviewPlayerScript {
    static let source = #"""
        "use strict";
        (() => {
          const data = JSON.parse(document.getElementById("scrim-data").textContent);
          const frames = data.frames;
          let viewCount = data.views.length, duration = data.duration;
          const $ = (id) => document.getElementById(id);
          const round = (x) => Math.round(x * 1e4) / 1e4;

          // States: checkpoints every `stride` frames; a frame's state is its checkpoint's plus the
          // frames after it. A view's numbers are never changed in place: a change makes a new array.
          const stride = 32, checkpoints = [];
          function apply(frame, state) {
            if (frame.tree) state.tree = frame.tree;
            if (frame.full) for (const r of frame.full) state.views[r[0]] = r.slice(1);
            if (frame.set) for (const r of frame.set) {
              const numbers = state.views[r[0]].slice();
              for (let i = 1; i < r.length; i += 2) numbers[r[i]] = r[i + 1];
              state.views[r[0]] = numbers;
            }
          }
          {
            const state = { tree: [], views: new Array(viewCount).fill(null) };
            frames.forEach((frame, index) => {
              apply(frame, state);
              if (index % stride === 0) checkpoints.push({ tree: state.tree, views: state.views.slice() });
            });
          }
          function stateAt(index) {
            const base = Math.floor(index / stride), c = checkpoints[base];
            const state = { tree: c.tree, views: c.views.slice() };
            for (let i = base * stride + 1; i <= index; i++) apply(frames[i], state);
            return state;
          }

          // The stage.
          const root = $("views"), offstage = $("offstage"), svg = $("stage").namespaceURI;
          const elements = data.views.map((_, v) => {
            const g = $("v" + v);
            const e = { g, bg: g.querySelector(":scope > rect"), sub: g.querySelector(":scope > g"), clip: $("c" + v).firstElementChild };
            addContent(v, e, data.views[v][2]);
            return e;
          });
          // A label's text or an image view's placeholder, between the background and the
          // subviews, clipped to the bounds; laid out again by `place` when the bounds change.
          function addContent(v, e, content) {
            if (!content) return;
            const g = document.createElementNS(svg, "g");
            g.setAttribute("class", "content"); g.setAttribute("clip-path", "url(#c" + v + ")");
            g.setAttribute("pointer-events", "none");
            if (content.kind === "imageView") {
              const fill = document.createElementNS(svg, "rect");
              fill.setAttribute("class", "placeholder"); fill.setAttribute("fill", "#dfe3ea"); fill.setAttribute("fill-opacity", "0.85");
              g.append(fill);
            }
            e.bg.after(g);
            e.content = { g, spec: content, laidOut: "" };
          }
          // Lines of `text` no wider than `width` in `font`, broken at spaces (a word longer than
          // the width stays whole); at most `limit` lines (0: no limit), the last one ending in an ellipsis
          // when text is left over.
          const measure = document.createElement("canvas").getContext("2d");
          function wrap(text, font, width, limit) {
            measure.font = font;
            const lines = [];
            for (const paragraph of text.split("\n")) {
              let line = "";
              for (const word of paragraph.split(" ")) {
                const candidate = line ? line + " " + word : word;
                if (line && measure.measureText(candidate).width > width) { lines.push(line); line = word; } else line = candidate;
              }
              lines.push(line);
            }
            if (limit > 0 && lines.length > limit) {
              let last = lines[limit - 1] + "\u2026";
              while (last.length > 1 && measure.measureText(last).width > width) last = last.slice(0, -2) + "\u2026";
              lines.length = limit - 1;
              lines.push(last);
            }
            return lines;
          }
          // UIKit's weights, lightest first: CSS's 100 to 900.
          const fontWeights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"];
          function layoutContent(e, bx, by, bw, bh) {
            const c = e.content, key = [bx, by, bw, bh].join();
            if (c.laidOut === key) return;
            c.laidOut = key;
            const spec = c.spec;
            const label = spec.kind === "label";
            const size = label ? spec.fontSize : 13, weight = label ? 100 * (fontWeights.indexOf(spec.fontWeight) + 1) : 400;
            const font = weight + " " + size + "px system-ui, -apple-system, sans-serif";
            const lines = label ? wrap(spec.text, font, bw, spec.numberOfLines) : [spec.imageName || "image"];
            const align = label ? spec.textAlignment : "center";
            const anchor = align === "center" ? "middle" : align === "right" ? "end" : "start";
            const x = anchor === "middle" ? bx + bw / 2 : anchor === "end" ? bx + bw : bx;
            const lineHeight = size * 1.2, top = by + (bh - lineHeight * lines.length) / 2;
            const text = document.createElementNS(svg, "text");
            text.setAttribute("font-family", "system-ui, -apple-system, sans-serif");
            text.setAttribute("font-size", round(size)); text.setAttribute("font-weight", weight);
            text.setAttribute("text-anchor", anchor); text.setAttribute("dominant-baseline", "central");
            if (label) {
              const [red, green, blue, alpha] = spec.textColor;
              text.setAttribute("fill", "rgb(" + byte(red) + "," + byte(green) + "," + byte(blue) + ")");
              text.setAttribute("fill-opacity", round(alpha));
            } else text.setAttribute("fill", "#5b6472");
            lines.forEach((line, i) => {
              const span = document.createElementNS(svg, "tspan");
              span.setAttribute("x", round(x)); span.setAttribute("y", round(top + (i + 0.5) * lineHeight));
              span.textContent = line;
              text.append(span);
            });
            const placeholder = c.g.querySelector("rect");
            if (placeholder) for (const [name, value] of [["x", bx], ["y", by], ["width", bw], ["height", bh]]) placeholder.setAttribute(name, round(value));
            c.g.replaceChildren(...(placeholder ? [placeholder] : []), text);
          }
          // A view first seen in a drag's new frames: drawn as the page's SVG draws one, offstage.
          function addView(v, id, label, content) {
            const g = document.createElementNS(svg, "g"), bg = document.createElementNS(svg, "rect");
            const title = document.createElementNS(svg, "title"), sub = document.createElementNS(svg, "g");
            const clipPath = document.createElementNS(svg, "clipPath"), clip = document.createElementNS(svg, "rect");
            g.setAttribute("class", "view"); g.id = "v" + v; g.dataset.v = v; g.dataset.id = id;
            bg.setAttribute("class", "bg"); title.textContent = label; bg.append(title);
            sub.setAttribute("class", "sub");
            g.append(bg, sub);
            offstage.append(g);
            clipPath.id = "c" + v; clipPath.append(clip);
            document.querySelector("#stage defs").append(clipPath);
            const e = { g, bg, sub, clip };
            addContent(v, e, content);
            elements.push(e);
          }
          const byte = (x) => Math.round(Math.min(Math.max(x, 0), 1) * 255);
          const flatNames = ["center.x", "center.y", "bounds.x", "bounds.y", "bounds.width", "bounds.height",
            "transform.m11", "transform.m12", "transform.m21", "transform.m22", "transform.m41", "transform.m42",
            "alpha", "backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha",
            "cornerRadius", "isHidden", "clipsToBounds"];
          const flatIndices = flatNames.map((name) => data.fields.indexOf(name));
          const flat = (s) => flatIndices.map((i) => s[i]);
          function place(v, s) {
            const [cx, cy, bx, by, bw, bh, a, b, c, d, tx, ty, alpha, red, green, blue, opacity, radius, hidden, clips] = flat(s);
            const mx = bx + bw / 2, my = by + bh / 2, e = elements[v];
            e.g.setAttribute("transform", "matrix(" + [a, b, c, d, tx + cx - (a * mx + c * my), ty + cy - (b * mx + d * my)].map(round).join(" ") + ")");
            e.g.setAttribute("opacity", round(alpha));
            if (hidden) e.g.setAttribute("display", "none"); else e.g.removeAttribute("display");
            for (const r of [e.bg, e.clip]) {
              r.setAttribute("x", round(bx)); r.setAttribute("y", round(by));
              r.setAttribute("width", round(bw)); r.setAttribute("height", round(bh)); r.setAttribute("rx", round(Math.max(0, radius)));
            }
            e.bg.setAttribute("fill", "rgb(" + byte(red) + "," + byte(green) + "," + byte(blue) + ")");
            e.bg.setAttribute("fill-opacity", round(opacity));
            if (clips) e.sub.setAttribute("clip-path", "url(#c" + v + ")"); else e.sub.removeAttribute("clip-path");
            if (e.content) layoutContent(e, bx, by, bw, bh);
          }
          function arrange(tree) {
            const present = new Uint8Array(viewCount);
            for (let k = 0; k < tree.length; k += 2) present[tree[k]] = 1;
            for (let v = 0; v < viewCount; v++) if (!present[v]) offstage.appendChild(elements[v].g);
            for (let k = 0; k < tree.length; k += 2) {
              const parent = tree[k + 1];
              (parent < 0 ? root : elements[parent].sub).appendChild(elements[tree[k]].g);
            }
          }

          // What is shown.
          let shownTree = null, shownViews = new Array(viewCount).fill(null), shownState = null;
          let frameIndex = 0, time = 0, playing = false, speed = 1, last = 0;
          function frameAt(t) {
            let low = 0, high = frames.length - 1;
            while (low < high) {
              const mid = (low + high + 1) >> 1;
              if (frames[mid].t <= t + 1e-6) low = mid; else high = mid - 1;
            }
            return low;
          }
          function show(index) {
            frameIndex = index;
            const state = stateAt(index);
            if (state.tree !== shownTree) { arrange(state.tree); shownTree = state.tree; }
            for (let v = 0; v < viewCount; v++) {
              if (state.views[v] && state.views[v] !== shownViews[v]) place(v, state.views[v]);
            }
            shownViews = state.views;
            shownState = state;
            refreshHover();
          }

          // Controls.
          const scrubber = $("scrubber"), clock = $("clock"), playButton = $("play"), cursor = $("cursor"), plot = $("plot");
          // The plot's time axis: piecewise linear between its knots (idle stretches are cut); a
          // drag's frames past the last knot stretch the last piece.
          const knots = [];
          for (let k = 0; k < data.plot.knots.length; k += 2) knots.push([data.plot.knots[k], data.plot.knots[k + 1]]);
          function along(t, from, to) {
            const points = knots.map(([kt, kx], k) => [k === knots.length - 1 ? Math.max(kt, duration) : kt, kx]);
            const value = (p) => from === 0 ? p[0] : p[1], other = (p) => from === 0 ? p[1] : p[0];
            if (t <= value(points[0])) return other(points[0]);
            for (let k = 1; k < points.length; k++) {
              const a = points[k - 1], b = points[k];
              if (t <= value(b)) return value(b) > value(a) ? other(a) + (t - value(a)) / (value(b) - value(a)) * (other(b) - other(a)) : other(b);
            }
            return other(points[points.length - 1]);
          }
          const xAt = (t) => along(t, 0), timeAt = (x) => along(x, 1);

          // Over the stage: the finger marker while a pan is in progress (its last point, from
          // began to ended or cancelled) and the trail of the gesture's points of the last
          // `trailSeconds`, fading; "waiting for a drag" once the transition that waits began.
          const marker = $("finger-marker"), trail = $("trail"), waitingLabel = $("waiting"), trailSeconds = 0.4;
          function showOverlays(t) {
            const pans = data.pans;
            let last = -1;
            while (last + 1 < pans.length && pans[last + 1].t <= t + 1e-6) last++;
            let first = last;
            while (first > 0 && pans[first].phase !== "began") first--;
            const pan = pans[last], down = !!pan && (pan.phase === "began" || pan.phase === "changed" || pan.t >= t - 1e-6);
            if (down) { marker.setAttribute("cx", pan.x); marker.setAttribute("cy", pan.y); marker.removeAttribute("display"); }
            else marker.setAttribute("display", "none");
            const segments = [];
            for (let i = Math.max(first, 0) + 1; i <= last; i++) {
              const age = t - pans[i].t;
              if (age > trailSeconds) continue;
              const line = document.createElementNS(svg, "line");
              line.setAttribute("x1", pans[i - 1].x); line.setAttribute("y1", pans[i - 1].y);
              line.setAttribute("x2", pans[i].x); line.setAttribute("y2", pans[i].y);
              line.setAttribute("opacity", round(1 - age / trailSeconds));
              segments.push(line);
            }
            trail.replaceChildren(...segments);
            const waiting = data.waiting === undefined ? null : data.transitions.find((x) => x.number === data.waiting);
            if (waiting && t >= waiting.began - 1e-6) waitingLabel.removeAttribute("display"); else waitingLabel.setAttribute("display", "none");
            for (const note of plot.querySelectorAll(".waiting-note")) note.setAttribute("display", waiting ? "inline" : "none");
          }
          function transitionAt(t) {
            const running = data.transitions.filter((x) => x.began <= t + 1e-6 && (x.ended === undefined || t <= x.ended + 1e-6));
            return running.length ? running[running.length - 1] : null;
          }
          function seek(t, fromScrubber) {
            time = Math.min(Math.max(t, 0), duration);
            const index = frameAt(time);
            if (index !== frameIndex || shownState === null) show(index);
            if (!fromScrubber) scrubber.value = time;
            const x = xAt(time);
            cursor.setAttribute("x1", round(x)); cursor.setAttribute("x2", round(x));
            const transition = transitionAt(frames[frameIndex].t);
            clock.textContent = frames[frameIndex].t.toFixed(4) + " s · frame " + (frameIndex + 1) + " of " + frames.length
              + (transition ? " · " + transition.kind + (transition.number === data.waiting ? ", waiting for a drag" : "") : "");
            showOverlays(frames[frameIndex].t);
          }
          function step(by) {
            pause();
            seek(frames[Math.min(Math.max(frameIndex + by, 0), frames.length - 1)].t);
          }
          function tick(now) {
            if (!playing || window.scrimPreview !== api) return;
            time += (now - last) / 1000 * speed;
            last = now;
            if (time >= duration) {
              if ($("loop").checked && duration > 0) time %= duration; else { seek(duration); pause(); return; }
            }
            seek(time);
            requestAnimationFrame(tick);
          }
          function play() {
            if (playing) return;
            if (time >= duration && !$("loop").checked) seek(0);
            playing = true;
            playButton.classList.add("playing"); playButton.setAttribute("aria-label", "Pause");
            last = performance.now();
            requestAnimationFrame(tick);
          }
          function pause() {
            playing = false;
            playButton.classList.remove("playing"); playButton.setAttribute("aria-label", "Play");
          }
          playButton.addEventListener("click", () => (playing ? pause() : play()));
          $("previous").addEventListener("click", () => step(-1));
          $("next").addEventListener("click", () => step(1));
          scrubber.addEventListener("input", () => { pause(); seek(+scrubber.value, true); });
          $("speed").addEventListener("input", () => {
            speed = +$("speed").value;
            $("speed-value").textContent = speed.toFixed(1) + "×";
          });
          for (const button of document.querySelectorAll("button.seek")) {
            button.addEventListener("click", () => { pause(); seek(+button.dataset.time); });
          }
          document.addEventListener("keydown", (event) => {
            if (window.scrimPreview !== api) return;  // a live page's earlier player
            if (event.altKey || event.ctrlKey || event.metaKey) return;
            switch (event.key) {
              case "ArrowLeft": step(-1); break;
              case "ArrowRight": step(1); break;
              case "Home": pause(); seek(0); break;
              case "End": pause(); seek(duration); break;
              case " ":
                if (event.target instanceof HTMLButtonElement) return;
                playing ? pause() : play();
                break;
              default: return;
            }
            event.preventDefault();
          });
          function seekToPointer(event) {
            const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(plot.getScreenCTM().inverse());
            pause();
            seek(timeAt(point.x));
          }
          plot.addEventListener("pointerdown", (event) => { plot.setPointerCapture(event.pointerId); seekToPointer(event); });
          plot.addEventListener("pointermove", (event) => { if (plot.hasPointerCapture(event.pointerId)) seekToPointer(event); });
          for (const item of document.querySelectorAll("#legend li")) {
            const line = plot.querySelector('.track[data-track="' + item.dataset.track + '"]');
            item.addEventListener("mouseenter", () => { plot.classList.add("focusing"); line.classList.add("focus"); });
            item.addEventListener("mouseleave", () => { plot.classList.remove("focusing"); line.classList.remove("focus"); });
          }

          // The view under the pointer: its id and values, and the views under it.
          const hint = $("hover-hint"), info = $("hover-info");
          let pointer = null, hovered = null;
          function frameOf(s) {
            const [cx, cy, , , bw, bh, a, b, c, d, tx, ty] = s;
            const xs = [], ys = [];
            for (const [x, y] of [[-bw / 2, -bh / 2], [bw / 2, -bh / 2], [-bw / 2, bh / 2], [bw / 2, bh / 2]]) {
              xs.push(a * x + c * y + tx + cx); ys.push(b * x + d * y + ty + cy);
            }
            const x = Math.min(...xs), y = Math.min(...ys);
            return [x, y, Math.max(...xs) - x, Math.max(...ys) - y];
          }
          // A label's text and font, or an image view's image, for the hover panel.
          function contentRows(content) {
            if (!content) return [];
            if (content.kind === "imageView") return [["image", content.imageName || "none"]];
            return [
              ["text", content.text],
              ["font", content.fontSize + " pt, " + content.fontWeight + ", " + content.textAlignment
                + ", " + (content.numberOfLines || "any number of") + (content.numberOfLines === 1 ? " line" : " lines")],
            ];
          }
          function refreshHover() {
            if (hovered !== null) { elements[hovered].bg.classList.remove("hovered"); hovered = null; }
            const hits = pointer ? document.elementsFromPoint(pointer[0], pointer[1])
              .filter((el) => el.classList && el.classList.contains("bg") && el.closest("#views")) : [];
            if (!hits.length) { info.hidden = true; hint.hidden = false; return; }
            const v = +hits[0].parentNode.dataset.v, s = flat(shownViews[v]);
            hovered = v;
            hits[0].classList.add("hovered");
            const n = (x) => String(round(x));
            const rows = [
              ["id", data.views[v][1]],
              ["frame", "(" + frameOf(s).map(n).join(", ") + ")"],
              ["bounds", "(" + s.slice(2, 6).map(n).join(", ") + ")"],
              ["center", "(" + s.slice(0, 2).map(n).join(", ") + ")"],
              ["transform", "[" + s.slice(6, 12).map(n).join(", ") + "]"],
              ["alpha", n(s[12])],
              ["background", "rgba(" + s.slice(13, 16).map(byte).join(", ") + ", " + n(s[16]) + ")"],
              ["cornerRadius", n(s[17])],
              ["clipsToBounds", s[19] ? "yes" : "no"],
              ...contentRows(data.views[v][2]),
              ["under it", hits.slice(1).map((el) => data.views[+el.parentNode.dataset.v][1]).join(" › ") || "—"],
            ];
            info.replaceChildren(...rows.flatMap(([name, value]) => {
              const dt = document.createElement("dt"), dd = document.createElement("dd");
              dt.textContent = name; dd.textContent = value;
              return [dt, dd];
            }));
            info.hidden = false; hint.hidden = true;
          }
          const stage = $("stage");
          stage.addEventListener("mousemove", (event) => { pointer = [event.clientX, event.clientY]; refreshHover(); });
          stage.addEventListener("mouseleave", () => { pointer = null; refreshHover(); });

          // A drag's frames: false if this page lacks what they follow (it joined during the drag).
          function extend(update) {
            if (update.from < 1 || update.from > frames.length || update.viewsFrom > viewCount) return false;
            for (let v = update.viewsFrom; v < viewCount; v++) { elements[v].g.remove(); elements[v].clip.parentNode.remove(); }
            elements.length = data.views.length = update.viewsFrom;
            for (const view of update.views) { addView(data.views.length, view[0], view[1], view[2]); data.views.push(view); }
            viewCount = data.views.length;
            const state = stateAt(update.from - 1);
            frames.length = update.from;
            checkpoints.length = Math.ceil(update.from / stride);
            for (const frame of update.frames) {
              apply(frame, state);
              if (frames.push(frame) % stride === 1) checkpoints.push({ tree: state.tree, views: state.views.slice() });
            }
            data.transitions = update.transitions;
            data.pans = update.pans;
            data.waiting = update.waiting;
            duration = data.duration = frames[frames.length - 1].t;
            scrubber.max = duration;
            shownTree = null; shownViews = new Array(viewCount).fill(null); shownState = null;
            return true;
          }

          const api = {
            seek: (t) => { pause(); seek(t); }, step, play, pause, extend,
            time: () => time, frame: () => frameIndex, playing: () => playing, get duration() { return duration; },
          };
          window.scrimPreview = api;
          seek(0);
        })();
        """#
}
