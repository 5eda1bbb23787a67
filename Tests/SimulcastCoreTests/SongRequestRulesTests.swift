import SimulcastCore
import Testing

/// The room's requests as state changes: who may add what, duplicates merged, the host's
/// answers, the player's, the bounds. Each row starts from a room playing with requests on.
struct SongRequestRulesTests {
    static let at = ServerTime(micros: 1_000_000)
    static func song(_ id: String, service: MusicService = .appleMusic) -> TrackMetadata {
        TrackMetadata(service: service, id: id, title: "Song \(id)", artists: ["Artist"], durationMs: 200_000, artworkURL: "https://example.com/a.jpg")
    }
    static func room(_ policy: RequestPolicy? = .ask) -> RoomState {
        var state = RoomState.empty(at: at)
        state.requestPolicy = policy
        return state
    }

    static let rules = SongRequestRules.standard

    @discardableResult
    static func add(_ state: inout RoomState, _ id: String, by name: String, matched: Bool = true) throws(SongRequestRefusal) -> SongRequest {
        try state.addRequest(
            id: "r-\(id)-\(name)", asked: song(id), match: matched ? song("sp-\(id)", service: .spotify) : nil, note: matched ? nil : "not on Spotify",
            by: name, at: at, rules: rules)
    }

    @Test(arguments: [
        (RequestPolicy?.none, SongRequestRefusal.requestsOff), (.off, .requestsOff),
    ])
    func aRoomWithoutRequestsRefusesThem(policy: RequestPolicy?, refusal: SongRequestRefusal) {
        var state = Self.room(policy)
        #expect(throws: refusal) { try Self.add(&state, "1", by: "Ana") }
        #expect(state.requests == nil)
    }

    @Test(arguments: [
        (RequestPolicy.ask, true, SongRequest.Status.pending), (.automatic, true, .accepted), (.ask, false, .unplayable), (.automatic, false, .unplayable),
    ])
    func aNewRequestStartsAsThePolicyAndTheMatchSay(policy: RequestPolicy, matched: Bool, status: SongRequest.Status) throws {
        var state = Self.room(policy)
        let request = try Self.add(&state, "1", by: "Ana", matched: matched)
        #expect(request.status == status)
        #expect(request.note == (matched ? nil : "not on Spotify"))
        #expect(request.asked.artworkURL == nil, "requests carry no artwork to every listener")
        #expect(state.requestsToQueue.map(\.id) == (status == .accepted ? [request.id] : []))
    }

    @Test func theSameSongAskedAgainIsOneRequestBackedByBoth() throws {
        var state = Self.room()
        let first = try Self.add(&state, "1", by: "Ana")
        let second = try Self.add(&state, "1", by: "Ben")
        #expect(second.id == first.id && second.supporters == ["Ben"])
        try Self.add(&state, "1", by: "Ben")
        try Self.add(&state, "1", by: "Ana")
        #expect(state.songRequests.count == 1 && state.songRequests[0].supporters == ["Ben"])
        let backed = try state.supportRequest(first.id, by: "Cleo", rules: Self.rules)
        let backedAgain = try state.supportRequest(first.id, by: "Cleo", rules: Self.rules)
        let own = try state.supportRequest(first.id, by: "Ana", rules: Self.rules)
        #expect(backed && !backedAgain && !own, "a second +1 changes nothing; the requester does not back their own")
        var copy = state
        #expect(throws: SongRequestRefusal.unknownRequest) { try copy.supportRequest("nope", by: "Cleo", rules: Self.rules) }
    }

