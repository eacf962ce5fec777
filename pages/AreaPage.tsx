/**
 * An area page (/areas/{slug}/, and the /areas/acoma-pueblo/ alias). Its sections:
 * one layout for all seventeen, whose optional sections come from the record's
 * `page.sections` flags (content/areas/*.yaml), so a variant is data, not a copy of this file.
 *
 * Sections, in order (the class names are stable: test/build/areas.test.ts reads them):
 *   hero (`hero`)                  ZIP, call and quote buttons, a farther town's arrival note; the
 *                                  owner's photo when the record names one, else the drawing of
 *                                  the record's kind of place (`scene`)
 *   About (`area-about`)           text, links to the two nearest towns (lib/content/arrival.ts),
 *                                  the four facts, the picture (the van: the hero shows the place)
 *   features (`area-features`)     six tags, when sections.features
 *   services (`area-services`)     links to the record's specialised services (`page.town.services`),
 *                                  the four core services with the sub-services
 *   history (`area-history`)       title, text and six tags, when sections.history
 *   Why Choose Us (`section-why`)  three points, when sections.whyChooseUs
 *   emergency (`call-banner-emergency`) red call banner, when sections.emergencyBanner
 *   FAQ (`section-faq`)            the five generated questions (also FAQPage JSON-LD, routes.ts)
 *   closing (`call-banner-navy`)   call, e-mail and text
 * Header, breadcrumbs (Home / Service Areas / "{Name}, NM"), the page tracker and the chatbot
 * come from the layout and the route (pages/routes.ts).
 *
 * Wording of emergency service follows `page.emergency`: "24/7" areas claim it; "available"
 * areas (San Rafael, Gallup) say only that emergency services are available, and "on request"
 * where the record is served on request, as the coverage note above says.
 */
import { SCENE_ALT, type AreaCopy, type CoreService, type Faq } from '../lib/content/schema.ts';
import { neighbours } from '../lib/content/arrival.ts';
import { coverageNote } from '../lib/content/coverage.ts';
import type { Area } from '../lib/content/load-content.ts';
import { Icon } from '../templates/icons.tsx';

/** Replaces every "{name}" in `text` with the area's name, e.g. ("in {name}", "Milan") -> "in Milan". */
function fillName(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}
import { CallBanner, FaqList, Hero, Section, ServiceCards, WhyChooseUs } from '../templates/sections.tsx';
import { useSite } from '../templates/site-context.ts';

/** What the van drawing (static/img/hero.svg) shows: the picture of the About card, "we come to you". */
const VAN_ALT = 'Illustration: our white locksmith van on a desert road below mesas';

/** Intrinsic size of the scene SVGs (static/img/scene-*.svg), px. */
export const SCENE_SIZE: [number, number] = [800, 500];

/**
 * The four core services as area-page cards: names, icons and links of content/core-services/*.yaml,
 * texts and sub-services of content/area-copy.yaml with the area's name filled in.
 */
function areaServices(copy: AreaCopy, core: CoreService[], name: string): CoreService[] {
  return copy.services.map((copy) => {
    const service = core.find((c) => c.slug === copy.slug);
    if (!service) throw new Error(`content/area-copy.yaml names core service "${copy.slug}", which content/core-services/ does not have.`);
    return { ...service, cardText: fillName(copy.text, name), subServices: copy.subServices };
  });
}

/** Links as words: "<a>A</a>, <a>B</a> and <a>C</a>". */
function LinkList({ links }: { links: { href: string; label: string }[] }) {
  return <>{links.map((l, i) => <span key={l.href}>{i === 0 ? '' : i === links.length - 1 ? ' and ' : ', '}<a href={l.href}>{l.label}</a></span>)}</>;
}

/** Six tags as a list of chips. */
function Tags({ tags, label }: { tags: string[]; label: string }) {
  return (
    <ul className="chips area-tags" role="list" aria-label={label}>
      {tags.map((t) => <li key={t} className="chip"><Icon name="check" size={16} />{t}</li>)}
    </ul>
  );
}

