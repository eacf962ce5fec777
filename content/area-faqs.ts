/**
 * The five FAQ entries of an area page, written from the town's facts: its record's
 * `page.town` (route, findYou, callNotes) and the arrival sentence computed from its coordinates
 * (lib/content/arrival.ts; lib/content/area-faqs.ts supplies them). The same five are the page's
 * FAQPage JSON-LD.
 */
import type { Faq } from './schema.ts';

/** What the FAQ copy of one area depends on. */
export interface AreaFaqFacts {
  /** The community's name, e.g. "Milan". */
  name: string;
  /** "24/7" claims 24/7 emergency service; "available" says only that it is available (San Rafael, Gallup). */
  emergency: '24/7' | 'available';
  /** How soon we can be there, from the town's distance (lib/content/arrival.ts arrivalSentence). */
  arrival: string;
  /** Served only on request: the arrival answer says so first. */
  servedOnRequest: boolean;
  /** The record's `page.town`: roads from Grants, how to be found, what a call there is like. */
  route: string;
  findYou: string;
  callNotes: string;
}

/**
 * @returns exactly five questions and answers, each question naming the area: service (the roads
 *   from Grants), arrival, emergency service, how to be found, what a call there is like
 */
export function areaFaqCopy(facts: AreaFaqFacts): Faq[] {
  const { name } = facts;
  const emergency = facts.emergency === '24/7'
    ? `Yes, 24/7 in ${name}, nights and holidays included; an after-hours fee, if any, is quoted before we set out.`
    : `Emergency services are available in ${name}${facts.servedOnRequest ? ' on request' : ''}. Call and we will tell you honestly when we can be there; any after-hours fee is quoted up front.`;
  const arrival = facts.servedOnRequest
    ? `${name} is extended coverage, served on request, so call first to confirm we can come. ${facts.arrival}`
    : facts.arrival;
  return [
    { question: `Do you offer locksmith service in ${name}, NM?`, answer: `Yes, we drive to you. ${facts.route}` },
    { question: `How fast can a locksmith get to me in ${name}?`, answer: arrival },
    { question: `Do you offer emergency locksmith service in ${name}?`, answer: emergency },
    { question: `How do I help the technician find me in ${name}?`, answer: facts.findYou },
    { question: `What is a locksmith call in ${name} like?`, answer: facts.callNotes },
  ];
}
