/// The fixed set of reactions a room's people may send one another: names on the wire (never
/// free text, so nothing in a reaction can carry markup or a secret), drawn by each client.
public enum Reaction: String, CaseIterable, Hashable, Codable, Sendable {
    case fire, heart, clap, laugh, party, wow

    /// How the CLI prints it (the page draws its own).
    public var emoji: String {
        switch self {
        case .fire: "🔥"
        case .heart: "❤️"
        case .clap: "👏"
        case .laugh: "😂"
        case .party: "🎉"
        case .wow: "😮"
        }
    }

    /// Names accepted on the wire, for error messages.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")
}
