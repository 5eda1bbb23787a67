// The wire's messages and the pages' configuration, as the pages see them (docs/PROTOCOL.md;
// SimulcastCore's WireMessages.swift and RoomState.swift). For the type check only: nothing
// here is served.

export interface TrackMetadata {
  service: string;
  id: string;
  title: string;
  artists: string[];
  album?: string;
  durationMs?: number;
  isrc?: string;
  artworkURL?: string;
  explicit?: boolean;
}

export interface MatchResult {
  service?: string;
  storefront?: string;
  status: "matched" | "ambiguous" | "notFound" | "unavailable" | string;
  track?: TrackMetadata;
  confidence?: number;
  method?: string;
  reasons?: string[];
}

/** One service and storefront's match of a room's track. */
export interface RoomMatch {
  service: string;
  storefront: string;
  result: MatchResult;
}

export interface RoomTrack {
  source: TrackMetadata;
  matches?: RoomMatch[];
}

export interface Anchor {
  positionMs: number;
  /** Server microseconds. */
  serverTime: number;
}

export interface RoomState {
  type?: "room.state";
  room?: string;
  seq?: number;
  track: RoomTrack | null;
  playing: boolean;
  anchor: Anchor;
  queue?: RoomTrack[];
  hostConnected?: boolean;
  hostName?: string;
  intent?: string;
  requestPolicy?: "off" | "ask" | "automatic";
  requests?: SongRequest[];
  /** Bound to one connection (`listener`, its id in presence); `to` is its name, to read. */
  handoverOffer?: { listener: string; to: string; expiresAt: number };
  /** Versions listeners suggested for the room's song, for the host. */
  suggestions?: MatchSuggestion[];
}

export interface MatchSuggestion {
  sourceId: string;
  service: string;
  storefront: string;
  target: TrackMetadata;
  /** Distinct listeners behind it. */
  listeners: number;
}

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

export interface PresenceListener {
  /** The connection's id: what the host offers the room to. */
  id: string;
  name: string;
  service: string;
  status: string;
  /** Whether Spotify admits this listener's account to the server's app, once their page asked. */
  spotifyListed?: boolean;
}

export interface RoomPresence {
  type?: "room.presence";
  count: number;
  services?: Record<string, number>;
  listeners?: PresenceListener[];
  hostConnected?: boolean;
}

export interface RoomReaction {
  type?: "room.reaction";
  reaction: string;
  from?: string;
  fromHost?: boolean;
  at?: number;
}

export interface WireError {
  type: "error";
  code?: string;
  message?: string;
}

/** What the server writes into each page's `simulcast-config` block (WebPageConfiguration.swift). */
export interface PageConfig {
  room: string;
  webSocketPath: string;
  services: string[];
  musicKitURL: string;
  spotifySDKURL: string;
  /** YouTube's IFrame Player API script (or a stand-in); used when "youtube" is among `services`. */
  youtubeIFrameAPIURL: string;
  spotifyAccountsURL: string;
  spotifyAPIURL: string;
  spotifyClientId: string | null;
  testMode: boolean;
  hostingOffered: boolean;
  origins?: string[];
  shareLink: string | null;
  shareRefusal: string | null;
}

/** The server's answer to a hello: the name the room gives this connection. */
export interface Welcome {
  type: "welcome";
  room?: string;
  name?: string;
  /** A listener's id in presence (absent for the host). */
  listenerId?: string;
  notice?: string;
}

/** The room was handed to this listener: their page is the host from now on. */
export interface HandoverGranted {
  type: "handover.granted";
  hostToken: string;
}

export interface TimePong {
  type: "time.pong";
  t0: number;
  t1: number;
  t2: number;
}

/** Every message the server sends a page's socket (docs/PROTOCOL.md). */
export type ServerMessage =
  | Welcome
  | (RoomState & { type: "room.state" })
  | (RoomPresence & { type: "room.presence" })
  | (RoomReaction & { type: "room.reaction" })
  | HandoverGranted
  | TimePong
  | WireError;

/** What the room connection needs of a WebSocket (the browser's, or a test's stand-in). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** `GET /v1/rooms/{code}`: the room for a look before joining, and for the host page. */
export interface RoomSummary {
  code: string;
  state: RoomState;
  /** Server microseconds when the summary was made. */
  serverTime: number;
  presence?: RoomPresence;
  reactions?: RoomReaction[];
}

/** What a host publishes (host.state): its player's song, anchor, queue and why. */
export interface HostState {
  type: string;
  track: TrackMetadata | null;
  playing: boolean;
  anchor: Anchor;
  queue: TrackMetadata[];
  intent: string;
}
