import Fingerprint

/// What `simulcast fingerprint recognize --json` prints: `{"match": {...}}` or `{"match": null}`.
struct RecognitionOutput: Encodable {
    struct Match: Encodable {
        var path: String
        var title: String
        var artist: String?
        var offsetSeconds: Double
        var skew: Double
        var confidence: Double

        enum CodingKeys: String, CodingKey { case path, title, artist, offsetSeconds, skew, confidence }

        // By hand so an unknown artist is an explicit null.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(artist, forKey: .artist)
            try container.encode(offsetSeconds, forKey: .offsetSeconds)
            try container.encode(skew, forKey: .skew)
            try container.encode(confidence, forKey: .confidence)
        }
    }

    var match: Match?

    init(_ recognition: Recognition?) {
        match = recognition.map { recognition in
            Match(
                path: recognition.track.path, title: recognition.track.title, artist: recognition.track.artist,
                offsetSeconds: (recognition.offsetSeconds * 1000).rounded() / 1000, skew: (recognition.skew * 10000).rounded() / 10000,
                confidence: recognition.confidence)
        }
    }

    enum CodingKeys: String, CodingKey { case match }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(match, forKey: .match)
    }
}
