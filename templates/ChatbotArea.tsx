/**
 * The chatbot sidebar and the two fixed contact buttons,
 * placed by the layout on pages with `chatbot: true`.
 *
 * The fixed call and text buttons are plain server links (they need no script). The sidebar is
 * the ChatbotSidebar island (islands/ChatbotSidebar.tsx): its server HTML is a <details> that
 * opens and closes without JavaScript; hydrated it adds the close button, the overlay, Escape and
 * the focus trap. Its code (with Preact) loads on interaction (to keep Lighthouse total blocking
 * time at 0): when the visitor first presses, focuses or clicks the button, not with the page, so a
 * page with no other island loads no Preact. The attention state ends without it
 * (islands/site/chatbot-attention.ts), and Escape closes the panel before it has arrived
 * (islands/site/chatbot-keys.ts).
 */
import { quoteMailto } from '../lib/text.ts';
import type { ChatbotSidebarProps } from '../islands/ChatbotSidebar.tsx';
import { CallLink, TextLink } from './ContactLinks.tsx';
import { Island } from './Island.tsx';
import { TextLocation } from './TextLocation.tsx';
import { useSite } from './site-context.ts';

/**
 * The fixed call/text buttons and, when the settings name an AI assistant, the ChatbotSidebar
 * island. Without an assistant there is no sidebar: its button says "chat", its sample questions
 * each open the assistant, and a chat button that opens no chat would mislead; its call and quote
 * actions are on every page anyway (the fixed call and text buttons stay, and every page has the
 * header's call link and Get Quote links).
 */
export function ChatbotArea() {
  const site = useSite();
  const { assistantUrl, phone, email, name } = site.settings;
  const props: ChatbotSidebarProps = {
    callHref: phone.tel,
    // Same subject as every Get Quote link (templates/ContactLinks.tsx EmailLink).
    emailHref: quoteMailto(email, name),
    assistantUrl,
  };
  const sidebar = assistantUrl !== '';
  return (
    <>
      {/* A landmark of its own, so the buttons are not content outside every region. */}
      <aside className="fixed-contact" aria-label="Quick contact">
        <CallLink source="fixed" className="fab fab-call">Call</CallLink>
        <TextLink source="fixed" className="fab fab-text">Text</TextLink>
        <TextLocation source="fixed" variant="fab" />
      </aside>
      {sidebar && <Island name="ChatbotSidebar" props={props as unknown as Record<string, unknown>} buildProps={site.chatbot} load="interaction" />}
    </>
  );
}
