import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * The security headers of helmet (strict CSP, HSTS, nosniff, frame and referrer policies …), computed
 * once per process (the app's hook and the MCP instance's share the frozen object). With this configuration helmet's output never varies per request (no CSP nonces),
 * so the app sets the same header object on every HTML and REST response instead of running
 * helmet's per-request hooks — which cost the MCP hot path a measured 15 points of throughput even
 * on routes that opted out (docs/benchmarks.md).
 */
export function computeSecurityHeaders(): Readonly<Record<string, string>> {
  computed ??= runHelmetOnce();
  return computed;
}

let computed: Readonly<Record<string, string>> | undefined;

function runHelmetOnce(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(OPTIONS)({} as never, res as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}
