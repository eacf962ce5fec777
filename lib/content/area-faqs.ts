/**
 * The five FAQ entries of an area page, written from the town's facts: its record's `page.town`
 * (route, findYou, callNotes) and the arrival sentence computed from its coordinates
 * (lib/content/arrival.ts). The same five are the page's FAQPage JSON-LD.
 */
import type { Faq } from './schema.ts';
import { arrivalSentence, type Base } from './arrival.ts';
import type { Area } from './load-content.ts';

/**
 * @param area a community with its own page; its `page.emergency` decides whether the emergency
 *   answer claims 24/7 service or says only that it is available (San Rafael, Gallup), its
 *   coordinates the arrival answer (lib/content/arrival.ts: the owner's response times within
 *   about 25 km of the base, the town's own estimate farther), its `page.town` the other answers
 * @param settings the checked settings: the base, the response times and the state (`location.region`)
 * @returns exactly five questions and answers, each question naming the area
 */
export function areaFaqs(area: Area, settings: Base & { location: { region: string } }): Faq[] {
  const { route, findYou, callNotes } = area.page.town;
  return areaFaqCopy({
    name: area.name,
    region: settings.location.region,
    emergency: area.page.emergency,
    arrival: arrivalSentence(area, settings),
    servedOnRequest: area.servedOnRequest === true,
    route,
    findYou,
    callNotes,
  });
}

/** What the FAQ copy of one area depends on. */
interface AreaFaqFacts {
  /** The community's name, e.g. "Milan". */
  name: string;
  /** The two-letter state said after the name (the settings' `location.region`), e.g. "NM". */
  region: string;
  /** "24/7" claims 24/7 emergency service; "available" says only that it is available (San Rafael, Gallup). */
  emergency: '24/7' | 'available';
  /** How soon we can be there, from the town's distance (lib/content/arrival.ts arrivalSentence). */
  arrival: string;
  /** Served only on request: the arrival answer says so first. */
  servedOnRequest: boolean;
  /** The record's `page.town`: roads from the base, how to be found, what a call there is like. */
  route: string;
  findYou: string;
  callNotes: string;
}

/**
 * @returns exactly five questions and answers, each question naming the area: service (the roads
 *   from the base), arrival, emergency service, how to be found, what a call there is like
 */
function areaFaqCopy(facts: AreaFaqFacts): Faq[] {
  const { name, region } = facts;
  const emergency = facts.emergency === '24/7'
    ? `Yes, 24/7 in ${name}, nights and holidays included; an after-hours fee, if any, is quoted before we set out.`
    : `Emergency services are available in ${name}${facts.servedOnRequest ? ' on request' : ''}. Call and we will tell you honestly when we can be there; any after-hours fee is quoted up front.`;
  const arrival = facts.servedOnRequest
    ? `${name} is extended coverage, served on request, so call first to confirm we can come. ${facts.arrival}`
    : facts.arrival;
  return [
    { question: `Do you offer locksmith service in ${name}, ${region}?`, answer: `Yes, we drive to you. ${facts.route}` },
    { question: `How fast can a locksmith get to me in ${name}?`, answer: arrival },
    { question: `Do you offer emergency locksmith service in ${name}?`, answer: emergency },
    { question: `How do I help the technician find me in ${name}?`, answer: facts.findYou },
    { question: `What is a locksmith call in ${name} like?`, answer: facts.callNotes },
  ];
}
