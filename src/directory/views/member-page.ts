import { escapeHtml, pageLayout } from '../../common/http/layout.js';
import type { HtmlPage } from '../../common/http/page.js';

export interface MemberPageData {
  slug: string;
  display_name: string;
  category: string | null;
  description: string;
  website: string | null;
  tags: string[];
  location: { city: string | null; country: string | null; latitude: number | null; longitude: number | null } | null;
  member_since: string;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "March 5, 2026", as `toLocaleDateString('en-US', { month: 'long', … })` writes it, without asking ICU:
 * its locale data costs 8 MB of RSS for the life of the process (member-page.spec.ts compares both).
 */
export function formatDate(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** The public profile page of one member (`/members/<slug>`). Every value is escaped. */
export function renderMemberPage(member: MemberPageData): HtmlPage {
  const rows: string[] = [];
  rows.push(
    `<dt>Member since</dt><dd><time datetime="${escapeHtml(member.member_since)}">${escapeHtml(formatDate(member.member_since))}</time></dd>`,
  );
  rows.push(
    `<dt>Category</dt><dd>${member.category ? escapeHtml(member.category) : '<span class="muted">Not yet categorized</span>'}</dd>`,
  );
  const place = [member.location?.city, member.location?.country].filter(Boolean).join(', ');
  if (place) rows.push(`<dt>Location</dt><dd>${escapeHtml(place)}</dd>`);
  if (member.website && /^https?:\/\//i.test(member.website)) {
    rows.push(`<dt>Website</dt><dd><a href="${escapeHtml(member.website)}" rel="nofollow noopener">${escapeHtml(member.website)}</a></dd>`);
  }
  if (member.tags.length) {
    rows.push(`<dt>Tags</dt><dd><ul class="tags">${member.tags.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul></dd>`);
  }
  const html = pageLayout({
    title: member.display_name,
    description: member.description || `${member.display_name}, a member of the agent community.`,
    main: `<article class="card" data-member-slug="${escapeHtml(member.slug)}">
  <h1>${escapeHtml(member.display_name)}</h1>
  ${member.description ? `<p>${escapeHtml(member.description)}</p>` : ''}
  <dl>
    ${rows.join('\n    ')}
  </dl>
</article>
<footer>A member organization of the agent community. Machine-readable:
  <a href="/api/v1/search?q=${encodeURIComponent(member.slug)}">/api/v1/search?q=${escapeHtml(member.slug)}</a></footer>`,
  });
  return { status: 200, html };
}
