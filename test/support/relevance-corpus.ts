/**
 * The fixed corpus of the search relevance test set (test/e2e/search-relevance.e2e-spec.ts): filler
 * from the deterministic generators the benchmarks use, plus planted records whose words the filler
 * never uses, so each query has known right answers that do not depend on the engine.
 */

export interface PlantedMember {
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  tags: string[];
  city?: string;
  country?: string;
  status?: 'active' | 'hidden';
}

const m = (
  slug: string,
  display_name: string,
  description: string,
  tags: string[] = [],
  place: [string, string] | [] = [],
  category: string | null = 'research',
): PlantedMember => ({ slug, display_name, description, tags, category, city: place[0], country: place[1] });

export const PLANTED_MEMBERS: PlantedMember[] = [
  m('lighthouse-keepers', 'Lighthouse Keepers', 'Lighthouse keeper for autonomous agents', ['safety', 'monitoring'], ['Brest', 'France']),
  m('cafe-alesund', 'Café Ålesund', 'Coffee-fuelled research on fjord shipping agents', ['logistics'], ['Ålesund', 'Norway']),
  m('zurich-quanta', 'Zürich Quanta', 'Quantum chemistry simulations with language models', ['chemistry'], ['Zürich', 'Switzerland']),
  m('quantum-gannet', 'Quantum Gannet', 'Shipping route optimisation', ['routing'], ['Aberdeen', 'United Kingdom']),
  m('halibut-systems', 'Halibut Systems', 'Port logistics planning', ['quantum', 'ports']),
  m('saltmarsh-analytics', 'Saltmarsh Analytics', 'Occasionally benchmarks quantum annealers for clients'),
  m('open-source-robotics', 'Open Source Robotics', 'Community robot kits', ['open-source', 'robotics'], [], 'robotics'),
  m('nightjar-translation', 'Nightjar Translation', 'Simultaneous interpretation agents for Swahili and Amharic', ['languages']),
  m('ptarmigan-weather', 'Ptarmigan Weather', 'Alpine avalanche forecasting with sensor swarms', ['weather'], ['Innsbruck', 'Austria']),
  m('axolotl-regenerative-labs', 'Axolotl Regenerative Labs', 'Tissue regeneration research assistants', ['biology']),
  m('narwhal-sonar', 'Narwhal Sonar', 'Underwater acoustic monitoring agents', ['oceans']),
  m('pangolin-security', 'Pangolin Security', 'Scaled intrusion detection for agent fleets', ['security']),
  m('capybara-calm', 'Capybara Calm', 'Meditation coaching companion', ['wellbeing']),
  m('marmoset-markets', 'Marmoset Markets', 'Microcap equity research bots', ['equities'], [], 'finance'),
  m('ocelot-optics', 'Ocelot Optics', 'Camera calibration for warehouse robots', ['vision']),
  m('quokka-quality', 'Quokka Quality', 'Cheerful regression testing for chatbots', ['testing']),
  m('wobbegong-reef', 'Wobbegong Reef', 'Coral reef restoration planning', ['oceans'], ['Cairns', 'Australia']),
  m('thessaloniki-tutors', 'Thessaloniki Tutors', 'Greek language tutoring agents', ['languages'], ['Thessaloniki', 'Greece'], 'education'),
  m('smorrebrod-studio', 'Smørrebrød Studio', 'Danish recipe generation', ['food'], ['Copenhagen', 'Denmark'], 'creative'),
  m('creme-brulee-robotics', 'Crème Brûlée Robotics', 'Dessert plating robot arms', ['food'], [], 'robotics'),
  m('strasse-mobility', 'Straße Mobility', 'Traffic flow prediction for German cities', ['mobility'], ['München', 'Germany']),
  m('anthropomorphic-interfaces', 'Anthropomorphic Interfaces', 'Embodied conversational characters', ['interfaces']),
  m('bioluminescence-lab', 'Bioluminescence Lab', 'Deep sea imaging agents', ['oceans']),
  m('xylophone-education', 'Xylophone Education', 'Music lessons for children', ['music'], [], 'education'),
  m('vermicompost-coop', 'Vermicompost Co-op', 'Worm farming advice bot', ['farming']),
  m('hieroglyph-decoders', 'Hieroglyph Decoders', 'Ancient script transcription', ['archaeology']),
  m('zeppelin-freight', 'Zeppelin Freight', 'Airship cargo routing', ['aviation']),
  m('origami-folding-agents', 'Origami Folding Agents', 'Paper folding instructions', ['craft'], [], 'creative'),
  m('larch-ledger', 'Larch Ledger', 'Carbon credit accounting for forestry cooperatives', ['carbon'], [], 'finance'),
  m('feldspar-mining', 'Feldspar Mining Intelligence', 'Geological survey interpretation', ['geology']),
  m('cardamom-logistics', 'Cardamom Logistics', 'Cold chain monitoring for vaccines', ['health']),
  m('cinnamon-freight', 'Cinnamon Freight', 'Vaccines shipped across the cold desert on a long chain of caravans', ['health']),
  m('agents-united', 'Agents United', 'A federation of agent builders', ['community']),
  m('kumquat-kitchen', 'Kumquat Kitchen', 'Menu planning for school canteens', ['food'], [], 'education'),
  m('ghost-lighthouse', 'Ghost Lighthouse', 'Hidden lighthouse keeper', [], [], 'research'),
];
PLANTED_MEMBERS[PLANTED_MEMBERS.length - 1].status = 'hidden';

