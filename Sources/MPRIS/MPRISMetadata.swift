import DBus
import Foundation
import SimulcastCore

/// An MPRIS `Metadata` map read into what Simulcast needs. The track's identity comes from
/// what the player exposes: Spotify's client gives `/com/spotify/track/ID` or an
/// open.spotify.com URL; a local-files player gives a `file://` URL.
public struct MPRISMetadata: Hashable, Sendable {
    public var trackObjectPath: String?
    public var lengthMicros: Int64?
    public var title: String?
    public var artists: [String]
    public var album: String?
    public var url: String?
    public var artURL: String?

    public init(
        trackObjectPath: String? = nil, lengthMicros: Int64? = nil, title: String? = nil, artists: [String] = [], album: String? = nil, url: String? = nil,
        artURL: String? = nil
    ) {
        self.trackObjectPath = trackObjectPath
        self.lengthMicros = lengthMicros
        self.title = title
        self.artists = artists
        self.album = album
        self.url = url
        self.artURL = artURL
    }

    public init(_ map: [String: DBusValue]) {
        self.init(
            trackObjectPath: map["mpris:trackid"]?.string, lengthMicros: map["mpris:length"]?.int64, title: map["xesam:title"]?.string,
            artists: map["xesam:artist"]?.strings ?? [], album: map["xesam:album"]?.string, url: map["xesam:url"]?.string, artURL: map["mpris:artUrl"]?.string)
    }

    /// The `a{sv}` a player publishes (for the test player).
    public var map: DBusValue {
        var entries: [(String, DBusValue)] = []
        if let trackObjectPath { entries.append(("mpris:trackid", .objectPath(trackObjectPath))) }
        if let lengthMicros { entries.append(("mpris:length", .int64(lengthMicros))) }
        if let title { entries.append(("xesam:title", .string(title))) }
        entries.append(("xesam:artist", .array(elementSignature: "s", artists.map(DBusValue.string))))
        if let album { entries.append(("xesam:album", .string(album))) }
        if let url { entries.append(("xesam:url", .string(url))) }
        if let artURL { entries.append(("mpris:artUrl", .string(artURL))) }
        return .stringVariantMap(entries)
    }

    /// Which service and id this is: Spotify when the player says so, else a local file
    /// (its path), else the player's own track id.
    public var identity: (service: MusicService, id: String)? {
        for candidate in [url, trackObjectPath].compactMap({ $0 }) {
            if let id = SpotifyTrackLink.id(in: candidate) { return (.spotify, id) }
        }
        if let url, let parsed = URL(string: url), parsed.isFileURL { return (.localFiles, parsed.path) }
        if let trackObjectPath, trackObjectPath != "/org/mpris/MediaPlayer2/TrackList/NoTrack" { return (.localFiles, trackObjectPath) }
        if let url { return (.localFiles, url) }
        return nil
    }

    public var track: TrackMetadata? {
        guard let identity, let title, !title.isEmpty else { return nil }
        var (shownTitle, shownArtists) = (title, artists)
        // An untagged file: the player's title is the file's name. Described as a listener's
        // library describes the same file, so the two can match.
        if identity.service == .localFiles, artists.isEmpty, FileTrackName.isFileName(title, ofFileAt: identity.id) {
            let described = FileTrackName.describe(path: identity.id)
            (shownTitle, shownArtists) = (described.title, [described.artist])
        }
        return TrackMetadata(
            service: identity.service, id: identity.id, title: shownTitle, artists: shownArtists, album: album,
            durationMs: lengthMicros.map { Int($0 / 1000) }, artworkURL: artURL)
    }
}
