// @ts-check
/**
 * Passkeys on the broker's pages (src/oauth/views/passkey-parts.ts), served as /assets/passkeys.js
 * under the strict CSP (`script-src 'self'`). Plain ES2019 in an IIFE, type-checked with
 * `tsc -p assets` and linted; it only talks to its own origin.
 *
 * - Sign-in page: shows the passkey button (primary once this browser has signed in with or added a
 *   passkey: the non-secret `agentry_has_passkey` cookie), offers passkeys in the email field's
 *   autofill where the browser supports conditional mediation, and posts the browser's answer in a
 *   plain form so the server answers exactly as after an email sign-in (cookie + redirect).
 * - Account page: creates a passkey and posts the answer with its name in a plain form.
 * Without WebAuthn (or without JavaScript) nothing of this shows and email sign-in is untouched.
 */

(function () {
  'use strict';

  /** @typedef {{ id: string, transports?: string[] }} CredentialDescriptorJson */
  /**
   * @typedef {{ challenge: string, rpId?: string, timeout?: number, userVerification?: UserVerificationRequirement,
   *   allowCredentials?: CredentialDescriptorJson[] }} RequestOptionsJson
   */
  /**
   * @typedef {{ challenge: string, rp: { id?: string, name: string }, user: { id: string, name: string, displayName: string },
   *   pubKeyCredParams: { alg: number, type: 'public-key' }[], timeout?: number, attestation?: AttestationConveyancePreference,
   *   excludeCredentials?: CredentialDescriptorJson[], authenticatorSelection?: AuthenticatorSelectionCriteria }} CreationOptionsJson
   */

  if (typeof window.PublicKeyCredential !== 'function' || !window.navigator.credentials) {
    var unsupported = document.getElementById('passkey-add-unsupported');
    if (unsupported && document.getElementById('passkey-add-form')) unsupported.hidden = false;
    return;
  }

  /** @param {string} text @returns {ArrayBuffer} */
  function fromB64url(text) {
    var b64 = text.replace(/-/g, '+').replace(/_/g, '/');
    while (b64.length % 4) b64 += '=';
    var binary = window.atob(b64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  /** @param {ArrayBuffer} buffer @returns {string} */
  function toB64url(buffer) {
    var bytes = new Uint8Array(buffer);
    var binary = '';
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return window.btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  /** @param {CredentialDescriptorJson[] | undefined} list @returns {PublicKeyCredentialDescriptor[]} */
  function descriptors(list) {
    return (list || []).map(function (c) {
      return { type: 'public-key', id: fromB64url(c.id), transports: /** @type {AuthenticatorTransport[]} */ (c.transports || []) };
    });
  }

  /** @param {RequestOptionsJson} json @returns {PublicKeyCredentialRequestOptions} */
  function requestOptions(json) {
    return {
      challenge: fromB64url(json.challenge),
      rpId: json.rpId,
      timeout: json.timeout,
      userVerification: json.userVerification,
      allowCredentials: descriptors(json.allowCredentials),
    };
  }

  /** @param {CreationOptionsJson} json @returns {PublicKeyCredentialCreationOptions} */
  function creationOptions(json) {
    return {
      challenge: fromB64url(json.challenge),
      rp: json.rp,
      user: { id: fromB64url(json.user.id), name: json.user.name, displayName: json.user.displayName },
      pubKeyCredParams: json.pubKeyCredParams,
      timeout: json.timeout,
      attestation: json.attestation,
      excludeCredentials: descriptors(json.excludeCredentials),
      authenticatorSelection: json.authenticatorSelection,
    };
  }

  /** @param {PublicKeyCredential} credential */
  function assertionJson(credential) {
    var response = /** @type {AuthenticatorAssertionResponse} */ (credential.response);
    return {
      id: credential.id,
      rawId: toB64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: {
        clientDataJSON: toB64url(response.clientDataJSON),
        authenticatorData: toB64url(response.authenticatorData),
        signature: toB64url(response.signature),
        userHandle: response.userHandle ? toB64url(response.userHandle) : undefined,
      },
    };
  }

  /** @param {PublicKeyCredential} credential */
  function attestationJson(credential) {
    var response = /** @type {AuthenticatorAttestationResponse} */ (credential.response);
    return {
      id: credential.id,
      rawId: toB64url(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults(),
      response: {
        clientDataJSON: toB64url(response.clientDataJSON),
        attestationObject: toB64url(response.attestationObject),
        transports: typeof response.getTransports === 'function' ? response.getTransports() : [],
      },
    };
  }

  /**
   * A JSON POST to this origin; rejects with the server's own message.
   * @param {string} url @param {Record<string, string>} body @returns {Promise<any>}
   */
  function postJson(url, body) {
    return window
      .fetch(url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      })
      .then(function (res) {
        return res
          .json()
          .catch(function () {
            return {};
          })
          .then(function (/** @type {any} */ data) {
            if (!res.ok) throw new Error(data && data.message ? String(data.message) : 'The server refused (HTTP ' + res.status + ').');
            return data;
          });
      });
  }

  /** @param {unknown} error @returns {string} */
  function describe(error) {
    var name = error && typeof error === 'object' && 'name' in error ? String(/** @type {{ name: unknown }} */ (error).name) : '';
    if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out. Try again, or use email.';
    if (name === 'InvalidStateError') return 'This device already holds a passkey for your account.';
    if (name === 'AbortError') return '';
    return error instanceof Error && error.message ? error.message : 'Something went wrong with the passkey. Try again, or use email.';
  }

  /** @param {HTMLElement | null} element @param {string} text @param {boolean} problem */
  function say(element, text, problem) {
    if (!element) return;
    element.textContent = text;
    element.className = problem ? 'problem' : 'muted';
  }

  // ---- sign-in -------------------------------------------------------------------------------
  var section = document.getElementById('passkey-signin');
  var signinForm = /** @type {HTMLFormElement | null} */ (document.getElementById('passkey-signin-form'));
  var signinField = /** @type {HTMLInputElement | null} */ (document.getElementById('passkey-signin-response'));
  var signinButton = document.getElementById('passkey-signin-button');
  if (section && signinForm && signinField && signinButton) {
    var form = signinForm;
    var field = signinField;
    var status = document.getElementById('passkey-signin-status');
    var returnTo = section.getAttribute('data-return-to') || '/account';
    /** @type {AbortController | null} */
    var autofill = null;
    var submitted = false;

    section.hidden = false;
    // The first choice once this browser has used a passkey here.
    if (/(?:^|;\s*)agentry_has_passkey=1(?:;|$)/.test(document.cookie)) signinButton.className = '';

    /** @param {Credential | null} credential */
    var finish = function (credential) {
      if (!credential || submitted) return;
      submitted = true;
      field.value = JSON.stringify(assertionJson(/** @type {PublicKeyCredential} */ (credential)));
      say(status, 'Signing you in…', false);
      form.submit();
    };

    signinButton.addEventListener('click', function () {
      if (autofill) autofill.abort();
      autofill = null;
      say(status, 'Waiting for your passkey…', false);
      postJson('/signin/passkey/options', { return_to: returnTo })
        .then(function (json) {
          return window.navigator.credentials.get({ publicKey: requestOptions(json) });
        })
        .then(finish)
        .catch(function (error) {
          say(status, describe(error), true);
        });
    });

    // Autofill (conditional mediation): the email field, marked `username webauthn`, lists passkeys.
    var pkc = /** @type {{ isConditionalMediationAvailable?: () => Promise<boolean> }} */ (
      /** @type {unknown} */ (window.PublicKeyCredential)
    );
    if (typeof pkc.isConditionalMediationAvailable === 'function') {
      pkc
        .isConditionalMediationAvailable()
        .then(function (available) {
          if (!available) return null;
          var controller = new window.AbortController();
          autofill = controller;
          return postJson('/signin/passkey/options', { return_to: returnTo }).then(function (json) {
            if (controller.signal.aborted) return null;
            return window.navigator.credentials.get({
              publicKey: requestOptions(json),
              mediation: 'conditional',
              signal: controller.signal,
            });
          });
        })
        .then(finish)
        .catch(function () {
          // Autofill is a convenience: the button and email remain.
        });
    }
  }

  // ---- account page: add a passkey ------------------------------------------------------------
  var addForm = /** @type {HTMLFormElement | null} */ (document.getElementById('passkey-add-form'));
  var addField = /** @type {HTMLInputElement | null} */ (document.getElementById('passkey-add-response'));
  if (addForm && addField) {
    var theForm = addForm;
    var theField = addField;
    var addStatus = document.getElementById('passkey-add-status');
    var csrfInput = /** @type {HTMLInputElement | null} */ (theForm.querySelector('input[name="csrf"]'));
    theForm.hidden = false;
    theForm.addEventListener('submit', function (event) {
      event.preventDefault();
      say(addStatus, 'Follow your browser to create the passkey…', false);
      postJson('/account/passkeys/options', { csrf: csrfInput ? csrfInput.value : '' })
        .then(function (json) {
          return window.navigator.credentials.create({ publicKey: creationOptions(json) });
        })
        .then(function (credential) {
          if (!credential) throw new Error('No passkey was created.');
          theField.value = JSON.stringify(attestationJson(/** @type {PublicKeyCredential} */ (credential)));
          say(addStatus, 'Saving…', false);
          theForm.submit();
        })
        .catch(function (error) {
          say(addStatus, describe(error), true);
        });
    });
  }
})();
