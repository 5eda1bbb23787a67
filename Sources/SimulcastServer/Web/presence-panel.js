// Who is listening (room.presence): a count with services ("5 listening: 3 Apple Music,
// 2 Spotify") that opens into the list, and the listener's own name for others to see.
// Names are set as text, never markup.
(function (root) {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const serviceNames = { "apple-music": "Apple Music", spotify: "Spotify", deezer: "Deezer", local: "local files" };
  const statusWords = { inSync: "in sync", catchingUp: "catching up", matching: "waiting for a match", noMatch: "no match for this song", idle: "paused" };
  const NAME_KEY = "simulcast.name";

  // "5 listening: 3 Apple Music, 2 Spotify"
  function countLine(presence) {
    const services = Object.entries(presence.services || {}).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const parts = services.map(([service, count]) => count + " " + (serviceNames[service] || service));
    return presence.count + " listening" + (parts.length ? ": " + parts.join(", ") : "");
  }

  function show(presence) {
    $("presence").hidden = false;
    $("presence-count").textContent = countLine(presence);
    $("presence-host").textContent = presence.hostConnected ? "The host is here." : "The host is away.";
    const list = $("presence-list");
    list.replaceChildren(...(presence.listeners || []).map((listener) => {
      const item = document.createElement("li");
      const name = document.createElement("span");
      name.className = "who";
      name.textContent = listener.name;
      item.append(name, " · " + (serviceNames[listener.service] || listener.service) + " · " + (statusWords[listener.status] || listener.status));
      return item;
    }));
    showFaces(presence.listeners || [], presence.count);
    const more = presence.count - (presence.listeners || []).length;
    $("presence-more").hidden = more <= 0;
    $("presence-more").textContent = more > 0 ? "and " + more + " more" : "";
  }

  // On the listening screen itself: a face (initial) per listener with their service's badge,
  // the first eight, then "+N".
  function showFaces(listeners, count) {
    const faces = $("presence-faces");
    if (!faces) return;
    faces.hidden = count === 0;
    const shown = listeners.slice(0, 8).map((listener) => {
      const face = document.createElement("li");
      face.className = "face";
      const service = serviceNames[listener.service] || listener.service;
      face.title = listener.name + " · " + service;
      face.setAttribute("aria-label", listener.name + " on " + service);
      const initial = document.createElement("span");
      initial.setAttribute("aria-hidden", "true");
      initial.textContent = Array.from(listener.name.trim())[0]?.toUpperCase() || "?";
      const badge = document.createElement("span");
      badge.className = "badge " + listener.service;
      badge.setAttribute("aria-hidden", "true");
      face.append(initial, badge);
      return face;
    });
    if (count > shown.length) {
      const more = document.createElement("li");
      more.className = "face more";
      more.textContent = "+" + (count - shown.length);
      more.setAttribute("aria-label", (count - shown.length) + " more");
      shown.push(more);
    }
    faces.replaceChildren(...shown);
  }

  // The name this listener gave (remembered in this browser), or null.
  function name() {
    const text = ($("listener-name")?.value ?? localStorage.getItem(NAME_KEY) ?? "").trim();
    return text ? text.slice(0, 32) : null;
  }

  const input = $("listener-name");
  if (input) {
    input.value = localStorage.getItem(NAME_KEY) || "";
    input.addEventListener("change", () => localStorage.setItem(NAME_KEY, input.value.trim()));
  }

  root.SimulcastPresence = { show, name, countLine };
})(window);
