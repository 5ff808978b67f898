import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator.js';
import { ContentSearchQuery, MemberSearchQuery, MembersPageQuery, ProfilesPageQuery } from '../dto/query.dto.js';
import {
  ContentSearchView,
  ErrorView,
  GlobeView,
  MemberSearchView,
  MembersPageView,
  ProfilesPageView,
  StatsView,
} from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

/** The public, read-only REST API v1 over the directory. No key; the general rate limit applies. */
@Public()
@ApiTags('Directory')
@ApiTooManyRequestsResponse({ description: 'Over the general budget (30 requests per minute per IP); see Retry-After.', type: ErrorView })
@Controller('api/v1')
export class PublicApiController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('members')
  @ApiOperation({
    summary: 'List member organizations',
    description:
      'A flat, paginated list of the public directory, ordered by slug. Only active members that have been placed in a ' +
      'category are listed, and `total` counts exactly those categorized public profiles — it is not the size of the ' +
      'whole community (uncategorized members exist; GET /api/v1/stats reports all active members). Pages by ' +
      '`offset`, or by the opaque `cursor` each page returns as `next_cursor` (keyset pagination).',
  })
  @ApiOkResponse({ type: MembersPageView })
  @ApiBadRequestResponse({
    description: '`limit` or `offset` is not a whole number or out of range, or `cursor` is not one this API issued.',
    type: ErrorView,
  })
  members(@Query() query: MembersPageQuery): Promise<MembersPageView> {
    return this.directory.listMembers(query);
  }

  @Get('search')
  @ApiOperation({
    summary: 'Search members',
    description:
      'Ranked search over member name, slug, tags, category, city, country and description. Every word tolerates typos ' +
      '(one from 5 letters, two from 9), the last word also matches as a prefix, accents and case are ignored and stop ' +
      'words never decide. Exact name or slug first, then more words matched, fewer typos, field weights ' +
      '(name > tags > description), proximity, then slug. Returns at most `limit` results, best first.',
  })
  @ApiOkResponse({ type: MemberSearchView })
  @ApiBadRequestResponse({ description: '`q` is missing, empty or longer than 200 characters, or `limit` is invalid.', type: ErrorView })
  search(@Query() query: MemberSearchQuery): Promise<MemberSearchView> {
    return this.directory.searchMembers(query);
  }

  @Get('profiles')
  @ApiOperation({ summary: 'Member profiles for the map', description: 'Active members that published a location, ordered by slug.' })
  @ApiOkResponse({ type: ProfilesPageView })
  @ApiBadRequestResponse({ description: '`limit` or `offset` is invalid.', type: ErrorView })
  profiles(@Query() query: ProfilesPageQuery): Promise<ProfilesPageView> {
    return this.directory.listProfiles(query);
  }

  @Get('globe')
  @ApiOperation({
    summary: 'Globe data',
    description: 'Active members with a location, clustered by place: the points the /globe page draws. Cached for up to a minute.',
  })
  @ApiOkResponse({ type: GlobeView })
  globe(): Promise<GlobeView> {
    return this.directory.globe();
  }

  @Get('content-search')
  @ApiOperation({
    summary: 'Search the documentation',
    description: 'Ranked search over the published documentation (the pages under /docs; the same corpus as the documentation MCP).',
  })
  @ApiOkResponse({ type: ContentSearchView })
  @ApiBadRequestResponse({ description: '`q` is missing, empty or too long, or `limit` is invalid.', type: ErrorView })
  contentSearch(@Query() query: ContentSearchQuery): ContentSearchView {
    return this.directory.contentSearch(query);
  }

  @Get('stats')
  @ApiOperation({
    summary: 'Community stats',
    description:
      'The number of active member organizations (categorized or not; approximate, cached for at most 20 minutes) and ' +
      'the number of active members per category.',
  })
  @ApiOkResponse({ type: StatsView })
  stats(): Promise<StatsView> {
    return this.directory.stats();
  }
}
