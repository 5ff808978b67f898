/**
 * Deterministic, fictional member organizations: the demo directory `npm start` seeds on an empty
 * embedded database (DemoSeeder), and the building blocks of the benchmarks' bulk generator
 * (bench/generators/bulk-members.ts). Longer than ~300 lines because most of it is data: the word
 * lists and the cities with their coordinates.
 *
 * Everything is derived from a seeded PRNG, so the same `(count, seed)` always yields the same list.
 * Organization names are invented; websites use the reserved `.example` TLD; cities are real places with
 * their real coordinates (slightly jittered so members in one city do not sit on a single pixel).
 */

export type DemoMember = {
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  website: string;
  tags: string[];
  location: { city: string; country: string; latitude: number; longitude: number } | null;
  member_since: string; // YYYY-MM-DD
};

export const DEMO_CATEGORIES = [
  'research',
  'developer-tools',
  'infrastructure',
  'safety',
  'education',
  'healthcare',
  'finance',
  'open-source',
  'robotics',
  'creative',
] as const;

const UNCATEGORIZED_RATE = 0.08;
const NO_LOCATION_RATE = 0.1;
const JITTER_DEGREES = 0.08;
const FIRST_DAY_MS = Date.UTC(2023, 0, 1);
const LAST_DAY_MS = Date.UTC(2026, 9, 31);
const DAY_MS = 86_400_000;
const DAY_SPAN = Math.round((LAST_DAY_MS - FIRST_DAY_MS) / DAY_MS) + 1;

export type Rng = () => number;

