/**
 * The five FAQ entries of an area page: the copy, filled in from the area's facts (lib/content/area-faqs.ts
 * supplies them). Figures from content/business.ts.
 */
import { RESPONSE_MINUTES } from './business.ts';
import type { Faq } from './schema.ts';

/** What the FAQ copy of one area depends on. */
export interface AreaFaqFacts {
  /** The community's name, e.g. "Milan". */
  name: string;
  /** "24/7" claims 24/7 emergency service; "available" says only that it is available (San Rafael, Gallup). */
  emergency: '24/7' | 'available';
  /**
   * The arrival answer of an area the usual response times do not cover (extended coverage, or
   * served on request); absent: the answer gives the usual response times.
   */
  arrival?: string;
}

/**
 * @returns exactly five questions and answers, each question naming the area
 */
export function areaFaqCopy(facts: AreaFaqFacts): Faq[] {
  const place = `${facts.name}, NM`;
  const emergency = facts.emergency === '24/7'
    ? `Yes. Emergency locksmith service is available 24/7 in ${facts.name}. A small after-hours or emergency fee may apply, and we quote it up front before we drive out.`
    : `Emergency services are available in ${facts.name}. Call and we will tell you honestly when we can be there; any after-hours or emergency fee is quoted up front.`;
  const arrival = facts.arrival
    ?? `We are based in Grants, where lockouts usually get a technician in ${RESPONSE_MINUTES.usual} minutes. For normal calls plan on ${RESPONSE_MINUTES.normal} minutes, and for emergencies we aim for ${RESPONSE_MINUTES.emergency}. Tell us where you are in ${facts.name} and we give you an honest estimate.`;
  return [
    { question: `Do you offer locksmith service in ${place}?`, answer: `Yes. We are a fully mobile locksmith and come to you in ${facts.name} for car lockouts, home lockouts, rekeying, lock installation, key programming and business lock work.` },
    { question: `How fast can a locksmith get to me in ${facts.name}?`, answer: arrival },
    { question: `Do you offer emergency locksmith service in ${facts.name}?`, answer: emergency },
    { question: `Can you program car keys in ${facts.name}?`, answer: `Yes. We program keys and fobs on site; most cars take 30-45 minutes, and some take up to 60. A basic programmed key is about $150-200 and a luxury smart key $300-400.` },
    { question: `What do I need to show when you unlock my home or car in ${facts.name}?`, answer: `We may ask for proof of ownership or residence, such as an ID, registration, title, insurance card or utility bill, before we open a home, car or business. If a child or pet is locked in a car and in distress, call 911 first.` },
  ];
}
