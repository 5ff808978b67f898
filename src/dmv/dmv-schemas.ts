/**
 * JSON Schemas (2020-12) of the DMV's MCP tools, register_agent and verify_certificate: what
 * tools/list publishes and what every call is checked against before the service runs.
 */
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_ADDRESS_PATTERN } from '../common/validation/email-address.js';
import { NON_BINDING_MESSAGE } from './dmv.types.js';

/** DMV-XXXX-XXXX-XXXX-C in canonical form: Crockford base32 symbols and a check symbol. */
const CERTIFICATE_ID_PATTERN = '^DMV-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z*~$=U]$';

const nullableString = (description: string) => ({ type: ['string', 'null'], description });

export const registerAgentInputSchema = {
  type: 'object',
  properties: {
    agent_name: {
      type: 'string',
      minLength: 1,
      maxLength: 253,
      description:
        'The proposed name as the user gave it, e.g. "support-bot" or "support-bot.agent". Normalized to a DNS label: lower case, spaces and underscores become hyphens; 1-63 characters of a-z, 0-9 and hyphen.',
    },
    email: {
      type: 'string',
      format: 'email',
      pattern: EMAIL_ADDRESS_PATTERN,
      maxLength: EMAIL_ADDRESS_MAX_LENGTH,
      description: 'The contact email address the user supplied; it receives one verification email. Never shown publicly.',
    },
    operator_name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      description: 'Who operates the agent (person or organisation), as the user supplied it.',
    },
    description: { type: 'string', maxLength: 500, description: 'Optional: what the agent does.' },
  },
  required: ['agent_name', 'email', 'operator_name'],
  additionalProperties: false,
} as const;

/** The published code for an email the input schema refuses (REST answers validation_failed naming the field). */
export const registerAgentInputErrorCodes = {
  email: { code: 'invalid_email', message: 'Invalid email: give one plain address such as ops@example.com.' },
} as const;

export const registerAgentOutputSchema = {
  type: 'object',
  properties: {
    certificate_id: { type: 'string', pattern: CERTIFICATE_ID_PATTERN, description: 'DMV-XXXX-XXXX-XXXX-C' },
    agent_name: { type: 'string', description: 'The normalized name (DNS label).' },
    domain: { type: 'string', description: '<agent_name>.agent' },
    registration_type: { type: 'string', const: 'pre_registration' },
    certificate_url: { type: 'string', format: 'uri', description: 'The public certificate page.' },
    badge_url: { type: 'string', format: 'uri', description: 'An SVG badge for READMEs and websites.' },
    message: { type: 'string', const: NON_BINDING_MESSAGE, description: 'The non-binding notice.' },
    email_sent: {
      type: 'boolean',
      description:
        'Whether the mail relay accepted the verification email during this call; when false, email_note says whether it is queued (retried automatically), held, refused, or not sent because a daily verification-mail cap is reached.',
    },
    email_note: { type: 'string', description: 'Why no email was sent, when email_sent is false.' },
    already_recorded: {
      type: 'boolean',
      const: true,
      description: 'Present when this name and email were already registered: the existing certificate, no new email.',
    },
  },
  required: ['certificate_id', 'agent_name', 'domain', 'registration_type', 'certificate_url', 'badge_url', 'message', 'email_sent'],
  additionalProperties: false,
} as const;

export const verifyCertificateInputSchema = {
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
} as const;

export const verifyCertificateOutputSchema = {
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
} as const;
