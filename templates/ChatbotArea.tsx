/**
 * The chatbot sidebar and the two fixed contact buttons (spec section 2, "Chatbot sidebar").
 * Server markup that works without JavaScript: the floating button is the <summary> of a
 * <details>, so it opens and closes the panel by itself. The ChatbotSidebar island (issue 5) adds
 * the 3-second attention state, the overlay, Escape and the focus trap.
 */
import { CallLink, EmailLink, ExternalLink, TextLink } from './ContactLinks.tsx';
import { Icon } from './icons.tsx';
import { useSite } from './site-context.ts';

/** Sample questions shown in the panel. */
export const SAMPLE_QUESTIONS = [
  'I locked my keys in my car. How fast can you get here?',
  'Can you program a new key fob for my truck?',
  'How much does it cost to rekey my house?',
  'Do you serve Gallup and Crownpoint?',
];

/** Help topics listed in the panel, each linking to the page that answers it. */
export function useHelpTopics() {
  return [
    { label: 'Car lockouts', href: '/services/car-lockout/' },
    { label: 'Home lockouts', href: '/services/home-lockout/' },
    { label: 'Car key programming', href: '/services/automotive-key-programming/' },
    { label: 'Lock rekeying', href: '/services/lock-rekeying/' },
    { label: 'Areas we serve', href: '/service-areas/' },
  ];
}

/** The sidebar and fixed buttons, placed by the layout on pages with `chatbot: true`. */
export function ChatbotArea() {
  const { assistantUrl } = useSite().settings;
  const topics = useHelpTopics();
  return (
    <>
      <div className="fixed-contact" aria-label="Quick contact" role="group">
        <CallLink source="fixed" className="fab fab-call"><span className="visually-hidden">Call us</span></CallLink>
        <TextLink source="fixed" className="fab fab-text"><span className="visually-hidden">Text us</span></TextLink>
      </div>
      <details className="chatbot">
        <summary className="chatbot-toggle" aria-label="Help and quick contact">
          <Icon name="chat" size={28} />
        </summary>
        <aside className="chatbot-panel" aria-label="Help">
          <h2 className="chatbot-title">How can we help?</h2>
          <p className="chatbot-lead">Ask our assistant, or reach us directly.</p>
          <ExternalLink className="btn btn-primary chatbot-assistant" href={assistantUrl} track="chatbot_click" source="chatbot_sidebar">
            <Icon name="chat" size={20} /> Chat with Assistant
          </ExternalLink>
          <div className="chatbot-actions">
            <CallLink source="chatbot_sidebar">Emergency Call</CallLink>
            <EmailLink source="chatbot_sidebar">Get Quote</EmailLink>
          </div>
          <h3 className="chatbot-subtitle">People ask</h3>
          <ul className="chatbot-questions" role="list">
            {SAMPLE_QUESTIONS.map((q) => <li key={q}>{q}</li>)}
          </ul>
          <h3 className="chatbot-subtitle">Help topics</h3>
          <ul className="chatbot-topics" role="list">
            {topics.map((t) => <li key={t.href}><a href={t.href}>{t.label}</a></li>)}
          </ul>
        </aside>
      </details>
    </>
  );
}
