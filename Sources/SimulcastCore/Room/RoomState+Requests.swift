import Foundation

/// Song requests as changes to the room's state, without I/O: the room commits what these
/// return, so every node and every listener sees the same list, and reconnecting changes none of it.
extension RoomState {
    public var songRequests: [SongRequest] { requests ?? [] }

    public var takesRequests: Bool { (requestPolicy ?? .off) != .off }

    /// A listener's request for `asked`, matched on the host's service as `match` (nil, with
    /// `note` saying why, when there is none). The same song asked again while open is one
    /// request backed by both. Returns the request as it now stands.
    @discardableResult
    public mutating func addRequest(
        id: String, asked: TrackMetadata, match: TrackMetadata?, note: String?, by name: String, at time: ServerTime, rules: SongRequestRules
    ) throws(SongRequestRefusal) -> SongRequest {
        guard takesRequests else { throw .requestsOff }
        var list = Self.expiring(songRequests, at: time, rules: rules)
        if let index = list.firstIndex(where: { $0.status.isOpen && $0.isSameSong(as: asked, match: match) }) {
            if !list[index].isWanted(by: name), list[index].supporters.count < rules.supportersKept { list[index].supporters.append(name) }
            requests = list
            return list[index]
        }
        let open = list.filter(\.status.isOpen)
        guard open.count(where: { $0.requestedBy == name }) < rules.openPerListener else { throw .tooManyOpen(perListener: rules.openPerListener) }
        guard match == nil || open.count < rules.openPerRoom else { throw .roomFull(perRoom: rules.openPerRoom) }
        let status: SongRequest.Status = match == nil ? .unplayable : (requestPolicy == .automatic ? .accepted : .pending)
        let request = SongRequest(
            id: id, asked: asked.slimmedForRequests, match: match?.slimmedForRequests, note: match == nil ? note : nil, requestedBy: name, status: status,
            requestedAt: time)
        list.append(request)
        guard let kept = Self.pruned(list, rules: rules), Self.encodedSize(kept) <= rules.budgetBytes else { throw .listFull }
        requests = kept
        return request
    }

    /// Open requests asked for longer ago than the rules allow, marked expired.
    static func expiring(_ list: [SongRequest], at time: ServerTime, rules: SongRequestRules) -> [SongRequest] {
        let oldest = time.advanced(by: -rules.openLifetime.inMicroseconds)
        return list.map { request in
            guard request.status.isOpen, request.requestedAt < oldest else { return request }
            var expired = request
            expired.status = .expired
            return expired
        }
    }

    /// The requests as `room.state` carries them, in bytes.
    static func encodedSize(_ list: [SongRequest]) -> Int {
        (try? JSONEncoder().encode(list).count) ?? .max
    }

    /// `name` backs an open request. False when they already did (or asked for it).
    public mutating func supportRequest(_ id: String, by name: String, rules: SongRequestRules) throws(SongRequestRefusal) -> Bool {
        guard takesRequests else { throw .requestsOff }
        var list = songRequests
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw .unknownRequest }
        guard list[index].status.isOpen else { throw .alreadyAnswered(list[index].status) }
        guard !list[index].isWanted(by: name), list[index].supporters.count < rules.supportersKept else { return false }
        list[index].supporters.append(name)
        guard Self.encodedSize(list) <= rules.budgetBytes else { throw .listFull }
        requests = list
        return true
    }

    /// The host's answer to a request. A pending one is accepted or declined; one not on the
    /// host's service, or accepted or queued, may only be declined (dismissed: the host took
    /// it out of their queue, or changed their mind); a finished one is not answered again.
    public mutating func answerRequest(_ id: String, accept: Bool, rules: SongRequestRules) throws(SongRequestRefusal) {
        var list = songRequests
        guard let index = list.firstIndex(where: { $0.id == id }) else { throw .unknownRequest }
        switch (list[index].status, accept) {
        case (.pending, true): list[index].status = .accepted
        case (.pending, false), (.unplayable, false), (.accepted, false), (.queued, false): list[index].status = .declined
        case (.unplayable, true): throw .notOnHostService
        case (let status, _): throw .alreadyAnswered(status)
        }
        requests = Self.pruned(list, rules: rules)
    }

    /// What the host's player did with an accepted request. False when it was not waiting for that.
    public mutating func noteQueued(_ id: String, queued: Bool, reason: String?, rules: SongRequestRules) -> Bool {
        var list = songRequests
        guard let index = list.firstIndex(where: { $0.id == id && $0.status == .accepted }) else { return false }
        list[index].status = queued ? .queued : .failed
        list[index].note = queued ? nil : reason
        requests = Self.pruned(list, rules: rules)
        return true
    }

    /// Requests the host's player should take now: accepted, not yet queued.
    public var requestsToQueue: [SongRequest] { songRequests.filter { $0.status == .accepted && $0.match != nil } }

    /// The host's player reached `track`: the open request for it has been played. Returns it.
    @discardableResult
    mutating func markRequestPlayed(_ track: TrackMetadata) -> SongRequest? {
        guard var list = requests,
            let index = list.firstIndex(where: { $0.status.isOpen && $0.match?.service == track.service && $0.match?.id == track.id })
        else { return nil }
        list[index].status = .played
        requests = Self.pruned(list, rules: .standard)
        return list[index]
    }

    /// Who asked for `track` when a request brought it to the room, for the room's history.
    public func requester(of track: TrackMetadata) -> String? {
        songRequests.last { $0.status == .played && $0.match?.service == track.service && $0.match?.id == track.id }?.requestedBy
    }

    /// Every open request, and the newest finished ones up to the rule's count (and within
    /// the rule's bytes, oldest dropped first), in order.
    static func pruned(_ list: [SongRequest], rules: SongRequestRules) -> [SongRequest]? {
        let finished = list.filter { !$0.status.isOpen }
        var dropped = Set(finished.dropLast(rules.finishedKept).map(\.id))
        var kept = list.filter { !dropped.contains($0.id) }
        for old in finished where !dropped.contains(old.id) && encodedSize(kept) > rules.budgetBytes {
            dropped.insert(old.id)
            kept.removeAll { $0.id == old.id }
        }
        return kept.isEmpty ? nil : kept
    }
}

extension TrackMetadata {
    /// What a request needs of a track: who, what and how long; no artwork or catalog numbers,
    /// which every state would otherwise carry to every listener.
    var slimmedForRequests: TrackMetadata {
        TrackMetadata(service: service, id: id, title: title, artists: artists, album: album, durationMs: durationMs, isrc: isrc, explicit: explicit)
            .withShownText
    }
}
