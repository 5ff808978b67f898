import { marked } from 'marked';
import { SCOPES, type Scope } from '../domain/scopes.js';
import type { ConsentView } from '../services/authorization.service.js';
import type { HtmlPage } from '../../common/http/page.js';
import { brokerPage, escapeHtml, hidden, problemLine } from './layout.js';

// The consent page: who asks, for which scopes, as which agent, and the agreement to sign first.

/** The agreement text as HTML (raw HTML in the source is escaped, never rendered). */
export function agreementHtml(text: string): string {
  return marked.parse(escapeHtml(text), { async: false, gfm: true }) as string;
}

export function scopeList(scopes: readonly string[]): string {
  return `<ul class="scopes">${scopes.map((s) => `<li><strong>${escapeHtml(SCOPES[s as Scope] ?? s)}</strong> <code class="muted">${escapeHtml(s)}</code></li>`).join('')}</ul>`;
}

/** The consent form; its CSP lets the form's answer redirect to the client's validated origin. */
export function consentPage(view: ConsentView, problem?: string): HtmlPage {
  const { client, agreement } = view;
  const cimd = client.clientIdHost
    ? `<p class="muted">Client identity published at <strong>${escapeHtml(client.clientIdHost)}</strong>.</p>`
    : `<p class="muted">Client id <code>${escapeHtml(client.clientId)}</code> (${escapeHtml(client.kind === 'preregistered' ? 'registered by an operator' : 'registered by the app itself')}).</p>`;
  const loopback = client.loopbackOnly
    ? `<p class="warn" role="note">This app receives the answer on your own computer (<strong>${escapeHtml(client.redirectHost)}</strong>). Approve only if you just started this connection from an app on this device.</p>`
    : '';
  const agentOptions = view.agents
    .map(
      (a) =>
        `<option value="${escapeHtml(a.id)}"${a.id === view.currentAgentId ? ' selected' : ''}>${escapeHtml(a.name)} (${escapeHtml(a.inbox_address)})</option>`,
    )
    .join('');
  const agentChoice = `<label for="agent">Act as</label>
  <select id="agent" name="agent" data-testid="consent-agent">
    <option value="new"${view.currentAgentId ? '' : ' selected'}>A new agent: ${escapeHtml(client.name)}</option>${agentOptions}
  </select>
  <label for="agent_name">Name for a new agent (optional)</label>
  <input id="agent_name" name="agent_name" type="text" maxlength="100" placeholder="${escapeHtml(client.name)}">`;
  const needsSignature = !agreement.current_signed;
  const agreementBlock = needsSignature
    ? `<h2>Master Agent Delegation agreement, version ${escapeHtml(agreement.current.version)}</h2>
  ${agreement.signed_version ? `<p class="warn">The agreement changed since you signed version ${escapeHtml(agreement.signed_version)}. Sign the new version to continue.</p>` : ''}
  <div class="agreement">${agreementHtml(agreement.current.text)}</div>
  <label class="inline"><input type="checkbox" name="accept_agreement" value="yes" data-testid="delegation-accept"> <span>I have read and sign the Master Agent Delegation agreement (version ${escapeHtml(agreement.current.version)}).</span></label>`
    : `<p class="muted">You signed the Master Agent Delegation agreement, version ${escapeHtml(agreement.current.version)}.</p>`;
  return brokerPage(problem ? 400 : 200, {
    title: `Allow ${client.name}?`,
    formAction: view.redirectOrigin,
    main: `<h1>Allow <span>${escapeHtml(client.name)}</span> to act for you?</h1>
${cimd}
<p>It will be sent back to <strong>${escapeHtml(client.redirectHost)}</strong>.</p>
${loopback}
<p>Signed in as <strong>${escapeHtml(view.owner.email)}</strong>. <a href="/account">Not you?</a></p>
${problemLine(problem)}
<div class="card">
<p>It asks to:</p>
${scopeList(view.scopes)}
</div>
<form method="post" action="/authorize/decision" id="consent">
  ${hidden('transaction', view.transactionId)}
  ${hidden('csrf', view.csrf)}
  ${agentChoice}
  ${agreementBlock}
  <div class="actions">
    ${
      needsSignature
        ? '<button type="submit" name="decision" value="sign" data-testid="delegation-sign">Sign the agreement</button>'
        : '<button type="submit" name="decision" value="approve" data-testid="consent-approve">Allow</button>'
    }
    <button type="submit" name="decision" value="deny" class="secondary" data-testid="consent-deny">Deny</button>
  </div>
  ${needsSignature ? '<p class="muted">After signing you can allow or deny the request.</p>' : ''}
</form>`,
  });
}
