// swift-tools-version:6.1
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "simulcast",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "simulcast", targets: ["simulcast"]),
        .executable(name: "simulcast-bench", targets: ["simulcast-bench"]),
        .library(name: "SimulcastCore", targets: ["SimulcastCore"]),
    ],
    dependencies: [
        // Without its swift-configuration support (a default trait), which nothing here reads.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        // Tests only: an independent HTTP client that probes the server (the product speaks HTTP
        // to the services through ServiceHTTP's own NIO transport).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Already built for Hummingbird; named here for the D-Bus client's Unix socket.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Already built for Hummingbird; named here because the server's pipeline uses them directly.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The shared store and bus when several server nodes run (`--database postgres://...`).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // Already built for postgres-nio; named here for `sslmode=require`.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // The REST routes' types and server stubs are generated from Sources/SimulcastServer/openapi.yaml
        // by scripts/generate-openapi.sh and committed (Sources/SimulcastServer/Generated), so no
        // build compiles the generator; CI checks they match the document.
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird.git", from: "2.1.0"),
    ],
    targets: [
        // Models, wire protocol, clock and position maths, follow policy, player interfaces: no I/O.
        .target(name: "SimulcastCore", swiftSettings: strict),
        // Catalog interfaces and the offline (file) catalog: no network.
        .target(name: "CatalogCore", dependencies: ["SimulcastCore"], swiftSettings: strict),
        // Turning a source track into a target service's track.
        .target(name: "TrackMatching", dependencies: ["SimulcastCore", "CatalogCore"], swiftSettings: strict),
        // Talking to a music service's HTTP API: the transport (HTTP/1.1 over NIO live, loopback
        // fakes in tests), pacing, retries, typed errors; shared by the catalogs and the login.
        // And the client WebSocket the room connection runs on.
        .target(
            name: "ServiceHTTP",
            dependencies: [
                "SimulcastCore", "CatalogCore",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Live catalog clients (iTunes Search, Apple Music API, Spotify Web API, Deezer), their models, the response cache.
        .target(
            name: "Catalogs",
            dependencies: [
                "ServiceHTTP", "SimulcastCore", "CatalogCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Signing a host in to Spotify: PKCE, the loopback redirect receiver, the refresh-token file.
        .target(
            name: "SpotifyAuth",
            dependencies: [
                "ServiceHTTP", "SimulcastCore", "Catalogs",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // The room domain: the hub, live rooms and their store interface, corrections, host
        // claims, limits and metrics. No HTTP, no NIO, no SQL.
        .target(
            name: "Rooms",
            dependencies: [
                "SimulcastCore", "CatalogCore", "TrackMatching",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict
        ),
        // The SQL room stores: SQLite (embedded) and PostgreSQL (several nodes), and their response caches.
        .target(
            name: "RoomStorage",
            dependencies: [
                "Rooms", "SimulcastCore", "Catalogs",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // QR codes for room links: a pure encoder (ISO/IEC 18004, byte mode, level M) drawn as SVG.
        .target(name: "QRCode", dependencies: ["SimulcastCore"], swiftSettings: strict),
        // The system's zlib, for the web files gzipped once at start (every Linux and macOS has it).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // The HTTP and WebSocket application: routes, the socket pipeline, connection limits, the web page.
        .target(
            name: "SimulcastServer",
            dependencies: [
                "Rooms", "SimulcastCore", "CatalogCore", "TrackMatching", "Catalogs", "QRCode", "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
            ],
            resources: [.copy("Web"), .copy("openapi.yaml")],
            swiftSettings: strict
        ),
        // The WebSocket room client, host and listener sessions, the simulated and printing players.
        .target(
            name: "SimulcastClient",
            dependencies: [
                "SimulcastCore", "ServiceHTTP",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // A small D-Bus client on the bus socket (no libdbus), for MPRIS.
        .target(
            name: "DBus",
            dependencies: [.product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")],
            swiftSettings: strict
        ),
        // Linux players over MPRIS (D-Bus): the host source that reads one, the driver a listener controls.
        .target(
            name: "MPRIS",
            dependencies: ["SimulcastCore", "DBus", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // Audio fingerprints: decoding, spectral peaks, landmark catalogs, recognition with offset and speed.
        .target(name: "Fingerprint", dependencies: ["SimulcastCore"], swiftSettings: strict),
        // Host-side sources of playback: the Spotify Web API poller, audio recognition.
        .target(
            name: "HostSources",
            dependencies: ["ServiceHTTP", "SimulcastCore", "Catalogs", "Fingerprint", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        // Rooms hosted from a browser: the server follows the host's Spotify with the CLI's own
        // source and session, over an in-process connection; logins sealed with the server's key.
        .target(
            name: "ServerHosting",
            dependencies: [
                "ServiceHTTP", "Rooms", "SimulcastCore", "SimulcastClient", "HostSources", "SpotifyAuth", "Catalogs",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // A listening session in virtual time with the shipped session types (the sync benchmark, and tests).
        .target(
            name: "SyncSimulator",
            dependencies: [
                "SimulcastCore", "CatalogCore", "SimulcastClient", "Rooms", "TrackMatching", "HostSources", "MPRIS", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        // Running a server for real: the config file (TOML), the settings every `serve` flag
        // can take from it or the environment, `setup`'s answers and `doctor`'s checks.
        .target(
            name: "ServerSetup",
            dependencies: [
                "ServiceHTTP", "SimulcastCore", "Catalogs", "Rooms", "RoomStorage", "SimulcastServer", "ServerHosting", "TrackMatching",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The Caddyfile the README shows (deploy/Caddyfile links to it); `setup` fills it in.
            resources: [.copy("Caddyfile")],
            swiftSettings: strict
        ),
        // Terminal output shared by the two executables (progress bars).
        .target(name: "TerminalUI", swiftSettings: strict),
        .executableTarget(
            name: "simulcast",
            dependencies: [
                "ServiceHTTP", "SimulcastCore", "CatalogCore", "Rooms", "RoomStorage", "SimulcastServer", "SimulcastClient", "Catalogs", "SpotifyAuth", "TrackMatching", "HostSources",
                // Linux players over D-Bus: a macOS build compiles neither (its host reads the Mac apps over AppleScript).
                .target(name: "MPRIS", condition: .when(platforms: [.linux])), .target(name: "DBus", condition: .when(platforms: [.linux])),
                "Fingerprint", "TerminalUI", "ServerHosting", "ServerSetup",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: strict
        ),
        // Fuzz targets: libFuzzer entry points with -DFUZZING (scripts/fuzz.sh), corpus replayers otherwise.
        .executableTarget(name: "FuzzWire", dependencies: ["SimulcastCore"], swiftSettings: strict),
        .executableTarget(name: "FuzzDBus", dependencies: ["DBus"], swiftSettings: strict),
        // Benchmarks (run with -c release); they may read ../shared, the tests never do.
        .executableTarget(
            name: "simulcast-bench",
            dependencies: [
                "SimulcastCore", "CatalogCore", "Catalogs", "TrackMatching", "Rooms", "RoomStorage", "SimulcastServer", "SimulcastClient", "Fingerprint", "TerminalUI",
                "SyncSimulator", "ServiceHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // Test helpers shared by the test targets: fakes of every service, a manual clock, the
        // browser SDK fakes the web page tests load, small fixtures. A test target, so that
        // `swift build` and `swift run` never compile it; the other test targets depend on it.
        .testTarget(
            name: "SimulcastTesting",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "ServiceHTTP", "SimulcastClient", "SimulcastCore", "SimulcastServer", "CatalogCore", "Catalogs", "SpotifyAuth", "DBus", "MPRIS", "Fingerprint", "TrackMatching", "Rooms",
                "RoomStorage",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Sources/SimulcastTesting",
            resources: [.copy("Web")],
            swiftSettings: strict
        ),
        // Runs the built `simulcast` as a user would: `--help` snapshots, refused arguments.
        .testTarget(
            name: "CLITests",
            dependencies: [
                "SimulcastTesting", .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ], exclude: ["Help"],
            swiftSettings: strict),
        .testTarget(name: "SyncSimulatorTests", dependencies: ["SyncSimulator", "SimulcastClient", "SimulcastCore"], swiftSettings: strict),
        .testTarget(name: "SimulcastCoreTests", dependencies: ["SimulcastCore", "SimulcastTesting"], swiftSettings: strict),
        .testTarget(name: "FingerprintTests", dependencies: ["Fingerprint", "SimulcastTesting"], swiftSettings: strict),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "SimulcastTesting"], swiftSettings: strict),
        .testTarget(name: "ServerHostingTests", dependencies: ["ServerHosting"], swiftSettings: strict),
        // The benchmarks' own arithmetic and parsers (the figures in docs/BENCHMARKS.md rest on them).
        .testTarget(name: "BenchTests", dependencies: ["simulcast-bench"], swiftSettings: strict),
        // Each domain module has its own tests; SimulcastServerTests keeps HTTP, sockets, limits and pages.
        .testTarget(
            name: "RoomsTests",
            dependencies: ["ServiceHTTP", "Rooms", "SimulcastCore", "SimulcastTesting", "CatalogCore", "Catalogs", "TrackMatching", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict),
        .testTarget(
            name: "RoomStorageTests",
            dependencies: [
                "RoomStorage", "Rooms", "SimulcastCore", "SimulcastTesting", "Catalogs", "ServiceHTTP", "TrackMatching",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ServiceHTTPTests",
            dependencies: [
                "ServiceHTTP", "SimulcastCore", "SimulcastTesting", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SimulcastClientTests",
            dependencies: [
                "SimulcastClient", "SimulcastCore", "SimulcastTesting", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ServerSetupTests",
            dependencies: [
                "ServerSetup", "SimulcastServer", "SimulcastCore", "SimulcastTesting", "Catalogs", "Rooms", "RoomStorage", "ServerHosting",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "SimulcastTesting"], swiftSettings: strict),
        .testTarget(
            name: "MPRISTests",
            dependencies: ["MPRIS", "DBus", "SimulcastCore", "SimulcastTesting", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HostSourcesTests",
            dependencies: [
                "ServiceHTTP", "HostSources", "Fingerprint", "SimulcastCore", "SimulcastTesting", "Catalogs", "SpotifyAuth", "SyncSimulator",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict
        ),
        .testTarget(name: "TrackMatchingTests", dependencies: ["TrackMatching", "CatalogCore", "SimulcastCore"], swiftSettings: strict),
        .testTarget(
            name: "CatalogsTests",
            dependencies: [
                "ServiceHTTP", "Catalogs", "CatalogCore", "SpotifyAuth", "TrackMatching", "SimulcastCore", "SimulcastTesting", "SimulcastClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Recorded")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SimulcastServerTests",
            dependencies: [
                "ServiceHTTP", "SimulcastServer", "Rooms", "RoomStorage", "SimulcastClient", "SimulcastCore", "SimulcastTesting", "CatalogCore", "Catalogs", "TrackMatching", "HostSources",
                "MPRIS", "DBus", "Fingerprint", "ServerHosting", "SpotifyAuth", "SyncSimulator",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strict
        ),
    ]
)
