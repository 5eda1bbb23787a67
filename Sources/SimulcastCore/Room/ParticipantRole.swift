public enum ParticipantRole: String, Hashable, Codable, Sendable {
    case host
    case listener
}
