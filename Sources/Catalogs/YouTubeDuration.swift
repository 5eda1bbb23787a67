/// A YouTube `contentDetails.duration`: an ISO 8601 duration such as `PT3M33S`, `PT1H2M`,
/// `P1DT2H` or `P0D` (a live stream that has not ended).
enum YouTubeDuration {
    /// The length in milliseconds; nil for a zero or unreadable duration.
    static func milliseconds(_ text: String) -> Int? {
        var rest = Substring(text)
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var seconds = 0.0
        var inTime = false
        var number = ""
        var read = false
        for character in rest {
            if character == "T" {
                guard number.isEmpty, !inTime else { return nil }
                inTime = true
            } else if character.isNumber || character == "." {
                number.append(character)
            } else {
                guard let value = Double(number) else { return nil }
                number = ""
                read = true
                switch (character, inTime) {
                case ("W", false): seconds += value * 604_800
                case ("D", false): seconds += value * 86_400
                case ("H", true): seconds += value * 3_600
                case ("M", true): seconds += value * 60
                case ("S", true): seconds += value
                default: return nil
                }
            }
        }
        guard number.isEmpty, read, seconds > 0, seconds < 1e7 else { return nil }
        return Int((seconds * 1_000).rounded())
    }
}
