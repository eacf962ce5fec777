/**
 * What the placeholders of the texts of services, core services, home page and chatbot stand for
 * (lib/content/load-content.ts fills them in):
 *
 * | placeholder          | stands for                                                        | sample                        |
 * |----------------------|-------------------------------------------------------------------|-------------------------------|
 * | `{base}`             | the base town, `location.locality`                                | Grants                        |
 * | `{region}`           | its state, `location.region`                                      | NM                            |
 * | `{county}`           | the base's county: its community record's, else the first primary community's | Cibola County     |
 * | `{counties}`         | the counties of the primary-coverage communities                  | Cibola and McKinley Counties  |
 * | `{hours}`            | the stated opening hours                                          | Monday to Friday 6 am to ...  |
 * | `{minutes}`          | `responseMinutes.usual`                                           | 15-30                         |
 * | `{normalMinutes}`    | `responseMinutes.normal`                                          | 20-45                         |
 * | `{emergencyMinutes}` | `responseMinutes.emergency`                                       | 15-30                         |
 * | `{radius}`           | `serviceRadiusMiles`                                              | 60+                           |
 * | `{payment}`          | `paymentAccepted` as words                                        | cash, credit card and check   |
 * | `{farthestTowns}`    | the two listed places farthest from the base                      | Gallup and Fort Wingate       |
 */
import type { Community } from './schema.ts';
import { greatCircleKm } from './arrival.ts';
import { nameList } from './coverage.ts';

interface PlaceholderSettings {
  location: { locality: string; region: string; latitude: number; longitude: number };
  responseMinutes: { usual: string; normal: string; emergency: string };
  serviceRadiusMiles: string;
  paymentAccepted: readonly string[];
}

/**
 * The value of every placeholder, by its name without braces.
 * @param communities every community record, in display order
 * @param computed  `hours` (lib/content/hours.ts) and `counties` (lib/content/counties.ts)
 */
export function placeholderValues(settings: PlaceholderSettings, communities: readonly Community[], computed: { hours: string; counties: string }): Record<string, string> {
  const { location, responseMinutes } = settings;
  const home = communities.find((c) => c.name === location.locality) ?? communities.find((c) => c.coverage === 'primary');
  // The listed places with an area page, farthest from the base first (great-circle).
  const farthest = communities.filter((c) => c.inPlacesList && c.page)
    .map((c) => ({ c, km: greatCircleKm(location, c.page!.town.coordinates) })).sort((a, b) => b.km - a.km);
  return {
    base: location.locality,
    region: location.region,
    county: home ? `${home.county} County` : '',
    counties: computed.counties,
    hours: computed.hours,
    minutes: responseMinutes.usual,
    normalMinutes: responseMinutes.normal,
    emergencyMinutes: responseMinutes.emergency,
    radius: settings.serviceRadiusMiles,
    payment: nameList(settings.paymentAccepted),
    farthestTowns: nameList(farthest.slice(0, 2).map(({ c }) => c.name)),
  };
}
