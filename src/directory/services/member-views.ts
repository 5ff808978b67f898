import type { AdminMemberView, MemberView } from '../dto/views.dto.js';
import type { AdminMemberRow, MemberRow } from '../queries/member.queries.js';

/** The public profile page of a member under the service's base URL. */
export function profileUrl(baseUrl: string, slug: string): string {
  return `${baseUrl}/members/${slug}`;
}

/** A member row as the public views show it: the location grouped, null when nothing of it is known. */
export function toMemberView(r: MemberRow, baseUrl: string): MemberView {
  const hasLocation = r.city !== null || r.country !== null || r.latitude !== null || r.longitude !== null;
  return {
    slug: r.slug,
    display_name: r.display_name,
    category: r.category,
    description: r.description,
    website: r.website,
    tags: r.tags,
    location: hasLocation ? { city: r.city, country: r.country, latitude: r.latitude, longitude: r.longitude } : null,
    member_since: r.member_since,
    profile_url: profileUrl(baseUrl, r.slug),
  };
}

/** The operators' view: the public one plus status and timestamps. */
export function toAdminMemberView(r: AdminMemberRow, baseUrl: string): AdminMemberView {
  return {
    ...toMemberView(r, baseUrl),
    status: r.status,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
