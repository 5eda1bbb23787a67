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
}

export interface MatchResult {
  service: string;
  storefront: string;
  status: "matched" | "ambiguous" | "notFound" | "unavailable" | string;
  track?: TrackMetadata;
  confidence?: number;
  method?: string;
  reasons?: string[];
}

export interface RoomTrack {
  source: TrackMetadata;
  matches?: MatchResult[];
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
  handoverOffer?: { to: string; expiresAt: number };
}

export interface SongRequest {
  id: string;
  asked: TrackMetadata;
  match?: TrackMetadata;
  note?: string;
  requestedBy: string;
  supporters: string[];
  status: "pending" | "accepted" | "queued" | "declined" | "unplayable" | "failed" | "played";
  requestedAt: number;
}

export interface PresenceListener {
  name: string;
  service: string;
  status: string;
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
  spotifyAccountsURL: string;
  spotifyAPIURL: string;
  spotifyClientId: string | null;
  testMode: boolean;
  hostingOffered: boolean;
  origins?: string[];
  shareLink: string | null;
  shareRefusal: string | null;
}