/**
 * @param area a community with a page (lib/content/load-content.ts `Area`)
 * @param faqs its five generated questions (lib/content/area-faqs.ts), the same ones as in the JSON-LD
 */
export function AreaPage({ area, faqs }: { area: Area; faqs: Faq[] }) {
  const { core, areas, services, settings, areaCopy } = useSite();
  const { region } = settings.location;
  const { page, name } = area;
  const near = neighbours(area, areas);
  // lib/content/load-content.ts has checked that every slug names a service.
  const special = services.filter((s) => page.town.services.includes(s.slug)).map((s) => ({ href: `/services/${s.slug}/`, label: s.name }));
  const { sections } = page;
  const always = page.emergency === '24/7';
  const note = coverageNote(area, settings);
  const facts: [string, string][] = [
    ['Population', area.population],
    ['County', `${area.county} County`],
    ['Type', page.type],
    [page.heritageLabel, page.heritage],
  ];
  return (
    <>
      <Hero
        title={`Locksmith in ${name}, ${region}`}
        eyebrow={<><Icon name="map" size={18} /> {name}, {region} <span className="area-zip">ZIP {area.zipCode}</span></>}
        text={`Mobile locksmith for cars, homes and businesses in ${name}. ${area.description}`}
        image={`/img/scene-${area.scene}.svg`}
        imageSize={SCENE_SIZE}
        imageAlt={SCENE_ALT[area.scene]}
        photo={area.photo}
      >
        {note && <p className="area-coverage-note"><Icon name="clock" size={18} /> {note}</p>}
      </Hero>

      <Section title={`About ${name}`} className="area-about" id="about">
        <div className="area-about-grid">
          <div className="area-about-text">
            {page.about.map((p) => <p key={p}>{p}</p>)}
            <p className="area-near">Nearest towns we serve: <LinkList links={near.map((n) => ({ href: `/areas/${n.town.slug}/`, label: `${n.town.name} (${n.km} km)` }))} />.</p>
          </div>
          <div className="card area-factcard">
            <img className="card-img" src="/img/hero.svg" alt={VAN_ALT} width="1200" height="800" loading="lazy" decoding="async" data-fallback="/img/fallback.svg" />
            <dl className="area-facts">
              {facts.map(([label, value]) => (
                <div key={label} className="area-fact"><dt>{label}</dt><dd>{value}</dd></div>
              ))}
            </dl>
          </div>
          {sections.features && (
            <div className="area-features">
              <h3>Community features</h3>
              <Tags tags={area.features} label={`Features of ${name}`} />
            </div>
          )}
        </div>
      </Section>

      <Section title={`Locksmith Services in ${name}`} className="area-services" id="services">
        <p className="area-special">Specialised services for {name}: <LinkList links={special} />.</p>
        <ServiceCards services={areaServices(areaCopy, core, name)} />
      </Section>

      {sections.history && page.history && (
        <Section title={page.history.title} className="area-history" id="history">
          <p className="area-history-text">{page.history.text}</p>
          <Tags tags={page.history.tags} label={page.history.title} />
        </Section>
      )}

      {sections.whyChooseUs && (
        <WhyChooseUs
          title={`Why ${name} Chooses Us`}
          points={areaCopy.why.map((p) => ({ ...p, title: fillName(p.title, name), text: fillName(p.text, name) }))}
        />
      )}

      {sections.emergencyBanner && (
        <CallBanner
          tone="emergency"
          callOnly
          source="area_emergency"
          title={always ? `24/7 Emergency Locksmith in ${name}` : `Emergency Locksmith Service in ${name}`}
          text={always
            ? `Emergency service is available 24/7 in ${name}. Call now.`
            : `Emergency services are available in ${name}${area.servedOnRequest ? ' on request' : ''}. Call and we will tell you honestly when we can be there.`}
        />
      )}

      <FaqList faqs={faqs} title={`Locksmith Questions from ${name}`} />

      <CallBanner
        title={`Need a Locksmith in ${name}?`}
        text="Tell us where you are and what is locked: you get the price and an arrival estimate first."
        source="area_closing"
      />
    </>
  );
}
