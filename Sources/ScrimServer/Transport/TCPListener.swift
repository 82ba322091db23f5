#if canImport(Glibc)
import Glibc
#endif

/// `scrim serve --listen ADDRESS`: one client over TCP on a loopback address.
public enum TCPListener {
    /// Listens on `address` ("127.0.0.1:PORT", "localhost:PORT" or "[::1]:PORT"; port 0 picks a
    /// free one, which `onListening` receives), accepts one client and returns its descriptor.
    ///
    /// - Throws: `TransportError` for a malformed or non-loopback address, or a socket failure.
    public static func acceptOne(address: String, onListening: (UInt16) -> Void = { _ in }) throws(TransportError) -> Int32 {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else {
            throw TransportError("--listen: expected HOST:PORT with a loopback host (127.0.0.1:PORT), got '\(address)'")
        }
        let host = String(address[..<colon])
        let isIPv6: Bool
        switch host {
        case "127.0.0.1", "localhost": isIPv6 = false
        case "[::1]": isIPv6 = true
        default: throw TransportError("--listen: only loopback addresses are accepted (127.0.0.1, localhost, [::1]), got '\(host)'")
        }
        let listener = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw TransportError("cannot create a socket: errno \(errno)") }
        defer { close(listener) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound: Int32
        if isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            socketAddress.sin6_addr = in6addr_loopback
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            socketAddress.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            bound = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard bound == 0 else { throw TransportError("cannot listen on \(address): errno \(errno)") }
        guard listen(listener, 1) == 0 else { throw TransportError("cannot listen on \(address): errno \(errno)") }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        let actualPort = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            isIPv6
                ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        onListening(actualPort)
        while true {
            let client = accept(listener, nil, nil)
            if client >= 0 { return client }
            if errno != EINTR { throw TransportError("accept failed on \(address): errno \(errno)") }
        }
    }
}
