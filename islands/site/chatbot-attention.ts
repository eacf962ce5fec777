/**
 * The end of the chatbot's attention state: the button bounces with a
 * badge for the first 3 seconds, then stays still.
 *
 * The toggle's server HTML (islands/ChatbotSidebar.tsx) starts in the attention state: the class
 * `is-attention` (a finite CSS bounce, templates/styles/50-islands.css) and the badge. The island's
 * code loads only when the visitor first acts on it (templates/ChatbotArea.tsx, load="interaction"),
 * usually after 3 s or never, so this module, which every page loads (islands/site.ts), ends the
 * state: ATTENTION_MS after navigation start it removes the class and the badge. The island reads
 * the state from the toggle's class when it renders: hydrated after 3 s it does not bring the
 * badge back; hydrated before, its next render drops what this removed. No Preact: a few hundred
 * bytes.
 */

/** How long the button bounces and shows its badge, in ms from navigation start. */
const ATTENTION_MS = 3000;

/** Removes the attention state from the page: the `is-attention` class of every chatbot toggle, and every badge. */
function endChatbotAttention(): void {
  for (const toggle of document.querySelectorAll('.chatbot-toggle.is-attention')) toggle.classList.remove('is-attention');
  for (const badge of document.querySelectorAll('.chatbot-badge')) badge.remove();
}

// "First 3 seconds" of the page, not of the script: counted from navigation start.
if (document.querySelector('.chatbot-toggle')) setTimeout(endChatbotAttention, Math.max(0, ATTENTION_MS - performance.now()));

export {};