/** mulberry32: tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

const NAME_FIRST = [
  'Northwind',
  'Kestrel',
  'Aurora',
  'Bluefin',
  'Cedar',
  'Meridian',
  'Halcyon',
  'Lumen',
  'Obsidian',
  'Quill',
  'Saffron',
  'Tidewater',
  'Vantage',
  'Willow',
  'Zephyr',
  'Arbor',
  'Basalt',
  'Cobalt',
  'Driftwood',
  'Ember',
  'Fathom',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kinetic',
  'Lattice',
  'Mosaic',
  'Nimbus',
  'Orchard',
  'Pinecone',
  'Quasar',
  'Riverstone',
  'Solstice',
  'Tessellate',
  'Umber',
  'Verdant',
  'Wayfinder',
  'Yarrow',
  'Atlas',
  'Beacon',
  'Compass',
  'Delta',
  'Evergreen',
  'Firefly',
  'Gossamer',
  'Heron',
  'Ironwood',
  'Jasper',
  'Keystone',
  'Lodestar',
  'Marigold',
  'Nova',
  'Osprey',
  'Polaris',
  'Redwood',
  'Sparrow',
  'Trellis',
  'Upland',
  'Vireo',
] as const;

const NAME_MIDDLE = [
  'Agent',
  'Agentic',
  'Autonomy',
  'Robotics',
  'Cognition',
  'Systems',
  'Intelligence',
  'Machine',
  'Reasoning',
  'Compute',
  'Signal',
  'Protocol',
  'Data',
  'Learning',
  'Automation',
  'Neural',
  'Assistant',
  'Inference',
  'Memory',
  'Language',
] as const;

const NAME_LAST = [
  'Labs',
  'Collective',
  'Institute',
  'Foundation',
  'Works',
  'Studio',
  'Cooperative',
  'Group',
  'Partners',
  'Network',
  'Guild',
  'Alliance',
  'Consortium',
  'Initiative',
  'Research',
  'Technologies',
  'Company',
  'Society',
] as const;

const FOCUS_BY_CATEGORY: Record<string, readonly string[]> = {
  research: [
    'studies how language agents plan over long horizons',
    'publishes open evaluations of multi-agent cooperation',
    'investigates memory architectures for autonomous assistants',
    'runs reproducible experiments on tool-using models',
  ],
  'developer-tools': [
    'builds debuggers and tracing tools for agent workflows',
    'maintains SDKs that make MCP servers quick to ship',
    'offers a test harness for agent tool calls',
    'develops local sandboxes for running untrusted agent code',
  ],
  infrastructure: [
    'operates low-latency inference clusters for agent workloads',
    'provides durable queues and schedulers for long-running agents',
    'runs identity and routing services for agent traffic',
    'hosts observability pipelines for production agents',
  ],
  safety: [
    'red-teams agent deployments before launch',
    'develops policy checks that run alongside autonomous agents',
    'audits tool permissions and data flows in agent systems',
    'researches oversight methods for capable assistants',
  ],
  education: [
    'teaches practitioners to design dependable agents',
    'builds tutoring agents for secondary schools',
    'publishes free course material on agent engineering',
    'runs community workshops on responsible automation',
  ],
  healthcare: [
    'builds documentation assistants for clinical teams',
    'develops triage agents that hand off cleanly to clinicians',
    'applies agents to scheduling and care coordination',
    'studies privacy-preserving agents for patient data',
  ],
  finance: [
    'automates reconciliation and reporting with audited agents',
    'builds compliance copilots for small lenders',
    'develops agents that explain financial documents in plain language',
    'researches safe delegation of payments to software agents',
  ],
  'open-source': [
    'maintains permissively licensed agent frameworks',
    'curates open datasets for agent evaluation',
    'stewards a community-run registry of agent tools',
    'coordinates volunteers building open agent infrastructure',
  ],
  robotics: [
    'connects language agents to warehouse robots',
    'builds field robots that plan with natural-language goals',
    'develops simulation environments for embodied agents',
    'designs manipulation stacks driven by multimodal models',
  ],
  creative: [
    'makes collaborative writing agents for studios',
    'builds music and sound tools that respond to direction',
    'develops agents that help small teams produce video',
    'explores interactive fiction driven by autonomous characters',
  ],
  uncategorized: [
    'is exploring how agents fit into its daily work',
    'works on a mix of agent projects across several fields',
    'joined the community to follow emerging agent standards',
  ],
};

const AUDIENCES = [
  'independent developers',
  'public institutions',
  'small businesses',
  'research groups',
  'enterprise teams',
  'non-profits',
  'students',
  'operators of production agents',
] as const;

const TAGS = [
  'llm',
  'agents',
  'mcp',
  'evaluation',
  'alignment',
  'tooling',
  'observability',
  'orchestration',
  'retrieval',
  'multimodal',
  'robotics',
  'edge',
  'privacy',
  'security',
  'open-weights',
  'benchmarks',
  'education',
  'healthcare',
  'fintech',
  'climate',
  'accessibility',
  'governance',
  'identity',
  'memory',
  'planning',
  'simulation',
  'speech',
  'vision',
  'data',
  'compliance',
] as const;

type City = { city: string; country: string; lat: number; lon: number; weight: number };

/** Real cities on every inhabited continent, with their real coordinates; weight favours large hubs. */
const CITIES: readonly City[] = [
  // North America
  { city: 'San Francisco', country: 'United States', lat: 37.7749, lon: -122.4194, weight: 5 },
  { city: 'New York', country: 'United States', lat: 40.7128, lon: -74.006, weight: 4 },
  { city: 'Seattle', country: 'United States', lat: 47.6062, lon: -122.3321, weight: 3 },
  { city: 'Austin', country: 'United States', lat: 30.2672, lon: -97.7431, weight: 2 },
  { city: 'Boston', country: 'United States', lat: 42.3601, lon: -71.0589, weight: 3 },
  { city: 'Chicago', country: 'United States', lat: 41.8781, lon: -87.6298, weight: 2 },
  { city: 'Los Angeles', country: 'United States', lat: 34.0522, lon: -118.2437, weight: 2 },
  { city: 'Denver', country: 'United States', lat: 39.7392, lon: -104.9903, weight: 1 },
  { city: 'Toronto', country: 'Canada', lat: 43.6532, lon: -79.3832, weight: 3 },
  { city: 'Montreal', country: 'Canada', lat: 45.5019, lon: -73.5674, weight: 2 },
  { city: 'Vancouver', country: 'Canada', lat: 49.2827, lon: -123.1207, weight: 2 },
  { city: 'Mexico City', country: 'Mexico', lat: 19.4326, lon: -99.1332, weight: 2 },
  { city: 'Guadalajara', country: 'Mexico', lat: 20.6597, lon: -103.3496, weight: 1 },
  // South America
  { city: 'São Paulo', country: 'Brazil', lat: -23.5505, lon: -46.6333, weight: 3 },
  { city: 'Rio de Janeiro', country: 'Brazil', lat: -22.9068, lon: -43.1729, weight: 1 },
  { city: 'Buenos Aires', country: 'Argentina', lat: -34.6037, lon: -58.3816, weight: 2 },
  { city: 'Santiago', country: 'Chile', lat: -33.4489, lon: -70.6693, weight: 1 },
  { city: 'Bogotá', country: 'Colombia', lat: 4.711, lon: -74.0721, weight: 1 },
  { city: 'Medellín', country: 'Colombia', lat: 6.2442, lon: -75.5812, weight: 1 },
  { city: 'Lima', country: 'Peru', lat: -12.0464, lon: -77.0428, weight: 1 },
  { city: 'Montevideo', country: 'Uruguay', lat: -34.9011, lon: -56.1645, weight: 1 },
  // Europe
  { city: 'London', country: 'United Kingdom', lat: 51.5074, lon: -0.1278, weight: 5 },
  { city: 'Edinburgh', country: 'United Kingdom', lat: 55.9533, lon: -3.1883, weight: 1 },
  { city: 'Dublin', country: 'Ireland', lat: 53.3498, lon: -6.2603, weight: 1 },
  { city: 'Paris', country: 'France', lat: 48.8566, lon: 2.3522, weight: 3 },
  { city: 'Berlin', country: 'Germany', lat: 52.52, lon: 13.405, weight: 3 },
  { city: 'Munich', country: 'Germany', lat: 48.1351, lon: 11.582, weight: 2 },
  { city: 'Amsterdam', country: 'Netherlands', lat: 52.3676, lon: 4.9041, weight: 2 },
  { city: 'Zurich', country: 'Switzerland', lat: 47.3769, lon: 8.5417, weight: 2 },
  { city: 'Madrid', country: 'Spain', lat: 40.4168, lon: -3.7038, weight: 1 },
  { city: 'Barcelona', country: 'Spain', lat: 41.3874, lon: 2.1686, weight: 2 },
  { city: 'Lisbon', country: 'Portugal', lat: 38.7223, lon: -9.1393, weight: 1 },
  { city: 'Milan', country: 'Italy', lat: 45.4642, lon: 9.19, weight: 1 },
  { city: 'Vienna', country: 'Austria', lat: 48.2082, lon: 16.3738, weight: 1 },
  { city: 'Prague', country: 'Czechia', lat: 50.0755, lon: 14.4378, weight: 1 },
  { city: 'Warsaw', country: 'Poland', lat: 52.2297, lon: 21.0122, weight: 1 },
  { city: 'Copenhagen', country: 'Denmark', lat: 55.6761, lon: 12.5683, weight: 1 },
  { city: 'Stockholm', country: 'Sweden', lat: 59.3293, lon: 18.0686, weight: 2 },
  { city: 'Oslo', country: 'Norway', lat: 59.9139, lon: 10.7522, weight: 1 },
  { city: 'Helsinki', country: 'Finland', lat: 60.1699, lon: 24.9384, weight: 1 },
  { city: 'Tallinn', country: 'Estonia', lat: 59.437, lon: 24.7536, weight: 1 },
  { city: 'Kyiv', country: 'Ukraine', lat: 50.4501, lon: 30.5234, weight: 1 },
  // Africa
  { city: 'Lagos', country: 'Nigeria', lat: 6.5244, lon: 3.3792, weight: 2 },
  { city: 'Nairobi', country: 'Kenya', lat: -1.2921, lon: 36.8219, weight: 2 },
  { city: 'Kigali', country: 'Rwanda', lat: -1.9441, lon: 30.0619, weight: 1 },
  { city: 'Accra', country: 'Ghana', lat: 5.6037, lon: -0.187, weight: 1 },
  { city: 'Dakar', country: 'Senegal', lat: 14.7167, lon: -17.4677, weight: 1 },
  { city: 'Cairo', country: 'Egypt', lat: 30.0444, lon: 31.2357, weight: 1 },
  { city: 'Casablanca', country: 'Morocco', lat: 33.5731, lon: -7.5898, weight: 1 },
  { city: 'Addis Ababa', country: 'Ethiopia', lat: 8.9806, lon: 38.7578, weight: 1 },
  { city: 'Cape Town', country: 'South Africa', lat: -33.9249, lon: 18.4241, weight: 1 },
  { city: 'Johannesburg', country: 'South Africa', lat: -26.2041, lon: 28.0473, weight: 1 },
  // Asia
  { city: 'Tokyo', country: 'Japan', lat: 35.6762, lon: 139.6503, weight: 3 },
  { city: 'Seoul', country: 'South Korea', lat: 37.5665, lon: 126.978, weight: 2 },
  { city: 'Singapore', country: 'Singapore', lat: 1.3521, lon: 103.8198, weight: 3 },
  { city: 'Bengaluru', country: 'India', lat: 12.9716, lon: 77.5946, weight: 3 },
  { city: 'Hyderabad', country: 'India', lat: 17.385, lon: 78.4867, weight: 1 },
  { city: 'Mumbai', country: 'India', lat: 19.076, lon: 72.8777, weight: 2 },
  { city: 'Shanghai', country: 'China', lat: 31.2304, lon: 121.4737, weight: 2 },
  { city: 'Shenzhen', country: 'China', lat: 22.5431, lon: 114.0579, weight: 2 },
  { city: 'Hong Kong', country: 'China', lat: 22.3193, lon: 114.1694, weight: 1 },
  { city: 'Taipei', country: 'Taiwan', lat: 25.033, lon: 121.5654, weight: 1 },
  { city: 'Tel Aviv', country: 'Israel', lat: 32.0853, lon: 34.7818, weight: 2 },
  { city: 'Dubai', country: 'United Arab Emirates', lat: 25.2048, lon: 55.2708, weight: 1 },
  { city: 'Jakarta', country: 'Indonesia', lat: -6.2088, lon: 106.8456, weight: 1 },
  { city: 'Bangkok', country: 'Thailand', lat: 13.7563, lon: 100.5018, weight: 1 },
  { city: 'Ho Chi Minh City', country: 'Vietnam', lat: 10.8231, lon: 106.6297, weight: 1 },
  { city: 'Manila', country: 'Philippines', lat: 14.5995, lon: 120.9842, weight: 1 },
  // Oceania
  { city: 'Sydney', country: 'Australia', lat: -33.8688, lon: 151.2093, weight: 2 },
  { city: 'Melbourne', country: 'Australia', lat: -37.8136, lon: 144.9631, weight: 2 },
  { city: 'Brisbane', country: 'Australia', lat: -27.4698, lon: 153.0251, weight: 1 },
  { city: 'Auckland', country: 'New Zealand', lat: -36.8485, lon: 174.7633, weight: 1 },
  { city: 'Wellington', country: 'New Zealand', lat: -41.2865, lon: 174.7762, weight: 1 },
];

