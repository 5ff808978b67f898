import {
  WAIT_DEFAULT_LOOKBACK_SECONDS,
  WAIT_MAX_TIMEOUT_SECONDS,
  type WaitInput,
  type WaitResultView,
} from '../../../inbox/inbox.types.js';
import { waitInputSchema, waitOutputSchema } from '../../../inbox/inbox-schemas.js';
import { InboxService } from '../../../inbox/services/inbox.service.js';
import type { AgentPrincipal } from '../../../common/auth/principals.js';
import { defineTool } from '../../registry/define-tool.js';

export const inboxWaitForEmailTool = defineTool<InboxService, WaitInput, WaitResultView>({
  name: 'inbox_wait_for_email',
  title: 'Wait for an email',
  description: `Waits (server-side, up to ${WAIT_MAX_TIMEOUT_SECONDS} s) for an inbound message matching from / subject_contains / require_otp and returns the newest match — with its text and detected one-time code — as soon as it is stored. since defaults to ${WAIT_DEFAULT_LOOKBACK_SECONDS} s before the call, so mail that arrived just before still matches. On wait_timeout (retryable) call again with the since the error names. Prefer one wait with a reasonable budget to polling.`,
  inputSchema: waitInputSchema,
  outputSchema: waitOutputSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  scopes: ['inbox:read'],
  service: InboxService,
  run: (inbox, input, ctx) => inbox.waitForEmail(ctx.principal as AgentPrincipal, input),
});
