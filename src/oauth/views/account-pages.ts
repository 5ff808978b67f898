import type { AgreementStatus, AgreementView } from '../services/delegation.service.js';
import { agreementHtml } from './consent-page.js';
import type { HtmlPage } from '../../common/http/page.js';
import { brokerPage, escapeHtml, hidden, problemLine } from './layout.js';

// The owner's account page and the delegation agreement pages.
import type { AgentView } from '../../identity/identity.types.js';

export interface GrantRow {
  id: string;
  client_name: string;
  client_id: string;
  agent_name: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
}

export interface PolicyRow {
  service: string;
  policy: string;
  updated_at: string;
}

export interface AccountView {
  email: string;
  status: string;
  csrf: string;
  agents: AgentView[];
  grants: GrantRow[];
  agreement: AgreementStatus;
  /** The owner's own relying-party rules (an operator's block still wins). */
  policies: PolicyRow[];
  notice?: string;
  /** The passkey section (issue 24: views/passkey-parts.ts), already rendered. */
  passkeys?: string;
}

const POLICIES = ['allow', 'warn', 'require', 'block'];

const when = (iso: string | null) => (iso ? escapeHtml(iso.replace('T', ' ').slice(0, 16) + ' UTC') : '<span class="muted">never</span>');

export function accountPage(view: AccountView): HtmlPage {
  const agents = view.agents.length
    ? `<table><thead><tr><th>Agent</th><th>Mailbox</th><th>Status</th><th></th></tr></thead><tbody>${view.agents
        .map(
          (a) =>
            `<tr><td>${escapeHtml(a.name)}<br><span class="muted">${escapeHtml(a.harness ?? '')}</span></td><td><code>${escapeHtml(a.inbox_address)}</code></td><td>${escapeHtml(a.status)}</td><td>${
              a.status === 'suspended'
                ? '<span class="muted">suspended by an operator</span>'
                : `<form method="post" action="/account/agents/${escapeHtml(a.id)}/${a.status === 'active' ? 'revoke' : 'restore'}">${hidden('csrf', view.csrf)}<button class="${a.status === 'active' ? 'danger' : 'secondary'}" type="submit">${a.status === 'active' ? 'Revoke' : 'Restore'}</button></form>`
            }</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No agents yet. They appear here when you approve an app.</p>';
  const grants = view.grants.length
    ? `<table><thead><tr><th>App</th><th>Agent</th><th>Scopes</th><th>Last used</th><th></th></tr></thead><tbody>${view.grants
        .map(
          (g) =>
            `<tr><td>${escapeHtml(g.client_name)}<br><code class="muted">${escapeHtml(g.client_id)}</code></td><td>${escapeHtml(g.agent_name)}</td><td>${g.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ')}</td><td>${when(g.last_used_at)}</td><td><form method="post" action="/account/grants/${escapeHtml(g.id)}/revoke">${hidden('csrf', view.csrf)}<button class="danger" type="submit" data-testid="grant-revoke">Revoke</button></form></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No app holds access.</p>';
  const a = view.agreement;
  const agreement = a.current_signed
    ? `<p>You signed version <strong>${escapeHtml(a.current.version)}</strong> (current) on ${when(a.signed_at)}. <a href="/legal/delegation">Read it</a></p>`
    : `<p class="warn">You have not signed the current version (${escapeHtml(a.current.version)}); your agents' tokens do not work until you do. <a href="/legal/delegation/sign?return_to=/account">Read and sign</a></p>`;
  const rules = view.policies.length
    ? `<table><thead><tr><th>Service</th><th>Rule</th><th></th></tr></thead><tbody>${view.policies
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.service === '*' ? 'every other service' : p.service)}</code></td><td>${escapeHtml(p.policy)}</td><td><form method="post" action="/account/rp-policies">${hidden('csrf', view.csrf)}${hidden('service', p.service)}${hidden('policy', 'remove')}<button class="secondary" type="submit">Remove</button></form></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p class="muted">No rules of your own: the service default applies.</p>';
  const policyForm = `<form method="post" action="/account/rp-policies">${hidden('csrf', view.csrf)}
  <label for="rp-service">Service origin (e.g. https://shop.example), or * for every other service</label>
  <input id="rp-service" name="service" type="text" maxlength="300" required data-testid="rp-policy-service">
  <label for="rp-policy">Rule</label>
  <select id="rp-policy" name="policy" data-testid="rp-policy-value">${POLICIES.map((p) => `<option value="${p}">${p}</option>`).join('')}</select>
  <div class="actions"><button type="submit" data-testid="rp-policy-save">Save rule</button></div>
</form>`;
  return brokerPage(200, {
    title: 'Your account',
    wide: true,
    main: `<h1>Your account</h1>
<p>Signed in as <strong>${escapeHtml(view.email)}</strong>${view.status !== 'active' ? ` — <span class="problem">${escapeHtml(view.status)}</span>` : ''}.</p>
${view.notice ? `<p class="card" role="status">${escapeHtml(view.notice)}</p>` : ''}
<h2>Delegation agreement</h2>
${agreement}
${view.passkeys ?? ''}
<h2>Your agents</h2>
${agents}
<h2>Apps with access</h2>
${grants}
<h2>Services your agents may sign up to</h2>
<p class="muted">allow: silently; warn: with a warning when the service is not verified; require: only verified services; block: never. An operator's block always wins.</p>
${rules}
${policyForm}
<form method="post" action="/signout">${hidden('csrf', view.csrf)}<div class="actions"><button class="secondary" type="submit" data-testid="signout">Sign out</button></div></form>`,
  });
}

export function agreementPage(
  options: {
    agreement: AgreementView;
    current: boolean;
    signable?: { csrf: string; returnTo: string; alreadySigned: boolean };
    problem?: string;
  },
  status = 200,
): HtmlPage {
  const { agreement } = options;
  let form = '';
  if (options.signable && !options.signable.alreadySigned && options.current) {
    form = `<form method="post" action="/legal/delegation/sign">
  ${hidden('csrf', options.signable.csrf)}
  ${hidden('version', agreement.version)}
  ${hidden('return_to', options.signable.returnTo)}
  <label class="inline"><input type="checkbox" name="accept_agreement" value="yes" required data-testid="delegation-accept"> <span>I have read and sign this agreement (version ${escapeHtml(agreement.version)}).</span></label>
  <div class="actions"><button type="submit" data-testid="delegation-sign">Sign the agreement</button></div>
</form>`;
  } else if (options.signable?.alreadySigned) {
    form = '<p class="muted">You signed this version.</p>';
  } else if (!options.signable && options.current) {
    form = '<p class="muted"><a href="/legal/delegation/sign">Sign in to sign it</a>.</p>';
  }
  return brokerPage(status, {
    title: `Master Agent Delegation agreement ${agreement.version}`,
    wide: true,
    main: `<p class="muted">Version ${escapeHtml(agreement.version)}${options.current ? ' (current)' : ' (superseded)'} · published ${when(agreement.published_at)} · SHA-256 <code>${escapeHtml(agreement.sha256)}</code></p>
${problemLine(options.problem)}
<div>${agreementHtml(agreement.text)}</div>
${form}`,
  });
}
