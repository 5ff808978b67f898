// Media-type examples of /openapi.json, copied from real answers of the API (the demo-style sample
// members of test/e2e/directory/directory-support.ts, PUBLIC_BASE_URL=http://localhost:3000). Spectral's
// oas3-valid-media-example checks each one against its schema in npm run lint and the test suite.
export const DIRECTORY_EXAMPLES = {
  listMembers: {
    members: [
      {
        slug: 'aurora-health-ai',
        display_name: 'Aurora Health AI',
        category: 'healthcare',
        description: 'Clinical documentation assistants for hospitals.',
        website: null,
        tags: ['healthcare', 'documentation'],
        location: { city: 'Lisbon', country: 'Portugal', latitude: 38.73, longitude: -9.15 },
        member_since: '2024-07-21',
        profile_url: 'http://localhost:3000/members/aurora-health-ai',
      },
      {
        slug: 'kestrel-robotics',
        display_name: 'Kestrel Robotics',
        category: 'robotics',
        description: 'Warehouse robots steered by language agents.',
        website: null,
        tags: ['robotics', 'logistics'],
        location: { city: 'Osaka', country: 'Japan', latitude: 34.6937, longitude: 135.5023 },
        member_since: '2024-02-10',
        profile_url: 'http://localhost:3000/members/kestrel-robotics',
      },
    ],
    total: 5,
    limit: 2,
    offset: 0,
    next_cursor: 'eyJhZnRlciI6Imtlc3RyZWwtcm9ib3RpY3MifQ',
  },
  getMember: {
    slug: 'northwind-labs',
    display_name: 'Northwind Labs',
    category: 'research',
    description: 'Builds evaluation harnesses for autonomous agents.',
    website: 'https://northwind.example',
    tags: ['evaluation', 'benchmarks'],
    location: { city: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
    member_since: '2023-05-02',
    profile_url: 'http://localhost:3000/members/northwind-labs',
  },
  searchMembers: {
    query: 'northwind',
    members: [
      {
        slug: 'northwind-labs',
        display_name: 'Northwind Labs',
        category: 'research',
        description: 'Builds evaluation harnesses for autonomous agents.',
        website: 'https://northwind.example',
        tags: ['evaluation', 'benchmarks'],
        location: { city: 'Lisbon', country: 'Portugal', latitude: 38.7223, longitude: -9.1393 },
        member_since: '2023-05-02',
        profile_url: 'http://localhost:3000/members/northwind-labs',
        score: 0.062019,
      },
    ],
    count: 1,
    limit: 1,
  },
  listProfiles: {
    profiles: [
      {
        slug: 'aurora-health-ai',
        display_name: 'Aurora Health AI',
        category: 'healthcare',
        location: { city: 'Lisbon', country: 'Portugal', latitude: 38.73, longitude: -9.15 },
        profile_url: 'http://localhost:3000/members/aurora-health-ai',
      },
    ],
    total: 5,
    limit: 1,
    offset: 0,
  },
  getGlobe: {
    points: [
      { lat: 38.726, lon: -9.145, count: 2, label: 'Lisbon, Portugal' },
      { lat: -1.292, lon: 36.822, count: 1, label: 'Nairobi, Kenya' },
      { lat: 34.694, lon: 135.502, count: 1, label: 'Osaka, Japan' },
      { lat: 53.35, lon: -6.26, count: 1, label: 'Dublin, Ireland' },
    ],
    total: 5,
  },
  getStats: {
    member_count: 6,
    categorized_member_count: 5,
    categories: [
      { category: 'infrastructure', count: 2 },
      { category: 'healthcare', count: 1 },
      { category: 'research', count: 1 },
      { category: 'robotics', count: 1 },
    ],
    counted_at: '2026-12-01T15:38:15.631Z',
    note: 'Approximate: active member organizations counted less than a minute ago (2026-12-01T15:38:15.631Z); the count is refreshed at most every 20 minutes.',
  },
  searchContent: {
    query: 'rate limit',
    results: [
      {
        title: 'API Reference',
        path: 'api-reference',
        uri: 'docs://agentry/api-reference',
        url: 'http://localhost:3000/docs/api-reference',
        snippet:
          '…( limit default 100 , at most 500 ) and answers { "profiles", "total", "limit", "offset" } , where total counts active members with a location. Rate limits Every endpoint above is counted per client IP (IPv6: per /64):…',
        score: 1,
      },
    ],
    count: 1,
  },
} as const;
