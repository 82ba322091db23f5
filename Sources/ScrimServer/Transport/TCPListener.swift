#if canImport(Glibc)
import Glibc
#endif

/// `scrim serve --listen ADDRESS` (Docs/Protocol.md, "Starting the server"): a socket listening on
/// a loopback address only, so that nothing off the machine can reach the server, for the
/// protocol's one client.
package struct TCPListener: Sendable {
    /// The listening socket (closed on exec).
    private let descriptor: Int32
    /// The port listened on (the real one when 0 was asked for).
    package let port: UInt16

    /// Parses `address` ("127.0.0.1:PORT", "localhost:PORT", "[::1]:PORT"; any 127.x.x.x address is
    /// loopback too) and listens on it. Port 0 picks a free port.
    ///
    /// - Throws: `TransportError` for a malformed or non-loopback address (before any socket is
    ///   made) or a socket that cannot be set up (a port in use).
    package init(address: String) throws(TransportError) {
        var socketAddress = try Self.loopbackAddress(address)
        let listener = socket(Int32(socketAddress.ss_family), Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw Self.failure("cannot create a socket for", address) }
        // A port that a previous run left in TIME_WAIT can be listened on again at once.
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        let size = socketAddress.ss_family == sa_family_t(AF_INET6) ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let listening = withUnsafeMutablePointer(to: &socketAddress) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, socklen_t(size)) == 0 && listen(listener, 1) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard listening else {
            let error = Self.failure("cannot listen on", address)
            Glibc.close(listener)
            throw error
        }
        descriptor = listener
        port = Self.port(of: socketAddress)
    }

    /// Waits for a client and returns its descriptor (closed on exec, with Nagle's delay off).
    ///
    /// A client that gave up before it was accepted is passed over; while the process is out of
    /// descriptors or memory, the wait goes on (the client waits in the backlog).
    ///
    /// - Throws: `TransportError` if the socket cannot accept clients.
    package func accept() throws(TransportError) -> Int32 {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                var noDelay: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
                return client
            }
            switch errno {
            case EINTR, ECONNABORTED:
                // A client that gave up before it was accepted does not end the wait for one.
                continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                // Out of descriptors or memory for now: the client stays in the backlog until
                // some are free (a tenth of a second between tries, as servers back off).
                usleep(100_000)
            default:
                throw TransportError("--listen: cannot accept a client on port \(port): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Stops listening: clients that connect from now on are refused. Call it once.
    package func close() {
        Glibc.close(descriptor)
    }

    /// `address` (`HOST:PORT`, as `--listen` takes it) with the port listened on: `127.0.0.1:41065`,
    /// `[::1]:41065` (the host as given, brackets kept).
    package static func describe(_ address: String, port: UInt16) -> String {
        let host = address.lastIndex(of: ":").map { address[..<$0] } ?? Substring(address)
        return "\(host):\(port)"
    }

    /// The socket address `address` names, if it is a loopback one.
    private static func loopbackAddress(_ address: String) throws(TransportError) -> sockaddr_storage {
        let malformed = TransportError("--listen: expected HOST:PORT with a loopback host (127.0.0.1:PORT), got '\(address)'")
        guard let colon = address.lastIndex(of: ":") else { throw malformed }
        let host = String(address[..<colon])
        let portText = address[address.index(after: colon)...]
        guard !host.isEmpty, !portText.isEmpty, portText.allSatisfy({ "0"..."9" ~= $0 }), let port = UInt16(portText) else { throw malformed }
        let notLoopback = TransportError("--listen: only loopback addresses are accepted (127.0.0.1, localhost, [::1]), got '\(host)'")
        var storage = sockaddr_storage()
        if host.hasPrefix("["), host.hasSuffix("]") {
            var ipv6 = sockaddr_in6()
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &ipv6.sin6_addr) == 1 else { throw malformed }
            let isLoopback = withUnsafeBytes(of: ipv6.sin6_addr) { address in withUnsafeBytes(of: in6addr_loopback) { address.elementsEqual($0) } }
            guard isLoopback else { throw notLoopback }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv6, as: sockaddr_in6.self) }
        } else if host.contains(":") {
            throw TransportError("--listen: an IPv6 address goes in brackets ([::1]:PORT), got '\(address)'")
        } else {
            var ipv4 = sockaddr_in()
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            if host.lowercased() == "localhost" {
                ipv4.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            } else {
                guard inet_pton(AF_INET, host, &ipv4.sin_addr) == 1, UInt32(bigEndian: ipv4.sin_addr.s_addr) >> 24 == 127 else { throw notLoopback }
            }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: ipv4, as: sockaddr_in.self) }
        }
        return storage
    }

    private static func port(of address: sockaddr_storage) -> UInt16 {
        withUnsafeBytes(of: address) { bytes in
            address.ss_family == sa_family_t(AF_INET6)
                ? UInt16(bigEndian: bytes.load(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: bytes.load(as: sockaddr_in.self).sin_port)
        }
    }

    /// A socket call that failed, with `errno`'s explanation.
    private static func failure(_ action: String, _ address: String) -> TransportError {
        TransportError("--listen: \(action) \(address): \(String(cString: strerror(errno)))")
    }
}