    @Test func oneListenerAndOneRoomHoldBoundedOpenRequests() throws {
        var rules = SongRequestRules()
        rules.openPerListener = 2
        rules.openPerRoom = 3
        var state = Self.room()
        for id in ["1", "2"] { try state.addRequest(id: id, asked: Self.song(id), match: Self.song("s\(id)"), note: nil, by: "Ana", at: Self.at, rules: rules) }
        var full = state
        #expect(throws: SongRequestRefusal.tooManyOpen(perListener: 2)) {
            try full.addRequest(id: "3", asked: Self.song("3"), match: Self.song("s3"), note: nil, by: "Ana", at: Self.at, rules: rules)
        }
        try state.addRequest(id: "3", asked: Self.song("3"), match: Self.song("s3"), note: nil, by: "Ben", at: Self.at, rules: rules)
        full = state
        #expect(throws: SongRequestRefusal.roomFull(perRoom: 3)) {
            try full.addRequest(id: "4", asked: Self.song("4"), match: Self.song("s4"), note: nil, by: "Cleo", at: Self.at, rules: rules)
        }
        // An answered one frees its place.
        try state.answerRequest("1", accept: false, rules: rules)
        try state.addRequest(id: "4", asked: Self.song("4"), match: Self.song("s4"), note: nil, by: "Ana", at: Self.at, rules: rules)
        #expect(state.songRequests.filter(\.status.isOpen).count == 3)
    }

    @Test func finishedRequestsAreKeptUpToTheRuleNewestLast() throws {
        var rules = SongRequestRules()
        rules.finishedKept = 2
        var state = Self.room()
        for id in 1...5 {
            try state.addRequest(id: "\(id)", asked: Self.song("\(id)"), match: Self.song("s\(id)"), note: nil, by: "L\(id)", at: Self.at, rules: rules)
            try state.answerRequest("\(id)", accept: false, rules: rules)
        }
        #expect(state.songRequests.map(\.id) == ["4", "5"])
    }

    @Test(arguments: [
        // status before, accept, status after (nil: refused)
        (SongRequest.Status.pending, true, SongRequest.Status?.some(.accepted)), (.pending, false, .declined), (.unplayable, false, .declined),
        (.unplayable, true, nil), (.accepted, true, nil), (.declined, true, nil),
        // Issue 52 (7): before, an accepted or queued request could not be dismissed (409).
        (.accepted, false, .declined), (.queued, false, .declined), (.queued, true, nil), (.expired, false, nil), (.played, false, nil),
    ])
    func theHostAnswersOncePerRequest(before: SongRequest.Status, accept: Bool, after: SongRequest.Status?) throws {
        var state = Self.room()
        var request = try Self.add(&state, "1", by: "Ana")
        request.status = before
        state.requests = [request]
        if let after {
            try state.answerRequest(request.id, accept: accept, rules: Self.rules)
            #expect(state.songRequests[0].status == after)
        } else {
            var copy = state
            #expect(throws: SongRequestRefusal.self) { try copy.answerRequest(request.id, accept: accept, rules: Self.rules) }
            #expect(state.songRequests[0].status == before)
        }
    }

    @Test func thePlayersAnswerMovesAnAcceptedRequestOnlyAndThePlayedSongNamesItsRequester() throws {
        var state = Self.room(.automatic)
        let request = try Self.add(&state, "1", by: "Ana")
        let other = state.noteQueued("other", queued: true, reason: nil, rules: Self.rules)
        let queued = state.noteQueued(request.id, queued: true, reason: nil, rules: Self.rules)
        let late = state.noteQueued(request.id, queued: false, reason: "late", rules: Self.rules)
        #expect(!other && queued && !late, "only an accepted request moves, once")
        #expect(state.songRequests[0].status == .queued)

        let played = Self.song("sp-1", service: .spotify)
        let next = state.applying(PlaybackSnapshot(track: played, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: Self.at)))
        #expect(next.songRequests[0].status == .played)
        #expect(next.requester(of: played) == "Ana")
        #expect(next.requester(of: Self.song("sp-2", service: .spotify)) == nil)

        var refused = Self.room(.automatic)
        let second = try Self.add(&refused, "2", by: "Ben")
        let failed = refused.noteQueued(second.id, queued: false, reason: "no device", rules: Self.rules)
        #expect(failed)
        #expect(refused.songRequests[0].status == .failed && refused.songRequests[0].note == "no device")
    }

    /// Issue 52 (7): before, twenty requests nobody played closed a room to requests for good.
    @Test func openRequestsExpireAndTheRoomTakesRequestsAgain() throws {
        var rules = SongRequestRules()
        rules.openPerRoom = 2
        var state = Self.room()
        for id in ["1", "2"] {
            try state.addRequest(id: id, asked: Self.song(id), match: Self.song("s\(id)"), note: nil, by: "L\(id)", at: Self.at, rules: rules)
        }
        var full = state
        #expect(throws: SongRequestRefusal.roomFull(perRoom: 2)) {
            try full.addRequest(id: "3", asked: Self.song("3"), match: Self.song("s3"), note: nil, by: "L3", at: Self.at, rules: rules)
        }
        let later = Self.at.advanced(by: rules.openLifetime.inMicroseconds + 1)
        try state.addRequest(id: "3", asked: Self.song("3"), match: Self.song("s3"), note: nil, by: "L3", at: later, rules: rules)
        #expect(state.songRequests.map(\.status) == [.expired, .expired, .pending])
    }

    /// Issue 52 (8): before, open requests grew `room.state` from 768 B to 64 KB, sent whole on
    /// every commit. The list is held within the rule's bytes, finished requests dropped first.
    @Test func theListStaysWithinItsBytes() throws {
        var rules = SongRequestRules()
        rules.openPerListener = 100
        rules.openPerRoom = 100
        rules.finishedKept = 100
        var state = Self.room()
        let heavy = String(repeating: "🎵", count: 30)
        var refused: SongRequestRefusal?
        for index in 0..<100 {
            var asked = Self.song("\(index)")
            asked.title = heavy + "\(index)"
            asked.artists = [heavy, heavy]
            do {
                try state.addRequest(id: "\(index)", asked: asked, match: asked, note: nil, by: "Listener \(index)", at: Self.at, rules: rules)
            } catch {
                refused = error
                break
            }
            if index % 2 == 0 { try state.answerRequest("\(index)", accept: false, rules: rules) }
        }
        #expect(refused == .listFull)
        let bytes = (try? WireCodec().encode(.roomState(state)))?.utf8.count ?? .max
        #expect(bytes <= rules.budgetBytes + 2_048, "room.state is \(bytes) bytes")
        #expect(state.songRequests.contains { !$0.status.isOpen } == false || state.songRequests.count < 100, "finished ones went first")
    }
}
