public enum ParticipantRole: String, Hashable, Codable, Sendable, CaseIterable {
    case host
    case listener
}
