// The inbox REST responses as named OpenAPI component schemas: the broker mirror reuses the JSON
// Schemas of the inbox tools (inbox-schemas.ts); the operator views are described here.
import { apiSchema, arr, bool, dateTime, int, mapOf, nullable, obj, str, uuid, type JsonSchema } from '../../common/http/openapi-kit.js';
import { listOutputSchema, messageSchema, messageSummarySchema, sendOutputSchema, waitOutputSchema } from '../inbox-schemas.js';

const withProperties = (schema: object, properties: Record<string, unknown>): JsonSchema => {
  const s = schema as JsonSchema & { properties: Record<string, unknown> };
  return { ...s, properties: { ...s.properties, ...properties } };
};

export const InboxMessageSummary = apiSchema('InboxMessageSummary', messageSummarySchema as unknown as JsonSchema);
export const InboxMessage = apiSchema('InboxMessage', messageSchema as unknown as JsonSchema);
export const InboxMessageList = apiSchema('InboxMessageList', withProperties(listOutputSchema, { messages: arr(InboxMessageSummary) }));
export const InboxWaitResult = apiSchema('InboxWaitResult', withProperties(waitOutputSchema, { message: InboxMessage }));
export const InboxSendResult = apiSchema('InboxSendResult', sendOutputSchema as unknown as JsonSchema);

// ---- operators

export const MailboxUsage = apiSchema(
  'MailboxUsage',
  obj({
    handle: str({ example: 'support-agent-1a2b3c' }),
    address: str({ example: 'support-agent-1a2b3c@agents.localhost' }),
    agent_id: uuid(),
    owner_id: uuid(),
    status: str({ enum: ['active', 'suspended'] }),
    status_reason: nullable(str()),
    inbound_messages: int(),
    outbound_messages: int(),
    stored_bytes: int(),
    held_messages: int(),
    suppressed_addresses: int(),
    last_received_at: nullable(dateTime()),
  }),
);
const page = { limit: int(), offset: int() };
export const MailboxUsagePage = apiSchema('MailboxUsagePage', obj({ mailboxes: arr(MailboxUsage), total: int(), ...page }));
export const HeldMail = apiSchema(
  'HeldMail',
  obj({ id: uuid(), mailbox: str(), to: arr(str()), subject: str(), created_at: dateTime(), note: nullable(str()) }),
);
export const HeldMailPage = apiSchema('HeldMailPage', obj({ held: arr(HeldMail), ...page }));
export const Suppression = apiSchema(
  'Suppression',
  obj({
    id: uuid(),
    agent_id: uuid(),
    address: str(),
    reason: str({ description: 'bounce, complaint or operator.' }),
    source_message_id: nullable(uuid()),
    created_at: dateTime(),
  }),
);
export const SuppressionPage = apiSchema('SuppressionPage', obj({ suppressions: arr(Suppression), total: int(), ...page }));
export const SuppressionRemoved = apiSchema('SuppressionRemoved', obj({ removed: bool({ enum: [true] }), id: uuid() }));
export const InboxAuditEntry = apiSchema(
  'InboxAuditEntry',
  obj({
    id: uuid(),
    actor: str(),
    action: str(),
    agent_id: nullable(uuid()),
    detail: mapOf({}, { description: 'What changed (free-form).' }),
    created_at: dateTime(),
  }),
);
export const InboxAuditPage = apiSchema('InboxAuditPage', obj({ entries: arr(InboxAuditEntry), ...page }));
