import type { CoverCategory } from "./covers.ts";
import type { Translated } from "./geo.ts";

export type CategorySlug = CoverCategory;

/** The ten event categories; `image` is the English slug (its artwork is cover variant 1). */
export const eventCategories: { slug: Translated; name: Translated; image: CategorySlug }[] = [
  {
    slug: { de: "konzerte", en: "concerts" },
    name: { de: "Konzerte", en: "Concerts" },
    image: "concerts",
  },
  {
    slug: { de: "festivals", en: "festivals" },
    name: { de: "Festivals", en: "Festivals" },
    image: "festivals",
  },
  {
    slug: { de: "theater", en: "theatre" },
    name: { de: "Theater", en: "Theatre" },
    image: "theatre",
  },
  { slug: { de: "comedy", en: "comedy" }, name: { de: "Comedy", en: "Comedy" }, image: "comedy" },
  { slug: { de: "sport", en: "sports" }, name: { de: "Sport", en: "Sports" }, image: "sports" },
  { slug: { de: "familie", en: "family" }, name: { de: "Familie", en: "Family" }, image: "family" },
  {
    slug: { de: "ausstellungen", en: "exhibitions" },
    name: { de: "Ausstellungen", en: "Exhibitions" },
    image: "exhibitions",
  },
  {
    slug: { de: "workshops", en: "workshops" },
    name: { de: "Workshops", en: "Workshops" },
    image: "workshops",
  },
  {
    slug: { de: "nachtleben", en: "nightlife" },
    name: { de: "Nachtleben", en: "Nightlife" },
    image: "nightlife",
  },
  {
    slug: { de: "konferenzen", en: "conferences" },
    name: { de: "Konferenzen", en: "Conferences" },
    image: "conferences",
  },
];

// --- Venues ---------------------------------------------------------------------------------

/**
 * What kind of place a venue is decides which categories take place there:
 * arena (large indoor arena), hall (concert hall), club, theatre, culture (multi-purpose
 * cultural centre), congress (congress and exhibition centre).
 */
export type VenueKind = "arena" | "hall" | "club" | "theatre" | "culture" | "congress";

export const venueKindCategories: Record<VenueKind, CategorySlug[]> = {
  arena: ["concerts", "festivals", "comedy", "sports", "family"],
  hall: ["concerts", "festivals", "family"],
  club: ["concerts", "nightlife", "comedy", "festivals"],
  theatre: ["theatre", "comedy", "family", "concerts"],
  culture: ["concerts", "festivals", "comedy", "nightlife", "exhibitions", "workshops", "theatre"],
  congress: ["conferences", "exhibitions", "workshops", "family"],
};

export type VenueSpec = {
  /** German name of a seeded city. */
  city: string;
  name: string;
  address: string;
  postalCode: string;
  lat: number;
  lng: number;
  /** "in/at the venue" for descriptions, e.g. `in der Columbiahalle` / `at Columbiahalle`. */
  at: Translated;
  kind: VenueKind;
  /** Rough number of visitors, for ticket capacities. */
  capacity: number;
  /** Categories beyond those of its kind. */
  extra?: CategorySlug[];
};

const v = (
  city: string,
  name: string,
  address: string,
  postalCode: string,
  lat: number,
  lng: number,
  kind: VenueKind,
  capacity: number,
  at: [string, string],
  extra?: CategorySlug[],
): VenueSpec => ({
  city,
  name,
  address,
  postalCode,
  lat,
  lng,
  kind,
  capacity,
  at: { de: at[0], en: at[1] },
  extra,
});

