/// The page's style sheet.
enum PreviewStyleSheet {
    static let source = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --accent: #0a66d8; --panel: #f5f5f7; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
        header { display: flex; align-items: baseline; gap: 16px; padding: 12px 20px; border-bottom: 1px solid var(--line); }
        h1 { font-size: 18px; margin: 0; white-space: nowrap; }
        #live { font-size: 11px; font-weight: 600; padding: 2px 6px; border-radius: 8px; background: #ddd; color: #333; vertical-align: middle; }
        body[data-live="open"] #live { background: #2e7d32; color: #fff; }
        #picker-box { margin-left: auto; color: var(--muted); } #picker { font: inherit; max-width: 16em; }
        #device-box { color: var(--muted); } #device-picker { font: inherit; max-width: 16em; }
        #downloads { display: flex; gap: 0.5em; } #downloads button { font: inherit; white-space: nowrap; }
        #live-error { margin: 0; color: #c62828; }
        body[data-interactive="true"] #screen { cursor: grab; touch-action: none; }
        #diagnostic { position: fixed; top: 64px; left: 50%; transform: translateX(-50%); z-index: 10; max-width: 90vw; padding: 10px 14px; background: #fff; border: 2px solid #c62828; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.25); }
        #diagnostic p { margin: 0 0 4px; } #diagnostic .where { font: 600 12px ui-monospace, "DejaVu Sans Mono", monospace; color: #c62828; }
        #diagnostic pre { margin: 6px 0 0; padding: 6px 8px; background: var(--panel); overflow-x: auto; }
        #diagnostic .fault-timeline { position: relative; height: 6px; margin: 8px 0 2px; background: var(--line); border-radius: 3px; }
        #diagnostic .fault-marker { position: absolute; top: -4px; width: 4px; height: 14px; margin-left: -2px; background: #d70015; border-radius: 2px; }
        body.broken main { filter: grayscale(1); opacity: .45; }
        #stopped { position: fixed; inset: 0; z-index: 20; display: flex; align-items: center; justify-content: center; background: rgba(255,255,255,.7); }
        #stopped p { max-width: 80vw; padding: 14px 18px; background: #fff; border: 2px solid #6e6e73; border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.25); font-weight: 600; }
        h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 14px 0 6px; }
        #summary { margin: 0; color: var(--muted); }
        main { padding: 16px 20px; }
        #player { display: flex; gap: 20px; align-items: flex-start; }
        #stage-box { flex: none; padding: 10px; background: #2c2c2e; border-radius: 28px; box-shadow: 0 6px 24px rgba(0,0,0,.18); }
        #screen { position: relative; overflow: hidden; border-radius: 18px; background: #fff; }
        #stage { position: relative; display: block; pointer-events: none; height: min(56vh, 844px, calc(60vw / var(--ratio, 1))); width: auto; max-width: 60vw; }
        #views { position: absolute; left: 0; top: 0; transform-origin: 0 0; background: repeating-conic-gradient(#e6e6eb 0 25%, #f6f6f8 0 50%) 0 0 / 16px 16px; }
        .view { position: absolute; }
        .view > .sub { position: absolute; z-index: 0; }
        .view > .content { position: absolute; inset: 0; display: flex; flex-direction: column; justify-content: center; overflow: hidden; pointer-events: none; }
        .view > .content > .line { white-space: pre; }
        .view > .placeholder { background: rgba(223,227,234,.85); color: #5b6472; }
        .view > .edge { position: absolute; inset: 0; z-index: 1; border-style: solid; border-radius: inherit; pointer-events: none; }
        .view.hovered { outline: 3px solid #ff2d55; }
        #finger-marker { fill: rgba(10,102,216,.28); stroke: rgba(10,102,216,.8); stroke-width: 2px; vector-effect: non-scaling-stroke; }
        #trail line { stroke: #0a66d8; stroke-width: 6; stroke-linecap: round; }
        #waiting rect { fill: rgba(29,29,31,.78); }
        #waiting text { fill: #fff; font: 600 16px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
        #inspector { flex: 1; min-width: 240px; max-width: 520px; }
        #inspector h2:first-child { margin-top: 0; }
        #hover-hint { color: var(--muted); margin: 0; }
        #hover-info { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0; font-variant-numeric: tabular-nums; }
        #hover-info dt { color: var(--muted); }
        #hover-info dd { margin: 0; font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        #transitions { margin: 0; padding-left: 20px; }
        #transitions button { font: inherit; color: var(--accent); background: none; border: 0; padding: 0; cursor: pointer; }
        .keys { color: var(--muted); margin: 0; }
        kbd { font: 11px ui-monospace, monospace; border: 1px solid var(--line); border-bottom-width: 2px; border-radius: 4px; padding: 0 4px; background: var(--panel); }
        #controls { display: flex; align-items: center; gap: 10px; margin: 14px 0 10px; padding: 8px 12px; background: var(--panel); border-radius: 10px; flex-wrap: wrap; }
        #controls button { display: grid; place-items: center; width: 34px; height: 30px; padding: 0; border: 1px solid var(--line); border-radius: 7px; background: #fff; cursor: pointer; }
        #controls button svg { width: 14px; height: 14px; fill: var(--ink); }
        #play .icon-pause, #play.playing .icon-play { display: none; }
        #play.playing .icon-pause { display: block; }
        #scrubber { flex: 1; min-width: 200px; accent-color: var(--accent); }
        #clock { font-variant-numeric: tabular-nums; min-width: 190px; }
        #speed { width: 110px; vertical-align: middle; accent-color: var(--accent); }
        #speed-value { display: inline-block; width: 36px; font-variant-numeric: tabular-nums; }
        #timeline { display: flex; gap: 16px; align-items: flex-start; }
        #plot { flex: 1; min-width: 0; height: auto; max-height: 240px; border: 1px solid var(--line); border-radius: 10px; background: #fff; cursor: crosshair; }
        #plot .band { fill: #0a66d8; opacity: .06; }
        #plot .band-dismissal, #plot .band-pop { fill: #d8730a; }
        #plot .band-label { font-size: 11px; fill: var(--muted); }
        #plot .band.waiting { opacity: .14; }
        #plot .idle { fill: #f5f5f7; }
        #plot .break-mark { fill: none; stroke: #aeaeb2; stroke-width: 1.5; }
        #plot .break-label { font-size: 10px; fill: var(--muted); }
        #plot .level { stroke: var(--line); stroke-dasharray: 4 3; }
        #plot .tick { stroke: var(--muted); }
        #plot .axis { font-size: 11px; fill: var(--muted); }
        #plot .track { fill: none; stroke-width: 1.6; stroke-linejoin: round; }
        #plot.focusing .track:not(.focus) { opacity: .12; }
        #plot .track.focus { stroke-width: 2.6; }
        #plot .marker { stroke: #8e8e93; stroke-width: 2; }
        #plot .marker-log { stroke: #34c759; }
        #plot .marker-fault { stroke: #d70015; stroke-width: 3; }
        #faults { margin: 0 0 16px; padding: 10px 14px; border: 1px solid #d70015; border-radius: 10px; background: #fff2f2; color: #3a0005; }
        #faults h2 { margin: 0 0 6px; font-size: 14px; color: #d70015; }
        #faults ul { margin: 0; padding-left: 18px; }
        #faults button.seek { font: inherit; border: 0; padding: 0; background: none; color: inherit; cursor: pointer; text-align: left; }
        #faults .where { font-family: ui-monospace, monospace; font-weight: 600; }
        #faults .context, #diagnostic .context { color: #6e3a3f; font-size: 12px; }
        #faults .advice { margin: 6px 0 0; font-weight: 600; }
        #cursor { stroke: #ff2d55; stroke-width: 1.5; }
        #legend { list-style: none; margin: 0; padding: 0; width: 240px; max-height: 260px; overflow: auto; font-size: 12px; }
        #legend li { padding: 1px 4px; border-radius: 4px; cursor: default; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #legend li:hover { background: var(--panel); }
        .swatch { display: inline-block; width: 12px; height: 3px; margin-right: 6px; vertical-align: middle; border-radius: 2px; }
        .empty { color: var(--muted); }
        body.render { overflow: hidden; background: #fff; }
        body.render header, body.render #faults, body.render #inspector, body.render #controls, body.render #timeline { display: none; }
        body.render main { padding: 0; }
        body.render #stage-box { padding: 0; background: none; border-radius: 0; box-shadow: none; }
        body.render #screen { border-radius: 0; }
        body.render #stage { max-width: none; }
        """
}
