/// The page's script: decodes the recording (`PreviewData`), moves the stage's views to the frame
/// at the scrubber's time, plays at a chosen speed (0.1× to 2×), loops, steps frame by frame with
/// the arrow keys, moves the plot's cursor (on the plot's time scale, `plot.knots`), shows the view
/// under the pointer, the finger marker and trail of the pans and `waiting for a drag`. It exposes
/// `window.scrimPreview` (`seek`, `step`, `play`, `pause`, `time`, `frame`, `playing`, `duration`)
/// for tests and for `scrim render`, which opens the page with `#render`: only the screen, at the
/// origin and at the window's size in CSS pixels (Docs/Preview.md, "Render mode"). On a live page the script runs again for each new recording (an earlier run then does
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
          // `contents`: each label's and image view's content, as first seen and then as changed.
          const stride = 32, checkpoints = [];
          const checkpoint = (state) => ({ tree: state.tree, views: state.views.slice(), contents: state.contents.slice() });
          function apply(frame, state) {
            if (frame.tree) state.tree = frame.tree;
            if (frame.content) for (const r of frame.content) state.contents[r[0]] = r[1];
            if (frame.full) for (const r of frame.full) state.views[r[0]] = r.slice(1);
            if (frame.set) for (const r of frame.set) {
              const numbers = state.views[r[0]].slice();
              for (let i = 1; i < r.length; i += 2) numbers[r[i]] = r[i + 1];
              state.views[r[0]] = numbers;
            }
          }
          {
            const state = { tree: [], views: new Array(viewCount).fill(null), contents: data.views.map((view) => view[2] || null) };
            frames.forEach((frame, index) => {
              apply(frame, state);
              if (index % stride === 0) checkpoints.push(checkpoint(state));
            });
          }
          function stateAt(index) {
            const base = Math.floor(index / stride), c = checkpoints[base];
            const state = { tree: c.tree, views: c.views.slice(), contents: c.contents.slice() };
            for (let i = base * stride + 1; i <= index; i++) apply(frames[i], state);
            return state;
          }

          // The stage: an element per view (`PreviewStage`), styled by `place` for the frame shown.
          const root = $("views"), offstage = $("offstage"), stage = $("stage"), svg = stage.namespaceURI;
          // Render mode (the page opened with `#render`, as `scrim render` does): only the screen,
          // at the page's origin, its CSS size the window's, so `#views` is not scaled; no hover.
          const renderMode = location.hash === "#render";
          if (renderMode) {
            document.body.classList.add("render");
            stage.style.width = data.window[0] + "px"; stage.style.height = data.window[1] + "px";
          }
          // `#views` is the window's size in points, scaled to the stage's width on screen.
          function fit() {
            const width = stage.getBoundingClientRect().width;
            if (width > 0) root.style.transform = "scale(" + width / data.window[0] + ")";
          }
          fit();
          new ResizeObserver(fit).observe(stage);

          // A view's numbers are looked up by name (`data.fields`); a field the data lacks has
          // Core Animation's default. A 4×4 matrix is 16 numbers row by row, m11 m12 … m44, in
          // Core Animation's row-vector convention (p' = p·M), which is also CSS matrix3d's order.
          const field = {};
          data.fields.forEach((name, i) => { field[name] = i; });
          const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
          const entries = (prefix) => [1, 2, 3, 4].flatMap((row) => [1, 2, 3, 4].map((column) => prefix + ".m" + row + column));
          const names = {
            transform: entries("transform"), sublayer: entries("sublayerTransform"),
            affine: ["transform.a", "transform.b", "transform.c", "transform.d", "transform.tx", "transform.ty"],
            background: ["backgroundColor.red", "backgroundColor.green", "backgroundColor.blue", "backgroundColor.alpha"],
            shadow: ["shadowColor.red", "shadowColor.green", "shadowColor.blue", "shadowColor.alpha"],
            border: ["borderColor.red", "borderColor.green", "borderColor.blue", "borderColor.alpha"],
          };
          function read(s, keys, defaults) {
            return keys.map((name, i) => (field[name] === undefined ? defaults[i] : s[field[name]]));
          }
          function decode(s) {
            const one = (name, fallback) => (field[name] === undefined ? fallback : s[field[name]]);
            let transform;
            if (field["transform.m11"] !== undefined) transform = read(s, names.transform, identity);
            else {
              const [a, b, c, d, tx, ty] = read(s, names.affine, [1, 0, 0, 1, 0, 0]);
              transform = [a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, tx, ty, 0, 1];
            }
            return {
              center: [one("center.x", 0), one("center.y", 0)],
              bounds: [one("bounds.x", 0), one("bounds.y", 0), one("bounds.width", 0), one("bounds.height", 0)],
              transform, alpha: one("alpha", 1), background: read(s, names.background, [0, 0, 0, 0]),
              cornerRadius: one("cornerRadius", 0), anchor: [one("anchorPoint.x", 0.5), one("anchorPoint.y", 0.5)],
              z: one("zPosition", 0), sublayer: read(s, names.sublayer, identity),
              shadow: read(s, names.shadow, [0, 0, 0, 1]), shadowOpacity: one("shadowOpacity", 0),
              shadowRadius: one("shadowRadius", 3), shadowOffset: [one("shadowOffset.width", 0), one("shadowOffset.height", -3)],
              borderWidth: one("borderWidth", 0), border: read(s, names.border, [0, 0, 0, 1]),
              hidden: !!one("isHidden", 0), clips: !!one("clipsToBounds", 0), doubleSided: !!one("isDoubleSided", 1),
            };
          }
          function multiply(a, b) {
            const out = new Array(16).fill(0);
            for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) for (let k = 0; k < 4; k++) out[4 * i + j] += a[4 * i + k] * b[4 * k + j];
            return out;
          }
          const translation = (x, y, z) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
          const isAffine = (m) => [2, 3, 6, 7, 8, 9, 11, 14].every((i) => m[i] === 0) && m[10] === 1 && m[15] === 1;
          // A sublayerTransform that CSS `perspective` draws: the identity but for m34 < 0, as
          // distance −1/m34 (0: the identity); null for any other, folded into each subview's matrix.
          function perspectiveOf(m) {
            for (let i = 0; i < 16; i++) if (i !== 11 && m[i] !== identity[i]) return null;
            return m[11] === 0 ? 0 : m[11] < 0 ? -1 / m[11] : null;
          }
          // The superview's anchor point in its bounds coordinates, about which its
          // sublayerTransform turns its subviews.
          const anchorOf = (d) => [d.bounds[0] + d.anchor[0] * d.bounds[2], d.bounds[1] + d.anchor[1] * d.bounds[3]];

          const elements = data.views.map((_, v) => {
            const g = $("v" + v), e = { g, sub: g.querySelector(":scope > .sub"), state: null, edge: null };
            addContent(e, data.views[v][2]);
            return e;
          });
          // A label's text or an image view's placeholder: over the background, under the
          // subviews, clipped to the bounds; laid out again by `place` when the width changes.
          function addContent(e, content) {
            if (!content) return;
            const box = document.createElement("div");
            box.className = content.kind === "imageView" ? "content placeholder" : "content";
            e.g.prepend(box);
            e.content = { box, spec: content, laidOut: null };
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
          const fontFamily = "system-ui, -apple-system, sans-serif";
          // The lines, centred vertically in the bounds (as UILabel does), aligned as the label says.
          function layoutContent(e, width) {
            const c = e.content;
            if (c.laidOut === width) return;
            c.laidOut = width;
            const spec = c.spec, label = spec.kind === "label";
            const size = label ? spec.fontSize : 13, weight = label ? 100 * (fontWeights.indexOf(spec.fontWeight) + 1) : 400;
            const font = weight + " " + size + "px " + fontFamily;
            const lines = label ? wrap(spec.text, font, width, spec.numberOfLines) : [spec.imageName || "image"];
            const align = label ? spec.textAlignment : "center";
            c.box.style.font = weight + " " + px(size) + "/" + px(size * 1.2) + " " + fontFamily;
            c.box.style.textAlign = align === "center" ? "center" : align === "right" ? "right" : "left";
            if (label) c.box.style.color = rgba(spec.textColor);
            c.box.replaceChildren(...lines.map((text) => {
              const line = document.createElement("div");
              line.className = "line";
              line.textContent = text;
              return line;
            }));
          }
          // A view first seen in a drag's new frames: made as the page's markup makes one, offstage.
          function addView(v, id, label, content) {
            const g = document.createElement("div"), sub = document.createElement("div");
            g.className = "view"; g.id = "v" + v; g.dataset.v = v; g.dataset.id = id; g.title = label;
            sub.className = "sub";
            g.append(sub);
            offstage.append(g);
            const e = { g, sub, state: null, edge: null };
            addContent(e, content);
            elements.push(e);
          }
          const byte = (x) => Math.round(Math.min(Math.max(x, 0), 1) * 255);
          const rgba = ([red, green, blue, alpha], times = 1) =>
            "rgba(" + byte(red) + "," + byte(green) + "," + byte(blue) + "," + round(Math.min(Math.max(alpha * times, 0), 1)) + ")";
          const px = (x) => round(x) + "px";
          // The tree shown: each view's superview (-1: the window's; -2: off stage) and each
          // superview's subviews, back to front.
          let parents = new Int32Array(viewCount).fill(-2), subviews = new Map();
          // Places view v as its state `s` says, in its superview's bounds coordinates (the
          // superview's `.sub` has its bounds origin at its own origin): its box at
          // center − anchorPoint·size, turned about its anchor point by its transform moved by its zPosition and,
          // when the superview's sublayerTransform is more than a perspective, by that too.
          // Whether it folds its superview's sublayerTransform: then its subviews move with it.
          function place(v, s) {
            const e = elements[v], d = decode(s), style = e.g.style;
            const [cx, cy] = d.center, [bx, by, bw, bh] = d.bounds, [ax, ay] = d.anchor;
            e.state = d;
            style.display = d.hidden ? "none" : "";
            style.left = px(cx - ax * bw); style.top = px(cy - ay * bh);
            style.width = px(bw); style.height = px(bh);
            style.transformOrigin = px(ax * bw) + " " + px(ay * bh);
            style.transform = "matrix3d(" + matrixOf(v, d).join(",") + ")";
            style.opacity = round(d.alpha);
            style.backgroundColor = rgba(d.background);
            style.borderRadius = px(Math.max(0, d.cornerRadius));
            style.overflow = d.clips ? "hidden" : "";
            style.backfaceVisibility = d.doubleSided ? "" : "hidden";
            // Its subviews are flattened into its plane: hidden with it when it faces away (CSS
            // would judge each subview's own face).
            style.visibility = !d.doubleSided && facesAway(v, d) ? "hidden" : "";
            // Core Animation clips a layer's shadow with its sublayers when it masks to bounds.
            style.boxShadow = d.shadowOpacity > 0 && !d.clips
              ? [px(d.shadowOffset[0]), px(d.shadowOffset[1]), px(2 * Math.max(0, d.shadowRadius)), rgba(d.shadow, d.shadowOpacity)].join(" ")
              : "";
            if (d.borderWidth > 0 && !e.edge) {
              e.edge = document.createElement("div");
              e.edge.className = "edge";
              e.g.append(e.edge);
            }
            if (e.edge) {
              e.edge.style.display = d.borderWidth > 0 ? "" : "none";
              e.edge.style.borderWidth = px(d.borderWidth);
              e.edge.style.borderColor = rgba(d.border);
            }
            const sub = e.sub.style, distance = perspectiveOf(d.sublayer), [pax, pay] = anchorOf(d);
            sub.left = px(-bx); sub.top = px(-by);
            sub.perspective = distance ? px(distance) : "";
            sub.perspectiveOrigin = distance ? px(pax) + " " + px(pay) : "";
            const folds = distance === null, wasFolding = !!e.folds;
            e.folds = folds;
            if (e.content) layoutContent(e, bw);
            return folds || wasFolding;
          }
          // Whether view v, placed as d says, shows its back in its superview's plane, as Scrim's
          // `isFacingAway`: the sign of its flattened placement's determinant times w at its anchor point.
          function facesAway(v, d) {
            const [cx, cy] = d.center, [lx, ly] = anchorOf(d);
            let m = multiply(multiply(translation(-lx, -ly, 0), d.transform), translation(cx, cy, d.z));
            const parent = parents[v] >= 0 ? elements[parents[v]].state : null;
            if (parent) {
              const [pax, pay] = anchorOf(parent);
              m = multiply(multiply(multiply(m, translation(-pax, -pay, 0)), parent.sublayer), translation(pax, pay, 0));
            }
            const [a0, a1, a2, b0, b1, b2, c0, c1, c2] = [m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15]];
            const det = a0 * (b1 * c2 - b2 * c1) - a1 * (b0 * c2 - b2 * c0) + a2 * (b0 * c1 - b1 * c0);
            return det * (lx * a2 + ly * b2 + c2) < 0;
          }
          // The CSS matrix of view v: its transform, then its zPosition, then — about the
          // superview's anchor point, from the view's position — a sublayerTransform that CSS
          // perspective cannot draw. Row-vector products, as Core Animation composes them.
          function matrixOf(v, d) {
            let m = multiply(d.transform, translation(0, 0, d.z));
            const parent = parents[v] >= 0 ? elements[parents[v]].state : null;
            if (parent && perspectiveOf(parent.sublayer) === null) {
              const [cx, cy] = d.center, [pax, pay] = anchorOf(parent);
              m = multiply(multiply(multiply(m, translation(cx - pax, cy - pay, 0)), parent.sublayer), translation(pax - cx, pay - cy, 0));
            }
            return m;
          }
          // Siblings are drawn in zPosition order, equal ones back to front as in the tree.
          function order(list) {
            const ranked = list.slice().sort((a, b) => (elements[a].state?.z ?? 0) - (elements[b].state?.z ?? 0));
            ranked.forEach((v, i) => { elements[v].g.style.zIndex = i; });
          }
          function arrange(tree) {
            parents = new Int32Array(viewCount).fill(-2);
            subviews = new Map();
            for (let k = 0; k < tree.length; k += 2) {
              parents[tree[k]] = tree[k + 1];
              if (!subviews.has(tree[k + 1])) subviews.set(tree[k + 1], []);
              subviews.get(tree[k + 1]).push(tree[k]);
            }
            for (let v = 0; v < viewCount; v++) if (parents[v] === -2) offstage.appendChild(elements[v].g);
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
          // Places the views that changed, superviews first (the tree is depth first), and with a
          // view that folds its sublayerTransform into its subviews' matrices, its subviews; then
          // orders the subviews of each superview whose subviews moved.
          function show(index) {
            frameIndex = index;
            const state = stateAt(index), rearranged = state.tree !== shownTree;
            if (rearranged) { arrange(state.tree); shownTree = state.tree; }
            const dirty = new Uint8Array(viewCount), reorder = new Set();
            for (let v = 0; v < viewCount; v++) if (state.views[v] && (rearranged || state.views[v] !== shownViews[v])) dirty[v] = 1;
            const tree = state.tree;
            for (let k = 0; k < tree.length; k += 2) {
              const v = tree[k], parent = tree[k + 1];
              if (parent >= 0 && dirty[parent] === 2) dirty[v] = dirty[v] || 1;
              if (dirty[v]) { if (place(v, state.views[v])) dirty[v] = 2; reorder.add(parent); }
            }
            for (let v = 0; v < viewCount; v++) if (dirty[v] && parents[v] === -2) place(v, state.views[v]);
            for (const parent of reorder) order(subviews.get(parent));
            // A label's text (or an image view's image) that changed: drawn again at its width.
            for (let v = 0; v < viewCount; v++) {
              const e = elements[v], content = state.contents[v];
              if (!e.content || !content || content === e.content.spec) continue;
              e.content.spec = content; e.content.laidOut = null;
              if (e.state) layoutContent(e, e.state.bounds[2]);
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
          // The frame, as UIKit has it: the bounding box of the bounds through the transform about
          // the anchor point, at the center, projected (x and y over w).
          function frameOf(d) {
            const [cx, cy] = d.center, [, , bw, bh] = d.bounds, [ax, ay] = d.anchor, m = d.transform, xs = [], ys = [];
            for (const [x, y] of [[0, 0], [bw, 0], [0, bh], [bw, bh]].map(([x, y]) => [x - ax * bw, y - ay * bh])) {
              const w = x * m[3] + y * m[7] + m[15];
              xs.push((x * m[0] + y * m[4] + m[12]) / w + cx); ys.push((x * m[1] + y * m[5] + m[13]) / w + cy);
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
          const isView = (el) => el.classList && el.classList.contains("view") && el.closest("#views");
          function refreshHover() {
            if (hovered !== null) { elements[hovered].g.classList.remove("hovered"); hovered = null; }
            const hits = pointer ? document.elementsFromPoint(pointer[0], pointer[1]).filter(isView) : [];
            if (!hits.length) { info.hidden = true; hint.hidden = false; return; }
            const v = +hits[0].dataset.v, d = elements[v].state;
            hovered = v;
            hits[0].classList.add("hovered");
            const n = (x) => String(round(x)), list = (values) => values.map(n).join(", ");
            // A 2-D transform as UIKit's [a, b, c, d, tx, ty]; any other as its 16 entries, m11 … m44.
            const matrix = (m) => "[" + list(isAffine(m) ? [m[0], m[1], m[4], m[5], m[12], m[13]] : m) + "]";
            const color = (c) => "rgba(" + c.slice(0, 3).map(byte).join(", ") + ", " + n(c[3]) + ")";
            const rows = [
              ["id", data.views[v][1]],
              ["frame", "(" + list(frameOf(d)) + ")"],
              ["bounds", "(" + list(d.bounds) + ")"],
              ["center", "(" + list(d.center) + ")"],
              ["transform", matrix(d.transform)],
              ["anchorPoint", "(" + list(d.anchor) + ")"],
              ["zPosition", n(d.z)],
              ["sublayerTransform", matrix(d.sublayer)],
              ["alpha", n(d.alpha)],
              ["background", color(d.background)],
              ["cornerRadius", n(d.cornerRadius)],
              ["shadow", color(d.shadow) + ", opacity " + n(d.shadowOpacity) + ", radius " + n(d.shadowRadius)
                + ", offset (" + list(d.shadowOffset) + ")"],
              ["border", n(d.borderWidth) + ", " + color(d.border)],
              ["clipsToBounds", d.clips ? "yes" : "no"],
              ["isDoubleSided", d.doubleSided ? "yes" : "no"],
              ...contentRows((shownState && shownState.contents[v]) || data.views[v][2]),
              ["under it", hits.slice(1).map((el) => data.views[+el.dataset.v][1]).join(" › ") || "—"],
            ];
            info.replaceChildren(...rows.flatMap(([name, value]) => {
              const dt = document.createElement("dt"), dd = document.createElement("dd");
              dt.textContent = name; dd.textContent = value;
              return [dt, dd];
            }));
            info.hidden = false; hint.hidden = true;
          }
          const screen = $("screen");
          if (!renderMode) screen.addEventListener("mousemove", (event) => { pointer = [event.clientX, event.clientY]; refreshHover(); });
          screen.addEventListener("mouseleave", () => { pointer = null; refreshHover(); });

          // A drag's frames: false if this page lacks what they follow (it joined during the drag).
          function extend(update) {
            if (update.from < 1 || update.from > frames.length || update.viewsFrom > viewCount) return false;
            for (let v = update.viewsFrom; v < viewCount; v++) elements[v].g.remove();
            elements.length = data.views.length = update.viewsFrom;
            for (const view of update.views) { addView(data.views.length, view[0], view[1], view[2]); data.views.push(view); }
            viewCount = data.views.length;
            const state = stateAt(update.from - 1);
            state.contents.length = viewCount;
            for (let v = update.viewsFrom; v < viewCount; v++) state.contents[v] = data.views[v][2] || null;
            frames.length = update.from;
            checkpoints.length = Math.ceil(update.from / stride);
            for (const frame of update.frames) {
              apply(frame, state);
              if (frames.push(frame) % stride === 1) checkpoints.push(checkpoint(state));
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
