import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP client for feeding the server bytes no well-behaved library would send:
/// partial headers, unmasked frames, garbage. Each call blocks a thread, so tests run it
/// off the cooperative pool with `RawTCP.run`.
final class RawTCP: @unchecked Sendable {  // one test task owns it; the descriptor is not shared
    let fd: Int32

    /// Connects to `127.0.0.1:port`, from `source` (another loopback address) when given.
    init(port: Int, source: String? = nil, receiveBuffer: Int? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        if let receiveBuffer {
            var size = Int32(receiveBuffer)
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { close(fd); throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// Reads until the peer closes or `seconds` pass; returns what arrived and whether it closed.
    func readUntilClosed(seconds: Double) -> (bytes: [UInt8], closed: Bool) {
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (collected, true) }
            collected += buffer[0..<count]
        }
        return (collected, false)
    }

    /// Reads until `marker` has arrived (or the peer closed, or time ran out).
    func read(until marker: String, seconds: Double) -> String {
        String(decoding: readBytes(until: marker, seconds: seconds), as: UTF8.self)
    }

    func readBytes(until marker: String, seconds: Double) -> [UInt8] {
        let needle = Array(marker.utf8)
        func found(_ bytes: [UInt8]) -> Bool {
            bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
        }
        var collected: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline, !found(collected) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            collected += buffer[0..<count]
        }
        return collected
    }

    /// Runs blocking socket work on its own thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    // MARK: WebSocket by hand

    /// Performs the opening handshake for a room socket; the bytes that followed the
    /// response head (frames the server sent at once), or nil when it did not switch protocols.
    func upgrade(room: String) -> [UInt8]? {
        send(
            "GET /v1/rooms/\(room)/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        let bytes = readBytes(until: "\r\n\r\n", seconds: 5)
        guard String(decoding: bytes.prefix(12), as: UTF8.self) == "HTTP/1.1 101",
            let end = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) })
        else { return nil }
        return Array(bytes[(end + 4)...])
    }

    static func frame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return bytes + payload }
        let key: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return bytes + key + payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
    }

    static func text(_ text: String, fin: Bool = true, masked: Bool = true) -> [UInt8] { frame(opcode: 1, Array(text.utf8), fin: fin, masked: masked) }

    /// The server's frames in `bytes`: (opcode, payload).
    static func frames(in bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var frames: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            let opcode = bytes[index] & 0x0F
            var length = Int(bytes[index + 1] & 0x7F)
            var header = 2
            if length == 126 {
                guard index + 4 <= bytes.count else { break }
                length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                header = 4
            } else if length == 127 {
                guard index + 10 <= bytes.count else { break }
                length = (2..<10).reduce(0) { $0 << 8 | Int(bytes[index + $1]) }
                header = 10
            }
            guard index + header + length <= bytes.count else { break }
            frames.append((opcode, Array(bytes[(index + header)..<(index + header + length)])))
            index += header + length
        }
        return frames
    }

    /// The close code of the server's close frame, if one arrived.
    static func closeCode(in bytes: [UInt8]) -> Int? {
        guard let close = frames(in: bytes).first(where: { $0.opcode == 8 }), close.payload.count >= 2 else { return nil }
        return Int(close.payload[0]) << 8 | Int(close.payload[1])
    }
}
