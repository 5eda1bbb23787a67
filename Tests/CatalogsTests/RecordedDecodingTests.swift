import Foundation
import SimulcastCore
import Testing

@testable import Catalogs

/// The decoders read the services' real bodies, recorded from the live APIs.
@Suite struct RecordedDecodingTests {
    @Test func iTunesLookupOfAnAlbum() throws {
        let response = try JSONDecoder().decode(
            ITunesSearchResponse.self, from: try Recorded.data("itunes-lookup-entity-song-limit-200-id-1728639278-country-us.json"))
        #expect(response.resultCount == 7)
        // The first result is the album itself; the six songs follow.
        #expect(response.songs.count == 6)
        let intro = try #require(response.songs.first)
        #expect(intro.id == "1728639279")
        #expect(intro.title == "INSIDE-OUTSIDE (Intro)")
        #expect(intro.artists == ["Dreamcatcher"])
        #expect(intro.album == "Nightmare·Escape The ERA - EP")
        #expect(intro.trackNumber == 1)
        #expect(intro.discNumber == 1)
        #expect(intro.explicit == false)
        #expect(intro.releaseDate == "2018-05-10")
        #expect(intro.service == .appleMusic)
        #expect(intro.artworkURL?.hasSuffix("/600x600bb.jpg") == true)
        #expect((intro.durationMs ?? 0) > 0)
    }

    @Test func deezerTrack() throws {
        let object = try JSONDecoder().decode(DeezerTrackObject.self, from: try Recorded.data("deezer-track-2947516331.json"))
        let track = try #require(object.track(in: "fr"))
        #expect(track.id == "2947516331")
        #expect(track.title == "Die With A Smile")
        #expect(track.isrc == "USUM72409273")
        #expect(track.durationMs == 250_000)
        #expect(track.artists.contains("Lady Gaga"))
        #expect(track.album == "Die With A Smile")
        // Available countries are honoured: the recorded track lists those it plays in.
        let countries = object.availableCountries ?? []
        #expect(!countries.isEmpty)
        #expect(object.track(in: "zz") == nil)
    }

    @Test func spotifyTrackWithISRC() throws {
        struct Tracks: Decodable { var tracks: [SpotifyTrackObject] }
        let response = try JSONDecoder().decode(Tracks.self, from: try Recorded.data("spotify-v1-tracks-ids-2plbrEY59IikOBgBGLjaoe.json"))
        let track = try #require(response.tracks.first?.track)
        #expect(track.id == "2plbrEY59IikOBgBGLjaoe")
        #expect(track.title == "Die With A Smile")
        #expect(track.artists == ["Lady Gaga", "Bruno Mars"])
        #expect(track.isrc == "USUM72409273")
        #expect(track.album == "Die With A Smile")
        #expect(track.service == .spotify)
    }

    @Test func spotifyAlbumWithUPC() throws {
        let album = try JSONDecoder().decode(SpotifyAlbumObject.self, from: try Recorded.data("spotify-v1-albums-10FLjwfpbxLmW8c25Xyc2N.json"))
        #expect(album.id == "10FLjwfpbxLmW8c25Xyc2N")
        #expect(album.upc?.isEmpty == false)
    }
}
