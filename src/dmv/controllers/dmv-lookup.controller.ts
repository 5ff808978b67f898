import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiErrors, ApiOp } from '../../common/http/openapi-kit.js';
import { ApiOkResponse, ApiTags } from '../../common/http/swagger.js';
import { Public } from '../../common/auth/public.decorator.js';
import { LookupQueryDto, LookupResultDto } from '../dto/dmv.dto.js';
import { DmvService } from '../services/dmv.service.js';
import type { LookupResult } from '../dmv.types.js';

/** The public, CORS-readable certificate lookup (rate-limited by the general policy). */
@ApiTags('DMV')
@Public()
@Controller('dmv/api')
export class DmvLookupController {
  constructor(private readonly dmv: DmvService) {}

  @Get('lookup')
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'no-cache')
  @ApiOp(
    'lookupCertificate',
    'Look up a DMV certificate',
    'Whether a certificate ID was issued. `invalid_format` when the pattern or check symbol is wrong; withdrawn certificates are `not_found`. Readable cross-origin; 30 requests per 60 s per IP.',
  )
  @ApiErrors(400, 429, 503)
  // The example is a real answer (an ID with a valid check symbol that was never issued).
  @ApiOkResponse({
    type: LookupResultDto,
    example: {
      certificate_id: 'DMV-0000-014S-C0PJ-V',
      status: 'not_found',
      agent_name: null,
      domain: null,
      issued_at: null,
      certificate_url: null,
    },
  })
  lookup(@Query() query: LookupQueryDto): Promise<LookupResult> {
    return this.dmv.lookup(query.certificate_id);
  }
}
