import { FormText } from '../../common/http/form-body.js';

// The broker pages' form posts (read by FormBody: declared fields only, a missing or repeated
// field is absent and the use case answers on the page).

/** Any owner form: the session's CSRF token. */
export class CsrfForm {
  @FormText() csrf?: string;
}

/** The consent page's answer. */
export class ConsentDecisionForm extends CsrfForm {
  @FormText() transaction?: string;
  @FormText() decision?: string;
  @FormText() agent?: string;
  @FormText() agent_name?: string;
  @FormText() accept_agreement?: string;
  @FormText() return_to?: string;
}

/** A relying-party rule on the account page (policy "remove" deletes it). */
export class PolicyForm extends CsrfForm {
  @FormText() service?: string;
  @FormText() policy?: string;
}

export class EmailChangeForm extends CsrfForm {
  @FormText() new_email?: string;
}

/** The code mailed to the new address (email change) or to the owner (sign-in). */
export class CodeForm extends CsrfForm {
  @FormText() code?: string;
}

export class DeleteAccountForm extends CsrfForm {
  @FormText() confirm_email?: string;
}

export class AgreementSignForm extends CsrfForm {
  @FormText() version?: string;
  @FormText() accept_agreement?: string;
  @FormText() return_to?: string;
}

/** Forms that carry where to go afterwards (sign-out, passkey sign-in options). */
export class ReturnToForm extends CsrfForm {
  @FormText() return_to?: string;
}

export class SigninForm extends ReturnToForm {
  @FormText() email?: string;
}

/** The sign-in link's confirmation. */
export class SigninLinkForm extends CsrfForm {
  @FormText() token?: string;
}

/** A passkey ceremony's answer (the browser's JSON as text). */
export class PasskeyForm extends ReturnToForm {
  @FormText() name?: string;
  @FormText() response?: string;
}
