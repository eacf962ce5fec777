/**
 * The contact actions, as plain anchors that work without JavaScript:
 * call (tel:, E.164 with any extension as ";ext=", RFC 3966), text (sms:), e-mail (mailto:), the
 * external assistant (new tab). `data-track` names the analytics event
 * and `data-source` where on the page it sits (read by the analytics island).
 */
import type { ReactNode } from 'react';
import { quoteMailto } from '../lib/text.ts';
import { Icon } from './icons.tsx';
import { useSite } from './site-context.ts';

interface LinkProps {
  /** Where the link sits, for analytics, e.g. "hero", "header", "fixed", "banner". */
  source: string;
  className?: string;
  /** Visible text; defaults to the action with the number or address. */
  children?: ReactNode;
  /** Show the icon before the text (default true). */
  icon?: boolean;
}

/** Click-to-call link to the business phone. Default text: "Call (505) 555-0123". */
export function CallLink({ source, className = 'btn btn-call', children, icon = true }: LinkProps) {
  const { phone } = useSite().settings;
  return (
    <a className={className} href={phone.tel} data-track="phone_call" data-source={source}>
      {icon && <Icon name="phone" size={20} />}
      <span>{children ?? <>Call {phone.national}</>}</span>
    </a>
  );
}

/** Text-message link to the business phone. Default text: "Text us". */
export function TextLink({ source, className = 'btn btn-text', children, icon = true }: LinkProps) {
  const { phone } = useSite().settings;
  return (
    <a className={className} href={`sms:${phone.e164}`} data-track="sms_click" data-source={source}>
      {icon && <Icon name="sms" size={20} />}
      <span>{children ?? 'Text us'}</span>
    </a>
  );
}

/** E-mail link to the business address, labelled Get Quote by default. */
export function EmailLink({ source, className = 'btn btn-quote', children, icon = true }: LinkProps) {
  const { email, name } = useSite().settings;
  return (
    <a className={className} href={quoteMailto(email, name)} data-track="email_click" data-source={source}>
      {icon && <Icon name="mail" size={20} />}
      <span>{children ?? 'Get Quote'}</span>
    </a>
  );
}

/** Link to the external AI chat assistant, in a new tab. Default text: "Ask our assistant". Nothing when the settings name no assistant. */
function AssistantLink({ source, className = 'btn btn-secondary', children, icon = true }: LinkProps) {
  const { assistantUrl } = useSite().settings;
  if (!assistantUrl) return null;
  return (
    <ExternalLink className={className} href={assistantUrl} track="chatbot_click" source={source}>
      {icon && <Icon name="chat" size={20} />}
      <span>{children ?? 'Ask our assistant'}</span>
    </ExternalLink>
  );
}

/**
 * The contact actions every page offers: call, e-mail labelled Get Quote,
 * text, and the assistant when there is one, as large buttons in one row. For pages without the chatbot sidebar.
 */
export function ContactActions({ source }: { source: string }) {
  return (
    <p className="hero-actions contact-actions">
      <CallLink source={source} className="btn btn-call btn-lg" />
      <EmailLink source={source} className="btn btn-quote btn-lg">Get Quote</EmailLink>
      <TextLink source={source} className="btn btn-text btn-lg" />
      <AssistantLink source={source} className="btn btn-secondary btn-lg" />
    </p>
  );
}

/** External link that opens in a new tab, with rel="noopener" and a screen-reader hint. */
export function ExternalLink({ href, className, children, track, source }: { href: string; className?: string; children: ReactNode; track?: string; source?: string }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener" data-track={track} data-source={source}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
