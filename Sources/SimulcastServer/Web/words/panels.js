// @ts-check
// The sentences of the panels both pages show: who is listening, reactions, sharing, the
// sound delay, song requests and handing the room over.

export const presence = Object.freeze({
  /** @param {number} count @param {string[]} parts */
  count: (count, parts) => count + " listening" + (parts.length ? ": " + parts.join(", ") : ""),
  /** @param {string | null | undefined} host */
  hostHere: (host) => `${host || "The host"} is here.`,
  /** @param {string | null | undefined} host */
  hostAway: (host) => `${host || "The host"} is away.`,
  nobodyYet: "No one here yet: send the link.",
  /** @param {string} name */
  you: (name) => `${name} (you)`,
  /** @type {Readonly<Record<string, string>>} */
  status: Object.freeze({ inSync: "in sync", catchingUp: "catching up", matching: "waiting for a match", noMatch: "no match for this song", idle: "paused" }),
  /** @param {number} count */
  andMore: (count) => `and ${count} more`,
  /** @param {number} count */
  more: (count) => `${count} more`,
  /** @param {string} name @param {string} service */
  on: (name, service) => `${name} on ${service}`,
});

export const reactions = Object.freeze({
  /** @type {Readonly<Record<string, string>>} */
  words: Object.freeze({ fire: "Fire", heart: "Love it", clap: "Applause", laugh: "Funny", party: "Party", wow: "Wow" }),
  tooMany: "Too many reactions at once. Wait a moment.",
  offline: "Not connected to the room right now. Try again in a moment.",
  host: "Host",
});

export const share = Object.freeze({
  fallbackTitle: "Listen along with me on Simulcast",
  /** @param {string} headline */
  title: (headline) => `${headline} on Simulcast`,
  text: "Each on our own music service, at the same moment.",
  /** What Spotify friends need, where this server's Spotify app admits only listed accounts. */
  spotifyGuests: "On Spotify? Send me the e-mail of your Spotify account first, so I can add it. No subscription? Listen on YouTube, no sign-in.",
  copied: "Link copied.",
  /** @param {string} link */
  copyByHand: (link) => `Copy this link: ${link}`,
});

export const sound = Object.freeze({
  listening: "Playing clicks and listening. Keep the microphone near your speaker or headphones…",
  /** @param {string} reason */
  notMeasured: (reason) => `Not measured: ${/[.?!]$/.test(reason) ? reason : reason + "."} Your setting is unchanged.`,
  /** @param {{ outputLatencyMs: number, roundTripMs: number, inputLatencyMs?: number, confidence: number }} result */
  measured: (result) =>
    `Measured ${Math.round(result.outputLatencyMs)} ms (round trip ${Math.round(result.roundTripMs)} ms less ${Math.round(result.inputLatencyMs ?? 0)} ms ` +
    `for the microphone, ${Math.round(result.confidence * 100)} % sure).`,
  /** @param {number} ms */
  sliderText: (ms) => `${Math.round(ms)} milliseconds`,
});

/** Song requests, on the listener and host pages. */
export const requests = Object.freeze({
  searching: "Searching…",
  couldNotSearch: "Your service could not be searched just now.",
  /** @param {string} term */
  nothingFound: (term) => `Nothing found for “${term}”.`,
  ask: "Ask for this",
  /** @param {string} title */
  askNamed: (title) => `Ask the host for ${title}`,
  /** @param {string} title */
  asked: (title) => `Asked for ${title}: the room sees it below.`,
  notConnected: "Not connected to the room just now; try again in a moment.",
  support: "+1",
  /** @param {string} title */
  supportNamed: (title) => `I want ${title} too`,
  /** @param {string} title */
  backed: (title) => `You want ${title} too.`,
  /** @param {string} name */
  askedBy: (name) => `Asked by ${name}`,
  /** @param {string} song */
  matchedAs: (song) => `on the host's service: ${song}`,
  /** @param {number} count */
  backedBy: (count) => `(+${count})`,
  status: Object.freeze({
    pending: "Waiting for the host",
    accepted: "Accepted: going into the host's queue",
    queued: "In the host's queue",
    played: "Played",
    declined: "Not this time",
    /** @param {string} note */
    unplayable: (note) => `Cannot be played for the room: ${note || "not on the host's service"}`,
    /** @param {string} note */
    failed: (note) => `Accepted, but the host's player did not take it: ${note || "no reason given"}`,
    expired: "Not played in time",
  }),
  accept: "Accept",
  /** @param {string} title */
  acceptNamed: (title) => `Accept ${title}`,
  decline: "Decline",
  /** @param {string} title */
  declineNamed: (title) => `Decline ${title}`,
  remove: "Remove",
  /** @param {string} title */
  removeNamed: (title) => `Remove ${title} from the requests`,
  /** @param {string} title */
  accepted: (title) => `Accepted ${title}.`,
  /** @param {string} title */
  declined: (title) => `Declined ${title}.`,
  couldNotAnswer: "The answer could not be sent.",
  couldNotChange: "Requests could not be changed just now.",
  policySet: Object.freeze({
    off: "Listeners cannot ask for songs.",
    ask: "Listeners may ask for songs; each waits for you.",
    automatic: "Listeners' songs go into your queue as they ask.",
  }),
  queueLogin: "Spotify asks you once more, to let Simulcast add requested songs to your queue.",
});

/** Versions listeners suggested for the room's song, on the host page. */
export const suggestions = Object.freeze({
  /**
   * @param {string} title @param {string} artists @param {string} service @param {number} listeners
   */
  line: (title, artists, service, listeners) =>
    `${title} · ${artists} on ${service}, suggested by ${listeners === 1 ? "1 listener" : `${listeners} listeners`}`,
  use: "Use for everyone",
  /** @param {string} title */
  useNamed: (title) => `Use ${title} for everyone`,
  /** @param {string} title */
  used: (title) => `Everyone on that service now hears ${title}.`,
  couldNotUse: "The version could not be set just now.",
});

/** Handing the host role over, on the host and listener pages. */
export const handover = Object.freeze({
  /** @param {string} name */
  handTo: (name) => `Hand the room to ${name}`,
  /** @param {string} name */
  offered: (name) => `Offered to ${name}. When they take it, their page plays for the room and this page stops hosting.`,
  withdrawn: "The offer is withdrawn.",
  couldNotOffer: "The room could not be offered just now.",
  asking: "Taking the room…",
  taking: "The room is yours: opening your host page…",
  notConnected: "Not connected to the room just now; try again in a moment.",
  /** @param {string} name */
  handedOver: (name) => `You handed the room to ${name}. You can listen along now.`,
  handedOverSomeone: "This browser no longer hosts the room (it was handed over). You can listen along now.",
  continueIntro: "The room is yours. Tap to go on playing the room's song from where it is, for everyone.",
  continueButton: "Go on playing for the room",
});
