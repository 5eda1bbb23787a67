/// Why the host's offer of the room was not made.
package enum HandoverRefusal: Error, Hashable, Sendable {
    /// No listener with that id is connected to the room, on any node.
    case notInRoom
    /// The addressee listens on another service: a page takes the room over playing Apple Music.
    case notOnAppleMusic(name: String)
    /// The store could not save the offer.
    case notSaved
}
