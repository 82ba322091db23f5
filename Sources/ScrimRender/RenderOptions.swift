import ScrimCore

/// How `FrameRenderer` draws and encodes a recording: the format, the frame rate, the pixel
/// density, the output's size and the stretch of time (Docs/Render.md, "Options").
package struct RenderOptions: Sendable, Equatable {
    /// The frame rates allowed, in frames per second.
    package static let framesPerSecondRange: ClosedRange<Double> = 1...120
    /// The pixel densities allowed: 1×, 2×, 3×.
    package static let scaleRange: ClosedRange<Int> = 1...3
    /// The largest output side, in pixels.
    package static let maximumSide = 8192

    package var format: RenderFormat
    /// Frames per second of the output; a frame is drawn at every `1 / framesPerSecond` from `from`.
    package var framesPerSecond: Double
    /// Device pixels per window point (Chromium's `deviceScaleFactor`): 1, 2 or 3.
    package var scale: Int
    /// The output's size in pixels (nil: the window's size times `scale`); the frames drawn are
    /// resized to it by ffmpeg.
    package var size: Size?
    /// The first frame's time, in seconds (nil: 0).
    package var from: Double?
    /// The last frame's time at most, in seconds (nil: the recording's end).
    package var to: Double?

    /// Options for `format`; `framesPerSecond` nil: the format's default (`RenderFormat.defaultFramesPerSecond`).
    package init(format: RenderFormat, framesPerSecond: Double? = nil, scale: Int = 2, size: Size? = nil, from: Double? = nil, to: Double? = nil) {
        self.format = format
        self.framesPerSecond = framesPerSecond ?? format.defaultFramesPerSecond
        self.scale = scale
        self.size = size
        self.from = from
        self.to = to
    }

    /// Checks what does not depend on the recording: the frame rate, the scale, the size and the
    /// order of `from` and `to`.
    ///
    /// - Throws: `RenderError.invalidOptions` naming the option.
    package func validate() throws(RenderError) {
        guard framesPerSecond.isFinite, Self.framesPerSecondRange.contains(framesPerSecond) else {
            throw .invalidOptions("--fps: expected a frame rate from 1 to 120, got \(framesPerSecond.formatted)")
        }
        if format == .gif, framesPerSecond > RenderFormat.gifMaximumFramesPerSecond {
            throw .invalidOptions("--fps: a GIF plays at most 50 frames per second (its frames last whole hundredths of a second, at least 2), got \(framesPerSecond.formatted)")
        }
        guard Self.scaleRange.contains(scale) else { throw .invalidOptions("--scale: expected 1, 2 or 3, got \(scale)") }
        if let size {
            for side in [size.width, size.height] where !(side >= 1 && side <= Double(Self.maximumSide) && side == side.rounded()) {
                throw .invalidOptions("--size: expected whole pixels from 1 to \(Self.maximumSide) on each side, got \(size.width.formatted)x\(size.height.formatted)")
            }
        }
        if let from, !(from.isFinite && from >= 0) { throw .invalidOptions("--from: expected a time in seconds from 0, got \(from.formatted)") }
        if let to, !(to.isFinite && to >= 0) { throw .invalidOptions("--to: expected a time in seconds from 0, got \(to.formatted)") }
        if let from, let to, to < from { throw .invalidOptions("--to \(to.formatted) is before --from \(from.formatted)") }
    }

    /// The times of the frames to draw in a recording that lasts `duration` seconds: from `from`,
    /// every `1 / framesPerSecond`, up to `to` included (the last frame is the end's when the
    /// range is a whole number of frames).
    ///
    /// - Throws: `RenderError.invalidOptions` when the options are wrong or the range is not in
    ///   the recording.
    package func frameTimes(duration: Double) throws(RenderError) -> [Double] {
        try validate()
        let first = from ?? 0, last = to ?? duration
        // A thousandth of a frame: `--to` given to 4 decimals still takes its frame.
        let slack = 1e-3 / framesPerSecond
        if first > duration + slack {
            throw .invalidOptions("--from \(first.formatted) is past the end of the recording (\(duration.formatted) s)")
        }
        if last > duration + slack {
            throw .invalidOptions("--to \(last.formatted) is past the end of the recording (\(duration.formatted) s)")
        }
        let count = Int(((last - first) * framesPerSecond + 1e-3).rounded(.down)) + 1
        return (0..<count).map { min(first + Double($0) / framesPerSecond, duration) }
    }
}

extension Double {
    /// The number as a person would write it: `2`, `0.5`, `1.6667`.
    var formatted: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        var text = String(format: "%.4f", self)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
