import { randomUUID } from 'node:crypto';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { AppError } from '../../common/errors/app-error.js';
import { escapeHtml } from '../../common/http/html.js';
import type { HtmlPage } from '../../common/http/page.js';
import { inPlainTime } from '../../common/http/plain-time.js';
import { RegisterAgentDto } from '../dto/dmv.dto.js';
import { NON_BINDING_MESSAGE, type RegisterAgentInput, type RegistrationResult } from '../dmv.types.js';
import { dmvPage, noticeParagraph } from './dmv-layout.js';

/**
 * The DMV's registration form for people (/dmv/register): the same facade call as the REST API, so
 * the same validation, budgets and idempotency (a hidden random key makes a resubmitted form a replay,
 * never a second email). Works without JavaScript; errors appear next to their fields.
 */

export type RegisterField = 'agent_name' | 'email' | 'operator_name' | 'description';
const FIELDS: readonly RegisterField[] = ['agent_name', 'email', 'operator_name', 'description'];

export interface RegisterFormState {
  values: Partial<Record<RegisterField, string>>;
  errors: Partial<Record<RegisterField | 'form', string>>;
  idempotencyKey: string;
}

/** Pages with a form that posts to this site: the Origin header must reach it (not `no-referrer`). */
const FORM_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' };

const FIELD_MESSAGES: Record<RegisterField, string> = {
  agent_name: 'Enter the name you want: letters, digits and hyphens (up to 63), for example support-bot.',
  email: 'Enter the email address of the person responsible for this agent, for example ops@example.com.',
  operator_name: 'Enter who runs the agent (a person or organization), up to 100 characters.',
  description: 'Keep the description to 500 characters or fewer.',
};

/**
 * The form's fields checked by the REST API's own DTO rules (class-validator), each error under its
 * field. `input` is set when every field passed.
 */
export function readRegisterForm(body: unknown): RegisterFormState & { input?: RegisterAgentInput } {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values: RegisterFormState['values'] = {};
  for (const field of FIELDS) if (typeof raw[field] === 'string') values[field] = (raw[field] as string).slice(0, 2000);
  const key =
    typeof raw.idempotency_key === 'string' && /^[\x21-\x7e]{1,255}$/.test(raw.idempotency_key) ? raw.idempotency_key : randomUUID();
  const candidate = {
    agent_name: values.agent_name?.trim() ?? '',
    email: values.email?.trim() ?? '',
    operator_name: values.operator_name?.trim() ?? '',
    ...(values.description?.trim() ? { description: values.description.trim() } : {}),
  };
  const errors: RegisterFormState['errors'] = {};
  for (const error of validateSync(plainToInstance(RegisterAgentDto, candidate))) {
    const field = error.property as RegisterField;
    if (FIELDS.includes(field)) errors[field] = FIELD_MESSAGES[field];
  }
  return Object.keys(errors).length ? { values, errors, idempotencyKey: key } : { values, errors, idempotencyKey: key, input: candidate };
}

/** Where a refusal of the registration facade belongs on the form, in words. */
export function formErrorsFor(error: AppError): RegisterFormState['errors'] {
  switch (error.code) {
    case 'invalid_agent_name':
      return { agent_name: `${error.message.replace(/^Invalid agent_name: /, 'This name cannot be used: ')}` };
    case 'invalid_email':
      return { email: FIELD_MESSAGES.email };
    case 'validation_failed':
      return /operator_name/.test(error.message) ? { operator_name: FIELD_MESSAGES.operator_name } : { form: error.message };
    case 'rate_limited': {
      const retry = Number(error.headers?.['Retry-After']);
      const when = Number.isFinite(retry) ? inPlainTime(retry) : 'later';
      return error.details?.budget === 'email_daily_cap'
        ? { email: `This address has had its share of new registrations for today. Try again ${when}.` }
        : { form: `Too many registrations from your network just now. Try again ${when}; nothing was recorded.` };
    }
    case 'registration_withdrawn':
      return { agent_name: 'This name was registered with this address and then withdrawn by an operator; it cannot be recorded again.' };
    case 'idempotency_key_reused':
      return { form: 'This form was already sent with other values. Reload the page to start a new registration.' };
    default:
      return { form: error.message };
  }
}

