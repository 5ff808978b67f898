import { AppError } from '../common/errors/app-error.js';

/** The identity module's error codes and statuses (the broker tool contract names them). */
export const identityErrors = {
  agentRevoked: (why = 'This agent sub-identity has been revoked or suspended.') =>
    new AppError('agent_revoked', why, { status: 403, retryable: false }),
  agentNotFound: () => new AppError('not_found', 'No such agent.', { status: 404 }),
  invalidName: () => new AppError('validation_failed', 'The agent name must be 1-100 printable characters.', { status: 400 }),
  operatorSuspended: () =>
    new AppError('forbidden', 'An operator suspended this agent; only an operator can restore it.', { status: 403 }),
};
