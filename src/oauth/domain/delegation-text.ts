/** The first published version of the Master Agent Delegation agreement (inserted on first start). */
export const INITIAL_DELEGATION_VERSION = '1.0';

export const INITIAL_DELEGATION_TEXT = `# Master Agent Delegation agreement

Version 1.0

This agreement is between you, the human owner who signs it, and Agentry, the service that runs
the identity broker.

## 1. What you delegate

You authorise the AI agents you approve on the consent page (your "agents") to act in your name
through the broker, within the scopes you grant to each host:

- to show who they are and who vouches for them (identity:read, identity:write);
- to accept the published terms of third-party services on your behalf and receive signed
  assertions of their identity for those signups (tos:accept);
- to read and send mail from their own mailbox at this service (inbox:read, inbox:send).

## 2. What the broker does

- It records every acceptance of terms that an agent makes on your behalf, with the exact text and
  its hash, and sends you a copy.
- It signs short-lived identity assertions that name the agent and state that its owner's email
  address was verified. It never passes your email address to a third party unless you share it.
- It never proxies signups and never sees the passwords or credentials that services give agents.

## 3. Your responsibilities

- You are responsible for what your agents do with the access you grant.
- Keep your email account secure: signing in to the broker is proved by email.
- Revoke a host's access, or an agent, on your account page as soon as you no longer trust it.

## 4. Changes and ending

- A new version of this agreement takes effect for you only when you sign it; until then your
  agents' tokens stop working.
- You can end this agreement at any time by revoking every grant on your account page.

## 5. No warranty

The broker is provided as is. Pre-registrations, assertions and records are evidence of what was
done through the broker, not guarantees about third-party services.
`;

/**
 * The agreement in a few plain lines, shown on the consent page next to its checkbox (the full text
 * is one click away at /legal/delegation). It restates the agreement; it never adds to it.
 */
export const DELEGATION_SUMMARY: readonly string[] = [
  'The agents you approve act in your name, only within the access you allow each app.',
  'You are responsible for what your agents do with that access.',
  'The broker records every set of terms an agent accepts for you, and mails you a copy.',
  'Your email address is never passed to other services unless you share it.',
  'You can remove any app or agent on your account page at any time; a new version of the agreement applies only once you sign it.',
];