/** Real venues (approximate coordinates) in 23 seeded cities of Germany, Austria and Switzerland. */
export const venues: VenueSpec[] = [
  // Berlin
  v("Berlin", "Columbiahalle", "Columbiadamm 13–21", "10965", 52.4836, 13.3906, "club", 3500, [
    "in der Columbiahalle",
    "at Columbiahalle",
  ]),
  v("Berlin", "Admiralspalast", "Friedrichstraße 101", "10117", 52.5208, 13.3883, "theatre", 1700, [
    "im Admiralspalast",
    "at the Admiralspalast",
  ]),
  v("Berlin", "Uber Arena", "Uber-Platz 1", "10243", 52.5053, 13.4436, "arena", 17000, [
    "in der Uber Arena",
    "at Uber Arena",
  ]),
  v(
    "Berlin",
    "Tempodrom",
    "Möckernstraße 10",
    "10963",
    52.5003,
    13.3806,
    "arena",
    3700,
    ["im Tempodrom", "at the Tempodrom"],
    ["conferences"],
  ),
  v(
    "Berlin",
    "Kulturbrauerei",
    "Schönhauser Allee 36",
    "10435",
    52.5393,
    13.4128,
    "culture",
    1200,
    ["in der Kulturbrauerei", "at the Kulturbrauerei"],
  ),
  // Hamburg
  v(
    "Hamburg",
    "Elbphilharmonie",
    "Platz der Deutschen Einheit 4",
    "20457",
    53.5413,
    9.9841,
    "hall",
    2100,
    ["in der Elbphilharmonie", "at the Elbphilharmonie"],
  ),
  v("Hamburg", "Große Freiheit 36", "Große Freiheit 36", "22767", 53.5512, 9.9573, "club", 1500, [
    "in der Großen Freiheit 36",
    "at Große Freiheit 36",
  ]),
  v("Hamburg", "Barclays Arena", "Sylvesterallee 10", "22525", 53.5887, 9.899, "arena", 16000, [
    "in der Barclays Arena",
    "at Barclays Arena",
  ]),
  v("Hamburg", "Markthalle Hamburg", "Klosterwall 11", "20095", 53.5496, 10.0052, "culture", 1000, [
    "in der Markthalle",
    "at the Markthalle",
  ]),
  v(
    "Hamburg",
    "Schmidts Tivoli",
    "Spielbudenplatz 27–28",
    "20359",
    53.5497,
    9.9636,
    "theatre",
    600,
    ["im Schmidts Tivoli", "at Schmidts Tivoli"],
  ),
  // München
  v(
    "München",
    "Olympiahalle",
    "Spiridon-Louis-Ring 21",
    "80809",
    48.1745,
    11.5495,
    "arena",
    15500,
    ["in der Olympiahalle", "at the Olympiahalle"],
  ),
  v("München", "Muffathalle", "Zellstraße 4", "81667", 48.1328, 11.588, "culture", 1400, [
    "in der Muffathalle",
    "at the Muffathalle",
  ]),
  v(
    "München",
    "Deutsches Theater",
    "Schwanthalerstraße 13",
    "80336",
    48.1376,
    11.5632,
    "theatre",
    1500,
    ["im Deutschen Theater", "at the Deutsches Theater"],
  ),
  v(
    "München",
    "Zenith",
    "Lilienthalallee 29",
    "80939",
    48.1957,
    11.596,
    "club",
    5900,
    ["im Zenith", "at the Zenith"],
    ["conferences"],
  ),
  // Köln
  v("Köln", "Lanxess Arena", "Willy-Brandt-Platz 3", "50679", 50.9384, 6.983, "arena", 18000, [
    "in der Lanxess Arena",
    "at Lanxess Arena",
  ]),
  v(
    "Köln",
    "E-Werk",
    "Schanzenstraße 37",
    "51063",
    50.9665,
    7.0117,
    "club",
    2000,
    ["im E-Werk", "at E-Werk"],
    ["conferences"],
  ),
  v("Köln", "Palladium", "Schanzenstraße 40", "51063", 50.967, 7.013, "club", 4000, [
    "im Palladium",
    "at the Palladium",
  ]),
  v(
    "Köln",
    "Gloria Theater",
    "Apostelnstraße 11",
    "50667",
    50.937,
    6.9418,
    "theatre",
    900,
    ["im Gloria Theater", "at the Gloria Theater"],
    ["nightlife"],
  ),
  // Frankfurt am Main
  v(
    "Frankfurt am Main",
    "Festhalle Frankfurt",
    "Ludwig-Erhard-Anlage 1",
    "60327",
    50.1118,
    8.6512,
    "arena",
    13500,
    ["in der Festhalle", "at the Festhalle"],
    ["conferences"],
  ),
  v(
    "Frankfurt am Main",
    "Alte Oper",
    "Opernplatz 1",
    "60313",
    50.1159,
    8.672,
    "hall",
    2400,
    ["in der Alten Oper", "at the Alte Oper"],
    ["theatre", "conferences"],
  ),
  v("Frankfurt am Main", "Batschkapp", "Gwinnerstraße 5", "60388", 50.138, 8.739, "club", 1500, [
    "in der Batschkapp",
    "at Batschkapp",
  ]),
  v(
    "Frankfurt am Main",
    "Jahrhunderthalle",
    "Pfaffenwiese 301",
    "65929",
    50.1053,
    8.5473,
    "congress",
    4800,
    ["in der Jahrhunderthalle", "at the Jahrhunderthalle"],
    ["concerts", "comedy"],
  ),
  // Stuttgart
  v("Stuttgart", "Porsche-Arena", "Mercedesstraße 69", "70372", 48.7917, 9.228, "arena", 7500, [
    "in der Porsche-Arena",
    "at the Porsche-Arena",
  ]),
  v(
    "Stuttgart",
    "Liederhalle",
    "Berliner Platz 1–3",
    "70174",
    48.7787,
    9.17,
    "congress",
    2700,
    ["in der Liederhalle", "at the Liederhalle"],
    ["concerts", "comedy", "theatre"],
  ),
  v("Stuttgart", "Im Wizemann", "Quellenstraße 7", "70376", 48.8085, 9.2145, "culture", 1400, [
    "im Wizemann",
    "at Im Wizemann",
  ]),
  // Düsseldorf
  v("Düsseldorf", "PSD Bank Dome", "Theodorstraße 281", "40472", 51.2699, 6.8063, "arena", 13400, [
    "im PSD Bank Dome",
    "at the PSD Bank Dome",
  ]),
  v(
    "Düsseldorf",
    "Mitsubishi Electric Halle",
    "Siegburger Straße 15",
    "40591",
    51.196,
    6.7925,
    "club",
    7500,
    ["in der Mitsubishi Electric Halle", "at the Mitsubishi Electric Halle"],
    ["conferences"],
  ),
  v("Düsseldorf", "Tonhalle Düsseldorf", "Ehrenhof 1", "40479", 51.2322, 6.7726, "hall", 1850, [
    "in der Tonhalle",
    "at the Tonhalle",
  ]),
  v("Düsseldorf", "zakk", "Fichtenstraße 40", "40233", 51.2155, 6.8103, "culture", 1000, [
    "im zakk",
    "at zakk",
  ]),
  // Leipzig
  v("Leipzig", "Gewandhaus", "Augustusplatz 8", "04109", 51.3379, 12.3807, "hall", 1900, [
    "im Gewandhaus",
    "at the Gewandhaus",
  ]),
  v("Leipzig", "Haus Auensee", "Gustav-Esche-Straße 4", "04159", 51.3658, 12.3182, "club", 3000, [
    "im Haus Auensee",
    "at Haus Auensee",
  ]),
  v("Leipzig", "Werk 2", "Kochstraße 132", "04277", 51.312, 12.374, "culture", 1100, [
    "im Werk 2",
    "at Werk 2",
  ]),
  v(
    "Leipzig",
    "Quarterback Immobilien Arena",
    "Am Sportforum 2",
    "04105",
    51.3455,
    12.355,
    "arena",
    12000,
    ["in der Quarterback Immobilien Arena", "at the Quarterback Immobilien Arena"],
  ),
  // Dortmund
  v(
    "Dortmund",
    "Westfalenhalle",
    "Rheinlanddamm 200",
    "44139",
    51.4938,
    7.453,
    "arena",
    15000,
    ["in der Westfalenhalle", "at the Westfalenhalle"],
    ["conferences"],
  ),
  v("Dortmund", "Konzerthaus Dortmund", "Brückstraße 21", "44135", 51.5162, 7.4643, "hall", 1500, [
    "im Konzerthaus Dortmund",
    "at Konzerthaus Dortmund",
  ]),
  v("Dortmund", "FZW", "Ritterstraße 20", "44137", 51.5115, 7.456, "culture", 1300, [
    "im FZW",
    "at FZW",
  ]),
  // Essen
  v(
    "Essen",
    "Grugahalle",
    "Norbertstraße 2",
    "45131",
    51.4295,
    7.0045,
    "arena",
    7000,
    ["in der Grugahalle", "at the Grugahalle"],
    ["conferences"],
  ),
  v(
    "Essen",
    "Colosseum Theater",
    "Altendorfer Straße 1",
    "45127",
    51.4555,
    7.0035,
    "theatre",
    1500,
    ["im Colosseum Theater", "at the Colosseum Theater"],
  ),
  v(
    "Essen",
    "Zeche Carl",
    "Wilhelm-Nieswandt-Allee 100",
    "45326",
    51.4913,
    7.0128,
    "culture",
    800,
    ["in der Zeche Carl", "at Zeche Carl"],
  ),
  // Bremen
  v("Bremen", "ÖVB-Arena", "Findorffstraße 101", "28215", 53.089, 8.812, "arena", 14000, [
    "in der ÖVB-Arena",
    "at the ÖVB-Arena",
  ]),
  v(
    "Bremen",
    "Die Glocke",
    "Domsheide 4–5",
    "28195",
    53.0745,
    8.8085,
    "hall",
    1400,
    ["in der Glocke", "at Die Glocke"],
    ["conferences"],
  ),
  v("Bremen", "Schlachthof Bremen", "Findorffstraße 51", "28215", 53.085, 8.803, "culture", 1100, [
    "im Schlachthof",
    "at the Schlachthof",
  ]),
  // Dresden
  v(
    "Dresden",
    "Kulturpalast",
    "Schloßstraße 2",
    "01067",
    51.0508,
    13.7385,
    "hall",
    1800,
    ["im Kulturpalast", "at the Kulturpalast"],
    ["comedy"],
  ),
  v("Dresden", "Alter Schlachthof", "Gothaer Straße 11", "01097", 51.072, 13.7307, "club", 1800, [
    "im Alten Schlachthof",
    "at the Alter Schlachthof",
  ]),
  v(
    "Dresden",
    "Messe Dresden",
    "Messering 6",
    "01067",
    51.0695,
    13.7155,
    "congress",
    5000,
    ["in der Messe Dresden", "at Messe Dresden"],
    ["sports", "concerts"],
  ),
  // Hannover
  v("Hannover", "ZAG Arena", "Expo Plaza 7", "30539", 52.3197, 9.8136, "arena", 14000, [
    "in der ZAG Arena",
    "at the ZAG Arena",
  ]),
  v("Hannover", "Capitol Hannover", "Schwarzer Bär 2", "30449", 52.3658, 9.7246, "club", 1600, [
    "im Capitol",
    "at the Capitol",
  ]),
  v(
    "Hannover",
    "Kulturzentrum Faust",
    "Zur Bettfedernfabrik 3",
    "30451",
    52.374,
    9.712,
    "culture",
    1200,
    ["im Kulturzentrum Faust", "at Kulturzentrum Faust"],
  ),
  // Nürnberg
  v(
    "Nürnberg",
    "Meistersingerhalle",
    "Münchener Straße 21",
    "90478",
    49.4356,
    11.0983,
    "congress",
    2100,
    ["in der Meistersingerhalle", "at the Meistersingerhalle"],
    ["concerts", "comedy"],
  ),
  v("Nürnberg", "Löwensaal", "Schultheißallee 2–4", "90478", 49.434, 11.1065, "club", 1500, [
    "im Löwensaal",
    "at the Löwensaal",
  ]),
  v("Nürnberg", "Z-Bau", "Frankenstraße 200", "90461", 49.427, 11.088, "culture", 900, [
    "im Z-Bau",
    "at Z-Bau",
  ]),
  // Wien
  v("Wien", "Wiener Stadthalle", "Roland-Rainer-Platz 1", "1150", 48.2027, 16.333, "arena", 16000, [
    "in der Wiener Stadthalle",
    "at the Wiener Stadthalle",
  ]),
  v("Wien", "Wiener Konzerthaus", "Lothringerstraße 20", "1030", 48.2011, 16.378, "hall", 1900, [
    "im Wiener Konzerthaus",
    "at the Wiener Konzerthaus",
  ]),
  v(
    "Wien",
    "Gasometer",
    "Guglgasse 8",
    "1110",
    48.1853,
    16.4188,
    "club",
    3000,
    ["im Gasometer", "at the Gasometer"],
    ["conferences"],
  ),
  v("Wien", "Arena Wien", "Baumgasse 80", "1030", 48.1905, 16.406, "culture", 3000, [
    "in der Arena Wien",
    "at Arena Wien",
  ]),
  v(
    "Wien",
    "MuseumsQuartier",
    "Museumsplatz 1",
    "1070",
    48.2033,
    16.3585,
    "culture",
    1500,
    ["im MuseumsQuartier", "at the MuseumsQuartier"],
    ["conferences"],
  ),
  // Graz
  v(
    "Graz",
    "Orpheum Graz",
    "Orpheumgasse 8",
    "8020",
    47.0715,
    15.433,
    "theatre",
    800,
    ["im Orpheum", "at the Orpheum"],
    ["nightlife"],
  ),
  v(
    "Graz",
    "Helmut List Halle",
    "Waagner-Biro-Straße 98a",
    "8020",
    47.078,
    15.413,
    "culture",
    2000,
    ["in der Helmut List Halle", "at Helmut List Halle"],
    ["conferences"],
  ),
  v(
    "Graz",
    "Messe Congress Graz",
    "Messeplatz 1",
    "8010",
    47.058,
    15.456,
    "congress",
    11000,
    ["in der Messe Congress Graz", "at Messe Congress Graz"],
    ["sports", "concerts"],
  ),
  // Linz
  v(
    "Linz",
    "Brucknerhaus",
    "Untere Donaulände 7",
    "4010",
    48.309,
    14.295,
    "hall",
    1400,
    ["im Brucknerhaus", "at the Brucknerhaus"],
    ["conferences"],
  ),
  v("Linz", "Posthof", "Posthofstraße 43", "4020", 48.3125, 14.313, "culture", 1000, [
    "im Posthof",
    "at the Posthof",
  ]),
  v(
    "Linz",
    "Tabakfabrik Linz",
    "Peter-Behrens-Platz 11",
    "4020",
    48.3115,
    14.3035,
    "congress",
    2500,
    ["in der Tabakfabrik", "at the Tabakfabrik"],
    ["nightlife"],
  ),
  // Salzburg
  v(
    "Salzburg",
    "Salzburgarena",
    "Am Messezentrum 1",
    "5020",
    47.822,
    13.038,
    "arena",
    6000,
    ["in der Salzburgarena", "at the Salzburgarena"],
    ["conferences"],
  ),
  v(
    "Salzburg",
    "Rockhouse Salzburg",
    "Schallmooser Hauptstraße 46",
    "5020",
    47.812,
    13.062,
    "club",
    700,
    ["im Rockhouse", "at the Rockhouse"],
  ),
  v(
    "Salzburg",
    "Großes Festspielhaus",
    "Hofstallgasse 1",
    "5020",
    47.7985,
    13.041,
    "hall",
    2200,
    ["im Großen Festspielhaus", "at the Großes Festspielhaus"],
    ["theatre"],
  ),
  // Innsbruck
  v(
    "Innsbruck",
    "Olympiahalle Innsbruck",
    "Olympiastraße 10",
    "6020",
    47.2565,
    11.411,
    "arena",
    8000,
    ["in der Olympiahalle", "at the Olympiahalle"],
  ),
  v(
    "Innsbruck",
    "Congress Innsbruck",
    "Rennweg 3",
    "6020",
    47.27,
    11.396,
    "congress",
    1500,
    ["im Congress Innsbruck", "at Congress Innsbruck"],
    ["concerts", "comedy"],
  ),
  v("Innsbruck", "Treibhaus", "Angerzellgasse 8", "6020", 47.268, 11.3975, "culture", 500, [
    "im Treibhaus",
    "at the Treibhaus",
  ]),
  // Zürich
  v("Zürich", "Hallenstadion", "Wallisellenstrasse 45", "8050", 47.4116, 8.5517, "arena", 15000, [
    "im Hallenstadion",
    "at the Hallenstadion",
  ]),
  v(
    "Zürich",
    "Kaufleuten",
    "Pelikanstrasse 18",
    "8001",
    47.373,
    8.5365,
    "club",
    700,
    ["im Kaufleuten", "at Kaufleuten"],
    ["conferences"],
  ),
  v("Zürich", "Tonhalle Zürich", "Claridenstrasse 7", "8002", 47.3655, 8.5355, "hall", 1500, [
    "in der Tonhalle",
    "at the Tonhalle",
  ]),
  v("Zürich", "X-TRA", "Limmatstrasse 118", "8005", 47.386, 8.532, "culture", 1200, [
    "im X-TRA",
    "at X-TRA",
  ]),
  // Basel
  v(
    "Basel",
    "St. Jakobshalle",
    "Brüglingerstrasse 19–21",
    "4052",
    47.54,
    7.62,
    "arena",
    12000,
    ["in der St. Jakobshalle", "at St. Jakobshalle"],
    ["conferences"],
  ),
  v(
    "Basel",
    "Volkshaus Basel",
    "Rebgasse 12–14",
    "4058",
    47.5605,
    7.5925,
    "club",
    1600,
    ["im Volkshaus", "at the Volkshaus"],
    ["conferences"],
  ),
  v("Basel", "Kaserne Basel", "Klybeckstrasse 1b", "4057", 47.5625, 7.5905, "culture", 1000, [
    "in der Kaserne",
    "at the Kaserne",
  ]),
  v("Basel", "Stadtcasino Basel", "Steinenberg 14", "4051", 47.554, 7.59, "hall", 1500, [
    "im Stadtcasino",
    "at the Stadtcasino",
  ]),
  // Bern
  v("Bern", "Bierhübeli", "Neubrückstrasse 43", "3012", 46.957, 7.435, "club", 1000, [
    "im Bierhübeli",
    "at Bierhübeli",
  ]),
  v(
    "Bern",
    "Kursaal Bern",
    "Kornhausstrasse 3",
    "3013",
    46.9555,
    7.45,
    "congress",
    1500,
    ["im Kursaal", "at the Kursaal"],
    ["concerts", "comedy"],
  ),
  v("Bern", "Dampfzentrale Bern", "Marzilistrasse 47", "3005", 46.941, 7.443, "culture", 700, [
    "in der Dampfzentrale",
    "at the Dampfzentrale",
  ]),
  // Luzern
  v(
    "Luzern",
    "KKL Luzern",
    "Europaplatz 1",
    "6005",
    47.0505,
    8.312,
    "hall",
    1900,
    ["im KKL Luzern", "at the KKL Luzern"],
    ["conferences", "exhibitions"],
  ),
  v("Luzern", "Schüür", "Tribschenstrasse 1", "6005", 47.047, 8.311, "club", 900, [
    "in der Schüür",
    "at the Schüür",
  ]),
  v(
    "Luzern",
    "Messe Luzern",
    "Horwerstrasse 87",
    "6005",
    47.0345,
    8.306,
    "congress",
    4000,
    ["in der Messe Luzern", "at Messe Luzern"],
    ["sports"],
  ),
];

