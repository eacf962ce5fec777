/**
 * Escape closes the chatbot panel from the first moment, before the island's code has arrived.
 *
 * The panel is a <details> that opens natively on a click (islands/ChatbotSidebar.tsx); the
 * island's code loads on that first interaction (templates/ChatbotArea.tsx, load="interaction"),
 * over a slow link seconds later, and only then does the island answer Escape. A visitor who
 * opens the panel and presses Escape at once would find it still open. This module, which every
 * page loads (islands/site.ts), closes an open panel on Escape until the island has hydrated, and
 * gives focus back to its button, as the island does. The island adopts the closed state when it
 * hydrates (it reads the <details> element's `open`).
 *
 * Hydrated, the island marks its button with aria-expanded and handles every key itself (Escape,
 * and Tab kept inside the open panel, which is modal only from then on): this module then does
 * nothing. The header menus answer their keys (Escape, arrows, Home, End) from the site module
 * too (islands/site/menus.ts), so no key of the menus or the panel waits for an island.
 */

/**
 * Closes the open chatbot panel on Escape while its island has not hydrated (its button has no
 * aria-expanded yet), focusing the button. Anything else is left alone.
 */
function onChatbotKey(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  const chatbot = document.querySelector<HTMLDetailsElement>('details.chatbot[open]');
  const toggle = chatbot?.querySelector<HTMLElement>(':scope > summary');
  if (!chatbot || !toggle || toggle.hasAttribute('aria-expanded')) return;
  event.preventDefault();
  chatbot.open = false;
  toggle.focus();
}

document.addEventListener('keydown', onChatbotKey);

export {};