export interface RelevanceCase {
  query: string;
  /** The right answers (any order); precision@5 counts how many of them are in the top five. */
  expected: string[];
  /** When set, the first result must be this one. */
  first?: string;
  kind: string;
}

const c = (kind: string, query: string, expected: string[], first: string | undefined = expected[0]): RelevanceCase => ({
  kind,
  query,
  expected,
  first,
});

/** Directory queries: typos, prefixes, accents, multi-word, rare vs common words, fields, proximity. */
export const DIRECTORY_CASES: RelevanceCase[] = [
  c('issue example', 'lighthouse', ['lighthouse-keepers']),
  c('issue example', 'keeper', ['lighthouse-keepers']),
  c('issue example', 'lighthuose keeper', ['lighthouse-keepers']),
  c('typo', 'ligthouse', ['lighthouse-keepers']),
  c('typo', 'narwahl sonar', ['narwhal-sonar']),
  c('typo', 'pangolni', ['pangolin-security']),
  c('typo', 'avalanch forecasting', ['ptarmigan-weather']),
  c('typo', 'meditaton coaching', ['capybara-calm']),
  c('typo', 'intrusoin detection', ['pangolin-security']),
  c('typo', 'regeneraton', ['axolotl-regenerative-labs']),
  c('typo', 'acoustic monitorign', ['narwhal-sonar']),
  c('typo, two edits', 'anthropmorphic interfce', ['anthropomorphic-interfaces']),
  c('typo, two edits', 'bioluminesence', ['bioluminescence-lab']),
  c('typo, two edits', 'hieroglyf decoders', ['hieroglyph-decoders']),
  c('typo', 'zepelin freight', ['zeppelin-freight']),
  c('typo, transposition', 'origmai', ['origami-folding-agents']),
  c('typo', 'vermicompst', ['vermicompost-coop']),
  c('typo in place', 'thesaloniki', ['thessaloniki-tutors']),
  c('prefix', 'lighth', ['lighthouse-keepers']),
  c('prefix', 'narwh', ['narwhal-sonar']),
  c('prefix', 'pango', ['pangolin-security']),
  c('prefix', 'capyb', ['capybara-calm']),
  c('prefix', 'axolotl reg', ['axolotl-regenerative-labs']),
  c('prefix', 'xylophon', ['xylophone-education']),
  c('prefix', 'kumq', ['kumquat-kitchen']),
  c('prefix with a typo', 'hierogl', ['hieroglyph-decoders']),
  c('accents', 'alesund', ['cafe-alesund']),
  c('accents', 'ÅLESUND', ['cafe-alesund']),
  c('accents', 'cafe', ['cafe-alesund']),
  c('accents', 'zurich', ['zurich-quanta']),
  c('accents', 'Zürich quanta', ['zurich-quanta']),
  c('ligature', 'smorrebrod', ['smorrebrod-studio']),
  c('accents', 'creme brulee', ['creme-brulee-robotics']),
  c('ligature', 'strasse mobility', ['strasse-mobility']),
  c('accents in place', 'munchen traffic', ['strasse-mobility']),
  c('exact name first', 'open source robotics', ['open-source-robotics']),
  c('exact slug first', 'narwhal-sonar', ['narwhal-sonar']),
  c('case', 'NARWHAL SONAR', ['narwhal-sonar']),
  c('exact name over common words', 'agents united', ['agents-united']),
  c('multi-word description', 'carbon forestry', ['larch-ledger']),
  c('multi-word description', 'geological survey', ['feldspar-mining']),
  c('multi-word, rare and common', 'narwhal agents', ['narwhal-sonar']),
  c('multi-word, rare and common', 'lighthouse agents', ['lighthouse-keepers']),
  c('multi-word across fields', 'sonar oceans', ['narwhal-sonar']),
  c('place', 'innsbruck', ['ptarmigan-weather']),
  c('place', 'cairns reef', ['wobbegong-reef']),
  c('tag', 'wellbeing', ['capybara-calm']),
  c('tag', 'archaeology', ['hieroglyph-decoders']),
  c('field weights', 'quantum', ['quantum-gannet', 'halibut-systems', 'saltmarsh-analytics', 'zurich-quanta']),
  c('proximity', 'cold chain', ['cardamom-logistics', 'cinnamon-freight']),
  c('stop words', 'the lighthouse keeper', ['lighthouse-keepers']),
  c('stop words', 'a meditation companion for the mind', ['capybara-calm']),
  c('rare word', 'swahili', ['nightjar-translation']),
  c('rare word', 'microcap', ['marmoset-markets']),
  c('rare word, typo', 'amharik', ['nightjar-translation']),
  c('some words', 'quokka unicorn', ['quokka-quality']),
];

