import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator.js';
import { ContentSearchQuery, MemberSearchQuery, ProfilesPageQuery } from '../dto/query.dto.js';
import { ContentSearchView, ErrorView, GlobeView, MemberSearchView, ProfilesPageView } from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

const successor = (path: string): string => `<${path}>; rel="successor-version"`;

/**
 * The unversioned paths earlier clients use. Each answers exactly like its v1 twin, plus a
 * `Deprecation: true` header and a `Link` to the successor.
 */
@Public()
@ApiTags('Directory (deprecated aliases)')
@ApiTooManyRequestsResponse({ description: 'Over the general budget (30 requests per minute per IP).', type: ErrorView })
@Controller('api')
export class LegacyApiController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('map/search')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/search'))
  @ApiOperation({ summary: 'Search members (deprecated: use /api/v1/search)', deprecated: true })
  @ApiOkResponse({ type: MemberSearchView })
  @ApiBadRequestResponse({ type: ErrorView })
  search(@Query() query: MemberSearchQuery): Promise<MemberSearchView> {
    return this.directory.searchMembers(query);
  }

  @Get('map/profiles')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/profiles'))
  @ApiOperation({ summary: 'Member profiles for the map (deprecated: use /api/v1/profiles)', deprecated: true })
  @ApiOkResponse({ type: ProfilesPageView })
  @ApiBadRequestResponse({ type: ErrorView })
  profiles(@Query() query: ProfilesPageQuery): Promise<ProfilesPageView> {
    return this.directory.listProfiles(query);
  }

  @Get('map/globe')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/globe'))
  @ApiOperation({ summary: 'Globe data (deprecated: use /api/v1/globe)', deprecated: true })
  @ApiOkResponse({ type: GlobeView })
  globe(): Promise<GlobeView> {
    return this.directory.globe();
  }

  @Get('content-search')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/content-search'))
  @ApiOperation({ summary: 'Search the documentation (deprecated: use /api/v1/content-search)', deprecated: true })
  @ApiOkResponse({ type: ContentSearchView })
  @ApiBadRequestResponse({ type: ErrorView })
  contentSearch(@Query() query: ContentSearchQuery): ContentSearchView {
    return this.directory.contentSearch(query);
  }
}
