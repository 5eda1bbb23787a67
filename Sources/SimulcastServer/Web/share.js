// Sharing the room: the link through the Web Share API where the browser has one (phones),
// else copied to the clipboard, else shown to copy by hand; the QR code is the server's.
(function () {
  'use strict';
  const button = document.getElementById('share-link');
  const note = document.getElementById('share-note');
  const config = JSON.parse(document.getElementById('simulcast-config').textContent);
  // The server's link for this room (its https public origin), never a plain http:// one to
  // another machine: a friend could not play there. Without one the page says why.
  const link = config.shareLink;
  if (!link) {
    button.hidden = true;
    document.getElementById('qr').hidden = true;
    note.textContent = config.shareRefusal || '';
    window.simulcastShare = { link: null };
    return;
  }

  async function share() {
    // A listener shares the host's room ("Listen along with Ana"); the host shares their own.
    const headline = document.getElementById('headline');
    const title = headline ? headline.textContent + ' on Simulcast' : 'Listen along with me on Simulcast';
    const data = { title, text: 'Each on our own music service, at the same moment.', url: link };
    if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
      try {
        await navigator.share(data);
        note.textContent = '';
        return;
      } catch (error) {
        // Closing the share sheet is an answer, not a failure.
        if (error && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      note.textContent = 'Link copied: ' + link;
    } catch (error) {
      note.textContent = 'Copy this link: ' + link;
    }
  }

  button.addEventListener('click', share);
  window.simulcastShare = { link: link };
})();
