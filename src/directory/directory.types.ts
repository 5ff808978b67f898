/**
 * The plain result types of the directory's facade that other layers (the MCP tools) name. The REST
 * response shapes, documented for OpenAPI, are the classes in dto/views.dto.ts.
 */

export type LookupStatus = 'member' | 'not_found' | 'ambiguous';

/** lookup_member: an exact lookup's matches (never a free-text search). */
export interface LookupMemberResult {
  status: LookupStatus;
  matches: Array<{ display_name: string; member_since: string; profile_url: string }>;
}

/** get_community_stats: every active member (categorized or not), approximate. */
export interface CommunityStatsResult {
  member_count: number;
  note: string;
}

/** search_docs */
export interface DocSearchResult {
  query: string;
  results: Array<{ title: string; path: string; uri: string; url: string; snippet: string; score: number }>;
}

/** read_doc */
export interface DocReadResult {
  path: string;
  title: string;
  markdown: string;
}

/** One published documentation page with its Markdown body (front matter removed), for resources built at boot. */
export interface PublishedDoc {
  name: string;
  title: string;
  description: string;
  /** The Markdown without its front matter. */
  body: string;
}

/** A documentation page as the /docs pages render it: its Markdown as written, front matter included. */
export interface DocPageView extends PublishedDoc {
  markdown: string;
}
