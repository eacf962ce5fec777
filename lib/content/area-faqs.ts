import type { Faq } from './schema.ts';
import { arrivalSentence, type Base } from './arrival.ts';
import type { Area } from './load-content.ts';

/**
 * The five FAQ entries of an area page (also its FAQPage JSON-LD), written from the town's facts.
 * @param area a community with its own page; its `page.emergency` decides whether the emergency
 *   answer claims 24/7 service, its coordinates the arrival answer (lib/content/arrival.ts), its
 *   `page.town` the other answers
 * @param settings the checked settings: the base, the response times and the state (`location.region`)
 * @returns exactly five questions and answers, each question naming the area: service (the roads
 *   from the base), arrival, emergency service, how to be found, what a call there is like
 */
export function areaFaqs(area: Area, settings: Base & { location: { region: string } }): Faq[] {
  const { name } = area;
  const { route, findYou, callNotes } = area.page.town;
  const onRequest = area.servedOnRequest === true;
  const emergency = area.page.emergency === '24/7'
    ? `Yes, 24/7 in ${name}, nights and holidays included; an after-hours fee, if any, is quoted before we set out.`
    : `Emergency services are available in ${name}${onRequest ? ' on request' : ''}. Call and we will tell you honestly when we can be there; any after-hours fee is quoted up front.`;
  const arrival = `${onRequest ? `${name} is extended coverage, served on request, so call first to confirm we can come. ` : ''}${arrivalSentence(area, settings)}`;
  return [
    { question: `Do you offer locksmith service in ${name}, ${settings.location.region}?`, answer: `Yes, we drive to you. ${route}` },
    { question: `How fast can a locksmith get to me in ${name}?`, answer: arrival },
    { question: `Do you offer emergency locksmith service in ${name}?`, answer: emergency },
    { question: `How do I help the technician find me in ${name}?`, answer: findYou },
    { question: `What is a locksmith call in ${name} like?`, answer: callNotes },
  ];
}
