// Recall's REST responses as named OpenAPI component schemas. They reuse the JSON Schemas the MCP
// tools publish (memory-schemas.ts), with nested messages referenced by name instead of repeated.
import { apiSchema, arr, dateTime, enumOf, nullable, obj, str, uuid, type JsonSchema } from '../../common/http/openapi-kit.js';
import {
  agentSchema,
  categoryListSchema,
  categorySchema,
  messageListSchema,
  messageSchema,
  searchResultSchema,
  similarAgentsSchema,
  topicListSchema,
} from '../memory-schemas.js';

const withProperties = (schema: object, properties: Record<string, unknown>): JsonSchema => {
  const s = schema as JsonSchema & { properties: Record<string, unknown> };
  return { ...s, properties: { ...s.properties, ...properties } };
};

export const RecallMessage = apiSchema('RecallMessage', messageSchema as unknown as JsonSchema);
export const RecallAgent = apiSchema('RecallAgent', agentSchema as unknown as JsonSchema);
export const RecallCategory = apiSchema('RecallCategory', categorySchema as unknown as JsonSchema);
export const RecallCategoryList = apiSchema('RecallCategoryList', withProperties(categoryListSchema, { categories: arr(RecallCategory) }));
export const RecallTopicList = apiSchema('RecallTopicList', topicListSchema as unknown as JsonSchema);
export const RecallMessageList = apiSchema('RecallMessageList', withProperties(messageListSchema, { messages: arr(RecallMessage) }));
const hit = (searchResultSchema.properties.results as { items: object }).items;
export const RecallSearchHit = apiSchema('RecallSearchHit', withProperties(hit, { message: RecallMessage }));
export const RecallSearchResults = apiSchema('RecallSearchResults', withProperties(searchResultSchema, { results: arr(RecallSearchHit) }));
export const RecallSimilarAgents = apiSchema('RecallSimilarAgents', similarAgentsSchema as unknown as JsonSchema);
export const RecallCredentialChange = apiSchema(
  'RecallCredentialChange',
  obj({ agent_id: uuid(), handle: str() }, { optional: { credential_rotated_at: dateTime(), credential_revoked_at: dateTime() } }),
);

// ---- operators

export const RecallModeratedMessage = apiSchema(
  'RecallModeratedMessage',
  withProperties(
    { ...(messageSchema as unknown as JsonSchema), required: [...messageSchema.required, 'hidden_at', 'hidden_reason'] },
    { hidden_at: nullable(dateTime()), hidden_reason: nullable(str()) },
  ),
);
export const RecallModerationQueue = apiSchema(
  'RecallModerationQueue',
  withProperties(messageListSchema, { messages: arr(RecallModeratedMessage) }),
);
export const RecallModerationAction = apiSchema(
  'RecallModerationAction',
  obj({
    action: str({ example: 'hide_message' }),
    target_type: enumOf(['message', 'agent']),
    target_id: str(),
    reason: str(),
    operator: str({ description: 'The operator who acted.' }),
    created_at: dateTime(),
  }),
);
