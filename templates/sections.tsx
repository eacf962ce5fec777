/**
 * Page sections shared by several kinds of page: hero, trust bar, service cards, FAQ list, the
 * 14-place grid, why-choose-us cards, review cards and the closing call banner.
 */
import type { ReactNode } from 'react';
import { countiesServed, countyPhrase } from '../lib/content/counties.ts';
import type { Photo } from '../lib/content/photo-schema.ts';
import type { Community, CoreService, Faq, IconName, Review, WhyPoint } from '../lib/content/schema.ts';
import { isSampleReview } from '../lib/content/samples.ts';
import { extendedCoverageSentence, servedOnRequestSentence } from '../lib/content/coverage.ts';
import { toSlug } from '../lib/text.ts';
import { CallLink, EmailLink, TextLink } from './ContactLinks.tsx';
import { Icon } from './icons.tsx';
import { TextLocation } from './TextLocation.tsx';
import { Picture } from './Picture.tsx';
import { useSite } from './site-context.ts';

/**
 * The hero: heading, text, call and quote buttons (always both, in the first screen), "Text us my
 * location", optional extra content and a picture: the record's photo when it has one, else the
 * illustration. The picture falls back to the local stock image if it fails.
 */
export function Hero({ title, text, eyebrow, image = '/img/hero.svg', imageAlt, imageSize = [1200, 800], children, source = 'hero', quoteLabel = 'Get Quote', photo }: {
  title: string; text: string; eyebrow?: ReactNode; image?: string; imageAlt: string;
  /** The record's photo (lib/photos/photos.ts): shown instead of `image`. */
  photo?: Photo;
  /** Intrinsic [width, height] of `image` in px, so the browser reserves its box (no layout shift). Area scenes are 800x500. */
  imageSize?: [number, number]; children?: ReactNode; source?: string;
  /** Label of the e-mail button: "Get Quote" (service pages) or "Get Free Quote" (home: "free-quote e-mail button"). */
  quoteLabel?: string;
}) {
  return (
    <section className="hero" aria-labelledby="page-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 id="page-title">{title}</h1>
          <p className="hero-text">{text}</p>
          <div className="hero-actions">
            <CallLink source={source} className="btn btn-call btn-lg" />
            <EmailLink source={source} className="btn btn-quote btn-lg">{quoteLabel}</EmailLink>
          </div>
          <TextLocation source={source} />
          {children}
        </div>
        {photo ? <Picture photo={photo} slot="hero" className="hero-img" priority />
          : <img className="hero-img" src={image} alt={imageAlt} width={imageSize[0]} height={imageSize[1]} fetchPriority="high" data-fallback="/img/fallback.svg" />}
      </div>
    </section>
  );
}

/** The red strip of three claims, e.g. EMERGENCY SERVICE / LICENSED & INSURED / FAST RESPONSE. */
export function TrustBar({ items }: { items: { label: string; icon: IconName }[] }) {
  return (
    <div className="trust-bar">
      <ul className="container trust-items" role="list">
        {items.map((i) => (
          <li key={i.label}><Icon name={i.icon} size={22} className={i.icon === 'alert' ? 'pulse' : undefined} /><span>{i.label}</span></li>
        ))}
      </ul>
    </div>
  );
}

