/// What a function's instructions are spent on, told from the library it was loaded from and,
/// for Swift code in the executable, the module its mangled name begins with.
enum InstructionPart: String, CaseIterable, Codable {
    case referenceCounting = "retain/release (Swift runtime)"
    case exclusivity = "exclusivity checks (Swift runtime)"
    case allocation = "allocation (malloc, free, Swift objects)"
    case concurrency = "actor hops and tasks (Swift concurrency)"
    case foundation = "Foundation (JSON, strings, dates)"
    case standardLibrary = "Swift standard library"
    case nio = "NIO (event loops, sockets, WebSocket frames)"
    case http = "Hummingbird (HTTP, upgrades, routing)"
    case rooms = "rooms (LiveRoom, hub, fan-out)"
    case server = "server (sockets, outbox, metrics)"
    case core = "core (wire codec, state)"
    case store = "store (SQLite, PostgreSQL)"
    case logging = "logging and metrics libraries"
    case libc = "libc (memcpy, syscall wrappers)"
    case other = "other"

    init(of function: CallgrindProfile.Function) {
        let object = function.object.split(separator: "/").last.map(String.init) ?? function.object
        let name = function.name
        if name.hasPrefix("swift_retain") || name.hasPrefix("swift_release") || name.hasPrefix("swift_bridgeObjectRe")
            || name.hasPrefix("swift_unknownObjectRe") || name.hasPrefix("swift_nonatomic_re") || name.contains("RefCounts")
        {
            self = .referenceCounting
        } else if name.hasPrefix("swift_beginAccess") || name.hasPrefix("swift_endAccess") || name.contains("AccessSet") {
            self = .exclusivity
        } else if [
            "malloc", "free", "cfree", "realloc", "calloc", "_int_malloc", "_int_free", "malloc_consolidate", "swift_allocObject", "swift_deallocObject",
            "swift_slowAlloc", "swift_slowDealloc", "swift_deallocClassInstance", "_int_realloc", "tcache_get", "tcache_put",
        ].contains(name) || name.hasPrefix("_int_free") || name.hasPrefix("__libc_malloc") || name.hasPrefix("__libc_free") {
            self = .allocation
        } else if object.hasPrefix("libswift_Concurrency") || name.hasPrefix("swift_task_") || name.hasPrefix("swift_job") {
            self = .concurrency
        } else if object.hasPrefix("libFoundation") || object.hasPrefix("lib_FoundationICU") || object.hasPrefix("libicu") {
            self = .foundation
        } else if object.hasPrefix("libswiftCore") || object.hasPrefix("libswift") {
            self = .standardLibrary
        } else if object.hasPrefix("libc.so") || object.hasPrefix("ld-linux") || object.hasPrefix("libpthread") || object.hasPrefix("libm.so") {
            self = .libc
        } else if object.hasPrefix("libsqlite") || name.hasPrefix("sqlite3") {
            self = .store
        } else {
            self = Self.part(ofModule: Self.module(ofMangled: name))
        }
    }

    /// The module a Swift symbol (`$s<length><module>...`) was declared in; "Swift" for the
    /// standard library's shorthand (`$sS...`, `$ss...`); nil for a C symbol.
    static func module(ofMangled name: String) -> String? {
        guard name.hasPrefix("$s") else { return nil }
        let rest = name.dropFirst(2)
        guard let first = rest.first else { return nil }
        if first == "S" || first == "s" { return "Swift" }
        let digits = rest.prefix { $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let module = rest.dropFirst(digits.count).prefix(length)
        return module.count == length ? String(module) : nil
    }

    private static func part(ofModule module: String?) -> Self {
        guard let module else { return .other }
        switch module {
        case "Swift", "_StringProcessing", "Synchronization": return .standardLibrary
        case "Foundation", "FoundationEssentials", "FoundationInternationalization": return .foundation
        case "Rooms": return .rooms
        case "SimulcastServer", "ServerHosting", "ServerSetup": return .server
        case "SimulcastCore": return .core
        case "RoomStorage", "PostgresNIO", "SQLite", "CSQLite": return .store
        case "Logging", "Metrics", "CoreMetrics", "Tracing", "ServiceContextModule", "ServiceLifecycle": return .logging
        default:
            if module.hasPrefix("NIO") || module.hasPrefix("_NIO") { return .nio }
            if module.hasPrefix("Hummingbird") || module.hasPrefix("HTTPTypes") { return .http }
            return .other
        }
    }
}
