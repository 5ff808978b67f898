import { DmvService } from '../../../dmv/services/dmv.service.js';
import type { VerifyResult } from '../../../dmv/services/dmv.views.js';
import { defineTool } from '../../registry/define-tool.js';

const nullableString = (description: string) => ({ type: ['string', 'null'], description });

export const verifyCertificateTool = defineTool<DmvService, { certificate_id: string }, VerifyResult>({
  name: 'verify_certificate',
  title: 'Verify DMV certificate',
  description:
    'Checks a DMV certificate ID (DMV-XXXX-XXXX-XXXX-C). The pattern and check symbol are checked locally; whether ' +
    'the certificate was issued is asked live of the DMV lookup API. status is issued, not_found, invalid_format, or ' +
    'unavailable when the lookup could not be completed (retry later; it never means not_found). A well-formed ID ' +
    '(valid_format: true) is not proof of issuance. Issued means recorded as a non-binding pre-registration, not ' +
    'ownership of a domain.',
  inputSchema: {
    type: 'object',
    properties: {
      certificate_id: {
        type: 'string',
        minLength: 1,
        maxLength: 100,
        description: 'The certificate ID; any case, hyphens optional.',
      },
    },
    required: ['certificate_id'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      certificate_id: { type: 'string', description: 'Canonical form, or the input as given when invalid_format.' },
      status: { type: 'string', enum: ['invalid_format', 'not_found', 'issued', 'unavailable'] },
      valid_format: { type: 'boolean', description: 'Pattern and check symbol are right (never means issued).' },
      issued: { type: 'boolean', description: 'True only when the lookup API confirmed the certificate.' },
      agent_name: nullableString('The registered name, when issued.'),
      certificate_url: nullableString('The certificate page, when issued.'),
    },
    required: ['certificate_id', 'status', 'valid_format', 'issued', 'agent_name', 'certificate_url'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  service: DmvService,
  testInput: { certificate_id: 'DMV-0000-014S-C0PJ-V' },
  run: (dmv, input) => dmv.verifyCertificate(input.certificate_id),
});
