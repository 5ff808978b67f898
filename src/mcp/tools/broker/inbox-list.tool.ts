import type { ListMessagesInput, MessageListView } from '../../../inbox/inbox.types.js';
import { listInputSchema, listOutputSchema } from '../../../inbox/inbox-schemas.js';
import { InboxService } from '../../../inbox/services/inbox.service.js';
import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { defineTool } from '../../registry/define-tool.js';

export const inboxListTool = defineTool<InboxService, ListMessagesInput, MessageListView>({
  name: 'inbox_list',
  title: 'List inbox messages',
  description:
    'Lists the inbound and outbound messages of your mailbox (<handle>@the mail domain), newest first, with cursor pagination and filters (direction, from, subject_contains, has_otp, since). Each has id, direction, sender/recipients, subject, timestamps and has_otp. Read one with inbox_read.',
  inputSchema: listInputSchema,
  outputSchema: listOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['inbox:read'],
  service: InboxService,
  run: (inbox, input, ctx) => inbox.list(ctx.principal as AgentPrincipal, input),
});
