// @ts-check
// Generated from the Swift definitions by Tests/SimulcastServerTests/WebConstantsModule.swift:
// do not edit. Regenerate with
//   SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WebConstantsTests
// and a test fails when this file and the Swift values differ.

/** The wire protocol's version (`v` in every message). */
export const PROTOCOL_VERSION = 1;
/** Each wire message's `type` (WireMessage.Kind). */
export const MessageType = Object.freeze({
  hello: "hello",
  welcome: "welcome",
  timePing: "time.ping",
  timePong: "time.pong",
  hostState: "host.state",
  roomState: "room.state",
  listenerReport: "listener.report",
  spotifyAccess: "listener.spotify-access",
  fallback: "listener.fallback",
  roomPresence: "room.presence",
  reaction: "reaction",
  roomReaction: "room.reaction",
  requestSong: "request.song",
  supportRequest: "request.support",
  requestQueued: "request.queued",
  handoverAnswer: "handover.answer",
  handoverGranted: "handover.granted",
  error: "error",
});
/** The `code` of the wire's `error` messages (Wire.ErrorCode). */
export const ErrorCode = Object.freeze({
  malformedMessage: "malformed_message",
  unknownType: "unknown_type",
  unsupportedVersion: "unsupported_version",
  messageTooLarge: "message_too_large",
  helloRequired: "hello_required",
  alreadyJoined: "already_joined",
  roomNotFound: "room_not_found",
  roomMismatch: "room_mismatch",
  invalidHostToken: "invalid_host_token",
  forbidden: "forbidden",
  invalidState: "invalid_state",
  internalError: "internal_error",
  rateLimited: "rate_limited",
  roomFull: "room_full",
  hostReplaced: "host_replaced",
  shuttingDown: "shutting_down",
});
/** The WebSocket close code each error ends a connection with (Wire.ErrorCode.closeCode). */
export const CLOSE_CODES = Object.freeze({
  "malformed_message": 4400,
  "unknown_type": 4400,
  "unsupported_version": 4400,
  "message_too_large": 4400,
  "hello_required": 4400,
  "already_joined": 4400,
  "room_not_found": 4404,
  "room_mismatch": 4400,
  "invalid_host_token": 4401,
  "forbidden": 4403,
  "invalid_state": 4400,
  "internal_error": 1011,
  "rate_limited": 4429,
  "room_full": 4413,
  "host_replaced": 4409,
  "shutting_down": 1001,
});
/** Closes after which reconnecting can only be refused again (Wire.ErrorCode.isFinal): stop and say why. */
export const FINAL_CLOSE_CODES = Object.freeze([4400, 4401, 4404, 4409, 4413]);
/** The fixed set of reactions, in the bar's order (Reaction). */
export const REACTIONS = Object.freeze(["fire", "heart", "clap", "laugh", "party", "wow"]);
/** How each reaction is drawn (Reaction.emoji). */
export const REACTION_EMOJI = Object.freeze({
  "fire": "🔥",
  "heart": "❤️",
  "clap": "👏",
  "laugh": "😂",
  "party": "🎉",
  "wow": "😮",
});
/** Where a listener stands in `room.presence` (PresenceStatus). */
export const PresenceStatus = Object.freeze({
  inSync: "inSync",
  catchingUp: "catchingUp",
  matching: "matching",
  noMatch: "noMatch",
  idle: "idle",
});
/** The services' names as people know them (MusicService.displayName). */
export const SERVICE_NAMES = Object.freeze({
  "apple-music": "Apple Music",
  "spotify": "Spotify",
  "deezer": "Deezer",
  "local": "local files",
  "youtube": "YouTube",
});
/** Within this many ms of the host a listener is "in sync" (InSync.thresholdMs). */
export const IN_SYNC_MS = 50;
/** An output latency beyond ± this many ms is not one (OutputLatency.limitMs). */
export const OUTPUT_LATENCY_LIMIT_MS = 2000;
/** The longest name a listener or host may show (DisplayName.maximumCharacters). */
export const NAME_MAXIMUM_CHARACTERS = 32;
/** The room connection's timing in ms (ConnectionDriver): a burst of pings at connect, then a steady pace; backoff doubling to a maximum, ±20 %, from the start again once a connection lasted `stableAfterMs`. */
export const CONNECTION = Object.freeze({
  burstSize: 16,
  burstSpacingMs: 40,
  pingIntervalMs: 2000,
  firstBackoffMs: 250,
  maximumBackoffMs: 5000,
  stableAfterMs: 10000,
});
/** What the pages keep in the browser's storage (WebStorageKey). */
export const StorageKey = Object.freeze({
  service: "simulcast.service",
  spotifyMode: "simulcast.spotifyMode",
  volume: "simulcast.volume",
  listenerName: "simulcast.name",
  hostName: "simulcast.hostName",
  hostTokenPrefix: "simulcast.host.",
  hostModePrefix: "simulcast.hostMode.",
  outputLatency: "simulcast.outputLatency",
  spotifyTokens: "simulcast.spotify",
  pkce: "simulcast.pkce",
  returning: "simulcast.returning",
  lockNotice: "simulcast.lockNotice",
  followPrefix: "simulcast.follow.",
  pendingSave: "simulcast.pendingSave",
  preferClean: "simulcast.preferClean",
  youtubeFallback: "simulcast.youtubeFallback",
  requestsPrefix: "simulcast.requests.",
  handover: "simulcast.handover",
});
/** What a host's Spotify login grants: reading what plays (SpotifyPKCE.hostScopes). */
export const SPOTIFY_HOST_SCOPES = Object.freeze(["user-read-currently-playing", "user-read-playback-state"]);
/** Added to a host's login when the room takes song requests: accepted songs go into the host's queue (SpotifyPKCE.queueScope). */
export const SPOTIFY_QUEUE_SCOPE = "user-modify-playback-state";
/** What a listener's Spotify login grants: the Web Playback SDK and starting a track (SpotifyPKCE.listenerScopes). */
export const SPOTIFY_LISTENER_SCOPES = Object.freeze(["streaming", "user-read-email", "user-read-private", "user-modify-playback-state", "user-read-playback-state"]);
/** What a listener's login for the server's follow grants: reading and controlling their player, nothing else (SpotifyPKCE.connectScopes). */
export const SPOTIFY_CONNECT_SCOPES = Object.freeze(["user-read-playback-state", "user-modify-playback-state"]);
/** Following a listener's own Spotify app through the Web API (SpotifyConnectPlayer): the follow policy's figures, in ms, and the poll pace (PlayerPollTracker). */
export const SPOTIFY_CONNECT = Object.freeze({
  seekThresholdMs: 80,
  minimumCorrectionIntervalMs: 6000,
  defaultStartLatencyMs: 500,
  defaultSeekLatencyMs: 300,
  landingTimeoutMs: 8000,
  playingIntervalMs: 2000,
  pausedIntervalMs: 1500,
  idleIntervalMs: 5000,
  burstIntervalMs: 250,
  burstPolls: 5,
  trackEndLeadMs: 400,
  maximumBackoffMs: 30000,
  pauseSettleMs: 3000,
});