export interface PlantedMessage {
  key: string;
  topic: string;
  title: string;
  body: string;
}

export const PLANTED_MESSAGES: PlantedMessage[] = [
  {
    key: 'zk',
    topic: 'zookeeper',
    title: 'Zookeeper quorum loss during rolling restart',
    body: 'Restart one ensemble member at a time and wait for the leader election.',
  },
  {
    key: 'es',
    topic: 'elasticsearch',
    title: 'Elasticsearch heap pressure on wide aggregations',
    body: 'Circuit breakers trip when terms aggregations fan out; lower the shard size.',
  },
  {
    key: 'certbot',
    topic: 'tls',
    title: 'Certbot renewal fails behind Cloudflare',
    body: 'The HTTP-01 challenge is proxied; switch to the DNS-01 challenge.',
  },
  {
    key: 'pgb',
    topic: 'pgbouncer',
    title: 'Transaction pooling breaks prepared statements',
    body: 'PgBouncer in transaction mode loses named prepared statements between transactions.',
  },
  {
    key: 'cafe',
    topic: 'unicode',
    title: 'Café names lose their accents in CSV exports',
    body: 'Write the export as UTF-8 with a byte order mark so spreadsheets keep é and ü.',
  },
  {
    key: 'dns',
    topic: 'networking',
    title: 'Split-horizon DNS confuses container health checks',
    body: 'Health probes resolve the public address; pin the resolver inside the cluster.',
  },
  {
    key: 'cron',
    topic: 'scheduling',
    title: 'Cron jobs drift after daylight saving changes',
    body: 'Schedule in UTC and convert at the edges; idempotent jobs survive double runs.',
  },
];

/** Recall queries over the planted messages (filler: the synthetic board). */
export const RECALL_CASES: RelevanceCase[] = [
  c('typo', 'zookeper quorum', ['zk']),
  c('typo, two edits', 'elasticsaerch heap', ['es']),
  c('prefix', 'certbot renew', ['certbot']),
  c('body word', 'cloudflare', ['certbot']),
  c('multi-word', 'pgbouncer prepared statements', ['pgb']),
  c('typo', 'prepared statemnts', ['pgb']),
  c('accents', 'cafe accents', ['cafe']),
  c('stop words', 'the zookeeper and the restart', ['zk']),
  c('prefix', 'daylig', ['cron']),
  c('typo', 'helth checks', ['dns']),
  c('topic', 'scheduling', ['cron']),
  c('title over body', 'leader election', ['zk']),
];

/** Documentation queries (content search and search_docs share the engine). */
export const DOCS_CASES: RelevanceCase[] = [
  c('typo', 'paginaton', ['api-reference']),
  c('typo', 'certifcate', ['dmv']),
  c('prefix', 'onboard', ['agent-onboarding']),
  c('multi-word', 'recall memory board', ['recall']),
  c('exact title', 'api reference', ['api-reference']),
  c('typo, multi-word', 'lookup_membr ambiguous', ['mcp-server']),
];

/** precision@5 of one ranked list: expected answers found in the top five, over min(5, expected). */
export function precisionAt5(ranked: string[], expected: string[]): number {
  const top = new Set(ranked.slice(0, 5));
  return expected.filter((e) => top.has(e)).length / Math.min(5, expected.length);
}
