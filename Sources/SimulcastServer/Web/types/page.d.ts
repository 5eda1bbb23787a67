// The listener page's own shapes: its state (window.simulcastPage), the players' common verbs
// and the follow policy's commands. For the type check only: nothing here is served.
import type { FollowCommand } from "./sync";
import type { MatchResult, RoomPresence, RoomState, TrackMetadata } from "./wire";
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
