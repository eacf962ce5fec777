/**
 * The offline page (/offline.html): what the service worker (islands/workers/service-worker.ts)
 * shows for a page the visitor never opened when the network fails. Noindex. The phone number,
 * the four contact actions (call, Get Quote, text, assistant), "Text us my location" (the position and the text need no data
 * connection), the emergency notice; the layout adds the business hours (footer).
 */
import { ContactActions } from '../templates/ContactLinks.tsx';
import { TextLocation } from '../templates/TextLocation.tsx';
import { useSite } from '../templates/site-context.ts';

export function OfflinePage() {
  const { phone, responseMinutes } = useSite().settings;
  return (
    <section className="section not-found" aria-labelledby="page-title">
      <div className="container narrow">
        <p className="eyebrow">No connection right now</p>
        <h1 id="page-title">You're offline - call or text us at {phone.national}</h1>
        <p className="hero-text">This page isn't saved on your phone yet, but we're still a call away: calls and texts often get through where web pages don't.</p>
        <ContactActions source="offline" />
        <TextLocation source="offline" />
        <h2>Emergency service, 24/7</h2>
        <p>Locked out of your car, home or business? Emergency service is available around the clock, outside our business hours too. Call and we come to you, usually within {responseMinutes.emergency} minutes.</p>
      </div>
    </section>
  );
}
