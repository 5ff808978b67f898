import type { AgreementStatus, AgreementView } from '../services/delegation.js';
import type { ActivityItem } from '../services/account-activity.js';
import type { SessionView } from '../services/owner-sessions.js';
import { agreementHtml, scopeList } from './consent-page.js';
import type { HtmlPage } from '../../common/http/page.js';
import { plainDate, plainDateTime, timeAgo } from '../domain/plain-time.js';
import { brokerPage, escapeHtml, hidden, noticeLine, problemLine } from './layout.js';
import type { AgentView } from '../../identity/identity.types.js';

// The owner's account page (apps, agents, agreement, sign-in methods and sessions, rules, history),
// its confirmation pages, and the delegation agreement pages.

export interface GrantRow {
  id: string;
  client_name: string;
  client_id: string;
  client_kind: string;
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
  /** Each agent's recent signups, by agent id. */
  signups: Record<string, Array<{ service: string; at: string }>>;
  sessions: SessionView[];
  activity: ActivityItem[];
  notice?: string;
  /** The passkey section (issue 24: views/passkey-parts.ts), already rendered. */
  passkeys?: string;
}

/** The relying-party rules in plain words (the stored codes are allow, warn, require, block). */
export const POLICY_WORDS: Record<string, string> = {
  allow: 'Sign up without asking',
  warn: 'Sign up, with a warning if the service is unverified',
  require: 'Sign up only if the service is verified',
  block: 'Never sign up there',
};

const when = (iso: string | null) => (iso ? escapeHtml(plainDateTime(iso)) : '<span class="muted">never</span>');

function appCard(g: GrantRow): string {
  const origin =
    g.client_kind === 'preregistered' ? 'registered by this service’s operator' : 'registered itself (not verified by Agentry)';
  return `<li class="card app-card" data-testid="app-card">
  <h3>${escapeHtml(g.client_name)}</h3>
  <p class="muted">Acts as your agent <strong>${escapeHtml(g.agent_name)}</strong> · ${escapeHtml(origin)}</p>
  <p>It can:</p>
  ${scopeList(g.scopes)}
  <dl class="facts">
    <dt>Connected</dt><dd>${escapeHtml(plainDate(g.created_at))}</dd>
    <dt>Last used</dt><dd>${g.last_used_at ? escapeHtml(timeAgo(g.last_used_at)) : 'Not yet'}</dd>
  </dl>
  <div class="actions"><a class="button danger" href="/account/apps/${escapeHtml(g.id)}/remove" data-testid="grant-remove">Remove access</a></div>
</li>`;
}

function agentCard(a: AgentView, signups: Array<{ service: string; at: string }>, csrf: string): string {
  const status =
    a.status === 'active'
      ? '<span class="badge ok">Active</span>'
      : a.status === 'revoked'
        ? '<span class="badge">Revoked by you</span>'
        : '<span class="badge warn">Suspended by an operator</span>';
  const action =
    a.status === 'suspended'
      ? ''
      : a.status === 'active'
        ? `<div class="actions"><a class="button danger" href="/account/agents/${escapeHtml(a.id)}/revoke" data-testid="agent-revoke">Revoke agent</a></div>`
        : `<form method="post" action="/account/agents/${escapeHtml(a.id)}/restore">${hidden('csrf', csrf)}<div class="actions"><button class="secondary" type="submit" data-testid="agent-restore">Restore agent</button></div></form>`;
  const recent = signups.length
    ? `<p>Recent signups:</p><ul class="plain">${signups.map((s) => `<li>${escapeHtml(s.service)} <span class="muted">· ${escapeHtml(plainDate(s.at))}</span></li>`).join('')}</ul>`
    : '<p class="muted">No signups yet.</p>';
  return `<li class="card" data-testid="agent-card">
  <h3>${escapeHtml(a.name)} ${status}</h3>
  <p class="muted">Mailbox <code>${escapeHtml(a.inbox_address)}</code>${a.harness ? ` · made for ${escapeHtml(a.harness)}` : ''} · since ${escapeHtml(plainDate(a.created_at))}</p>
  ${recent}
  ${action}
</li>`;
}

