import type { MemberFixture } from '../../support/factories/member.factory.js';
import type { TestApp } from '../../support/test-app.js';

// Rows come from the shared member factory; this file keeps the directory's own sample data.
export { insertMembers, type MemberFixture } from '../../support/factories/member.factory.js';

/** A small, varied directory used by the public API tests. */
export const SAMPLE_MEMBERS: MemberFixture[] = [
  {
    slug: 'northwind-labs',
    display_name: 'Northwind Labs',
    category: 'research',
    description: 'Builds evaluation harnesses for autonomous agents.',
    website: 'https://northwind.example',
    tags: ['evaluation', 'benchmarks'],
    city: 'Lisbon',
    country: 'Portugal',
    latitude: 38.7223,
    longitude: -9.1393,
    member_since: '2023-05-02',
  },
  {
    slug: 'kestrel-robotics',
    display_name: 'Kestrel Robotics',
    category: 'robotics',
    description: 'Warehouse robots steered by language agents.',
    tags: ['robotics', 'logistics'],
    city: 'Osaka',
    country: 'Japan',
    latitude: 34.6937,
    longitude: 135.5023,
    member_since: '2024-02-10',
  },
  {
    slug: 'aurora-health-ai',
    display_name: 'Aurora Health AI',
    category: 'healthcare',
    description: 'Clinical documentation assistants for hospitals.',
    tags: ['healthcare', 'documentation'],
    city: 'Lisbon',
    country: 'Portugal',
    latitude: 38.73,
    longitude: -9.15,
    member_since: '2024-07-21',
  },
  {
    slug: 'quill-collective',
    display_name: 'Quill Collective',
    category: null,
    description: 'Writers exploring agent-assisted storytelling.',
    tags: ['creative'],
    member_since: '2025-01-03',
  },
  {
    slug: 'shadow-corp',
    display_name: 'Shadow Corp',
    category: 'research',
    description: 'A hidden member that must never appear publicly.',
    tags: ['secret'],
    city: 'Berlin',
    country: 'Germany',
    latitude: 52.52,
    longitude: 13.405,
    status: 'hidden',
  },
  {
    slug: 'meridian-systems',
    display_name: 'Meridian  Systems',
    category: 'infrastructure',
    description: 'GPU scheduling <b>for</b> agent fleets & "friends".',
    tags: ['gpu', 'scheduling'],
    city: 'Nairobi',
    country: 'Kenya',
    latitude: -1.2921,
    longitude: 36.8219,
    member_since: '2023-11-30',
  },
  {
    slug: 'meridian-systems-eu',
    display_name: 'meridian systems',
    category: 'infrastructure',
    description: 'The European arm of a similarly named company.',
    tags: ['gpu'],
    city: 'Dublin',
    country: 'Ireland',
    latitude: 53.3498,
    longitude: -6.2603,
    member_since: '2024-03-01',
  },
];

export async function getJson(t: TestApp, path: string): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${t.url}${path}`);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}
