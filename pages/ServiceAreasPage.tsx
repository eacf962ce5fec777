/**
 * All service areas (/service-areas/). Introduction; the four
 * service types; a card per community (20: name, ZIP where known, description, details,
 * population, feature tags, image); coverage statistics; the at-a-glance list of
 * the 14 places with ZIPs; the call or e-mail section.
 *
 * Every card carries id="{slug}", so /service-areas/#mesita lands on Mesita's card (the home
 * tiles of communities without a page link there); cards of communities with a page link to it.
 * Stable class names read by test/build/areas.test.ts: `community-card`, `coverage-stats`,
 * `service-types`, and PlacesGrid's `places`.
 */
import { countiesReach, countiesServed } from '../lib/content/counties.ts';
import type { Community } from '../lib/content/schema.ts';
import { coverageBadge, coverageCounts, servedOnRequestSentence } from '../lib/content/coverage.ts';
import { Icon } from '../templates/icons.tsx';
import { CallBanner, Hero, PlacesGrid, Section } from '../templates/sections.tsx';
import { useSite } from '../templates/site-context.ts';
import { SCENE_SIZE } from './AreaPage.tsx';

/**
 * One community card, tight enough that twenty fit a phone screen's scroll: a small picture beside
 * the heading (linked to the area page when the community has one), the ZIP, county and coverage
 * badge, the description, and a disclosure with the details, population and feature tags (closed,
 * still in the HTML and opened by mouse, Enter or Space without JavaScript). The picture is one of
 * a few shared scenes that adds nothing the heading does not say, so it is decorative (alt="",
 * https://www.w3.org/WAI/tutorials/images/decorative/).
 */
function CommunityCard({ c }: { c: Community }) {
  const badge = coverageBadge(c);
  return (
    <li id={c.slug} className="card community-card">
      <img className="card-img" src={`/img/scene-${c.scene}.svg`} alt="" width={SCENE_SIZE[0]} height={SCENE_SIZE[1]} loading="lazy" decoding="async" data-fallback="/img/fallback.svg" />
      <h3 className="card-title">{c.page ? <a href={`/areas/${c.slug}/`}>{c.name}</a> : c.name}</h3>
      <p className="community-meta">
        {c.zipCode && <span className="zip">ZIP {c.zipCode}</span>}
        <span>{c.county} County</span>
        <span className={`coverage coverage-${badge.kind}`}>{badge.label}</span>
      </p>
      <p className="community-desc">{c.description}</p>
      <details className="community-more">
        <summary>More about {c.name}</summary>
        <p className="community-details">{c.details}</p>
        <p className="community-population"><strong>Population:</strong> {c.population}</p>
        <ul className="chips community-tags" role="list">
          {c.features.map((f) => <li key={f}>{f}</li>)}
        </ul>
      </details>
    </li>
  );
}

export function ServiceAreasPage() {
  const { communities, core, settings } = useSite();
  const { locality, region } = settings.location;
  const counts = coverageCounts(communities);
  const counties = countiesServed(communities);
  const stats: [string, string][] = [
    [String(counties.all.length), `Count${counties.all.length === 1 ? 'y' : 'ies'}: ${counties.all.join(', ')}`],
    [String(counts.primary), 'Primary communities'],
    [String(counts.extended), 'Extended-coverage communities'],
    [settings.serviceRadiusMiles, 'Mile service radius'],
  ];
  return (
    <>
      <Hero
        title={`Locksmith Service Areas in ${counties.primary.join(' & ')} Count${counties.primary.length === 1 ? 'y' : 'ies'}`}
        eyebrow={<><Icon name="map" size={18} /> Based in {locality}, {region}</>}
        text={`We are a fully mobile locksmith based in ${locality}. We drive to cars, homes and businesses ${countiesReach(counties)}, within a radius of ${settings.serviceRadiusMiles} miles. ${servedOnRequestSentence(communities)}`.trim()}
        image="/img/hero-areas.svg"
        imageAlt="Illustration: a drawn road map with a highway across mesas, a navy pin for our base inside a dotted ring, red pins for towns and our van on the road"
      />

      <Section title="What We Do Everywhere We Go" intro="The same four services in every community we cover." className="service-types-section">
        <ul className="service-types" role="list">
          {core.map((s) => (
            <li key={s.slug} className="service-type">
              <span className="service-type-icon"><Icon name={s.icon} size={28} /></span>
              <div>
                <h3><a href={`/${s.slug}/`}>{s.name}</a></h3>
                <p>{s.subServices.join(' · ')}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Communities We Serve" intro={`All ${communities.length} communities we reach, from our home base in ${locality} ${countiesReach(counties)}.`} className="communities-section" id="communities">
        <ul className="cards community-cards" role="list">
          {communities.map((c) => <CommunityCard key={c.slug} c={c} />)}
        </ul>
      </Section>

      <Section
        title="Our Coverage"
        intro={`Counted over the ${counts.places} service areas listed at a glance below: ${counts.primary} primary, ${counts.extended} extended coverage.${counts.alsoServed ? ` We also reach the ${counts.alsoServed} other communities above, ${communities.length} in all.` : ''}`}
        className="coverage-section"
        id="coverage"
      >
        <dl className="coverage-stats">
          {stats.map(([value, label]) => (
            <div key={label} className="coverage-stat"><dt>{label}</dt><dd>{value}</dd></div>
          ))}
        </dl>
      </Section>

      <PlacesGrid title="Service Areas at a Glance" />

      <CallBanner
        title="Not Sure We Cover You?"
        text="Call or e-mail and tell us where you are. We will say honestly whether we can come and how long it will take."
        source="service_areas"
      />
    </>
  );
}