export function accountPage(view: AccountView): HtmlPage {
  const apps = view.grants.length
    ? `<ul class="cards">${view.grants.map(appCard).join('')}</ul>`
    : '<p class="muted">No app is connected. Apps appear here when you allow one.</p>';
  const agents = view.agents.length
    ? `<ul class="cards">${view.agents.map((a) => agentCard(a, view.signups[a.id] ?? [], view.csrf)).join('')}</ul>`
    : '<p class="muted">No agents yet. They appear here when you allow an app.</p>';
  const a = view.agreement;
  const agreement = a.current_signed
    ? `<p>You signed version <strong>${escapeHtml(a.current.version)}</strong> (the current one) on ${when(a.signed_at)}. <a href="/legal/delegation">Read it</a></p>`
    : `<p class="warn">You have not signed the current version (${escapeHtml(a.current.version)}); your agents' access does not work until you do. <a href="/legal/delegation/sign?return_to=/account">Read and sign</a></p>`;
  const sessions = `<ul class="plain">${view.sessions
    .map(
      (s) =>
        `<li>${s.current ? '<strong>This browser</strong>' : 'Another browser'} <span class="muted">· signed in ${escapeHtml(plainDateTime(s.created_at))} · last active ${escapeHtml(timeAgo(s.last_seen_at))}</span></li>`,
    )
    .join('')}</ul>
<form method="post" action="/account/sessions/end">${hidden('csrf', view.csrf)}<div class="actions"><button class="secondary" type="submit" data-testid="signout-everywhere">Sign out everywhere</button></div></form>`;
  const rules = view.policies.length
    ? `<ul class="plain rules">${view.policies
        .map(
          (p) =>
            `<li data-service="${escapeHtml(p.service)}"><span><strong>${escapeHtml(p.service === '*' ? 'Every other service' : p.service)}</strong>: ${escapeHtml(POLICY_WORDS[p.policy] ?? p.policy)}</span><form method="post" action="/account/rp-policies">${hidden('csrf', view.csrf)}${hidden('service', p.service)}${hidden('policy', 'remove')}<button class="link" type="submit">Remove rule</button></form></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No rules of your own: the service default applies.</p>';
  const policyForm = `<form method="post" action="/account/rp-policies" class="card">${hidden('csrf', view.csrf)}
  <label for="rp-service">Service address (like https://shop.example), or * for every other service</label>
  <input id="rp-service" name="service" type="text" maxlength="300" required data-testid="rp-policy-service">
  <label for="rp-policy">Your agents may</label>
  <select id="rp-policy" name="policy" data-testid="rp-policy-value">${Object.entries(POLICY_WORDS)
    .map(([value, words]) => `<option value="${value}">${escapeHtml(words)}</option>`)
    .join('')}</select>
  <div class="actions"><button type="submit" data-testid="rp-policy-save">Save rule</button></div>
</form>`;
  const activity = view.activity.length
    ? `<ol class="plain history">${view.activity.map((i) => `<li>${escapeHtml(i.text)} <span class="muted">· ${escapeHtml(plainDateTime(i.at))}</span></li>`).join('')}</ol>`
    : '<p class="muted">Nothing yet.</p>';
  return brokerPage(200, {
    title: 'Your account',
    wide: true,
    main: `<h1>Your account</h1>
<form method="post" action="/signout" class="signed-in">${hidden('csrf', view.csrf)}
  <p>Signed in as <strong>${escapeHtml(view.email)}</strong>${view.status !== 'active' ? ` — <span class="problem">${escapeHtml(view.status)}</span>` : ''}.</p>
  <button class="secondary" type="submit" data-testid="signout">Sign out</button>
</form>
${noticeLine(view.notice)}
<h2>Connected apps</h2>
${apps}
<h2>Your agents</h2>
${agents}
<h2>Delegation agreement</h2>
${agreement}
<h2 id="sign-in-methods">Sign-in methods</h2>
<ul class="plain"><li>A code or link mailed to <strong>${escapeHtml(view.email)}</strong> · <a href="/account/email" data-testid="email-change">Change email address</a></li></ul>
${view.passkeys ?? ''}
<h2 id="sessions">Where you are signed in</h2>
${sessions}
<h2>Services your agents may sign up to</h2>
<p class="muted">Your own rules, per service. A rule set by this service's operator to block a service always wins.</p>
${rules}
${policyForm}
<h2>Recent activity</h2>
${activity}
<h2>Delete your account</h2>
<p>Ends every app's access, revokes your agents and signs you out everywhere. <a href="/account/delete" data-testid="account-delete">Delete your account…</a></p>`,
  });
}