export const venueCategories = (venue: VenueSpec): CategorySlug[] => [
  ...venueKindCategories[venue.kind],
  ...(venue.extra ?? []),
];

/** How often a city is picked, relative to 1. */
export const cityWeights: Record<string, number> = {
  Berlin: 3,
  Hamburg: 2,
  München: 2,
  Köln: 1.8,
  Wien: 2.2,
  Zürich: 1.8,
  "Frankfurt am Main": 1.5,
};

// --- Organisers -----------------------------------------------------------------------------

/** Which event categories an organiser of a company category runs. */
export const companyCategoryEvents: Record<string, CategorySlug[]> = {
  "concert-promoter": ["concerts", "festivals", "nightlife"],
  "theatre-stage": ["theatre", "comedy", "family"],
  "club-nightlife": ["nightlife", "concerts"],
  "festival-organiser": ["festivals", "concerts"],
  "sports-club": ["sports", "family"],
  "museum-exhibition": ["exhibitions", "workshops", "family"],
  "conference-trade-fair": ["conferences", "workshops", "exhibitions"],
  "education-workshops": ["workshops", "conferences"],
  "non-profit": ["workshops", "family", "exhibitions"],
  "public-institution": ["exhibitions", "family", "festivals"],
  agency: ["comedy", "concerts", "conferences"],
};

export type OrganiserSpec = {
  companyName: string;
  /** Slug of a company category. */
  category: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  taxNumber: string;
  addressLine: string;
  postalCode: string;
  /** German name of a seeded city. */
  city: string;
};

/** Organisers besides the demo organiser; they log in with the demo organiser's password. */
export const extraOrganisers: OrganiserSpec[] = [
  {
    companyName: "Bühnenlicht Theaterproduktionen GmbH",
    category: "theatre-stage",
    name: "Clara",
    surname: "Neumann",
    email: "buehnenlicht@eventwerk.example",
    phone: "+49 40 3344556",
    taxNumber: "DE312456789",
    addressLine: "Spielbudenplatz 21",
    postalCode: "20359",
    city: "Hamburg",
  },
  {
    companyName: "Donauwelle Events GmbH",
    category: "concert-promoter",
    name: "Florian",
    surname: "Huber",
    email: "donauwelle@eventwerk.example",
    phone: "+43 1 5123344",
    taxNumber: "ATU68123456",
    addressLine: "Mariahilfer Straße 88",
    postalCode: "1070",
    city: "Wien",
  },
  {
    companyName: "Alpenarena Sport & Event AG",
    category: "sports-club",
    name: "Reto",
    surname: "Brunner",
    email: "alpenarena@eventwerk.example",
    phone: "+41 44 2123456",
    taxNumber: "CHE-123.456.789 MWST",
    addressLine: "Hardstrasse 201",
    postalCode: "8005",
    city: "Zürich",
  },
  {
    companyName: "Kunstraum Kollektiv e. V.",
    category: "museum-exhibition",
    name: "Mira",
    surname: "Schulze",
    email: "kunstraum@eventwerk.example",
    phone: "+49 341 2233445",
    taxNumber: "DE287654320",
    addressLine: "Karl-Liebknecht-Straße 55",
    postalCode: "04275",
    city: "Leipzig",
  },
  {
    companyName: "Rheinforum Kongresse GmbH",
    category: "conference-trade-fair",
    name: "Tobias",
    surname: "Wagner",
    email: "rheinforum@eventwerk.example",
    phone: "+49 221 9988776",
    taxNumber: "DE276543219",
    addressLine: "Deutz-Mülheimer Straße 30",
    postalCode: "50679",
    city: "Köln",
  },
  {
    companyName: "Nachtschicht Clubkultur UG",
    category: "club-nightlife",
    name: "Deniz",
    surname: "Kaya",
    email: "nachtschicht@eventwerk.example",
    phone: "+49 89 5566778",
    taxNumber: "DE301234567",
    addressLine: "Zellstraße 10",
    postalCode: "81667",
    city: "München",
  },
  {
    companyName: "Lachwerk Comedy & Kabarett GmbH",
    category: "agency",
    name: "Sabine",
    surname: "Krüger",
    email: "lachwerk@eventwerk.example",
    phone: "+49 211 4455667",
    taxNumber: "DE265432198",
    addressLine: "Kasernenstraße 6",
    postalCode: "40213",
    city: "Düsseldorf",
  },
  {
    companyName: "Werkbank Kreativschule GmbH",
    category: "education-workshops",
    name: "Anna",
    surname: "Keller",
    email: "werkbank@eventwerk.example",
    phone: "+41 31 3112233",
    taxNumber: "CHE-234.567.891 MWST",
    addressLine: "Gerechtigkeitsgasse 40",
    postalCode: "3011",
    city: "Bern",
  },
];

