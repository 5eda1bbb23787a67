import Foundation
import NIOCore
import NIOPosix

/// A connection to a D-Bus bus over its Unix socket, in plain Swift: SASL EXTERNAL
/// authentication, `Hello`, method calls with replies matched by serial, signals as a
/// stream, and serving method calls (for a test player). No libdbus needed.
public actor DBusConnection {
    public private(set) var uniqueName = ""
    private var serial: UInt32 = 0
    private var pending: [UInt32: CheckedContinuation<DBusMessage, any Error>] = [:]
    private var outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>?
    private var signalStreams: [UUID: AsyncStream<DBusMessage>.Continuation] = [:]
    private var methodHandler: (@Sendable (DBusMessage) async -> DBusMessage?)?
    private var reader: Task<Void, Never>?
    private var closed = false

    /// Connects to the session bus ($DBUS_SESSION_BUS_ADDRESS, else $XDG_RUNTIME_DIR/bus).
    public static func session() async throws -> DBusConnection {
        try await connect(path: try DBusAddress.sessionBusPath())
    }

    public static func connect(path: String) async throws -> DBusConnection {
        guard FileManager.default.fileExists(atPath: path) else { throw DBusError.connectionFailed("no socket at \(path)") }
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(unixDomainSocketPath: path) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        } catch {
            throw DBusError.connectionFailed("\(error)")
        }
        let connection = DBusConnection()
        let (ready, readyContinuation) = AsyncStream<Result<Void, any Error>>.makeStream()
        await connection.start(channel, ready: readyContinuation)
        for await result in ready {
            try result.get()
            break
        }
        let hello = try await connection.call(DBusMessage.busCall("Hello"))
        await connection.setUniqueName(hello.body.first?.string ?? "")
        return connection
    }

    private func setUniqueName(_ name: String) { uniqueName = name }

    private func start(_ channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, ready: AsyncStream<Result<Void, any Error>>.Continuation) {
        reader = Task {
            do {
                try await channel.executeThenClose { inbound, outbound in
                    var iterator = inbound.makeAsyncIterator()
                    try await Self.authenticate(&iterator, outbound)
                    self.attach(outbound)
                    ready.yield(.success(()))
                    ready.finish()
                    var buffer: [UInt8] = []
                    while let chunk = try await iterator.next() {
                        buffer.append(contentsOf: chunk.readableBytesView)
                        while let length = try DBusWireReader.messageLength(buffer[...]), buffer.count >= length {
                            let message = try DBusWireReader.decode(Array(buffer[..<length]))
                            buffer.removeFirst(length)
                            await self.dispatch(message)
                        }
                    }
                }
            } catch {
                ready.yield(.failure(error))
                ready.finish()
            }
            self.shutDown()
        }
    }

    private static func authenticate(
        _ inbound: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, _ outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws {
        let uid = String(getuid())
        let hexUID = uid.utf8.map { String(format: "%02x", $0) }.joined()
        try await outbound.write(ByteBuffer(bytes: [0] + Array("AUTH EXTERNAL \(hexUID)\r\n".utf8)))
        var line = ""
        while !line.hasSuffix("\r\n") {
            guard let chunk = try await inbound.next() else { throw DBusError.authenticationFailed("the bus closed the connection") }
            line += String(decoding: chunk.readableBytesView, as: UTF8.self)
            guard line.utf8.count < 4096 else { throw DBusError.authenticationFailed("answer too long") }
        }
        guard line.hasPrefix("OK ") else { throw DBusError.authenticationFailed(line.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try await outbound.write(ByteBuffer(bytes: Array("BEGIN\r\n".utf8)))
    }

    private func attach(_ writer: NIOAsyncChannelOutboundWriter<ByteBuffer>) { outbound = writer }

    private func shutDown() {
        closed = true
        outbound = nil
        for continuation in pending.values { continuation.resume(throwing: DBusError.disconnected) }
        pending = [:]
        for stream in signalStreams.values { stream.finish() }
        signalStreams = [:]
    }

    private func dispatch(_ message: DBusMessage) async {
        switch message.kind {
        case .methodReturn, .error:
            guard let replySerial = message.replySerial, let continuation = pending.removeValue(forKey: replySerial) else { return }
            if message.kind == .error {
                continuation.resume(throwing: DBusError.remote(name: message.errorName ?? "org.freedesktop.DBus.Error.Failed", message: message.errorMessage))
            } else {
                continuation.resume(returning: message)
            }
        case .signal:
            for stream in signalStreams.values { stream.yield(message) }
        case .methodCall:
            let handler = methodHandler
            Task {
                var reply =
                    await handler?(message)
                    ?? message.errorReply(name: "org.freedesktop.DBus.Error.UnknownMethod", text: "no such method \(message.member ?? "")")
                guard message.flags & DBusMessage.noReplyExpected == 0 else { return }
                reply.replySerial = message.serial
                reply.destination = message.sender
                _ = try? await self.send(reply)
            }
        }
    }

    /// Sends a message that expects no reply (a signal, a reply); returns its serial.
    @discardableResult
    public func send(_ message: DBusMessage) async throws -> UInt32 {
        guard let outbound, !closed else { throw DBusError.disconnected }
        serial &+= 1
        if serial == 0 { serial = 1 }
        let bytes = try DBusWireWriter.encode(message, serial: serial)
        try await outbound.write(ByteBuffer(bytes: bytes))
        return serial
    }

    /// Calls a method and waits for its reply; a D-Bus error reply is thrown as `DBusError.remote`.
    public func call(_ message: DBusMessage, timeout: Duration = .seconds(5)) async throws -> DBusMessage {
        guard let outbound, !closed else { throw DBusError.disconnected }
        serial &+= 1
        if serial == 0 { serial = 1 }
        let id = serial
        let bytes = try DBusWireWriter.encode(message, serial: id)
        let what = "\(message.interface ?? "").\(message.member ?? "")"
        let timer = Task {
            try await Task.sleep(for: timeout)
            self.fail(id, with: DBusError.timedOut(what))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            pending[id] = continuation
            Task {
                do { try await outbound.write(ByteBuffer(bytes: bytes)) } catch { self.fail(id, with: DBusError.disconnected) }
            }
        }
    }

    private func fail(_ id: UInt32, with error: DBusError) {
        pending.removeValue(forKey: id)?.resume(throwing: error)
    }

    /// Every signal this connection receives (add match rules to receive others' signals).
    public func signals() -> AsyncStream<DBusMessage> {
        let (stream, continuation) = AsyncStream<DBusMessage>.makeStream()
        if closed {
            continuation.finish()
            return stream
        }
        let id = UUID()
        signalStreams[id] = continuation
        continuation.onTermination = { _ in Task { await self.removeStream(id) } }
        return stream
    }

    private func removeStream(_ id: UUID) { signalStreams[id] = nil }

    /// Serves method calls made to this connection: return a reply, or an error reply.
    public func serve(_ handler: @escaping @Sendable (DBusMessage) async -> DBusMessage?) {
        methodHandler = handler
    }

    public func close() {
        reader?.cancel()
        outbound?.finish()
        shutDown()
    }

    // MARK: The bus's own methods

    public func requestName(_ name: String) async throws {
        let reply = try await call(DBusMessage.busCall("RequestName", [.string(name), .uint32(0x4)]))
        guard case .uint32(let result) = reply.body.first, result == 1 || result == 4 else {
            throw DBusError.remote(name: "org.freedesktop.DBus.Error.NameTaken", message: "\(name) is owned by another connection")
        }
    }

    public func addMatch(_ rule: String) async throws {
        _ = try await call(DBusMessage.busCall("AddMatch", [.string(rule)]))
    }

    public func listNames() async throws -> [String] {
        try await call(DBusMessage.busCall("ListNames")).body.first?.strings ?? []
    }

    /// `org.freedesktop.DBus.Properties.Get`.
    public func property(_ name: String, interface: String, of destination: String, path: String) async throws -> DBusValue {
        let reply = try await call(
            DBusMessage(
                kind: .methodCall, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get", destination: destination,
                body: [.string(interface), .string(name)]))
        guard let value = reply.body.first else { throw DBusError.malformed("Get returned nothing") }
        return value.unwrapped
    }

    /// `org.freedesktop.DBus.Properties.Set`.
    public func setProperty(_ name: String, to value: DBusValue, interface: String, of destination: String, path: String) async throws {
        _ = try await call(
            DBusMessage(
                kind: .methodCall, path: path, interface: "org.freedesktop.DBus.Properties", member: "Set", destination: destination,
                body: [.string(interface), .string(name), .variant(value)]))
    }

    /// `org.freedesktop.DBus.Properties.GetAll`.
    public func properties(interface: String, of destination: String, path: String) async throws -> [String: DBusValue] {
        let reply = try await call(
            DBusMessage(
                kind: .methodCall, path: path, interface: "org.freedesktop.DBus.Properties", member: "GetAll", destination: destination,
                body: [.string(interface)]))
        return reply.body.first?.dictionary ?? [:]
    }
}

extension DBusMessage {
    /// A call to the bus daemon itself.
    public static func busCall(_ member: String, _ body: [DBusValue] = []) -> DBusMessage {
        DBusMessage(
            kind: .methodCall, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: member, destination: "org.freedesktop.DBus", body: body
        )
    }

    /// A successful reply to this call.
    public func reply(_ body: [DBusValue] = []) -> DBusMessage {
        var message = DBusMessage(kind: .methodReturn, body: body)
        message.replySerial = serial
        message.destination = sender
        return message
    }

    public func errorReply(name: String, text: String) -> DBusMessage {
        var message = DBusMessage(kind: .error, body: [.string(text)])
        message.errorName = name
        message.replySerial = serial
        message.destination = sender
        return message
    }
}
