import { Injectable, Module } from '@nestjs/common';
import { ACCESS_VERIFIER, BearerGuard, type AccessVerifier } from './bearer.guard.js';

/**
 * Where the bearer guard finds its AccessVerifier. The verifier is the OAuth module's (its access
 * policy), but the features whose routes use @RequireScopes (identity, inbox) must not import oauth
 * (the order between features, docs/architecture.md), and common imports no feature: so the OAuth
 * module, which imports BearerAuthModule, puts its verifier here when it starts.
 */
@Injectable()
export class AccessVerifierSlot implements AccessVerifier {
  private verifier?: AccessVerifier;

  /** Called once, by the module that issues the tokens. */
  provide(verifier: AccessVerifier): void {
    this.verifier = verifier;
  }

  private get current(): AccessVerifier {
    // Fails closed: without the OAuth module, every bearer route answers 500 rather than letting anyone in.
    if (!this.verifier) throw new Error('No access verifier: the OAuth module provides it when it starts.');
    return this.verifier;
  }

  get defaultScopes(): readonly string[] {
    return this.current.defaultScopes;
  }

  verify(token: string | undefined): ReturnType<AccessVerifier['verify']> {
    return this.current.verify(token);
  }

  challenge(kind: 'missing' | 'invalid_token' | 'insufficient_scope', scopes: readonly string[], description?: string): string {
    return this.current.challenge(kind, scopes, description);
  }
}

/**
 * The REST bearer door for a feature's @RequireScopes routes: import it in the feature's module
 * (the guard is instantiated there and needs ACCESS_VERIFIER).
 */
@Module({
  providers: [AccessVerifierSlot, { provide: ACCESS_VERIFIER, useExisting: AccessVerifierSlot }, BearerGuard],
  // ACCESS_VERIFIER and BearerGuard for the routes' guard; AccessVerifierSlot for the OAuth module to fill.
  exports: [ACCESS_VERIFIER, BearerGuard, AccessVerifierSlot],
})
export class BearerAuthModule {}
