import CatalogCore
import Foundation
import SimulcastCore
import Testing

@testable import TrackMatching

/// Issue 53 (2): YouTube's shapes, as tables. A video is read as the song it carries (its
/// title and the channel's name), then judged like any candidate: the studio recording is
/// taken, another recording or a video that is not the song is refused.
@Suite struct YouTubeVideoReadingTests {
    static func video(_ id: String, _ title: String, channel: String, seconds: Int? = nil) -> TrackMetadata {
        TrackMetadata(service: .youtube, id: id, title: title, artists: [channel], durationMs: seconds.map { $0 * 1_000 })
    }

    struct Reading: CustomTestStringConvertible, Sendable {
        var title: String
        var channel: String
        var song: String
        var artists: [String]
        var testDescription: String { "\(title) on \(channel)" }
    }

    @Test(arguments: [
        Reading(
            title: "Queen – Bohemian Rhapsody (Official Video Remastered)", channel: "Queen Official", song: "Bohemian Rhapsody (Remastered)",
            artists: ["Queen"]),
        Reading(title: "Bohemian Rhapsody (Remastered 2011)", channel: "Queen - Topic", song: "Bohemian Rhapsody (Remastered 2011)", artists: ["Queen"]),
        Reading(title: "Taylor Swift - Anti-Hero (Official Music Video)", channel: "TaylorSwiftVEVO", song: "Anti-Hero", artists: ["Taylor Swift"]),
        Reading(title: "Blinding Lights", channel: "TheWeekndVEVO", song: "Blinding Lights", artists: ["TheWeeknd"]),
        Reading(
            title: "Dua Lipa - Levitating Featuring DaBaby (Official Music Video)", channel: "Dua Lipa", song: "Levitating Featuring DaBaby",
            artists: ["Dua Lipa"]),
        Reading(title: "Ed Sheeran - Shape of You [Official Lyric Video]", channel: "Ed Sheeran", song: "Shape of You", artists: ["Ed Sheeran"]),
        Reading(
            title: "Calvin Harris, Dua Lipa - One Kiss (Official Video)", channel: "CalvinHarrisVEVO", song: "One Kiss", artists: ["Calvin Harris", "Dua Lipa"]),
        Reading(title: "BLACKPINK - 'How You Like That' M/V", channel: "BLACKPINK", song: "How You Like That", artists: ["BLACKPINK"]),
        Reading(title: "IU 'Blueming' MV", channel: "이지금 [IU Official]", song: "Blueming", artists: ["IU"]),
        Reading(title: "YOASOBI「夜に駆ける」Official Music Video", channel: "Ayase / YOASOBI", song: "夜に駆ける", artists: ["YOASOBI"]),
        Reading(
            title: "Guns N' Roses - Sweet Child O' Mine (Official Music Video)", channel: "GunsNRosesVEVO", song: "Sweet Child O' Mine",
            artists: ["Guns N' Roses"]),
        Reading(title: "Adele - Hello (Live at the NRJ Awards)", channel: "Adele", song: "Hello (Live at the NRJ Awards)", artists: ["Adele"]),
        Reading(title: "Adele - Hello Live at the BBC", channel: "Adele", song: "Hello (Live at the BBC)", artists: ["Adele"]),
        Reading(
            title: "Arctic Monkeys - Do I Wanna Know? | Official Video", channel: "ArcticMonkeysVEVO", song: "Do I Wanna Know?", artists: ["Arctic Monkeys"]),
        Reading(
            title: "The Killers - Mr. Brightside slowed + reverb", channel: "slowed vibes", song: "Mr. Brightside (slowed + reverb)", artists: ["The Killers"]),
        Reading(title: "Nightcore - Mr. Brightside", channel: "Nightcore Reality", song: "Mr. Brightside", artists: ["Nightcore"]),
        Reading(
            title: "First time hearing Queen - Bohemian Rhapsody REACTION", channel: "Lost in Vegas", song: "Bohemian Rhapsody (REACTION)",
            artists: ["First time hearing Queen"]),
        Reading(
            title: "The Killers - Under Cover of Darkness", channel: "The Killers - Topic", song: "The Killers - Under Cover of Darkness",
            artists: ["The Killers"]),
        Reading(title: "Video Killed the Radio Star", channel: "The Buggles - Topic", song: "Video Killed the Radio Star", artists: ["The Buggles"]),
        Reading(title: "Lana Del Rey - Video Games", channel: "LanaDelReyVEVO", song: "Video Games", artists: ["Lana Del Rey"]),
        Reading(title: "Sam Smith - Stay With Me (Official Music Video)", channel: "SamSmithWorldVEVO", song: "Stay With Me", artists: ["Sam Smith"]),
        Reading(title: "Harry Styles - As It Was (Official Video) [4K]", channel: "HarryStylesVEVO", song: "As It Was", artists: ["Harry Styles"]),
        Reading(
            title: "Luis Fonsi - Despacito ft. Daddy Yankee (Video Oficial)", channel: "LuisFonsiVEVO", song: "Despacito ft. Daddy Yankee",
            artists: ["Luis Fonsi"]),
        Reading(title: "Stromae - Alors on danse (Clip Officiel)", channel: "StromaeVEVO", song: "Alors on danse", artists: ["Stromae"]),
        Reading(title: "Coldplay - Yellow (1 Hour Loop)", channel: "Loops Forever", song: "Yellow (1 Hour Loop)", artists: ["Coldplay"]),
        Reading(title: "Someone You Loved Lyrics", channel: "7clouds", song: "Someone You Loved", artists: ["7clouds"]),
        // A tag before the title is a version, not part of the credit (and goes before a bar).
        Reading(
            title: "[1 Hour] Travis Scott - TOPIA TWINS ft. Rob49 & 21 Savage (Lyrics) | Trending Today 2023", channel: "Trending Today",
            song: "TOPIA TWINS ft. Rob49 & 21 Savage [1 Hour]", artists: ["Travis Scott"]),
        Reading(title: "(Nightcore) Mr. Brightside", channel: "Nightcore Reality", song: "Mr. Brightside (Nightcore)", artists: ["Nightcore Reality"]),
        Reading(title: "[Full Album] Joji - SMITHEREENS", channel: "K Musik", song: "SMITHEREENS [Full Album]", artists: ["Joji"]),
        // After a bar, a show or session is a performance; anything else describes the upload.
        Reading(title: "Joji - ATTENTION | A COLORS SHOW", channel: "COLORS", song: "ATTENTION (live A COLORS SHOW)", artists: ["Joji"]),
        Reading(title: "Joji - Sanctuary | Lyrics", channel: "Sunset Sounds", song: "Sanctuary", artists: ["Joji"]),
        // A short or a dance challenge carries a few seconds of the song.
        Reading(
            title: "MUSIC BANKで #HEARTRIS_Challenge ☁#MAKO #NiziU", channel: "NiziU Official",
            song: "MUSIC BANKで #HEARTRIS_Challenge ☁#MAKO #NiziU (short video)",
            artists: ["NiziU"]),
        Reading(
            title: "Dude,she's just not into you - Joji #shorts #88rising", channel: "TeriyakiKusunoki",
            song: "Joji #shorts #88rising (short video)", artists: ["Dude,she's just not into you"]),
    ])
    func aVideoIsReadAsTheSongItCarries(_ row: Reading) {
        let song = YouTubeVideoReading.song(in: Self.video("v", row.title, channel: row.channel))
        #expect(song.title == row.song)
        #expect(song.artists == row.artists)
        #expect(song.id == "v" && song.service == .youtube)
    }

