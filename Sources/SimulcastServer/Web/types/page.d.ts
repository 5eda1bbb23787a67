// The listener page's own shapes: its state (window.simulcastPage), the players' common verbs
// and the follow policy's commands. For the type check only: nothing here is served.
import type { FollowCommand } from "./sync";
import type { MatchResult, RoomPresence, RoomReaction, RoomState, TrackMetadata } from "./wire";
export type { FollowCommand };

/** What a player last said. */
export interface PlayerReading {
  trackId: string | null;
  playing: boolean;
  loading?: boolean;
  /** The player is busy with something of its own (buffering, an ad): the policy is not asked. */
  waiting?: boolean;
  positionMs: number;
}

/** The verbs every player (Apple Music, Spotify in the page, Spotify Connect) offers the follower. */
export interface ListenerPlayer {
  readonly storefront: string;
  begin(): Promise<void>;
  load(trackId: string, aim: () => number, play: boolean, upNext: string[]): Promise<unknown>;
  seek(aim: () => number): Promise<unknown>;
  play(aim: () => number): Promise<unknown>;
  pause(): Promise<unknown>;
  read(): PlayerReading;
  setVolume?(fraction: number): Promise<void>;
  renewIfDue?(): Promise<unknown> | unknown;
  /** The follow policy's starting figures where this player differs from the default. */
  readonly followFigures?: { seekThresholdMs: number; defaultStartLatencyMs: number; defaultSeekLatencyMs: number };
}

/** A message on the screen, and what makes it go ("soon", "success", "song", "choice", "never"). */
export interface PageMessage {
  text: string;
  kind: string;
  clears: string;
  at: number;
}

/** Another version of the room's song a listener chose for themselves (versions.js). */
export interface VersionChoice {
  sourceId: string;
  track: TrackMetadata;
}

/** The listener page's state, for the UI and for a look from outside (window.simulcastPage). */
export interface ListenerPage {
  phase: "choosing" | "connecting" | "login" | "listening" | "serverFollowing" | "insecure";
  service: string | null;
  /** The service this song plays from when it is not the listener's own (their YouTube fallback). */
  playingFrom: string | null;
  storefront: string | null;
  room: RoomState | null;
  match: MatchResult | null;
  presence: RoomPresence | null;
  wantsSound: boolean;
  needsTap: boolean;
  connected: boolean;
  finalClose: { code: number; text: string } | null;
  volume: number;
  syncErrorMs: number | null;
  reading: PlayerReading | null;
  message: PageMessage | null;
  status: string | null;
  noMatch: string | null;
  browserAdvice: string | null;
  commands: (FollowCommand & { at: number })[];
  spotifyMode: "app" | "browser";
  preferClean: boolean;
  versionChoice: VersionChoice | null;
  serverFollow: { status: string; deviceName: string } | null;
  nameInRoom: string;
  /** This connection's id in presence, from its welcome: what an offer of the room names. */
  listenerId: string;
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
  reactions?: RecentReaction[];
}

/** A reaction of the last few seconds in a room summary: the wire's, with when it was sent. */
export type RecentReaction = RoomReaction & {
  /** Server microseconds. */
  at: number;
};
