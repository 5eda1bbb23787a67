// Reactions: a bar of the fixed set (the wire carries names, never free text) and the
// reactions others send, each shown for a few seconds. The page that mounts it says how a
// reaction is sent (its WebSocket, or the host page's REST call).
(function (root) {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const emoji = { fire: "🔥", heart: "❤️", clap: "👏", laugh: "😂", party: "🎉", wow: "😮" };
  const words = { fire: "Fire", heart: "Love it", clap: "Applause", laugh: "Funny", party: "Party", wow: "Wow" };
  const SHOWN_MS = 4000;
  const MOST_SHOWN = 6;
  const state = (root.simulcastReactions = { sent: 0, shown: 0, refused: 0 });

  // `send(name)` returns a promise of true (sent) or false (refused, e.g. too many).
  function mount(send) {
    const bar = $("reaction-bar");
    if (!bar) return;
    bar.hidden = false;
    const buttons = $("reaction-buttons");
    buttons.replaceChildren(...Object.keys(emoji).map((name) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "reaction";
      button.dataset.reaction = name;
      button.textContent = emoji[name];
      button.setAttribute("aria-label", words[name]);
      button.addEventListener("click", async () => {
        const sent = await send(name);
        if (sent) { state.sent += 1; } else { state.refused += 1; }
        $("reaction-note").textContent = sent ? "" : "Too many reactions at once; wait a moment.";
      });
      return button;
    }));
  }

  // One reaction from the room: shown a few seconds, the newest few at most. Names are text.
  function show(reaction) {
    const list = $("reactions-shown");
    if (!list || !emoji[reaction?.reaction]) return;
    const item = document.createElement("li");
    const mark = document.createElement("span");
    mark.className = "reaction-emoji";
    mark.textContent = emoji[reaction.reaction];
    mark.setAttribute("aria-label", words[reaction.reaction]);
    mark.setAttribute("role", "img");
    // The host is marked by the server's word (fromHost), never by a name, which no listener
    // may take anyway.
    if (reaction.fromHost === true) {
      item.className = "from-host";
      const badge = document.createElement("strong");
      badge.textContent = "Host";
      item.append(mark, " ", badge);
    } else {
      item.append(mark, " " + String(reaction.from || ""));
    }
    list.append(item);
    while (list.children.length > MOST_SHOWN) list.firstElementChild.remove();
    state.shown += 1;
    setTimeout(() => item.remove(), SHOWN_MS);
  }

  root.SimulcastReactions = { mount, show };
})(window);
