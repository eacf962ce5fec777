/**
 * Home (/). Hero with emergency call and free-quote buttons; red trust
 * bar; four service cards; video section; the 15 featured service-area tiles (extended-coverage
 * ones say so, as their cards on /service-areas do) with links to all the communities we reach on
 * /service-areas and to /sitemap; the rating (when the settings have one) and the review cards
 * (zero or more); the external review link; three why-choose-us cards; the
 * home FAQ; the closing call and e-mail section.
 */
import { isSampleRating, isSampleReview } from '../lib/content/samples.ts';
import { backedItems } from '../lib/content/claims.ts';
import { ratingText, type Rating } from '../lib/content/rating.ts';
import { countiesReach, countiesServed } from '../lib/content/counties.ts';
import { coverageBadge } from '../lib/content/coverage.ts';
import { reviewLink } from '../lib/content/profiles.ts';
import { ExternalLink } from '../templates/ContactLinks.tsx';
import { Icon } from '../templates/icons.tsx';
import { CallBanner, FaqList, Hero, ReviewCards, Section, ServiceCards, TrustBar, WhyChooseUs } from '../templates/sections.tsx';
import { useSite } from '../templates/site-context.ts';
import { VideoSection } from '../templates/VideoSection.tsx';

/** A tile's ZIP line, with the coverage badge of an extended-coverage area beside it. */
function TileMeta({ zip, extended }: { zip?: string; extended?: string }) {
  const parts = [zip && `ZIP ${zip}`, extended].filter(Boolean);
  return parts.length ? <p className="zip">{parts.join(' · ')}</p> : null;
}

/**
 * The business's rating as visible text linked to where it comes from ("5.0 from 50 reviews"),
 * shown for every reader: the home page's JSON-LD carries it only when it is shown here. The
 * sample rating says it is one.
 */
function RatingLine({ rating }: { rating: Rating }) {
  return (
    <p className="rating-line">
      {isSampleRating(rating) && <span className="sample-note">Sample rating, not real</span>}{' '}
      <ExternalLink href={rating.url} track="review_click" source="home_rating"><Icon name="star" size={18} /> {ratingText(rating)}</ExternalLink>
    </p>
  );
}

export function HomePage() {
  const site = useSite();
  const { home, core, communities, settings } = site;
  const tiles = communities.filter((c) => c.onHome);
  const { rating } = settings;
  return (
    <>
      <Hero title={home.heroTitle} text={home.heroText} photo={home.photo} quoteLabel="Get Free Quote" imageAlt="Illustration: our white locksmith van on a desert road below mesas and a snow-capped mountain" eyebrow={<><Icon name="clock" size={18} /> 24/7 emergency locksmith - we come to you</>} />
      <TrustBar items={backedItems([{ label: 'EMERGENCY SERVICE', icon: 'alert' }, { label: 'LICENSED & INSURED', icon: 'shield' }, { label: 'FAST RESPONSE', icon: 'clock' }], settings.credentials)} />
      <Section title="Our Locksmith Services" intro="Cars, homes and businesses - one call and we drive to you.">
        <ServiceCards services={core} />
      </Section>
      <VideoSection />
      <Section title="Areas We Serve" intro={`Featured areas around our base in ${settings.location.locality}. All ${communities.length} communities we reach, ${countiesReach(countiesServed(communities))}, are on our service areas page.`} className="section-tiles">
        <ul className="tiles" role="list">
          {tiles.map((c) => (
            <li key={c.slug} className="tile">
              <h3 className="tile-title">
                {c.page ? <a href={`/areas/${c.slug}/`}>{c.name}</a> : <a href={`/service-areas/#${c.slug}`}>{c.name}</a>}
              </h3>
              <TileMeta zip={c.zipCode} extended={coverageBadge(c).kind === 'extended' ? coverageBadge(c).label : undefined} />
              <p>{c.description}</p>
            </li>
          ))}
        </ul>
        <p className="section-links">
          <a className="btn btn-secondary" href="/service-areas/">All {communities.length} communities we reach</a>
          <a className="btn btn-ghost" href="/sitemap/">Full sitemap</a>
        </p>
      </Section>
      <Section
        title="What Our Customers Say"
        intro={home.reviews.some(isSampleReview) ? 'Reviews marked "Sample review" only show how reviews will look here; they are not from real customers.' : undefined}
        className="section-reviews"
      >
        {rating && <RatingLine rating={rating} />}
        {home.reviews.length > 0 && <ReviewCards reviews={home.reviews} />}
        <p className="section-links">
          <ExternalLink className="btn btn-secondary" href={reviewLink(settings)} track="review_click" source="home_reviews">
            <Icon name="star" size={18} /> Leave us a review
          </ExternalLink>
        </p>
      </Section>
      <WhyChooseUs points={home.why} />
      <FaqList faqs={home.faqs} />
      <CallBanner title="Locked out right now?" />
    </>
  );
}
