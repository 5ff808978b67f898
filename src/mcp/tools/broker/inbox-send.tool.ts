import type { SendInput, SendResultView } from '../../../inbox/inbox.types.js';
import { sendInputSchema, sendOutputSchema } from '../../../inbox/inbox-schemas.js';
import { InboxService } from '../../../inbox/services/inbox.service.js';
import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { defineTool } from '../../registry/define-tool.js';

export const inboxSendTool = defineTool<InboxService, SendInput, SendResultView>({
  name: 'inbox_send',
  title: 'Send an email',
  description:
    'Sends mail from your own mailbox (the From is always your address; a from argument is refused) and records a copy as outbound. Not idempotent: a repeated call sends again. send_failed (retryable) means nothing was sent; on internal_error read side_effects.email_sent (true, false or "unknown") before resending. Addresses that bounced or complained are refused (recipient_suppressed). Per-agent and per-owner budgets apply.',
  inputSchema: sendInputSchema,
  outputSchema: sendOutputSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  scopes: ['inbox:send'],
  service: InboxService,
  run: (inbox, input, ctx) => inbox.send(ctx.principal as AgentPrincipal, input),
});
