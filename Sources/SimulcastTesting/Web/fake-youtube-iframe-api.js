// Test mode only: a stand-in for the YouTube IFrame Player API, written to its documented
// surface (developers.google.com/youtube/iframe_api_reference): `YT.Player` with
// `onReady`, `onStateChange`, `onError` and `onAutoplayBlocked`, `loadVideoById`,
// `cueVideoById`, `playVideo`, `pauseVideo`, `seekTo`, `getCurrentTime`, `getPlayerState`,
// `getVideoUrl`, `setVolume`, and `window.onYouTubeIframeAPIReady` once loaded. It replaces the
// given element with an <iframe> of the asked size, as the real API does, and keeps the
// browser's rules: sound goes through a real <audio> element, so the autoplay policy refuses a
// play without the listener's gesture. What a real embed does to a follower is modelled:
// after a load or a seek the player buffers (`bufferMs`, 300 to 600 ms), `getCurrentTime` moves
// in steps (`granularityMs`, as the iframe reports its time a few times a second), a video in
// `ads` first shows a pre-roll ad of that many seconds (the state is playing, the video's time
// does not move), and a video in `errors` fails with that code (2, 5, 100, 101, 150, 153), as
// do the next `refuseLoads.count` loads whatever their video.
(function () {
  "use strict";
  const calls = [];
  const now = () => Date.now();
  const record = (method, args) => calls.push({ method, args, at: now() });
  const PlayerState = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  // `durations`: video id -> seconds (default 240). `ads`: video id -> seconds of pre-roll.
  // `errors`: video id -> error code. `refusedPlays`: plays the autoplay policy refused.
  const fake = {
    kind: "youtube", calls, bufferMs: [300, 600], granularityMs: 250, durations: {}, ads: {}, errors: {}, refusedPlays: 0, players: [],
    adsShown: 0, seeksDuringAds: 0, refuseLoads: { count: 0, code: 150 }, refused: [],
  };

  function silence() {
    const rate = 8000, samples = rate, bytes = new Uint8Array(44 + samples);
    const view = new DataView(bytes.buffer);
    const text = (offset, s) => { for (let i = 0; i < s.length; i++) bytes[offset + i] = s.charCodeAt(i); };
    text(0, "RIFF"); view.setUint32(4, 36 + samples, true); text(8, "WAVEfmt "); view.setUint32(16, 16, true);
    view.setUint16(20, 1, true); view.setUint16(22, 1, true); view.setUint32(24, rate, true); view.setUint32(28, rate, true);
    view.setUint16(32, 1, true); view.setUint16(34, 8, true); text(36, "data"); view.setUint32(40, samples, true);
    bytes.fill(128, 44);
    const audio = new Audio(URL.createObjectURL(new Blob([bytes], { type: "audio/wav" })));
    audio.loop = true;
    return audio;
  }

  class Player {
    constructor(target, options = {}) {
      record("Player", [{ width: options.width, height: options.height, playerVars: options.playerVars }]);
      const element = typeof target === "string" ? document.getElementById(target) : target;
      if (!element) throw new Error("fake YT.Player: no element " + target);
      const iframe = document.createElement("iframe");
      iframe.id = element.id;
      iframe.title = "YouTube video player";
      iframe.width = String(options.width ?? 640);
      iframe.height = String(options.height ?? 360);
      iframe.setAttribute("allow", "autoplay; encrypted-media; picture-in-picture");
      iframe.srcdoc = "<body style='margin:0;background:#000'></body>";
      element.replaceWith(iframe);
      this.iframe = iframe;
      this.events = options.events || {};
      this.audio = silence();
      this.videoId = null;
      this.state = PlayerState.UNSTARTED;
      this.base = 0;         // video seconds at `since`
      this.since = now();
      this.readyAt = 0;      // buffering ends
      this.adUntil = 0;      // the pre-roll ends
      this.wantsPlay = false;
      this.volume = 100;
      fake.players.push(this);
      setTimeout(() => this.events.onReady?.({ target: this }), 20);
      this.timer = setInterval(() => this.step(), 20);
    }
    emit(state) {
      if (this.state === state) return;
      this.state = state;
      this.events.onStateChange?.({ target: this, data: state });
    }
    // Buffering ends, the ad ends, the video ends.
    step() {
      const t = now();
      if (this.state === PlayerState.BUFFERING && t >= this.readyAt) {
        this.since = t;
        if (this.wantsPlay) {
          const ad = fake.ads[this.videoId];
          if (ad && !this.adShownFor?.has(this.videoId)) {
            (this.adShownFor ||= new Set()).add(this.videoId);
            fake.adsShown += 1;
            this.adUntil = t + ad * 1000;
          }
          this.emit(PlayerState.PLAYING);
        } else this.emit(PlayerState.PAUSED);
      }
      if (this.state === PlayerState.PLAYING && this.adUntil && t >= this.adUntil) { this.adUntil = 0; this.since = t; }
      if (this.state === PlayerState.PLAYING && this.videoTime() >= this.duration()) {
        this.base = this.duration();
        this.since = t;
        this.audio.pause();
        this.emit(PlayerState.ENDED);
      }
    }
    duration() { return fake.durations[this.videoId] ?? 240; }
    videoTime() {
      if (this.state !== PlayerState.PLAYING || this.adUntil) return this.base;
      return this.base + (now() - this.since) / 1000;
    }
    buffer() {
      const [low, high] = fake.bufferMs;
      this.readyAt = now() + low + Math.random() * (high - low);
      this.emit(PlayerState.BUFFERING);
    }
    startAudio() {
      // Called at once, inside whatever gesture called us.
      this.audio.volume = this.volume / 100;
      return this.audio.play().then(() => true, () => {
        fake.refusedPlays += 1;
        this.wantsPlay = false;
        this.audio.pause();
        this.events.onAutoplayBlocked?.({ target: this });
        if (this.state === PlayerState.BUFFERING) this.emit(PlayerState.UNSTARTED);
        return false;
      });
    }
    load(spec, play) {
      const options = typeof spec === "object" ? spec : { videoId: spec, startSeconds: arguments[1] };
      this.videoId = String(options.videoId);
      this.base = Math.max(0, Number(options.startSeconds) || 0);
      this.since = now();
      this.adUntil = 0;
      let code = fake.errors[this.videoId];
      if (code === undefined && fake.refuseLoads.count > 0) {
        fake.refuseLoads.count -= 1;
        code = fake.errors[this.videoId] = fake.refuseLoads.code;
      }
      if (code !== undefined) {
        fake.refused.push(this.videoId);
        this.audio.pause();
        this.emit(PlayerState.UNSTARTED);
        setTimeout(() => this.events.onError?.({ target: this, data: code }), 50);
        return;
      }
      this.wantsPlay = play;
      if (play) this.startAudio(); else this.audio.pause();
      this.buffer();
    }
    loadVideoById(spec, startSeconds) {
      record("loadVideoById", [spec, startSeconds]);
      this.load(typeof spec === "object" ? spec : { videoId: spec, startSeconds }, true);
    }
    cueVideoById(spec, startSeconds) {
      record("cueVideoById", [spec, startSeconds]);
      this.load(typeof spec === "object" ? spec : { videoId: spec, startSeconds }, false);
    }
    playVideo() {
      record("playVideo", []);
      if (!this.videoId || fake.errors[this.videoId] !== undefined) return;
      this.wantsPlay = true;
      this.startAudio();
      if (this.state === PlayerState.PAUSED || this.state === PlayerState.CUED || this.state === PlayerState.ENDED) {
        this.since = now();
        this.emit(PlayerState.PLAYING);
      }
    }
    pauseVideo() {
      record("pauseVideo", []);
      this.base = this.videoTime();
      this.since = now();
      this.wantsPlay = false;
      this.audio.pause();
      if (this.state !== PlayerState.BUFFERING) this.emit(PlayerState.PAUSED);
    }
    stopVideo() { record("stopVideo", []); this.pauseVideo(); this.emit(PlayerState.UNSTARTED); }
    seekTo(seconds, allowSeekAhead) {
      record("seekTo", [seconds, allowSeekAhead]);
      if (this.adUntil) { fake.seeksDuringAds += 1; return; }   // an ad cannot be skipped by a seek
      this.base = Math.max(0, Number(seconds) || 0);
      this.since = now();
      if (this.state === PlayerState.PLAYING || this.wantsPlay) this.buffer();
    }
    // The iframe reports its time in steps, not continuously.
    getCurrentTime() {
      const step = fake.granularityMs / 1000;
      return Math.floor(this.videoTime() / step) * step;
    }
    getDuration() { return this.duration(); }
    getPlayerState() { return this.state; }
    getVideoUrl() { return this.videoId ? "https://www.youtube.com/watch?v=" + this.videoId : "https://www.youtube.com/watch"; }
    getVideoData() { return { video_id: this.videoId || "" }; }
    setVolume(volume) { record("setVolume", [volume]); this.volume = volume; this.audio.volume = volume / 100; }
    getVolume() { return this.volume; }
    mute() { this.audio.muted = true; }
    unMute() { this.audio.muted = false; }
    getIframe() { return this.iframe; }
    destroy() { clearInterval(this.timer); this.audio.pause(); }
  }

  // A test may set what the fake does before the page loads it.
  Object.assign(fake, window.__fakeYouTubeOptions || {});
  window.__fakeYouTube = fake;
  window.YT = { Player, PlayerState, loaded: 1 };
  setTimeout(() => window.onYouTubeIframeAPIReady?.(), 10);
})();
