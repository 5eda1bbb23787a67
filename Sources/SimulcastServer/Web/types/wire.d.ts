// Generated from the Swift wire types by Tests/SimulcastServerTests/WireTypeScriptModule.swift:
// do not edit. Regenerate with
//   SIMULCAST_WRITE_WEB_CONSTANTS=1 swift test --filter WireTypeScriptTests
// and a test fails when this file and the Swift types differ. For the type check only.

/** A song on one service (TrackMetadata). */
export interface TrackMetadata {
  service: string;
  id: string;
  title: string;
  artists: string[];
  album?: string;
  durationMs?: number;
  isrc?: string;
  albumUPC?: string;
  trackNumber?: number;
  discNumber?: number;
  explicit?: boolean;
  releaseDate?: string;
  artworkURL?: string;
}

/** How a song was found on another service, or why not (MatchResult). */
export interface MatchResult {
  status: "matched" | "ambiguous" | "notFound" | "unavailable";
  track?: TrackMetadata;
  confidence?: number;
  method: string;
  reasons: string[];
}

/** One service and storefront's match of a room's song (ServiceMatch). */
export interface RoomMatch {
  service: string;
  storefront: string;
  result: MatchResult;
}

/** A room's song and its matches (RoomTrack). */
export interface RoomTrack {
  source: TrackMetadata;
  matches: RoomMatch[];
}

/** Where the song was at one instant, in server microseconds (PlaybackAnchor). */
export interface Anchor {
  positionMs: number;
  serverTime: number;
}

/** A version listeners suggested for the room's song, for the host (MatchSuggestion). */
export interface MatchSuggestion {
  sourceId: string;
  service: string;
  storefront: string;
  target: TrackMetadata;
  listeners: number;
}

/** A listener's song request (SongRequest). */
export interface SongRequest {
  id: string;
  asked: TrackMetadata;
  match?: TrackMetadata;
  note?: string;
  requestedBy: string;
  supporters: string[];
  status: "pending" | "accepted" | "queued" | "declined" | "unplayable" | "failed" | "played" | "expired";
  requestedAt: number;
}

/** The host's offer of the room to one connection; `to` is its name, to read (HandoverOffer). */
export interface HandoverOffer {
  listener: string;
  to: string;
  expiresAt: number;
}

/** The room's state (`room.state`, RoomState). */
export interface RoomState {
  seq: number;
  track?: RoomTrack;
  anchor: Anchor;
  playing: boolean;
  queue: RoomTrack[];
  hostConnected: boolean;
  intent?: string;
  hostName?: string;
  requestPolicy?: "off" | "ask" | "automatic";
  requests?: SongRequest[];
  handoverOffer?: HandoverOffer;
  suggestions?: MatchSuggestion[];
}

/** One listener in presence (RoomPresence.Listener). */
export interface PresenceListener {
  id: string;
  name: string;
  service: string;
  status: "inSync" | "catchingUp" | "matching" | "noMatch" | "idle";
  spotifyListed?: boolean;
}

/** Who is listening (`room.presence`, RoomPresence). */
export interface RoomPresence {
  count: number;
  services: Record<string, number>;
  statuses: Record<string, number>;
  listeners: PresenceListener[];
  hostConnected: boolean;
}

/** A reaction as the room sees it (`room.reaction`, Wire.RoomReaction). */
export interface RoomReaction {
  reaction: "fire" | "heart" | "clap" | "laugh" | "party" | "wow";
  from: string;
  fromHost?: boolean;
}

/** An error the server sends before it closes or refuses (`error`, Wire.Error). */
export interface WireError {
  code: "malformed_message" | "unknown_type" | "unsupported_version" | "message_too_large" | "hello_required" | "already_joined" | "room_not_found" | "room_mismatch" | "invalid_host_token" | "forbidden" | "invalid_state" | "internal_error" | "rate_limited" | "room_full" | "host_replaced" | "shutting_down";
  message: string;
}

/** The server's answer to a hello (`welcome`, Wire.Welcome). */
export interface Welcome {
  role: "host" | "listener";
  room: string;
  connectionId: string;
  serverTime: number;
  notice?: string;
  name?: string;
  listenerId?: string;
}

/** The room was handed to this listener (`handover.granted`). */
export interface HandoverGranted {
  hostToken: string;
}

/** A clock sync answer (`time.pong`): t0 echoed, t1 and t2 server microseconds. */
export interface TimePong {
  t0: number;
  t1: number;
  t2: number;
}

/** What a host publishes (`host.state`, PlaybackSnapshot). */
export interface HostState {
  track?: TrackMetadata;
  playing: boolean;
  anchor: Anchor;
  queue?: TrackMetadata[];
  intent?: string;
  outputLatencyMs?: number;
}

/** The first message on every connection (`hello`, Wire.Hello). */
export interface Hello {
  role: "host" | "listener";
  room: string;
  hostToken?: string;
  service?: string;
  storefront?: string;
  client?: string;
  name?: string;
}

/** A clock sync question (`time.ping`). */
export interface TimePing {
  t0: number;
}

/** Where a listener's player is (`listener.report`). */
export interface ListenerReport {
  trackId?: string;
  playing: boolean;
  positionMs: number;
  measuredAt: number;
  syncErrorMs?: number;
  seq?: number;
  outputLatencyMs?: number;
}

/** Whether Spotify admits this listener to the server's app (`listener.spotify-access`). */
export interface SpotifyAccess {
  listed: boolean;
}

/** The services a listener plays from YouTube when theirs lacks the song (`listener.fallback`). */
export interface Fallback {
  service?: string;
}

/** A reaction sent to the room (`reaction`). */
export interface SendReaction {
  reaction: string;
}

/** A listener asks for a song (`request.song`). */
export interface RequestSong {
  trackId: string;
}

/** A listener backs an open request (`request.support`). */
export interface SupportRequest {
  id: string;
}

/** The host's player took an accepted request, or would not (`request.queued`). */
export interface RequestQueued {
  id: string;
  queued: boolean;
  reason?: string;
}

/** The offered listener takes the room or says no (`handover.answer`). */
export interface HandoverAnswer {
  accept: boolean;
}

/** Every message the server sends, with its `type` and the protocol version `v` (docs/PROTOCOL.md). */
export type ServerMessage =
  | (Welcome & { type: "welcome"; v: 1 })
  | (TimePong & { type: "time.pong"; v: 1 })
  | (RoomState & { type: "room.state"; v: 1 })
  | (RoomPresence & { type: "room.presence"; v: 1 })
  | (RoomReaction & { type: "room.reaction"; v: 1 })
  | (HandoverGranted & { type: "handover.granted"; v: 1 })
  | (WireError & { type: "error"; v: 1 });

/** Every message a client sends, with its `type` and the protocol version `v` (docs/PROTOCOL.md). */
export type ClientMessage =
  | (Hello & { type: "hello"; v: 1 })
  | (TimePing & { type: "time.ping"; v: 1 })
  | (HostState & { type: "host.state"; v: 1 })
  | (ListenerReport & { type: "listener.report"; v: 1 })
  | (SpotifyAccess & { type: "listener.spotify-access"; v: 1 })
  | (Fallback & { type: "listener.fallback"; v: 1 })
  | (SendReaction & { type: "reaction"; v: 1 })
  | (RequestSong & { type: "request.song"; v: 1 })
  | (SupportRequest & { type: "request.support"; v: 1 })
  | (RequestQueued & { type: "request.queued"; v: 1 })
  | (HandoverAnswer & { type: "handover.answer"; v: 1 });
