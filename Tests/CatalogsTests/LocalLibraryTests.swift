import CatalogCore
import Catalogs
import Foundation
import SimulcastCore
import Testing

@Suite struct LocalLibraryTests {
    @Test(arguments: [
        ("/music/B*Witched/01 C'est La Vie.flac", "C'est La Vie", "B*Witched"),
        ("/music/5 Seconds of Summer - She Looks So Perfect.mp3", "She Looks So Perfect", "5 Seconds of Summer"),
        ("/music/x/1-02 - Queen - Bohemian Rhapsody - 2011 Remaster.ogg", "Bohemian Rhapsody - 2011 Remaster", "Queen"),
        ("/music/Aphex Twin/Xtal.wav", "Xtal", "Aphex Twin"),
    ])
    func namesGiveTitleAndArtist(_ path: String, _ title: String, _ artist: String) {
        let track = LocalLibrary.track(forFileAt: URL(fileURLWithPath: path))
        #expect(track.title == title)
        #expect(track.artists == [artist])
        #expect(track.id == path)
        #expect(track.service == .localFiles)
    }

    @Test func scansAFolderForAudioOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("B*Witched"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["B*Witched/01 C'est La Vie.flac", "B*Witched/cover.jpg", "notes.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let catalog = try LocalLibrary.load(folder.path)
        #expect(catalog.count == 1)
        #expect(throws: CatalogError.self) { _ = try LocalLibrary.load(folder.appendingPathComponent("missing").path) }
    }
}
