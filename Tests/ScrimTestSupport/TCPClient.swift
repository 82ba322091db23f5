#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client socket, for the tests of `scrim serve --listen` and its listener.
public enum TCPClient {
    /// Whether this machine has an IPv6 loopback to listen on.
    public static let hasIPv6Loopback: Bool = {
        let probe = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafeBytes(of: &address) { bind(probe, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t($0.count)) } == 0
    }()

    /// A client socket connected to `host` (a loopback IPv4 or IPv6 address) and `port`.
    public static func connect(to host: String, port: UInt16) -> Int32? {
        let ipv6 = host.contains(":")
        let client = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard client >= 0 else { return nil }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var storage = sockaddr_storage()
        let length: Int
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
            length = MemoryLayout<sockaddr_in6>.size
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
            length = MemoryLayout<sockaddr_in>.size
        }
        let connected = withUnsafeBytes(of: &storage) { Glibc.connect(client, $0.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(length)) }
        guard connected == 0 else {
            close(client)
            return nil
        }
        return client
    }
}
