/**
 * The site the business asked for, as named lists: what the shipped content must contain
 * today. Tests check that each named item is present (so the required site is proven) and derive
 * every count from the content itself (so adding a town or a service keeps them green).
 */

/** The seventeen area pages the business requires (the acoma-pueblo alias aside). */
export const REQUIRED_AREA_SLUGS = [
  'grants', 'milan', 'bluewater', 'ramah', 'laguna', 'prewitt', 'san-rafael', 'fence-lake', 'thoreau', 'acoma',
  'gallup', 'crownpoint', 'smith-lake', 'san-fidel', 'church-rock', 'new-laguna', 'fort-wingate',
] as const;

/** The ten specialised service slugs. */
export const REQUIRED_SERVICE_SLUGS = [
  'automotive-key-programming', 'car-lockout', 'home-lockout', 'commercial-lockout', 'emergency-locksmith',
  'lock-installation', 'lock-rekeying', 'master-key-systems', 'broken-key-extraction', 'panic-bar-installation',
] as const;

/** The fourteen places listed on service and core pages, with their ZIPs. */
export const REQUIRED_PLACES: Record<string, string> = {
  Grants: '87020', Milan: '87021', Gallup: '87301', Mesita: '87026', Prewitt: '87045', Thoreau: '87323', Bluewater: '87005',
  'San Fidel': '87049', Ramah: '87321', Laguna: '87026', Crownpoint: '87313', 'Smith Lake': '87365', 'Acoma Pueblo': '87034', 'Fort Wingate': '87316',
};

/** Coverage statistics: primary and extended-coverage communities among the listed places. */
export const REQUIRED_COVERAGE = { primary: 9, extended: 5 } as const;

/** The one community the business calls "served on request". */
export const REQUIRED_SERVED_ON_REQUEST = ['gallup'] as const;
