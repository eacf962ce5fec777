/**
 * The five FAQ entries of an area page: the copy of content/area-faqs.ts, given the area's facts.
 */
import { areaFaqCopy } from '../../content/area-faqs.ts';
import type { Faq } from '../../content/schema.ts';
import { arrivalAnswer } from './coverage.ts';
import type { Area } from './load-content.ts';

/**
 * @param area a community with its own page; its `page.emergency` decides whether the emergency
 *   answer claims 24/7 service or says only that it is available (San Rafael, Gallup), and its
 *   coverage (lib/content/coverage.ts arrivalAnswer) whether the arrival answer gives the usual response
 *   times or says travel adds to them ("served on request" only where the record is marked so)
 * @returns exactly five questions and answers, each question naming the area
 */
export function areaFaqs(area: Area): Faq[] {
  return areaFaqCopy({ name: area.name, emergency: area.page.emergency, arrival: arrivalAnswer(area) });
}
