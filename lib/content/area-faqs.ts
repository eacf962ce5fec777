/**
 * The five FAQ entries of an area page: the copy of content/area-faqs.ts, given the area's facts.
 */
import { areaFaqCopy } from '../../content/area-faqs.ts';
import type { Faq } from '../../content/schema.ts';
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