const CITY_CUMULATIVE: readonly number[] = (() => {
  let sum = 0;
  return CITIES.map((c) => (sum += c.weight));
})();
const CITY_WEIGHT_TOTAL = CITY_CUMULATIVE[CITY_CUMULATIVE.length - 1] ?? 1;

function pickCity(rng: Rng): City {
  const target = rng() * CITY_WEIGHT_TOTAL;
  let lo = 0;
  let hi = CITIES.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((CITY_CUMULATIVE[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return CITIES[lo] as City;
}

const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;
const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, n));

export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''); // runs were collapsed to one '-' above, so one at each end is all there can be
}

/** A display name from the word lists (may repeat; the generators make names unique). */
export function randomName(rng: Rng): string {
  return `${pick(rng, NAME_FIRST)} ${pick(rng, NAME_MIDDLE)} ${pick(rng, NAME_LAST)}`;
}

/** Draws every field except the name and slug. The number of PRNG draws per member is fixed. */
export function buildMember(rng: Rng, displayName: string, slug: string): DemoMember {
  const category = rng() < UNCATEGORIZED_RATE ? null : pick(rng, DEMO_CATEGORIES);

  const focus = pick(rng, FOCUS_BY_CATEGORY[category ?? 'uncategorized'] ?? FOCUS_BY_CATEGORY.uncategorized!);
  const audience = pick(rng, AUDIENCES);
  const description = `${displayName} ${focus}, working with ${audience}.`;

  const tagCount = 1 + Math.floor(rng() * 4);
  const tags: string[] = [];
  // Fixed number of draws keeps the stream aligned regardless of duplicates.
  for (let i = 0; i < 4; i++) {
    const tag = pick(rng, TAGS);
    if (tags.length < tagCount && !tags.includes(tag)) tags.push(tag);
  }

  const hasLocation = rng() >= NO_LOCATION_RATE;
  const city = pickCity(rng);
  const jitterLat = (rng() * 2 - 1) * JITTER_DEGREES;
  const jitterLon = (rng() * 2 - 1) * JITTER_DEGREES;
  const location = hasLocation
    ? {
        city: city.city,
        country: city.country,
        latitude: round4(clamp(city.lat + jitterLat, -90, 90)),
        longitude: round4(clamp(city.lon + jitterLon, -180, 180)),
      }
    : null;

  const day = Math.floor(rng() * DAY_SPAN);
  const member_since = new Date(FIRST_DAY_MS + day * DAY_MS).toISOString().slice(0, 10);

  return {
    slug,
    display_name: displayName,
    category,
    description,
    website: `https://${slug}.example`,
    tags,
    location,
    member_since,
  };
}

/**
 * A realistic demo directory: unique display names and slugs, ~8% uncategorized, ~10% without a location.
 * Deterministic for a given `(count, seed)`.
 */
export function generateDemoMembers(count = 320, seed = 42): DemoMember[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  const rng = mulberry32(seed);
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const members: DemoMember[] = [];

  for (let i = 0; i < count; i++) {
    let name = randomName(rng);
    for (let attempt = 0; attempt < 25 && usedNames.has(name); attempt++) name = randomName(rng);
    if (usedNames.has(name)) {
      // The word lists are exhausted for very large counts: disambiguate with a number.
      let n = 2;
      while (usedNames.has(`${name} ${n}`)) n++;
      name = `${name} ${n}`;
    }
    usedNames.add(name);

    let slug = slugify(name);
    if (usedSlugs.has(slug)) {
      let n = 2;
      while (usedSlugs.has(`${slug}-${n}`)) n++;
      slug = `${slug}-${n}`;
    }
    usedSlugs.add(slug);

    members.push(buildMember(rng, name, slug));
  }
  return members;
}
