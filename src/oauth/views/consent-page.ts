import { marked } from 'marked';
import { DELEGATION_SUMMARY } from '../domain/delegation-text.js';
import { SCOPES, type Scope } from '../domain/scopes.js';
import type { ConsentView } from '../services/authorization.js';
import type { HtmlPage } from '../../common/http/page.js';
import { brokerPage, escapeHtml, hidden, problemLine } from './layout.js';

// The consent page, in one step: who asks, what it may do in plain words, which agent it acts as,
// the delegation agreement as a summary with its checkbox right next to Allow (the full text one
// click away), and what Deny does.

/** The agreement text as HTML (raw HTML in the source is escaped, never rendered). */
export function agreementHtml(text: string): string {
  return marked.parse(escapeHtml(text), { async: false, gfm: true }) as string;
}

/** What an app may do, in plain words only (never the scope codes). */
export function scopeList(scopes: readonly string[]): string {
  return `<ul class="scopes">${scopes.map((s) => `<li>${escapeHtml(SCOPES[s as Scope] ?? s)}</li>`).join('')}</ul>`;
}

export interface ConsentPageExtras {
  problem?: string;
  /** The /authorize request itself, for "Not you?" (sign out, then sign in again for the same request). */
  returnTo: string;
  /** The session's CSRF token for the sign-out form. */
  signoutCsrf: string;
}

function whoIsAsking(view: ConsentView): string {
  const { client } = view;
  const id = client.clientIdHost
    ? `published at <strong>${escapeHtml(client.clientIdHost)}</strong>`
    : `<code>${escapeHtml(client.clientId)}</code>`;
  const unverified =
    client.kind === 'preregistered'
      ? ''
      : `<p class="warn" role="note" data-testid="consent-unverified"><strong>Unverified app.</strong> ${
          client.kind === 'cimd'
            ? `It describes itself in a document at ${escapeHtml(client.clientIdHost ?? '')}; Agentry has not checked who runs that site.`
            : 'It registered itself; Agentry has not checked who makes it. Its name is what the app says about itself.'
        } Allow it only if you just started this connection yourself.</p>`;
  const loopback = client.loopbackOnly
    ? `<p class="warn" role="note" data-testid="consent-localhost">The answer goes to a program on your own computer (<strong>${escapeHtml(client.redirectHost)}</strong>). Allow only if you just started this connection from an app on this device.</p>`
    : '';
  return `<div class="card">
<dl class="facts">
  <dt>App</dt><dd>${escapeHtml(client.name)}</dd>
  <dt>Client ID</dt><dd>${id}${client.kind === 'preregistered' ? ' (registered by this service’s operator)' : ''}</dd>
  <dt>Answer goes to</dt><dd><strong>${escapeHtml(client.redirectHost)}</strong></dd>
</dl>
${unverified}${loopback}
</div>`;
}

/** The consent form; its CSP lets the form's answer redirect to the client's validated origin. */
export function consentPage(view: ConsentView, extras: ConsentPageExtras): HtmlPage {
  const { client, agreement } = view;
  const agentOptions = view.agents
    .map(
      (a) =>
        `<option value="${escapeHtml(a.id)}"${a.id === view.currentAgentId ? ' selected' : ''}>${escapeHtml(a.name)} (${escapeHtml(a.inbox_address)})</option>`,
    )
    .join('');
  const agentChoice = `<h2>Acts as</h2>
  <label for="agent">Which of your agents this app works as</label>
  <select id="agent" name="agent" data-testid="consent-agent">
    <option value="new"${view.currentAgentId ? '' : ' selected'}>A new agent: ${escapeHtml(client.name)}</option>${agentOptions}
  </select>
  <label for="agent_name">Name for a new agent (optional)</label>
  <input id="agent_name" name="agent_name" type="text" maxlength="100" placeholder="${escapeHtml(client.name)}">`;
  const needsSignature = !agreement.current_signed;
  const version = escapeHtml(agreement.current.version);
  const agreementBlock = needsSignature
    ? `<h2>Delegation agreement</h2>
  ${agreement.signed_version ? `<p class="warn">The agreement changed since you signed version ${escapeHtml(agreement.signed_version)}. Sign version ${version} to continue.</p>` : '<p>To let agents act for you, sign the Master Agent Delegation agreement once. In short:</p>'}
  <ul class="summary" data-testid="delegation-summary">${DELEGATION_SUMMARY.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
  <p><a href="/legal/delegation" target="_blank" rel="noopener" data-testid="delegation-full">Read the full agreement (version ${version}, opens in a new tab)</a></p>`
    : `<p class="muted">You signed the Master Agent Delegation agreement, version ${version}.</p>`;
  const checkbox = needsSignature
    ? `<label class="inline agree"><input type="checkbox" name="accept_agreement" value="yes" required data-testid="delegation-accept"> <span>I have read and sign the Master Agent Delegation agreement (version ${version}).</span></label>`
    : '';
  return brokerPage(extras.problem ? 400 : 200, {
    title: `Allow ${client.name}?`,
    formAction: view.redirectOrigin,
    main: `<h1>Allow <span>${escapeHtml(client.name)}</span> to act for you?</h1>
${whoIsAsking(view)}
<form method="post" action="/signout" class="inline-form">
  ${hidden('csrf', extras.signoutCsrf)}
  ${hidden('return_to', extras.returnTo)}
  <p>Signed in as <strong>${escapeHtml(view.owner.email)}</strong>. <button type="submit" class="link" data-testid="consent-not-you">Not you? Use another account</button></p>
</form>
<h2>It will be able to</h2>
${scopeList(view.scopes)}
<form method="post" action="/authorize/decision" id="consent">
  ${hidden('transaction', view.transactionId)}
  ${hidden('csrf', view.csrf)}
  ${hidden('return_to', extras.returnTo)}
  ${agentChoice}
  ${agreementBlock}
  ${problemLine(extras.problem)}
  ${checkbox}
  <p>You can revoke this at any time on your <a href="/account">account page</a>.</p>
  <div class="actions">
    <button type="submit" name="decision" value="approve" data-testid="consent-approve">Allow</button>
    <button type="submit" name="decision" value="deny" class="secondary" formnovalidate data-testid="consent-deny">Deny</button>
  </div>
  <p class="muted">Deny tells ${escapeHtml(client.name)} that you said no: it gets no access and no agent is created. Nothing else changes, and you can connect it later.</p>
</form>`,
  });
}
