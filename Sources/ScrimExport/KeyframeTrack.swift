/// One property's keyframes: the times (0…1 of the transition's duration, rising, from 0 to 1)
/// and the property's components at each (`ExportedProperty.components(of:)`). Between two
/// keyframes the value interpolates as `ExportedProperty.interpolate` says.
package struct KeyframeTrack: Sendable, Equatable {
    package var property: ExportedProperty
    package var keyTimes: [Double]
    package var values: [[Double]]

    package init(property: ExportedProperty, keyTimes: [Double], values: [[Double]]) {
        (self.property, self.keyTimes, self.values) = (property, keyTimes, values)
    }

    /// The value at `time` (0…1): the keyframes' interpolation, the first value before the first
    /// and the last after the last.
    package func value(at time: Double) -> [Double] {
        guard let last = keyTimes.indices.last else { return [] }
        if time <= keyTimes[0] { return values[0] }
        if time >= keyTimes[last] { return values[last] }
        let end = keyTimes.firstIndex { $0 >= time } ?? last
        let start = end - 1
        let span = keyTimes[end] - keyTimes[start]
        return property.interpolate(values[start], values[end], fraction: span > 0 ? (time - keyTimes[start]) / span : 1)
    }
}
