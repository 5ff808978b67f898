import { verifyCertificateInputSchema, verifyCertificateOutputSchema } from '../../../dmv/dmv-schemas.js';
import type { VerifyResult } from '../../../dmv/dmv.types.js';
import { DmvService } from '../../../dmv/services/dmv.service.js';
import { defineTool } from '../../registry/define-tool.js';

export const verifyCertificateTool = defineTool<DmvService, { certificate_id: string }, VerifyResult>({
  name: 'verify_certificate',
  title: 'Verify DMV certificate',
  description:
    'Checks a DMV certificate ID (DMV-XXXX-XXXX-XXXX-C). The pattern and check symbol are checked locally; whether ' +
    'the certificate was issued is asked live of the DMV lookup API. status is issued, not_found, invalid_format, or ' +
    'unavailable when the lookup could not be completed (retry later; it never means not_found). A well-formed ID ' +
    '(valid_format: true) is not proof of issuance. Issued means recorded as a non-binding pre-registration, not ' +
    'ownership of a domain.',
  inputSchema: verifyCertificateInputSchema,
  outputSchema: verifyCertificateOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  service: DmvService,
  testInput: { certificate_id: 'DMV-0000-014S-C0PJ-V' },
  run: (dmv, input) => dmv.verifyCertificate(input.certificate_id),
});
