import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { Public } from '../../common/auth/public.decorator.js';
import { RATE_LIMIT_HEADERS } from '../../common/http/openapi-components.js';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { ContentSearchQuery, MemberSearchQuery, ProfilesPageQuery } from '../dto/query.dto.js';
import { ContentSearchView, GlobeView, MemberSearchView, ProfilesPageView } from '../dto/views.dto.js';
import { DirectoryService } from '../services/directory.service.js';

const successor = (path: string): string => `<${path}>; rel="successor-version"`;
/** The headers every alias answers with, documented on its 200. */
const DEPRECATION_HEADERS = {
  Deprecation: { $ref: '#/components/headers/Deprecation' },
  Link: { $ref: '#/components/headers/Link' },
  ...RATE_LIMIT_HEADERS,
} as never;
const aliasOf = (path: string): string =>
  `Answers exactly like ${path} (same parameters, body and errors), plus \`Deprecation: true\` and a \`Link\` to ${path}.`;

/**
 * The unversioned paths earlier clients use. Each answers exactly like its v1 twin, plus a
 * `Deprecation: true` header and a `Link` to the successor.
 */
@Public()
@ApiTags('Directory (deprecated)')
@ApiErrors(429, 503)
@Controller('api')
export class LegacyApiController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('map/search')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/search'))
  @ApiOp('searchMembersDeprecated', 'Search members (deprecated: use /api/v1/search)', aliasOf('/api/v1/search'), { deprecated: true })
  @ApiOkResponse({ type: MemberSearchView, headers: DEPRECATION_HEADERS })
  @ApiErrors(400)
  search(@Query() query: MemberSearchQuery): Promise<MemberSearchView> {
    return this.directory.searchMembers(query);
  }

  @Get('map/profiles')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/profiles'))
  @ApiOp('listProfilesDeprecated', 'Member profiles for the map (deprecated: use /api/v1/profiles)', aliasOf('/api/v1/profiles'), {
    deprecated: true,
  })
  @ApiOkResponse({ type: ProfilesPageView, headers: DEPRECATION_HEADERS })
  @ApiErrors(400)
  profiles(@Query() query: ProfilesPageQuery): Promise<ProfilesPageView> {
    return this.directory.listProfiles(query);
  }

  @Get('map/globe')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/globe'))
  @ApiOp('getGlobeDeprecated', 'Globe data (deprecated: use /api/v1/globe)', aliasOf('/api/v1/globe'), { deprecated: true })
  @ApiOkResponse({ type: GlobeView, headers: DEPRECATION_HEADERS })
  globe(): Promise<GlobeView> {
    return this.directory.globe();
  }

  @Get('content-search')
  @Header('Deprecation', 'true')
  @Header('Link', successor('/api/v1/content-search'))
  @ApiOp(
    'searchContentDeprecated',
    'Search the documentation (deprecated: use /api/v1/content-search)',
    aliasOf('/api/v1/content-search'),
    {
      deprecated: true,
    },
  )
  @ApiOkResponse({ type: ContentSearchView, headers: DEPRECATION_HEADERS })
  @ApiErrors(400)
  contentSearch(@Query() query: ContentSearchQuery): ContentSearchView {
    return this.directory.contentSearch(query);
  }
}