// --- Titles ---------------------------------------------------------------------------------

/** Limits a title part to part of the year: months 1–12 it fits. */
export type Part = Translated & { months?: number[] };
export type TitleGroup = {
  heads: Part[];
  tails: Part[] /** Chance of a tail, 0–1. */;
  tail: number;
};

const p = (de: string, en: string, months?: number[]): Part => ({ de, en, months });
const SUMMER = [5, 6, 7, 8, 9];
const WINTER = [11, 12, 1, 2];
const DECEMBER = [12];
const JANUARY = [1];
const SPRING = [3, 4, 5];
const AUTUMN = [9, 10, 11];

/**
 * Title parts per category. `{city}` is the city, `{year}` the event's year; a title is
 * `head`, or `head` + separator + `tail`.
 */
export const titleBlocks: Record<CategorySlug, { separator: string; groups: TitleGroup[] }> = {
  concerts: {
    separator: " – ",
    groups: [
      {
        tail: 0.75,
        heads: [
          p("Jazz im Park", "Jazz in the Park", SUMMER),
          p("Klassik bei Kerzenschein", "Classics by Candlelight"),
          p("Die Nachtfalter", "Die Nachtfalter"),
          p("Elbsaiten Quartett", "Elbsaiten Quartet"),
          p("Marie Sonnfeld & Band", "Marie Sonnfeld & Band"),
          p("Symphonisches Rock-Orchester", "Symphonic Rock Orchestra"),
          p("Nordlicht Chor", "Nordlicht Choir"),
          p("Kammerphilharmonie {city}", "{city} Chamber Philharmonic"),
          p("Soul Kitchen Collective", "Soul Kitchen Collective"),
          p("Liederabend mit Jakob Brenner", "Song Recital with Jakob Brenner"),
          p("Die Goldenen Zwanziger", "The Roaring Twenties"),
          p("Filmmusik-Gala", "Film Music Gala"),
          p("Gospel Voices", "Gospel Voices"),
          p("Electro Swing Orchestra", "Electro Swing Orchestra"),
          p("Beethoven: Die Neunte", "Beethoven: The Ninth"),
          p("Mozart und Haydn", "Mozart and Haydn"),
          p("Lena Wolkenstein Trio", "Lena Wolkenstein Trio"),
          p("Blechschaden Brass Band", "Blechschaden Brass Band"),
          p("Indie-Nacht mit Kometenschweif", "Indie Night with Kometenschweif"),
          p("Salonorchester Alpenglühen", "Alpenglühen Salon Orchestra"),
        ],
        tails: [
          p("Sommerkonzert", "Summer Concert", SUMMER),
          p("Live in Concert", "Live in Concert"),
          p("Jubiläumstour", "Anniversary Tour"),
          p("Akustik-Tour", "Acoustic Tour"),
          p("Unplugged", "Unplugged"),
          p("Neujahrskonzert", "New Year's Concert", JANUARY),
          p("Weihnachtskonzert", "Christmas Concert", DECEMBER),
          p("Das große Finale", "The Grand Finale"),
          p("Zusatzkonzert", "Extra Show"),
          p("Album-Release-Konzert", "Album Release Show"),
          p("Frühlingskonzert", "Spring Concert", SPRING),
          p("Herbstkonzert", "Autumn Concert", AUTUMN),
          p("Tour {year}", "Tour {year}"),
        ],
      },
    ],
  },
  festivals: {
    separator: " – ",
    groups: [
      {
        tail: 0.7,
        heads: [
          p("Jazztage {city}", "{city} Jazz Days"),
          p("Sommerklang Festival", "Sommerklang Festival", SUMMER),
          p("Lichterfest am Wasser", "Festival of Lights by the Water", [8, 9, 10]),
          p("Elektronische Nächte", "Electronic Nights"),
          p("Streetfood & Music Festival", "Street Food & Music Festival", [4, 5, 6, 7, 8, 9]),
          p("Folk im Hof", "Folk in the Courtyard", SUMMER),
          p("Kurzfilmfestival {city}", "{city} Short Film Festival"),
          p("Indie-Festival {city}", "{city} Indie Festival"),
          p("Tanzfestival {city}", "{city} Dance Festival"),
          p("Craft-Beer-Festival", "Craft Beer Festival"),
          p("Literaturfestival {city}", "{city} Literature Festival"),
          p("Winterzauber Festival", "Winter Magic Festival", WINTER),
          p("Internationales Chorfestival", "International Choir Festival"),
          p("Weltmusik-Festival {city}", "{city} World Music Festival"),
        ],
        tails: [
          p("Ausgabe {year}", "{year} Edition"),
          p("Sommeredition", "Summer Edition", SUMMER),
          p("Winteredition", "Winter Edition", WINTER),
          p("Das Festivalwochenende", "The Festival Weekend"),
          p("Jubiläumsausgabe", "Anniversary Edition"),
          p("Drei Bühnen, ein Programm", "Three Stages, One Programme"),
        ],
      },
    ],
  },
  theatre: {
    separator: ": ",
    groups: [
      {
        tail: 0.45,
        heads: [
          p("Der Besuch der alten Dame", "The Visit"),
          p("Kabale und Liebe", "Intrigue and Love"),
          p("Ein Sommernachtstraum", "A Midsummer Night's Dream"),
          p("Der zerbrochne Krug", "The Broken Jug"),
          p("Nathan der Weise", "Nathan the Wise"),
          p("Die Physiker", "The Physicists"),
          p("Woyzeck", "Woyzeck"),
          p("Der Hauptmann von Köpenick", "The Captain of Köpenick"),
          p("Warten auf Godot", "Waiting for Godot"),
          p("Der Kirschgarten", "The Cherry Orchard"),
          p("Maria Stuart", "Mary Stuart"),
          p("Der Talisman", "The Talisman"),
        ],
        tails: [
          p("Premiere", "Premiere"),
          p("Gastspiel", "Guest Performance"),
          p("Wiederaufnahme", "Revival"),
          p("Neuinszenierung", "New Production"),
        ],
      },
      {
        tail: 0.9,
        heads: [
          p("Improtheater", "Improv Theatre"),
          p("Theatersport", "Theatresports"),
          p("Krimidinner", "Murder Mystery Dinner"),
          p("Figurentheater für Erwachsene", "Puppet Theatre for Adults"),
        ],
        tails: [
          p("Die lange Nacht", "The Long Night"),
          p("Das Publikum entscheidet", "The Audience Decides"),
          p("Best of", "Best Of"),
          p("Saisonfinale", "Season Finale", [5, 6, 7]),
          p("Mord im Orient-Express", "Murder on the Orient Express"),
        ],
      },
      {
        tail: 0.5,
        heads: [
          p("Musical-Gala", "Musical Gala"),
          p("Cabaret", "Cabaret"),
          p("Die Dreigroschenoper", "The Threepenny Opera"),
          p("Im weißen Rößl", "The White Horse Inn"),
          p("Die Fledermaus", "Die Fledermaus"),
        ],
        tails: [
          p("Premiere", "Premiere"),
          p("Gastspiel", "Guest Performance"),
          p("Sommerbühne", "Summer Stage", SUMMER),
          p("Silvestervorstellung", "New Year's Eve Performance", DECEMBER),
        ],
      },
    ],
  },
  comedy: {
    separator: ": ",
    groups: [
      {
        tail: 1,
        heads: [
          p("Lisa Brandtner", "Lisa Brandtner"),
          p("Tobi Kranz", "Tobi Kranz"),
          p("Mehmet Yilmaz", "Mehmet Yilmaz"),
          p("Hanna Lenz", "Hanna Lenz"),
          p("Die Spätzünder", "Die Spätzünder"),
          p("Felix Gruber", "Felix Gruber"),
          p("Urs Meierhans", "Urs Meierhans"),
          p("Jana Quast", "Jana Quast"),
        ],
        tails: [
          p("Alles halb so wild", "Not That Wild After All"),
          p("Ich hab da mal was vorbereitet", "I've Prepared Something"),
          p("Läuft bei mir", "Going Great"),
          p("Das neue Programm", "The New Show"),
          p("Früher war mehr Lametta", "Things Used to Be Shinier"),
          p("Zwischen Kaffee und Kollaps", "Between Coffee and Collapse"),
          p("Best of", "Best Of"),
        ],
      },
      {
        tail: 0.8,
        heads: [
          p("Comedy Mixed Show", "Comedy Mixed Show"),
          p("Stand-up-Abend", "Stand-up Night"),
          p("Open Mic", "Open Mic"),
          p("Poetry Slam", "Poetry Slam"),
          p("Kabarett-Abend", "Cabaret Evening"),
          p("Comedy Lounge", "Comedy Lounge"),
        ],
        tails: [
          p("Die Besten der Szene", "The Best of the Scene"),
          p("Neue Gesichter", "New Faces"),
          p("Jahresrückblick", "Review of the Year", [12, 1]),
          p("Special Edition", "Special Edition"),
          p("Late Night", "Late Night"),
        ],
      },
    ],
  },
  sports: {
    separator: " – ",
    groups: [
      {
        tail: 1,
        heads: [
          p("Handball", "Handball"),
          p("Basketball", "Basketball"),
          p("Eishockey", "Ice Hockey", [9, 10, 11, 12, 1, 2, 3, 4]),
          p("Volleyball", "Volleyball"),
          p("Futsal", "Futsal"),
          p("Unihockey", "Floorball"),
        ],
        tails: [
          p("Spitzenspiel", "Top Match"),
          p("Derby", "Derby"),
          p("Pokal-Viertelfinale", "Cup Quarter-Final"),
          p("Pokal-Halbfinale", "Cup Semi-Final"),
          p("Saisonauftakt", "Season Opener", [8, 9, 10]),
          p("Playoffs", "Playoffs", [3, 4, 5]),
          p("Länderspiel", "International Match"),
        ],
      },
      {
        tail: 1,
        heads: [
          p("Hallen-Leichtathletik", "Indoor Athletics", [1, 2, 3]),
          p("Tischtennis", "Table Tennis"),
          p("Kunstturnen", "Artistic Gymnastics"),
          p("Darts", "Darts"),
          p("Badminton", "Badminton"),
          p("Tennis", "Tennis", [10, 11, 12, 1, 2]),
        ],
        tails: [
          p("Internationales Turnier", "International Tournament"),
          p("Masters", "Masters"),
          p("Grand Prix", "Grand Prix"),
          p("Meisterschaften", "Championships"),
          p("Finaltag", "Finals Day"),
        ],
      },
      {
        tail: 1,
        heads: [
          p("Boxgala", "Boxing Gala"),
          p("Kampfsport-Nacht", "Fight Night"),
          p("Sechstagerennen {city}", "{city} Six-Day Race"),
        ],
        tails: [
          p("Nacht der Champions", "Night of Champions"),
          p("Das Finale", "The Final"),
          p("Ausgabe {year}", "{year} Edition"),
        ],
      },
    ],
  },
  family: {
    separator: " – ",
    groups: [
      {
        tail: 0.7,
        heads: [
          p("Pippa Pinguin", "Pippa the Penguin"),
          p("Zirkus Kunterbunt", "Circus Kunterbunt"),
          p("Kasimir und die Zauberflöte", "Kasimir and the Magic Flute"),
          p("Familienkonzert", "Family Concert"),
          p("Mitmach-Zirkus", "Join-in Circus"),
          p("Zaubershow für Kinder", "Magic Show for Kids"),
          p("Dino-Abenteuer", "Dinosaur Adventure"),
          p("Puppentheater Wunderkiste", "Wunderkiste Puppet Theatre"),
          p("Eisshow", "Ice Show", WINTER),
          p("Kinderdisco", "Kids' Disco"),
          p("Die Schatzsuche im Zauberwald", "The Treasure Hunt in the Enchanted Forest"),
        ],
        tails: [
          p("Ein Abenteuer für die ganze Familie", "An Adventure for the Whole Family"),
          p("Für Kinder ab 4 Jahren", "For Children Aged 4 and Up"),
          p("Die große Mitmach-Show", "The Big Join-in Show"),
          p("Das Wintermärchen", "The Winter's Tale", WINTER),
          p("Weihnachtsausgabe", "Christmas Edition", DECEMBER),
          p("Ferienspecial", "Holiday Special", [7, 8]),
          p("Osterspecial", "Easter Special", [3, 4]),
        ],
      },
    ],
  },
  exhibitions: {
    separator: ": ",
    groups: [
      {
        tail: 0.65,
        heads: [
          p("Licht und Schatten", "Light and Shadow"),
          p("Farbräume", "Colour Spaces"),
          p("Die Welt der Dinosaurier", "The World of Dinosaurs"),
          p("Bauhaus heute", "Bauhaus Today"),
          p("Fotografie der Moderne", "Modern Photography"),
          p("Klimt und seine Zeit", "Klimt and His Time"),
          p("Mensch und Maschine", "Humans and Machines"),
          p("Alpenpanorama", "Alpine Panorama"),
          p("Digitale Kunst", "Digital Art"),
          p("Schweizer Design", "Swiss Design"),
          p("Street Art", "Street Art"),
          p("Unterwasserwelten", "Underwater Worlds"),
          p("Frauen der Avantgarde", "Women of the Avant-garde"),
        ],
        tails: [
          p("Sonderausstellung", "Special Exhibition"),
          p("Eine Retrospektive", "A Retrospective"),
          p("Werke aus drei Jahrzehnten", "Works from Three Decades"),
          p("Eine immersive Reise", "An Immersive Journey"),
          p("Fotografien und Installationen", "Photographs and Installations"),
        ],
      },
    ],
  },
  workshops: {
    separator: ": ",
    groups: [
      {
        tail: 0.75,
        heads: [
          p("Töpfern", "Pottery"),
          p("Siebdruck-Workshop", "Screen Printing Workshop"),
          p("Fotografie-Workshop", "Photography Workshop"),
          p("Kreatives Schreiben", "Creative Writing"),
          p("Barista-Kurs", "Barista Course"),
          p("Brot backen wie früher", "Baking Bread the Traditional Way"),
          p("Aquarellmalerei", "Watercolour Painting"),
          p("Handlettering", "Hand Lettering"),
          p("Programmieren lernen", "Learn to Code"),
          p("Urban Sketching", "Urban Sketching"),
          p("Käse selber machen", "Making Your Own Cheese"),
          p("Cocktail-Workshop", "Cocktail Workshop"),
          p("Makramee", "Macramé"),
          p("Vegane Küche", "Vegan Cooking"),
        ],
        tails: [
          p("Für Einsteiger", "For Beginners"),
          p("Kompaktkurs", "Intensive Course"),
          p("Mit Profis lernen", "Learn from the Pros"),
          p("Für Fortgeschrittene", "For Advanced Learners"),
          p("Kleine Gruppe, großer Spaß", "Small Group, Big Fun"),
          p("Grundlagen an einem Tag", "The Basics in One Day"),
        ],
      },
    ],
  },
  nightlife: {
    separator: " – ",
    groups: [
      {
        tail: 0.7,
        heads: [
          p("Techno-Nacht", "Techno Night"),
          p("90er Party", "90s Party"),
          p("Ü30-Party", "Over-30s Party"),
          p("Hip-Hop Nights", "Hip-Hop Nights"),
          p("Drum & Bass Session", "Drum & Bass Session"),
          p("Disco Inferno", "Disco Inferno"),
          p("Salsa-Nacht", "Salsa Night"),
          p("Indie-Disco", "Indie Disco"),
          p("House of Groove", "House of Groove"),
          p("Schlagerparty", "Schlager Party"),
          p("Neon Rave", "Neon Rave"),
          p("Vinyl Only", "Vinyl Only"),
          p("Queer Dance Night", "Queer Dance Night"),
          p("80er Kultnacht", "80s Cult Night"),
        ],
        tails: [
          p("Bis zum Morgengrauen", "Until Dawn"),
          p("Die lange Nacht", "The Long Night"),
          p("Special Guests", "Special Guests"),
          p("Clubnacht", "Club Night"),
          p("Sommeredition", "Summer Edition", SUMMER),
          p("Warm-up", "Warm-up"),
          p("Jubiläumsparty", "Anniversary Party"),
        ],
      },
    ],
  },
  conferences: {
    separator: ": ",
    groups: [
      {
        tail: 0.75,
        heads: [
          p("Digital Future Summit", "Digital Future Summit"),
          p("KI im Mittelstand", "AI for SMEs"),
          p("Nachhaltig wirtschaften", "Sustainable Business"),
          p("Smart City Forum", "Smart City Forum"),
          p("Gesundheit 4.0", "Health 4.0"),
          p("Women in Tech", "Women in Tech"),
          p("Fintech-Kongress", "Fintech Congress"),
          p("Mobilität von morgen", "Tomorrow's Mobility"),
          p("HR-Kongress", "HR Congress"),
          p("Cloud Native Days", "Cloud Native Days"),
          p("Energiewende-Konferenz", "Energy Transition Conference"),
          p("Zukunft des Handels", "The Future of Retail"),
        ],
        tails: [
          p("Trends und Praxis", "Trends and Practice"),
          p("Jahrestagung {year}", "Annual Meeting {year}"),
          p("Impulse für Entscheider", "Insights for Decision-Makers"),
          p("Das Branchentreffen", "The Industry Meetup"),
          p("Ausgabe {year}", "{year} Edition"),
        ],
      },
    ],
  },
};

