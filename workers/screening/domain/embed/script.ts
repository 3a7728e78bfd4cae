/**
 * The one script of the embed, served from our origin as /embed/embed.js (CSP
 * script-src 'self', no inline script). On the result page it tells the framing page how the
 * screening ended: the screening id and a status, never the applicant's data, and only to
 * the partner's configured origins (postMessage drops a message whose target origin is not
 * the parent's, so at most the real parent receives it).
 */
export const EMBED_SCRIPT = `(function () {
  var el = document.getElementById('embed-outcome');
  if (!el || window.parent === window) return;
  var message = { type: 'screening.completed', screeningId: el.getAttribute('data-screening-id'), status: el.getAttribute('data-status') };
  var origins = JSON.parse(el.getAttribute('data-origins') || '[]');
  for (var i = 0; i < origins.length; i++) window.parent.postMessage(message, origins[i]);
})();
`
