/**
 * How far each town is from the base and how soon we can be there, computed from coordinates,
 * never typed. The distance is great-circle; roads are longer, so no page calls it a road distance.
 */
import type { Community } from './schema.ts';

/** The base, the owner's response times ("15-30") and arrival rule, as the checked settings give them. */
export interface Base {
  location: { locality: string; latitude: number; longitude: number };
  responseMinutes: { usual: string; normal: string; emergency: string };
  arrivalEstimate: ArrivalRule;
}

/** The owner's rule for arrival estimates (settings `arrivalEstimate`; its schema says how it is read). */
interface ArrivalRule {
  nearKm: number;
  setOutMinutes: number;
  roadFactor: number;
  averageKmh: number;
}

interface Point { latitude: number; longitude: number }

/** Mean Earth radius in km (the IUGG's mean radius, 6,371.0088 km). */
const EARTH_RADIUS_KM = 6371008.8 / 1000;

/** Degrees to radians: (degrees mod 360) · π / 180, in this order, as the site's figures were first computed (to the last bit). */
const radians = (degrees: number): number => ((degrees % 360) * Math.PI) / 180;

/**
 * How far apart two points are, as the haversine term a = sin²(Δφ/2) + sin²(Δλ/2) · cos φ1 · cos φ2
 * (https://en.wikipedia.org/wiki/Haversine_formula): the great-circle distance is
 * 2R·atan2(√a, √(1−a)), which grows with a, so a ranks points by distance without the distance.
 */
function haversineTerm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  return Math.sin(dLat / 2) ** 2 + Math.sin(dLon / 2) ** 2 * Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude));
}

/** Great-circle distance between two points in km (haversine on a sphere of radius 6371.0088 km). */
export function greatCircleKm(a: Point, b: Point): number {
  const term = haversineTerm(a, b);
  return 2 * Math.atan2(Math.sqrt(term), Math.sqrt(1 - term)) * EARTH_RADIUS_KM;
}

/** How far a town is (whole km and miles), whether within `nearKm`, and the estimate in minutes (a multiple of 15) and words. */
export interface Arrival {
  km: number;
  miles: number;
  near: boolean;
  minutes: number;
  estimate: string;
}

/** 45 -> "about 45 minutes", 60 -> "about an hour", 75 -> "about 1 hour 15 minutes", 120 -> "about 2 hours". */
export function minutesInWords(minutes: number): string {
  if (minutes < 60) return `about ${minutes} minutes`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h === 1 ? (m ? '1 hour' : 'an hour') : `${h} hours`;
  return `about ${hours}${m ? ` ${m} minutes` : ''}`;
}

type Town = Pick<Community, 'slug' | 'name'> & { page: { town: { coordinates: Point } } };

/** Distance and arrival estimate of a town from the base. */
export function arrivalOf(town: Town, base: Base): Arrival {
  const exact = greatCircleKm(base.location, town.page.town.coordinates);
  const { nearKm, setOutMinutes, roadFactor, averageKmh } = base.arrivalEstimate;
  const drive = setOutMinutes + (exact * roadFactor / averageKmh) * 60;
  const minutes = Math.max(15, Math.ceil(drive / 15) * 15);
  return { km: Math.round(exact), miles: Math.round(exact / 1.609344), near: exact <= nearKm, minutes, estimate: minutesInWords(minutes) };
}

/** The `count` other towns nearest to `town` (great-circle), nearest first, with their distance in whole km; one pass, no sort. */
export function neighbours<T extends Town>(town: T, all: readonly T[], count = 2): { town: T; km: number }[] {
  const here = town.page.town.coordinates;
  const nearest: { town: T; term: number }[] = [];
  for (const t of all) {
    if (t.slug === town.slug) continue;
    const term = haversineTerm(here, t.page.town.coordinates);
    if (nearest.length === count && term >= nearest[count - 1].term) continue;
    const at = nearest.findIndex((n) => term < n.term);
    nearest.splice(at < 0 ? nearest.length : at, 0, { town: t, term });
    if (nearest.length > count) nearest.pop();
  }
  return nearest.map((n) => ({ town: n.town, km: Math.round(greatCircleKm(here, n.town.page.town.coordinates)) }));
}

/** The sentence saying how soon we can be there: the owner's response times near, the town's own estimate far. */
export function arrivalSentence(town: Town, base: Base): string {
  const a = arrivalOf(town, base);
  const { normal, emergency } = base.responseMinutes;
  const times = `${normal} minutes for normal calls and ${emergency} for emergencies`;
  const from = base.location.locality;
  if (town.name === from) return `Our base is in ${town.name}, so our usual times hold: ${times}.`;
  const where = `${town.name} is ${a.km} km (${a.miles} miles) from our base in ${from} as the crow flies`;
  if (a.near) return `${where}, so the ${from} times hold: ${times}.`;
  return `${where}: by road, plan on ${a.estimate} from ${from}, and we give you an estimate when you call.`;
}