// --- Descriptions ---------------------------------------------------------------------------

/**
 * Sentences per category: one opening, one or two middles and one closing make a description.
 * Placeholders: `{title}`, `{at}` (e.g. "in der Columbiahalle" / "at Columbiahalle"),
 * `{venue}`, `{city}`.
 */
export type Sentence = Translated & {
  /** Only for events with age limit 18. */ adultsOnly?: boolean;
};
export type Sentences = { openings: Sentence[]; middles: Sentence[]; closings: Sentence[] };
const s = (de: string, en: string, adultsOnly?: boolean): Sentence =>
  adultsOnly ? { de, en, adultsOnly } : { de, en };

export const descriptionBlocks: Record<CategorySlug, Sentences> = {
  concerts: {
    openings: [
      s(
        "„{title}“ bringt einen Abend voller Live-Musik nach {city}.",
        "“{title}” brings an evening of live music to {venue} in {city}.",
      ),
      s(
        "Ein Konzertabend, der lange nachklingt: „{title}“ gastiert {at}.",
        "A concert that lingers long after the last note: “{title}” comes to {venue} in {city}.",
      ),
      s(
        "Mit „{title}“ erwartet das Publikum in {city} ein Programm zwischen bekannten Klassikern und neuen Stücken.",
        "With “{title}”, audiences in {city} can look forward to a programme of well-loved classics and new pieces.",
      ),
      s(
        "Die Bühne gehört der Musik: „{title}“ ist {at} zu erleben.",
        "The stage belongs to the music: “{title}” can be heard {at}.",
      ),
    ],
    middles: [
      s(
        "Die Musikerinnen und Musiker verbinden virtuoses Spiel mit viel Gespür für den Raum.",
        "The musicians combine virtuoso playing with a fine feel for the room.",
      ),
      s(
        "Zwischen den Stücken erzählt die Band Geschichten von der Tour und aus dem Studio.",
        "Between songs the band shares stories from the road and the studio.",
      ),
      s(
        "Die Akustik des Saals macht jedes Detail hörbar, vom leisen Pianissimo bis zum großen Finale.",
        "The hall's acoustics bring out every detail, from the softest pianissimo to the grand finale.",
      ),
      s(
        "Auf dem Programm stehen Lieblingsstücke der Fans ebenso wie Überraschungen.",
        "The set list features fan favourites as well as a few surprises.",
      ),
      s(
        "Eine Lichtshow und ein besonderer Sound machen den Abend zum Erlebnis.",
        "A light show and a distinctive sound make the evening an experience.",
      ),
    ],
    closings: [
      s("Einlass ist eine Stunde vor Beginn.", "Doors open one hour before the start."),
      s(
        "Sichern Sie sich rechtzeitig Ihren Platz – die Nachfrage ist groß.",
        "Secure your place early – demand is high.",
      ),
      s(
        "Ein Abend für alle, die Musik live am liebsten hören.",
        "An evening for everyone who likes their music best live.",
      ),
    ],
  },
  festivals: {
    openings: [
      s(
        "„{title}“ verwandelt {city} für mehrere Tage in eine große Bühne.",
        "“{title}” turns {city} into one big stage for several days.",
      ),
      s(
        "Mehrere Tage, viele Acts, eine Stimmung: „{title}“ findet {at} statt.",
        "Several days, many acts, one atmosphere: “{title}” takes place {at}.",
      ),
      s(
        "Das Festival „{title}“ lädt {at} zu einem Programm voller Entdeckungen ein.",
        "The festival “{title}” invites you {at} to a programme full of discoveries.",
      ),
    ],
    middles: [
      s(
        "Auf mehreren Bühnen wechseln sich bekannte Namen und junge Talente ab.",
        "Established names and young talent take turns across several stages.",
      ),
      s(
        "Zwischen den Auftritten laden Foodtrucks, Bars und Lounges zum Verweilen ein.",
        "Between performances, food trucks, bars and lounges invite you to linger.",
      ),
      s(
        "Workshops, Lesungen und Begegnungen mit den Künstlerinnen und Künstlern ergänzen das Programm.",
        "Workshops, readings and meet-the-artist sessions round off the programme.",
      ),
      s(
        "Das Festival steht für entspannte Atmosphäre und eine bunt gemischte Community.",
        "The festival stands for a relaxed atmosphere and a wonderfully mixed crowd.",
      ),
    ],
    closings: [
      s(
        "Das Gelände ist barrierearm und gut mit Bus und Bahn erreichbar.",
        "The site is largely step-free and easy to reach by bus and train.",
      ),
      s(
        "Das vollständige Programm wird laufend ergänzt.",
        "The full line-up is being added to all the time.",
      ),
      s(
        "Am besten mit öffentlichen Verkehrsmitteln anreisen – die Haltestelle liegt direkt vor dem Gelände.",
        "Public transport is the best way to get there – the stop is right outside the grounds.",
      ),
    ],
  },
  theatre: {
    openings: [
      s("„{title}“ ist {at} in {city} zu sehen.", "“{title}” is on stage {at} in {city}."),
      s(
        "Das Ensemble zeigt „{title}“ in einer Inszenierung, die Tradition und Gegenwart verbindet.",
        "The ensemble presents “{title}” in a production that brings tradition and the present together.",
      ),
      s(
        "Vorhang auf für „{title}“: ein Theaterabend {at}.",
        "Curtain up for “{title}”: an evening of theatre {at}.",
      ),
      s(
        "Mit „{title}“ holt das Theater einen Stoff auf die Bühne, der nichts an Aktualität verloren hat.",
        "With “{title}”, the theatre stages a story that has lost none of its relevance.",
      ),
    ],
    middles: [
      s(
        "Ein spielfreudiges Ensemble, ein klares Bühnenbild und viel Musik tragen den Abend.",
        "A lively ensemble, a clear stage design and plenty of music carry the evening.",
      ),
      s(
        "Die Regie setzt auf starke Bilder und feinen Humor.",
        "The direction relies on strong images and subtle humour.",
      ),
      s(
        "Die Inszenierung wurde von Presse und Publikum gleichermaßen gefeiert.",
        "The production has been celebrated by critics and audiences alike.",
      ),
      s(
        "Die Aufführung dauert etwa zweieinhalb Stunden mit einer Pause.",
        "The performance lasts about two and a half hours with one interval.",
      ),
    ],
    closings: [
      s(
        "Eine Einführung findet 30 Minuten vor Vorstellungsbeginn im Foyer statt.",
        "An introduction takes place in the foyer 30 minutes before the performance.",
      ),
      s(
        "Ermäßigte Karten für Schülerinnen, Schüler und Studierende gibt es an der Abendkasse.",
        "Reduced tickets for pupils and students are available at the box office.",
      ),
      s(
        "Nach Vorstellungsbeginn ist kein Einlass mehr möglich.",
        "Latecomers cannot be admitted once the performance has begun.",
      ),
    ],
  },
  comedy: {
    openings: [
      s(
        "„{title}“ – ein Abend, an dem in {city} kein Auge trocken bleibt.",
        "“{title}” – an evening in {city} that will have you in tears of laughter.",
      ),
      s(
        "Schlagfertig, ehrlich und herrlich albern: „{title}“ kommt {at}.",
        "Quick-witted, honest and gloriously silly: “{title}” comes to {venue}.",
      ),
      s(
        "Mit „{title}“ gibt es {at} zwei Stunden Comedy ohne Atempause.",
        "“{title}” serves up two hours of non-stop comedy {at}.",
      ),
    ],
    middles: [
      s(
        "Es geht um Alltag, Beziehungen, Nachbarn und die kleinen Katastrophen des Lebens.",
        "It's about everyday life, relationships, neighbours and life's little disasters.",
      ),
      s(
        "Wer in der ersten Reihe sitzt, wird womöglich Teil der Show.",
        "Anyone sitting in the front row might just become part of the show.",
      ),
      s(
        "Die Pointen sitzen, das Tempo stimmt, und zwischendurch wird es sogar nachdenklich.",
        "The punchlines land, the pace is right, and now and then it even gets thoughtful.",
      ),
      s(
        "Jeder Abend ist ein bisschen anders, weil viel improvisiert wird.",
        "Every night is a little different, because a lot is improvised.",
      ),
    ],
    closings: [
      s("Einlass ist eine Stunde vor Beginn.", "Doors open one hour before the start."),
      s("Ideal für einen Abend mit Freunden.", "Perfect for a night out with friends."),
      s("Getränke gibt es an der Bar im Saal.", "Drinks are available at the bar in the hall."),
    ],
  },
  sports: {
    openings: [
      s(
        "{city} erlebt Sport auf höchstem Niveau: „{title}“ {at}.",
        "{city} gets top-class sport: “{title}” {at}.",
      ),
      s(
        "Volle Ränge, lauter Jubel: „{title}“ verspricht Spannung bis zur letzten Sekunde.",
        "Packed stands, loud cheers: “{title}” promises suspense until the very last second.",
      ),
      s(
        "Bei „{title}“ treffen sich {at} die Besten ihres Fachs.",
        "At “{title}”, the best in their field meet {at}.",
      ),
    ],
    middles: [
      s(
        "Die Stimmung in der Halle ist legendär – Fans aus der ganzen Region reisen an.",
        "The atmosphere in the arena is legendary – fans travel in from all over the region.",
      ),
      s(
        "Vor Spielbeginn gibt es ein Rahmenprogramm für die ganze Familie.",
        "Before the start there is a supporting programme for the whole family.",
      ),
      s(
        "Es geht um wichtige Punkte und um den Platz an der Tabellenspitze.",
        "Important points and the top spot in the table are at stake.",
      ),
      s(
        "Die Athletinnen und Athleten zeigen Tempo, Technik und Leidenschaft.",
        "The athletes show speed, technique and passion.",
      ),
    ],
    closings: [
      s(
        "Die Hallenöffnung ist 90 Minuten vor Beginn.",
        "The arena opens 90 minutes before the start.",
      ),
      s(
        "Die Halle ist barrierefrei zugänglich, Plätze für Rollstuhlfahrende sind vorhanden.",
        "The arena is step-free, with spaces for wheelchair users.",
      ),
      s(
        "Das Ticket gilt am Veranstaltungstag als Fahrschein im Nahverkehr.",
        "On the day of the event, your ticket is valid on local public transport.",
      ),
    ],
  },
  family: {
    openings: [
      s(
        "„{title}“ ist ein Erlebnis für kleine und große Leute {at}.",
        "“{title}” is an experience for young and old alike {at}.",
      ),
      s(
        "Staunen, lachen, mitmachen: Mit „{title}“ wird der Ausflug {at} zum Familienabenteuer.",
        "Marvel, laugh and join in: “{title}” turns a trip to {venue} into a family adventure.",
      ),
      s(
        "Für Familien in {city} heißt es bald: Bühne frei für „{title}“.",
        "Families in {city}, get ready: the stage is set for “{title}”.",
      ),
    ],
    middles: [
      s(
        "Die Vorstellung dauert etwa 75 Minuten und ist für Kinder ab vier Jahren geeignet.",
        "The show lasts about 75 minutes and is suitable for children aged four and up.",
      ),
      s(
        "Lieder zum Mitsingen und viele Überraschungen halten die Kinder in Bewegung.",
        "Sing-along songs and plenty of surprises keep the children on the move.",
      ),
      s(
        "Liebevolle Kostüme und ein farbenfrohes Bühnenbild lassen die Geschichte lebendig werden.",
        "Lovingly made costumes and a colourful set bring the story to life.",
      ),
      s(
        "Nach der Show können die Kinder die Figuren aus der Nähe kennenlernen.",
        "After the show, children can meet the characters up close.",
      ),
    ],
    closings: [
      s(
        "Kinder unter zwei Jahren haben auf dem Schoß freien Eintritt.",
        "Children under two sitting on a lap go free.",
      ),
      s("Kinderwagen können im Foyer abgestellt werden.", "Pushchairs can be left in the foyer."),
      s("Snacks und Getränke gibt es im Foyer.", "Snacks and drinks are available in the foyer."),
    ],
  },
  exhibitions: {
    openings: [
      s(
        "Die Ausstellung „{title}“ ist {at} in {city} zu sehen.",
        "The exhibition “{title}” is on show {at} in {city}.",
      ),
      s(
        "„{title}“ lädt zu einem Rundgang ein, der neue Blickwinkel eröffnet.",
        "“{title}” invites you on a tour that opens up new perspectives.",
      ),
      s(
        "Mit „{title}“ zeigt {venue} eine Ausstellung, die Kunst und Geschichte verbindet.",
        "With “{title}”, {venue} presents an exhibition that brings art and history together.",
      ),
    ],
    middles: [
      s(
        "Zu sehen sind über hundert Werke, darunter Leihgaben aus internationalen Sammlungen.",
        "More than a hundred works are on display, including loans from international collections.",
      ),
      s(
        "Interaktive Stationen und Medieninstallationen machen die Themen greifbar.",
        "Interactive stations and media installations make the themes tangible.",
      ),
      s(
        "Ein Audioguide in deutscher und englischer Sprache begleitet durch die Räume.",
        "An audio guide in German and English accompanies you through the rooms.",
      ),
      s(
        "Öffentliche Führungen finden jeden Sonntag statt.",
        "Public guided tours take place every Sunday.",
      ),
    ],
    closings: [
      s(
        "Die Ausstellung ist täglich von 10 bis 18 Uhr geöffnet.",
        "The exhibition is open daily from 10 am to 6 pm.",
      ),
      s(
        "Kinder und Jugendliche unter 18 Jahren haben freien Eintritt.",
        "Children and young people under 18 get in free.",
      ),
      s(
        "Das Ticket gilt für einen Besuch zu einem beliebigen Zeitpunkt während der Laufzeit.",
        "The ticket is valid for one visit at any time during the exhibition.",
      ),
    ],
  },
  workshops: {
    openings: [
      s(
        "Im Workshop „{title}“ lernen Sie {at} Schritt für Schritt, worauf es ankommt.",
        "In the workshop “{title}” {at}, you learn step by step what really matters.",
      ),
      s(
        "„{title}“ ist der richtige Einstieg für alle, die in {city} etwas Neues ausprobieren wollen.",
        "“{title}” is the right start for anyone in {city} who wants to try something new.",
      ),
      s(
        "Selbst machen statt nur zuschauen: „{title}“ findet {at} statt.",
        "Do it yourself instead of just watching: “{title}” takes place {at}.",
      ),
    ],
    middles: [
      s(
        "Die kleine Gruppe ermöglicht eine persönliche Betreuung durch erfahrene Kursleiterinnen und Kursleiter.",
        "The small group allows for personal guidance from experienced instructors.",
      ),
      s(
        "Alle Materialien und Werkzeuge sind im Preis enthalten.",
        "All materials and tools are included in the price.",
      ),
      s(
        "Vorkenntnisse sind nicht nötig – nur Neugier und Freude am Ausprobieren.",
        "No previous experience is needed – just curiosity and a love of trying things out.",
      ),
      s(
        "Am Ende nehmen Sie Ihr eigenes Werkstück und viele Tipps mit nach Hause.",
        "At the end you take home your own piece and plenty of tips.",
      ),
    ],
    closings: [
      s(
        "Bitte bequeme Kleidung mitbringen, die schmutzig werden darf.",
        "Please wear comfortable clothes that can get a little messy.",
      ),
      s(
        "Für Getränke und einen kleinen Imbiss ist gesorgt.",
        "Drinks and a light snack are provided.",
      ),
      s(
        "Die Plätze sind begrenzt – frühes Buchen lohnt sich.",
        "Places are limited – it pays to book early.",
      ),
    ],
  },
  nightlife: {
    openings: [
      s(
        "„{title}“ – die Nacht gehört der Tanzfläche {at}.",
        "“{title}” – the night belongs to the dance floor {at}.",
      ),
      s(
        "Wenn in {city} die Lichter angehen, startet „{title}“.",
        "When the lights come on in {city}, “{title}” gets started.",
      ),
      s(
        "Mit „{title}“ steigt {at} eine Party, über die man noch lange spricht.",
        "“{title}” is a party {at} that people will be talking about for a long time.",
      ),
    ],
    middles: [
      s(
        "Resident-DJs und Gäste legen auf zwei Floors bis in die frühen Morgenstunden auf.",
        "Resident DJs and guests play on two floors until the early hours.",
      ),
      s(
        "Eine durchdachte Lichtshow und ein kraftvolles Soundsystem sorgen für Clubgefühl.",
        "A carefully designed light show and a powerful sound system create that club feeling.",
      ),
      s(
        "An der Bar gibt es Cocktails und alkoholfreie Drinks zu fairen Preisen.",
        "The bar serves cocktails and alcohol-free drinks at fair prices.",
      ),
      s(
        "Der Dresscode ist entspannt – Hauptsache, die Tanzschuhe sitzen.",
        "The dress code is relaxed – as long as your dancing shoes fit.",
      ),
    ],
    closings: [
      s(
        "Einlass ab 18 Jahren, bitte einen Lichtbildausweis mitbringen.",
        "Entry from 18 only; please bring photo ID.",
        true,
      ),
      s(
        "Vorverkaufstickets sind günstiger als an der Abendkasse.",
        "Advance tickets are cheaper than at the door.",
      ),
      s(
        "Wir stehen für eine respektvolle Party – das Awareness-Team ist die ganze Nacht vor Ort.",
        "We stand for a respectful party – the awareness team is on site all night.",
      ),
    ],
  },
  conferences: {
    openings: [
      s(
        "„{title}“ bringt Fachleute, Entscheider und Neugierige {at} zusammen.",
        "“{title}” brings experts, decision-makers and the curious together {at}.",
      ),
      s(
        "Die Konferenz „{title}“ zeigt in {city}, wie Ideen zu Praxis werden.",
        "The conference “{title}” shows in {city} how ideas become practice.",
      ),
      s(
        "Ein Programm voller Impulse: „{title}“ findet {at} statt.",
        "A programme full of ideas: “{title}” takes place {at}.",
      ),
    ],
    middles: [
      s(
        "Keynotes, Podiumsdiskussionen und praxisnahe Workshops wechseln sich ab.",
        "Keynotes, panel discussions and hands-on workshops alternate.",
      ),
      s(
        "In den Pausen bleibt viel Zeit zum Netzwerken mit Referierenden und Ausstellern.",
        "The breaks leave plenty of time for networking with speakers and exhibitors.",
      ),
      s(
        "Vorgestellt werden Fallstudien aus Unternehmen, Verwaltung und Forschung.",
        "Case studies from business, public administration and research are presented.",
      ),
      s(
        "Die Vorträge finden auf Deutsch und Englisch statt.",
        "Talks are given in German and English.",
      ),
    ],
    closings: [
      s(
        "Verpflegung und Präsentationen zum Download sind im Ticket enthalten.",
        "Catering and downloadable presentations are included in the ticket.",
      ),
      s(
        "Die Vorträge werden aufgezeichnet und stehen Teilnehmenden anschließend zur Verfügung.",
        "Talks are recorded and made available to participants afterwards.",
      ),
      s(
        "Eine Teilnahmebestätigung erhalten Sie im Anschluss per E-Mail.",
        "You will receive a certificate of attendance by email afterwards.",
      ),
    ],
  },
};

