import CatalogCore
import Foundation
import SimulcastCore
import Testing
import TrackMatching

/// Host and listener each play their own files: the host's path exists only on the host's
/// machine, so the listener's matcher must find the song in the listener's own library.
@Suite struct LocalLibraryMatchingTests {
    /// Two music folders laid out differently, as two people's would be.
    static func libraries() throws -> (host: URL, listener: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-libraries-\(UUID().uuidString)")
        let host = root.appendingPathComponent("host-music")
        let listener = root.appendingPathComponent("listener-music")
        let files = [
            host.appendingPathComponent("B*Witched - C'est La Vie.mp3"),
            host.appendingPathComponent("Gala - Freed from Desire.mp3"),
            listener.appendingPathComponent("B*Witched/01 C'est La Vie.flac"),
            listener.appendingPathComponent("B*Witched/02 Rollercoaster.flac"),
            listener.appendingPathComponent("Gala/03 Freed from Desire (Radio Edit).flac"),
        ]
        for file in files {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: file)
        }
        return (host, listener)
    }

    @Test func theListenersOwnFileIsFoundNotTheHostsPath() async throws {
        let (hostFolder, listenerFolder) = try Self.libraries()
        defer { try? FileManager.default.removeItem(at: hostFolder.deletingLastPathComponent()) }
        let hostLibrary = try LocalLibrary.load(hostFolder.path)
        let listenerLibrary = try LocalLibrary.load(listenerFolder.path)
        let source = try #require(hostLibrary.entries.map(\.track).first { $0.title == "C'est La Vie" })
        #expect(source.service == .localFiles)

        let listenerSide = TrackMatchmaker(catalogs: [.localFiles: listenerLibrary], matcher: SimulcastMatcher())
        let result = await listenerSide.match(source, on: .localFiles, storefront: "local")
        #expect(result.isMatched)
        #expect(result.method.strategy != .identity)
        let found = try #require(result.track)
        #expect(found.id == listenerFolder.appendingPathComponent("B*Witched/01 C'est La Vie.flac").standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: found.id))
        #expect(!FileManager.default.fileExists(atPath: listenerFolder.appendingPathComponent(source.id).path))
    }

    @Test func aSongTheListenerDoesNotHaveIsNotFound() async throws {
        let (hostFolder, listenerFolder) = try Self.libraries()
        defer { try? FileManager.default.removeItem(at: hostFolder.deletingLastPathComponent()) }
        try FileManager.default.removeItem(at: listenerFolder.appendingPathComponent("B*Witched"))
        let source = try #require(try LocalLibrary.load(hostFolder.path).entries.map(\.track).first { $0.title == "C'est La Vie" })
        let listenerSide = TrackMatchmaker(catalogs: [.localFiles: try LocalLibrary.load(listenerFolder.path)], matcher: SimulcastMatcher())
        let result = await listenerSide.match(source, on: .localFiles, storefront: "local")
        #expect(!result.isMatched)
    }

    @Test func aServerWithoutTheListenersLibrarySaysSoInsteadOfSendingTheHostsPath() async {
        let source = TrackMetadata(service: .localFiles, id: "/home/host/Music/song.mp3", title: "Song", artists: ["Artist"])
        let result = await TrackMatchmaker(catalogs: [:], matcher: SimulcastMatcher()).match(source, on: .localFiles, storefront: "local")
        #expect(result.status == .unavailable)
        #expect(result.track == nil)
    }

    @Test func otherServicesStillMatchThemselvesByIdentity() async {
        let source = TrackMetadata(service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artists: ["B*Witched"])
        let result = await TrackMatchmaker(catalogs: [:], matcher: SimulcastMatcher()).match(source, on: .spotify, storefront: "us")
        #expect(result.method == .identity)
        #expect(result.track == source)
    }
}