/** A section with a heading and an id for its label. */
export function Section({ title, intro, children, className = '', id }: { title: string; intro?: ReactNode; children: ReactNode; className?: string; id?: string }) {
  const hid = `${id ?? toSlug(title)}-title`;
  return (
    <section className={`section ${className}`} aria-labelledby={hid} id={id}>
      <div className="container">
        <h2 id={hid} className="section-title">{title}</h2>
        {intro && <p className="section-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/** The four core service cards, each linking to its page (home, area pages), with the service's photo when it has one. */
export function ServiceCards({ services, headingLevel = 3 }: { services: CoreService[]; headingLevel?: 3 | 4 }) {
  const H = `h${headingLevel}` as 'h3';
  return (
    <ul className="cards cards-4" role="list">
      {services.map((s) => (
        <li key={s.slug} className={`card service-card service-${s.slug}`}>
          {s.photo ? <Picture photo={s.photo} slot="card" className="card-img" />
            : <img className="card-img" src={`/img/card-${s.slug}.svg`} alt="" width="600" height="400" loading="lazy" decoding="async" data-fallback="/img/fallback.svg" />}
          <div className="card-body">
            <H className="card-title"><Icon name={s.icon} size={22} /> <a href={`/${s.slug}/`} className="card-link">{s.name}</a></H>
            <p>{s.cardText}</p>
            <ul className="ticks" role="list">
              {s.subServices.map((x) => <li key={x}><Icon name="check" size={16} />{x}</li>)}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * Questions and answers as disclosure widgets, the first one open: <details>/<summary> opens and
 * closes without JavaScript, by mouse, Enter or Space, and is announced as expanded or collapsed
 * (https://html.spec.whatwg.org/multipage/interactive-elements.html#the-details-element). Every
 * answer stays in the HTML, closed or not; the same questions and answers are the page's FAQPage
 * JSON-LD. The question is a heading inside the summary (the summary's content model allows one).
 */
export function FaqList({ faqs, title = 'Frequently Asked Questions', intro }: { faqs: Faq[]; title?: string; intro?: ReactNode }) {
  if (faqs.length === 0) return null;
  return (
    <Section title={title} intro={intro} className="section-faq" id="faq">
      <div className="faq-list">
        {faqs.map((f, i) => (
          <details key={f.question} className="faq-item" open={i === 0}>
            <summary><h3 className="faq-q">{f.question}</h3></summary>
            <p className="faq-a">{f.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** The places listed on core and service pages with their ZIPs (14 places). */
export function PlacesGrid({ title = 'Where Do You Serve?', intro }: { title?: string; intro?: ReactNode }) {
  const { places, areas, communities, settings } = useSite();
  const hasPage = new Set(areas.map((a) => a.slug));
  const defaultIntro = [`We come to you across ${countyPhrase(countiesServed(communities).primary)}.`, extendedCoverageSentence(communities, settings.location.locality), servedOnRequestSentence(communities)].filter(Boolean).join(' ');
  return (
    <Section title={title} intro={intro ?? defaultIntro} className="section-places">
      <ul className="places" role="list">
        {places.map((p) => (
          <li key={p.slug}>
            {hasPage.has(p.slug) ? <a href={`/areas/${p.slug}/`} className="place">{p.name}<span className="zip">{p.zipCode}</span></a>
              : <span className="place">{p.name}<span className="zip">{p.zipCode}</span></span>}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The three why-choose-us cards. */
export function WhyChooseUs({ points, title = 'Why Choose Us' }: { points: WhyPoint[]; title?: string }) {
  return (
    <Section title={title} className="section-why">
      <ul className="cards cards-3" role="list">
        {points.map((p) => (
          <li key={p.title} className="card why-card">
            <span className="why-icon"><Icon name={p.icon} size={28} /></span>
            <h3 className="card-title">{p.title}</h3>
            <p>{p.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * Customer review cards with their stars (on phones a row that scrolls sideways). A review that is one of the sample reviews of
 * lib/content/samples.ts carries a visible "Sample review" note, so it never passes as a customer's.
 */
export function ReviewCards({ reviews }: { reviews: Review[] }) {
  // On phones the cards form a row that scrolls sideways: focusable, so a keyboard can scroll it.
  return (
    <ul className="cards cards-3 review-row" role="list" tabIndex={0} aria-label="Reviews">
      {reviews.map((r) => (
        <li key={r.name} className="card review-card">
          {isSampleReview(r) && <p className="sample-note">Sample review, not from a real customer</p>}
          <p className="stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
            {Array.from({ length: r.rating }, (_, i) => <Icon key={i} name="star" size={18} />)}
          </p>
          <blockquote><p>{r.text}</p></blockquote>
          <p className="review-by">{r.name}, {r.location}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * The closing call block with the phone number, and e-mail unless `callOnly`.
 * `tone="emergency"` is the red emergency banner.
 */
export function CallBanner({ title, text, tone = 'navy', callOnly = false, source = 'banner' }: {
  title: string; text?: string; tone?: 'navy' | 'emergency'; callOnly?: boolean; source?: string;
}) {
  const { phone, responseMinutes, location } = useSite().settings;
  const hid = `${toSlug(title)}-banner`;
  return (
    <section className={`call-banner call-banner-${tone}`} aria-labelledby={hid}>
      <div className="container call-banner-inner">
        <div>
          <h2 id={hid}>{tone === 'emergency' && <Icon name="alert" size={26} className="pulse" />} {title}</h2>
          <p>{text ?? `Call ${phone.national} - we usually arrive in ${responseMinutes.usual} minutes in and around ${location.locality}.`}</p>
        </div>
        <div className="call-banner-actions">
          <CallLink source={source} className={tone === 'emergency' ? 'btn btn-white btn-lg' : 'btn btn-call btn-lg'} />
          {!callOnly && <EmailLink source={source} className="btn btn-outline-light btn-lg">E-mail for a free quote</EmailLink>}
          {!callOnly && <TextLink source={source} className="btn btn-outline-light btn-lg" />}
        </div>
      </div>
    </section>
  );
}
