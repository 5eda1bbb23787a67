import Rooms

/// The `error.code` values the REST API answers with (documented in docs/PROTOCOL.md).
public enum APIErrorCode: String, CaseIterable, Hashable, Sendable, Codable {
    case adminRequired = "admin_required"
    case appleMusicNotConfigured = "apple_music_not_configured"
    case catalogUnavailable = "catalog_unavailable"
    case correctionNotFound = "correction_not_found"
    case followNotFound = "follow_not_found"
    case hostingNotOffered = "hosting_not_offered"
    case invalidName = "invalid_name"
    case invalidStorefront = "invalid_storefront"
    case invalidTarget = "invalid_target"
    case loginRefused = "login_refused"
    case malformedFollow = "malformed_follow"
    case malformedHosting = "malformed_hosting"
    case malformedReaction = "malformed_reaction"
    case malformedRoomRequest = "malformed_room_request"
    case malformedCorrection = "malformed_correction"
    case metricsForbidden = "metrics_forbidden"
    case noCatalog = "no_catalog"
    case notAllowed = "not_allowed"
    case originNotAllowed = "origin_not_allowed"
    case rateLimited = "rate_limited"
    case roomNotFound = "room_not_found"
    case spotifyUnavailable = "spotify_unavailable"
    case targetNotFound = "target_not_found"
    case trackNotInRoom = "track_not_in_room"
}