export function emailChangePage(
  options: { email: string; csrf: string; pending?: string; problem?: string; value?: string },
  status = 200,
): HtmlPage {
  const form = options.pending
    ? `<p>We sent a six-digit code to <strong>${escapeHtml(options.pending)}</strong>. Type it here to make it your sign-in address.</p>
${problemLine(options.problem)}
<form method="post" action="/account/email/confirm">${hidden('csrf', options.csrf)}
  <label for="code">Six-digit code</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required data-testid="email-code">
  <div class="actions"><button type="submit" data-testid="email-code-submit">Change my address</button><a class="button secondary" href="/account">Cancel</a></div>
</form>
<p class="muted">Wrong address, or no message? Enter the address again below to get a new code.</p>`
    : problemLine(options.problem);
  return brokerPage(status, {
    title: 'Change email address',
    main: `<h1>Change email address</h1>
<p>You sign in with <strong>${escapeHtml(options.email)}</strong>. We will mail a code to the new address to check that it is yours, and tell the old address once it has changed.</p>
${form}
<form method="post" action="/account/email">${hidden('csrf', options.csrf)}
  <label for="new_email">New email address</label>
  <input id="new_email" name="new_email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(options.value ?? '')}" data-testid="email-new">
  <div class="actions"><button type="submit"${options.pending ? ' class="secondary"' : ''} data-testid="email-send">Email me a code</button></div>
</form>`,
  });
}

export function deleteAccountPage(options: { email: string; csrf: string; problem?: string }, status = 200): HtmlPage {
  return brokerPage(status, {
    title: 'Delete your account?',
    main: `<h1>Delete your account?</h1>
<p>This cannot be undone. When you press the button:</p>
<ul>
  <li>Every connected app loses its access at once: all their tokens stop working.</li>
  <li>Every one of your agents is revoked: they can no longer use their mailboxes or sign up anywhere in your name. The records of what they already did stay, as evidence for the services involved.</li>
  <li>You are signed out everywhere, and your account is removed. You can sign in again later with the same address; you start afresh, with no apps or agents.</li>
</ul>
${problemLine(options.problem)}
<form method="post" action="/account/delete">${hidden('csrf', options.csrf)}
  <label for="confirm_email">Type your email address, ${escapeHtml(options.email)}, to confirm</label>
  <input id="confirm_email" name="confirm_email" type="email" autocomplete="off" required maxlength="254" data-testid="delete-confirm-email">
  <div class="actions">
    <button class="danger" type="submit" data-testid="delete-confirm">Delete my account</button>
    <a class="button secondary" href="/account">Cancel</a>
  </div>
</form>`,
  });
}

export function accountDeletedPage(): HtmlPage {
  return brokerPage(200, {
    title: 'Account deleted',
    main: `<h1>Your account is deleted</h1>
<p class="ok" role="status">Every app's access has ended, your agents are revoked and you are signed out everywhere.</p>
<p><a href="/">Home</a> · <a href="/signin">Sign in again</a></p>`,
  });
}

/** A GET confirmation step before a destructive action (the action itself is the POST it holds). */
export function confirmPage(options: {
  title: string;
  lines: string[];
  action: string;
  csrf: string;
  button: string;
  testId: string;
}): HtmlPage {
  return brokerPage(200, {
    title: options.title,
    main: `<h1>${escapeHtml(options.title)}</h1>
${options.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<form method="post" action="${escapeHtml(options.action)}">${hidden('csrf', options.csrf)}
  <div class="actions">
    <button class="danger" type="submit" data-testid="${escapeHtml(options.testId)}">${escapeHtml(options.button)}</button>
    <a class="button secondary" href="/account">Cancel</a>
  </div>
</form>`,
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
    main: `<p class="muted">Version ${escapeHtml(agreement.version)}${options.current ? ' (current)' : ' (superseded)'} · published ${when(agreement.published_at)} · SHA-256 <code class="hash">${escapeHtml(agreement.sha256)}</code></p>
${problemLine(options.problem)}
<div>${agreementHtml(agreement.text)}</div>
${form}`,
  });
}
