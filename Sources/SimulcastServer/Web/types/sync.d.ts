// The follow policy's shapes (sync/follow.js and its parts), as SimulcastCore names them.
// Times are microseconds (server clock), positions milliseconds. For the type check only.

/** What the player was seen doing at a server instant (PlayerObservation). */
export interface Observation {
  trackId: string | null;
  playing: boolean;
  positionMs: number;
  serverTime: number;
}

/** A command the policy gives the player. */
export interface FollowCommand {
  kind: "load" | "start" | "seek" | "pause" | "stop";
  trackId?: string;
  positionMs?: number;
  play?: boolean;
  /** A scheduled start's instant, server microseconds. */
  atServerTime?: number;
  /** Why a stop: the last reason the match gave. */
  reason?: string;
}

/** A start or seek sent and not yet seen landing (PendingLanding). */
export interface PendingLanding {
  kind: "start" | "seek";
  trackId: string;
  positionMs: number;
  issuedAt: number;
  scheduledAt: number | null;
}

/** The policy's answer to one observation. */
export interface Decision {
  commands: FollowCommand[];
  status: string;
  syncErrorMs: number | null;
}

/** FollowPolicy.Configuration. */
export interface FollowConfiguration {
  service: string | null;
  storefront: string | null;
  seekThresholdMs: number;
  minimumCorrectionIntervalMs: number;
  defaultStartLatencyMs: number;
  defaultSeekLatencyMs: number;
  landingTimeoutMs: number;
  canScheduleStart: boolean;
  scheduleMarginMs: number;
  startsNextTrackOnTime: boolean;
}

/** What a FollowPolicy is made with: the service and storefront, the rest defaulted. */
export type FollowOptions = Partial<FollowConfiguration> & { service: string | null; storefront: string | null; outputLatencyMs?: number };

/** The next track started ahead of the host (NextTrackPlanner.Start). */
export interface NextTrackStart {
  afterSourceId: string;
  nextSourceId: string;
  boundary: number;
}

/** A point of a least-squares fit. */
export interface Point {
  x: number;
  y: number;
}