// --- Ticket types ---------------------------------------------------------------------------

/** A ticket type an event of a category may offer; `share` of the capacity, `price` in euros. */
export type TicketSpec = {
  name: Translated;
  /** Price range in whole euros. */
  price: [number, number];
  share: number;
  earlyBird?: boolean;
  /** VAT rate in percent; else the standard rate. */
  vatPercent?: number;
};

const tk = (de: string, en: string, price: [number, number], share: number, earlyBird = false) => ({
  name: { de, en },
  price,
  share,
  earlyBird,
});

/**
 * A concession at the reduced 7 % VAT: the demo data's one reduced rate, so checkouts and the
 * panel show orders that mix rates.
 */
const concession = (de: string, en: string, price: [number, number], share: number) => ({
  ...tk(de, en, price, share),
  vatPercent: 7,
});

/** Sets of ticket types per category; an event takes one set (its first 1–4 types). */
export const ticketSets: Record<CategorySlug, TicketSpec[][]> = {
  concerts: [
    [
      tk("Stehplatz", "Standing", [29, 59], 0.6),
      tk("Sitzplatz Kategorie 1", "Seat category 1", [55, 95], 0.2),
      tk("Sitzplatz Kategorie 2", "Seat category 2", [39, 69], 0.2),
      tk("VIP", "VIP", [120, 180], 0.03),
    ],
    [
      tk("Sitzplatz Kategorie 1", "Seat category 1", [45, 89], 0.4),
      tk("Sitzplatz Kategorie 2", "Seat category 2", [32, 59], 0.4),
      concession("Ermäßigt", "Concession", [15, 29], 0.2),
    ],
    [
      tk("Stehplatz", "Standing", [19, 39], 0.8),
      tk("Frühbucher", "Early bird", [15, 29], 0.2, true),
    ],
    [tk("Freier Eintritt", "Free admission", [0, 0], 1)],
  ],
  festivals: [
    [
      tk("Festivalpass", "Festival pass", [89, 179], 0.6),
      tk("Tagesticket", "Day ticket", [39, 69], 0.3),
      tk("Frühbucher", "Early bird", [69, 139], 0.1, true),
      tk("VIP", "VIP", [150, 180], 0.03),
    ],
    [
      tk("Tagesticket", "Day ticket", [19, 45], 0.7),
      concession("Ermäßigt", "Concession", [12, 29], 0.3),
    ],
    [tk("Freier Eintritt", "Free admission", [0, 0], 1)],
  ],
  theatre: [
    [
      tk("Sitzplatz Kategorie 1", "Seat category 1", [45, 89], 0.3),
      tk("Sitzplatz Kategorie 2", "Seat category 2", [32, 65], 0.35),
      tk("Sitzplatz Kategorie 3", "Seat category 3", [19, 39], 0.25),
      concession("Ermäßigt", "Concession", [12, 25], 0.1),
    ],
    [
      tk("Parkett", "Stalls", [35, 69], 0.6),
      tk("Rang", "Circle", [22, 45], 0.4),
      concession("Ermäßigt", "Concession", [10, 19], 0.1),
    ],
    [
      tk("Freie Platzwahl", "Unreserved seating", [18, 32], 0.85),
      concession("Ermäßigt", "Concession", [10, 18], 0.15),
    ],
  ],
  comedy: [
    [
      tk("Sitzplatz Kategorie 1", "Seat category 1", [32, 49], 0.5),
      tk("Sitzplatz Kategorie 2", "Seat category 2", [24, 39], 0.5),
      concession("Ermäßigt", "Concession", [18, 29], 0.1),
    ],
    [
      tk("Freie Platzwahl", "Unreserved seating", [15, 29], 0.8),
      tk("Frühbucher", "Early bird", [12, 22], 0.2, true),
    ],
    [tk("Stehplatz", "Standing", [9, 19], 1)],
  ],
  sports: [
    [
      tk("Sitzplatz Kategorie 1", "Seat category 1", [39, 79], 0.3),
      tk("Sitzplatz Kategorie 2", "Seat category 2", [25, 49], 0.4),
      tk("Stehplatz", "Standing", [12, 22], 0.3),
      tk("VIP-Loge", "VIP box", [140, 180], 0.02),
    ],
    [
      tk("Sitzplatz", "Seat", [19, 45], 0.7),
      tk("Familienticket", "Family ticket", [49, 89], 0.1),
      concession("Ermäßigt", "Concession", [9, 19], 0.2),
    ],
    [
      tk("Tagesticket", "Day ticket", [15, 35], 0.8),
      tk("Dauerkarte Turnier", "Tournament pass", [49, 99], 0.2),
    ],
  ],
  family: [
    [
      tk("Erwachsene", "Adults", [16, 29], 0.5),
      tk("Kinder (bis 14 Jahre)", "Children (up to 14)", [9, 18], 0.4),
      tk("Familienticket", "Family ticket", [45, 79], 0.1),
    ],
    [tk("Einheitspreis", "Standard ticket", [8, 19], 1)],
    [tk("Freier Eintritt", "Free admission", [0, 0], 1)],
  ],
  exhibitions: [
    [
      tk("Eintritt", "Admission", [12, 22], 0.7),
      concession("Ermäßigt", "Concession", [7, 14], 0.2),
      tk("Mit Führung", "With guided tour", [18, 32], 0.1),
    ],
    [tk("Eintritt", "Admission", [8, 16], 1)],
    [tk("Freier Eintritt", "Free admission", [0, 0], 1)],
  ],
  workshops: [
    [
      tk("Teilnahme", "Participation", [49, 129], 0.8),
      tk("Frühbucher", "Early bird", [39, 99], 0.2, true),
    ],
    [
      tk("Teilnahme", "Participation", [29, 89], 0.8),
      concession("Ermäßigt (Studierende)", "Concession (students)", [19, 59], 0.2),
    ],
    [tk("Teilnahme inklusive Material", "Participation incl. materials", [59, 149], 1)],
    [tk("Kostenlose Teilnahme", "Free participation", [0, 0], 1)],
  ],
  nightlife: [
    [
      tk("Eintritt", "Entry", [12, 22], 0.8),
      tk("Frühbucher", "Early bird", [8, 15], 0.2, true),
      tk("VIP-Tisch", "VIP table", [120, 180], 0.01),
    ],
    [tk("Vorverkauf", "Advance ticket", [10, 18], 1)],
    [
      tk("Eintritt", "Entry", [5, 12], 0.7),
      tk("Gästeliste plus eins", "Guest list plus one", [15, 25], 0.3),
    ],
  ],
  conferences: [
    [
      tk("Konferenzticket", "Conference pass", [149, 180], 0.7),
      tk("Frühbucher", "Early bird", [99, 139], 0.2, true),
      tk("Studierende", "Students", [29, 59], 0.1),
      tk("Workshop-Paket", "Workshop bundle", [169, 180], 0.05),
    ],
    [tk("Tagesticket", "Day pass", [69, 129], 0.8), tk("Studierende", "Students", [19, 39], 0.2)],
    [tk("Kostenlose Registrierung", "Free registration", [0, 0], 1)],
  ],
};

/** Relative frequency of the categories among generated events. */
export const categoryWeights: Record<CategorySlug, number> = {
  concerts: 18,
  festivals: 6,
  theatre: 12,
  comedy: 10,
  sports: 9,
  family: 9,
  exhibitions: 8,
  workshops: 9,
  nightlife: 11,
  conferences: 8,
};
