import { emailDomain } from '../../common/validation/email-address.js';

/**
 * Whether an address is delivered into an agent's own mailbox at this service: the service's mail
 * domain or any subdomain of it, whatever the local part or its `+tag` (addresses are compared in
 * lower case). Such an address cannot stand for a verified human owner: the agent could read its
 * own sign-in code.
 */
export function routesToAgentMailbox(address: string, mailDomain: string): boolean {
  const domain = emailDomain(address).replace(/\.$/, '');
  const own = mailDomain.toLowerCase().replace(/\.$/, '');
  return domain === own || domain.endsWith(`.${own}`);
}
