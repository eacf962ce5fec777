/**
 * The five FAQ entries of an area page, generated from the area's name. Figures from
 * content/business.ts.
 */
import { RESPONSE_MINUTES } from '../content/business.ts';
import type { Faq } from '../content/schema.ts';
import { arrivalAnswer } from './coverage.ts';
import type { Area } from './load-content.ts';

/**
 * @param area a community with its own page; its `page.emergency` decides whether the emergency
 *   answer claims 24/7 service or says only that it is available (San Rafael, Gallup), and its coverage (lib/coverage.ts arrivalAnswer) whether the arrival answer gives
 *   the usual response times or says travel adds to them ("served on request" only
 *   where the record is marked so)
 * @returns exactly five questions and answers, each question naming the area
 */
export function areaFaqs(area: Area): Faq[] {
  const place = `${area.name}, NM`;
  const emergency = area.page.emergency === '24/7'
    ? `Yes. Emergency locksmith service is available 24/7 in ${area.name}. A small after-hours or emergency fee may apply, and we quote it up front before we drive out.`
    : `Emergency services are available in ${area.name}. Call and we will tell you honestly when we can be there; any after-hours or emergency fee is quoted up front.`;
  const arrival = arrivalAnswer(area)
    ?? `We are based in Grants, where lockouts usually get a technician in ${RESPONSE_MINUTES.usual} minutes. For normal calls plan on ${RESPONSE_MINUTES.normal} minutes, and for emergencies we aim for ${RESPONSE_MINUTES.emergency}. Tell us where you are in ${area.name} and we give you an honest estimate.`;
  return [
    { question: `Do you offer locksmith service in ${place}?`, answer: `Yes. We are a fully mobile locksmith and come to you in ${area.name} for car lockouts, home lockouts, rekeying, lock installation, key programming and business lock work.` },
    { question: `How fast can a locksmith get to me in ${area.name}?`, answer: arrival },
    { question: `Do you offer emergency locksmith service in ${area.name}?`, answer: emergency },
    { question: `Can you program car keys in ${area.name}?`, answer: `Yes. We program keys and fobs on site; most cars take 30-45 minutes, and some take up to 60. A basic programmed key is about $150-200 and a luxury smart key $300-400.` },
    { question: `What do I need to show when you unlock my home or car in ${area.name}?`, answer: `We may ask for proof of ownership or residence, such as an ID, registration, title, insurance card or utility bill, before we open a home, car or business. If a child or pet is locked in a car and in distress, call 911 first.` },
  ];
}
