import ArgumentParser
import SimulcastCore

/// A service named on the command line (`listen --service`, `match --from/--to`, `correct --to`, `login`).
enum ServiceOption: String, CaseIterable, ExpressibleByArgument {
    case appleMusic = "apple-music"
    case deezer
    case spotify
    /// Music files on this machine (listen: with --library and an MPRIS player).
    case local

    var musicService: MusicService { MusicService(rawValue: rawValue) }
}