    struct Pick: CustomTestStringConvertible, Sendable {
        var why: String
        var source: TrackMetadata
        var videos: [TrackMetadata]
        /// The video to play, or nil: no video is the song.
        var expected: String?
        var testDescription: String { why }
    }

    static let bohemian = TrackMetadata(
        service: .spotify, id: "src", title: "Bohemian Rhapsody - Remastered 2011", artists: ["Queen"], album: "A Night At The Opera (2011 Remaster)",
        durationMs: 354_320)
    static let antiHero = TrackMetadata(service: .appleMusic, id: "src", title: "Anti-Hero", artists: ["Taylor Swift"], album: "Midnights", durationMs: 200_690)
    static let brightside = TrackMetadata(
        service: .spotify, id: "src", title: "Mr. Brightside", artists: ["The Killers"], album: "Hot Fuss", durationMs: 222_075)

    @Test(arguments: [
        Pick(
            why: "the Topic channel's studio recording over the video with its intro",
            source: bohemian,
            videos: [
                video("official", "Queen – Bohemian Rhapsody (Official Video Remastered)", channel: "Queen Official", seconds: 359),
                video("topic", "Bohemian Rhapsody (Remastered 2011)", channel: "Queen - Topic", seconds: 355),
                video("live", "Queen - Bohemian Rhapsody (Live Aid 1985)", channel: "Queen Official", seconds: 150),
            ], expected: "topic"),
        Pick(
            why: "a music video with a long skit is not the song's length",
            source: antiHero,
            videos: [video("mv", "Taylor Swift - Anti-Hero (Official Music Video)", channel: "TaylorSwiftVEVO", seconds: 260)], expected: nil),
        Pick(
            why: "the official audio at the song's length",
            source: antiHero,
            videos: [
                video("mv", "Taylor Swift - Anti-Hero (Official Music Video)", channel: "TaylorSwiftVEVO", seconds: 260),
                video("audio", "Taylor Swift - Anti-Hero (Official Audio)", channel: "TaylorSwiftVEVO", seconds: 201),
            ], expected: "audio"),
        Pick(
            why: "slowed, nightcore, 8D, live, a cover, karaoke and a loop are all refused",
            source: brightside,
            videos: [
                video("slowed", "The Killers - Mr. Brightside slowed + reverb", channel: "slowed vibes", seconds: 222),
                video("nightcore", "Nightcore - Mr. Brightside", channel: "Nightcore Reality", seconds: 222),
                video("8d", "The Killers - Mr. Brightside (8D Audio)", channel: "8D Tunes", seconds: 222),
                video("live", "The Killers - Mr. Brightside (Live From The Royal Albert Hall)", channel: "TheKillersVEVO", seconds: 223),
                video("cover", "Mr. Brightside - The Killers (Cover by Jane Doe)", channel: "Jane Doe", seconds: 222),
                video("karaoke", "The Killers - Mr. Brightside (Karaoke Version)", channel: "Sing King", seconds: 222),
                video("loop", "The Killers - Mr. Brightside (1 Hour Loop)", channel: "Loops", seconds: 3_600),
                video("reaction", "The Killers - Mr. Brightside REACTION", channel: "React Squad", seconds: 222),
            ], expected: nil),
        Pick(
            why: "the same song among its imitations",
            source: brightside,
            videos: [
                video("cover", "Mr. Brightside - The Killers (Cover by Jane Doe)", channel: "Jane Doe", seconds: 222),
                video("official", "The Killers - Mr. Brightside (Official Music Video)", channel: "TheKillersVEVO", seconds: 223),
                video("lyrics", "The Killers - Mr. Brightside (Lyrics)", channel: "7clouds", seconds: 222),
            ], expected: "official"),
        Pick(
            why: "another artist's song of the same name",
            source: TrackMetadata(service: .spotify, id: "src", title: "Hello", artists: ["Adele"], durationMs: 295_000),
            videos: [video("richie", "Lionel Richie - Hello (Official Music Video)", channel: "LionelRichieVEVO", seconds: 295)], expected: nil),
    ])
    func theStudioRecordingIsTakenAndEverythingElseRefused(_ row: Pick) async {
        let catalog = OfflineCatalog(service: .youtube, tracks: row.videos)
        let result = await SimulcastMatcher().match(row.source, in: catalog, storefront: "us")
        #expect(result.track?.id == row.expected, "\(result.reasons)")
        if let track = result.track {
            #expect(track == row.videos.first { $0.id == track.id }, "the answer is the video as YouTube gave it, not its reading")
        }
    }

    @Test func aVideoAsTheSourceIsMatchedAsItsSong() async {
        let video = Self.video("yt", "Queen – Bohemian Rhapsody (Official Video Remastered)", channel: "Queen Official", seconds: 355)
        let catalog = OfflineCatalog(
            service: .appleMusic,
            tracks: [
                TrackMetadata(
                    service: .appleMusic, id: "am", title: "Bohemian Rhapsody", artists: ["Queen"], album: "A Night at the Opera", durationMs: 354_947),
                TrackMetadata(service: .appleMusic, id: "live", title: "Bohemian Rhapsody (Live Aid)", artists: ["Queen"], durationMs: 354_000),
            ])
        let result = await SimulcastMatcher().match(video, in: catalog, storefront: "us")
        #expect(result.track?.id == "am", "\(result.reasons)")
        let vlog = Self.video("vlog", "My morning routine 2024", channel: "Casey Vlogs", seconds: 612)
        #expect(await SimulcastMatcher().match(vlog, in: catalog, storefront: "us").track == nil, "a video that is not a song matches nothing")
    }
}
