/** @jsxImportSource preact */
/**
 * The full-page error screen, with fixed texts. Rendered at build time into an inert <template> on every page that has
 * islands (templates/Island.tsx), and cloned into view by islands/runtime/error-screen.ts when an
 * island fails: the screen then needs no script of its own beyond a few lines, and shows the
 * site's real phone and e-mail.
 *
 * Refresh Page reloads (the `data-error-reload` button, handled by the runtime); Go to Homepage is a
 * plain link to /; the call and e-mail links carry data-track/data-source like every contact
 * link, so analytics counts them.
 */
import { quoteMailto } from '../lib/text.ts';
import { IslandIcon } from './common/icons.tsx';
import type { RuntimeStyles } from './runtime/runtime-styles.ts';

/**
 * What the error screen adds at run time (lib/build/page-css.ts keeps its rules on every page with an
 * island): the <body> class that hides the rest of the page (islands/runtime/error-screen.ts
 * ERROR_SCREEN_CLASS), and the screen itself, cloned from an inert <template> whose content is
 * not part of the page until then.
 */
export const RUNTIME_STYLES: RuntimeStyles = {
  classes: ['has-error-screen', /^error-screen/, 'btn', 'btn-primary', 'btn-ghost', 'btn-call', 'btn-quote', 'icon', 'h1'],
  attributes: ['data-error-reload'],
};

/** The error screen's texts, word for word. */
export const ERROR_SCREEN_TEXT = {
  title: 'Something went wrong',
  body: "We're sorry, but something unexpected happened. Our team has been notified and we're working to fix the issue.",
  refresh: 'Refresh Page',
  home: 'Go to Homepage',
  help: 'Need immediate assistance? Contact us directly:',
} as const;

/** id of the <template> holding the error screen. */
export const ERROR_SCREEN_TEMPLATE_ID = 'error-screen-template';

export interface ErrorScreenProps {
  /** Business phone: the tel: URI (with any extension; else tel: plus E.164) for the link, national form for people. */
  phone: { e164: string; national: string; tel?: string };
  /** Business e-mail address. */
  email: string;
  /** Business name (the e-mail subject, as on every Get Quote link). */
  name: string;
}

/** The error screen's markup. Its heading has tabindex -1 so the runtime can move focus to it. */
export default function ErrorScreen({ phone, email, name }: ErrorScreenProps) {
  const mailto = quoteMailto(email, name);
  return (
    <section class="error-screen" aria-labelledby="error-screen-title">
      <div class="error-screen-card">
        <span class="error-screen-icon">
          <svg class="icon" width="40" height="40" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 3l10 18H2zM12 10v5M12 18v.5" />
          </svg>
        </span>
        <h1 id="error-screen-title" tabIndex={-1}>{ERROR_SCREEN_TEXT.title}</h1>
        <p>{ERROR_SCREEN_TEXT.body}</p>
        <div class="error-screen-actions">
          <button type="button" class="btn btn-primary" data-error-reload="">{ERROR_SCREEN_TEXT.refresh}</button>
          <a class="btn btn-ghost" href="/">{ERROR_SCREEN_TEXT.home}</a>
        </div>
        <p class="error-screen-help">{ERROR_SCREEN_TEXT.help}</p>
        <div class="error-screen-contact">
          <a class="btn btn-call" href={phone.tel ?? `tel:${phone.e164}`} data-track="phone_call" data-source="error_screen">
            <IslandIcon name="phone" size={20} /><span>Call {phone.national}</span>
          </a>
          <a class="btn btn-quote" href={mailto} data-track="email_click" data-source="error_screen">
            <IslandIcon name="mail" size={20} /><span>{email}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