function field(state: RegisterFormState, name: RegisterField, label: string, hint: string, attrs: string, multiline = false): string {
  const error = state.errors[name];
  const value = escapeHtml(state.values[name] ?? '');
  const described = [`${name}-hint`, error ? `${name}-error` : ''].filter(Boolean).join(' ');
  const aria = `aria-describedby="${described}"${error ? ' aria-invalid="true"' : ''}`;
  const control = multiline
    ? `<textarea id="${name}" name="${name}" rows="3" ${attrs} ${aria}>${value}</textarea>`
    : `<input id="${name}" name="${name}" value="${value}" ${attrs} ${aria}>`;
  return `<div class="field${error ? ' has-error' : ''}">
<label for="${name}">${label}</label>
<p class="hint" id="${name}-hint">${hint}</p>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>\n` : ''}${control}
</div>`;
}

/** GET /dmv/register (a fresh form), or the form again with its errors (400/429). */
export function registerFormPage(
  state: RegisterFormState = { values: {}, errors: {}, idempotencyKey: randomUUID() },
  status = 200,
): HtmlPage {
  const summary = Object.keys(state.errors).length
    ? `<div class="error-box" role="alert"><p><strong>The name was not registered.</strong> ${
        state.errors.form ? escapeHtml(state.errors.form) : 'Check the fields marked below.'
      }</p></div>\n`
    : '';
  const main = `<h1>Register a .agent name</h1>
<p>A free, non-binding pre-registration of a proposed <code>.agent</code> name. You get a certificate anyone can check,
and the contact address receives one email to confirm it.</p>
${summary}<form method="post" action="/dmv/register" novalidate>
<input type="hidden" name="idempotency_key" value="${escapeHtml(state.idempotencyKey)}">
${field(state, 'agent_name', 'Agent name', 'For example <code>support-bot</code>; it becomes <code>support-bot.agent</code>.', 'type="text" required maxlength="253" autocomplete="off" spellcheck="false" autocapitalize="none"')}
${field(state, 'email', 'Contact email', 'The person responsible; one confirmation email goes here.', 'type="email" required maxlength="254" autocomplete="email"')}
${field(state, 'operator_name', 'Who runs the agent', 'A person or an organization.', 'type="text" required maxlength="100" autocomplete="organization"')}
${field(state, 'description', 'What the agent does (optional)', 'Up to 500 characters.', 'maxlength="500"', true)}
<p class="muted">Register only names you asked for, with an address you are responsible for.</p>
<div class="actions"><button type="submit">Register the name</button><a class="button secondary" href="/dmv">Cancel</a></div>
</form>
${noticeParagraph(NON_BINDING_MESSAGE)}`;
  return { ...dmvPage(status, 'Register a .agent name', main, { narrow: true }), headers: FORM_HEADERS };
}

/** The result of a registration sent from the form. */
export function registeredPage(result: RegistrationResult, replayed: boolean): HtmlPage {
  const e = escapeHtml;
  const mail = result.email_sent
    ? '<p class="ok">We sent one email to the contact address. Open the link in it and press Confirm to verify the contact.</p>'
    : `<p class="warn">${e(result.email_note ?? 'No email was sent.')}</p>`;
  const title = result.already_recorded ? 'Already registered' : 'Name registered';
  const main = `<h1>${e(title)}: ${e(result.domain)}</h1>
${replayed ? '<p class="muted">This form had already been sent; here is the same result again (no new email).</p>\n' : ''}${mail}
<dl>
<dt>Certificate ID</dt><dd><code>${e(result.certificate_id)}</code></dd>
<dt>Agent name</dt><dd>${e(result.agent_name)}</dd>
</dl>
<div class="actions"><a class="button" href="${e(new URL(result.certificate_url).pathname)}">View the certificate</a>
<a class="button secondary" href="/dmv/register">Register another name</a></div>
${noticeParagraph(NON_BINDING_MESSAGE)}`;
  return { ...dmvPage(200, title, main, { narrow: true }), headers: { 'Cache-Control': 'no-store' } };
}
