import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiNotModifiedResponse, ApiOkResponse, ApiParam, ApiTags } from '../../common/http/swagger.js';
import type { FastifyReply } from 'fastify';
import { createHash } from 'node:crypto';
import { Public } from '../../common/auth/public.decorator.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { DIRECTORY_EXAMPLES } from '../dto/api-examples.js';
import { ContentSearchQuery, MemberSearchQuery, MembersPageQuery, ProfilesPageQuery } from '../dto/query.dto.js';
import {
  ContentSearchView,
  GlobeView,
  MemberSearchView,
  MembersPageView,
  MemberView,
  ProfilesPageView,
  StatsView,
} from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

/** A weak validator of a JSON body: the same profile gives the same ETag on every instance. */
const etagOf = (body: unknown): string => `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;

/** The public, read-only REST API v1 over the directory. No key; the general rate limit applies. */
@Public()
@ApiTags('Directory')
@ApiErrors(429, 503)
@Controller('api/v1')
export class PublicApiController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members')
  @ApiOp(
    'listMembers',
    'List member organizations',
    'A flat, paginated list of the public directory, ordered by slug. Only active members that have been placed in a ' +
      'category are listed, and `total` counts exactly those categorized public profiles — it is not the size of the ' +
      'whole community (uncategorized members exist; GET /api/v1/stats reports all active members). Pages by ' +
      '`offset`, or by the opaque `cursor` each page returns as `next_cursor` (keyset pagination).',
  )
  @ApiOkResponse({ type: MembersPageView, example: DIRECTORY_EXAMPLES.listMembers })
  @ApiErrors(400)
  members(@Query() query: MembersPageQuery): Promise<MembersPageView> {
    return this.directory.listMembers(query);
  }

  @Get('members/:slug')
  @ApiOp(
    'getMember',
    'One member profile',
    'The public profile of one active member (the JSON of /members/{slug}). Hidden, deleted and unknown slugs answer 404 ' +
      'member_not_found. The answer carries an ETag: send it back as If-None-Match to get 304 with no body when nothing changed.',
  )
  @ApiParam({ name: 'slug', description: 'The member slug (lower-case letters, digits, single hyphens).', example: 'northwind-labs' })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'The ETag of a copy you hold.' })
  @ApiOkResponse({
    type: MemberView,
    example: DIRECTORY_EXAMPLES.getMember,
    headers: { ETag: { $ref: '#/components/headers/ETag' } } as never,
  })
  @ApiNotModifiedResponse({
    description: 'The copy with that ETag is current.',
    headers: { ETag: { $ref: '#/components/headers/ETag' } } as never,
  })
  @ApiErrors(404)
  async member(
    @Param('slug') slug: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MemberView | ''> {
    const member = await this.directory.getMember(slug);
    const etag = etagOf(member);
    void reply.header('etag', etag).header('cache-control', 'no-cache');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      void reply.status(304);
      return '';
    }
    return member;
  }

  @Get('search')
  @ApiOp(
    'searchMembers',
    'Search members',
    'Ranked search over member name, slug, tags, category, city, country and description. Every word tolerates typos ' +
      '(one from 5 letters, two from 9), the last word also matches as a prefix, accents and case are ignored and stop ' +
      'words never decide. Exact name or slug first, then more words matched, fewer typos, field weights ' +
      '(name > tags > description), proximity, then slug. Returns at most `limit` results, best first.',
  )
  @ApiOkResponse({ type: MemberSearchView, example: DIRECTORY_EXAMPLES.searchMembers })
  @ApiErrors(400)
  search(@Query() query: MemberSearchQuery): Promise<MemberSearchView> {
    return this.directory.searchMembers(query);
  }

  @Get('profiles')
  @ApiOp(
    'listProfiles',
    'Member profiles for the map',
    'Active members that published a location, ordered by slug, with their location and profile URL.',
  )
  @ApiOkResponse({ type: ProfilesPageView, example: DIRECTORY_EXAMPLES.listProfiles })
  @ApiErrors(400)
  profiles(@Query() query: ProfilesPageQuery): Promise<ProfilesPageView> {
    return this.directory.listProfiles(query);
  }

  @Get('globe')
  @ApiOp(
    'getGlobe',
    'Globe data',
    'Active members with a location, clustered by place: the points the /globe page draws. Recomputed after each change to the directory.',
  )
  @ApiOkResponse({ type: GlobeView, example: DIRECTORY_EXAMPLES.getGlobe })
  globe(): Promise<GlobeView> {
    return this.directory.globe();
  }

  @Get('content-search')
  @ApiOp(
    'searchContent',
    'Search the documentation',
    'Ranked search over the published documentation (the pages under /docs; the same corpus as the documentation MCP).',
  )
  @ApiOkResponse({ type: ContentSearchView, example: DIRECTORY_EXAMPLES.searchContent })
  @ApiErrors(400)
  contentSearch(@Query() query: ContentSearchQuery): ContentSearchView {
    return this.directory.contentSearch(query);
  }

  @Get('stats')
  @ApiOp(
    'getStats',
    'Community stats',
    'The number of active member organizations (categorized or not; approximate, cached for at most 20 minutes) and ' +
      'the number of active members per category.',
  )
  @ApiOkResponse({ type: StatsView, example: DIRECTORY_EXAMPLES.getStats })
  stats(): Promise<StatsView> {
    return this.directory.stats();
  }
}
