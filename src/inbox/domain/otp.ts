/**
 * One-time-code detection, written by hand: no maintained library finds codes in free text
 * (mailparser's parseOtpToken reads only the OTP-Token header of the draft standard, which we use
 * first). Candidates are digit runs of 4-8 (and `123 456` / `123-456` split codes) plus short
 * letter-digit codes; each is scored by how close it sits to a code keyword in any of the
 * supported languages (English, German, French, Spanish, Italian, Portuguese, Dutch) and rejected
 * outright when it is a year, a date, a time, a price, a phone number, an order/invoice/tracking
 * number or a CSS colour.
 */

export interface OtpCandidate {
  code: string;
  confidence: number;
}

export interface OtpDetection {
  /** The code, or null when none was found or the best two are too close to call. */
  code: string | null;
  confidence: number;
  /** Every plausible candidate, best first (more than one when ambiguous). */
  candidates: OtpCandidate[];
}

const KEYWORDS = [
  // English
  'code',
  'otp',
  'one-time',
  'one time',
  'passcode',
  'pass code',
  'pin',
  'verification',
  'verify',
  'security code',
  'login code',
  'sign-in code',
  'signin code',
  'confirmation code',
  'confirm',
  'authentication',
  '2fa',
  'two-factor',
  'token',
  // German
  'bestätigungscode',
  'sicherheitscode',
  'einmalcode',
  'einmalpasswort',
  'verifizierungscode',
  'anmeldecode',
  'bestätigen',
  'bestätigung',
  'zugangscode',
  'prüfcode',
  'tan',
  // French
  'vérification',
  'verification',
  'code de sécurité',
  'à usage unique',
  'confirmation',
  'connexion',
  'code d’accès',
  "code d'accès",
  // Spanish
  'código',
  'codigo',
  'verificación',
  'verificacion',
  'confirmación',
  'de un solo uso',
  'clave',
  // Italian, Portuguese, Dutch
  'codice',
  'verifica',
  'código de verificação',
  'verificação',
  'verificatiecode',
  'bevestigingscode',
  'inlogcode',
];

// Words that make a nearby number something other than a code. Only ever tested on the few words before
// a candidate (at most 40 characters, see rejection()); recheck's fuzzer finds the overlap of `\s*` and
// `\W*` polynomial, which on 40 characters is nothing. Timed on adversarial input in inbox-text.redos.spec.ts.
const NOT_CODE_CONTEXT =
  // eslint-disable-next-line redos/no-vulnerable
  /((?:promo|coupon|discount|voucher|gift|rabatt|gutschein|cupón|descuento|réduction)\s*(?:code|código|kode)?|order|bestellung|bestellnummer|commande|pedido|ordine|encomenda|bestelling|invoice|rechnung|facture|factura|fattura|fatura|factuur|receipt|quittung|reçu|recibo|tracking|sendungsnummer|suivi|seguimiento|ticket|booking|buchung|réservation|reserva|prenotazione|account\s*(?:no|number|#)|kundennummer|customer\s*(?:no|number|id)|numéro\s+de\s+client|reference|referenz|référence|referencia|ref\.?|case\s*(?:no|number|#)|vorgangsnummer|artikel|article|item|sku|iban|bic|plz|zip|postal|postcode|code\s+postal|código\s+postal|flight|flug|vol\b|vuelo|seat|room|zimmer|chambre|habitación|order\s*id|transaction|transaktion|membership|mitgliedsnummer|tel\.?|telefon|phone|call|fax|téléphone|teléfono|llame|llámenos|appelez|anrufen|hotline|whatsapp|sms\s+to)\W*$/i;
const CURRENCY_BEFORE = /(?:[$€£¥₹]|usd|eur|gbp|chf|sek|nok|dkk|pln|mxn|cad|aud|r\$)\s*$/i;
const CURRENCY_AFTER =
  /^\s*(?:[$€£¥₹]|usd|eur|gbp|chf|sek|nok|dkk|pln|mxn|cad|aud|euros?|dollars?|pesos?|kr\b|zł|%|pts?\b|points|punkte|km\b|kg\b|mb\b|gb\b|x\b)/i;
const MONTHS =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|august|september|oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\w*\.?/i;

const CANDIDATE =
  /(?<![\w#+$€£¥@./:,-])(\d{3}[ -]\d{3}|\d{4,8}|(?=[A-Z0-9]{6,8}\b)(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,8})(?![\w/:@%€$£¥]|[.,-]\d)/g;

/** One pattern per keyword, compiled once: the keyword as a whole word (no letter either side). */
const KEYWORD_PATTERNS = KEYWORDS.map(
  (keyword) => new RegExp(`(?<![\\p{L}])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'giu'),
);

/** How many code-like numbers of a message are scored at most (the subject's first). */
const MAX_CANDIDATES = 100;

/** Characters between the candidate and the nearest keyword within 120 before or 60 after (Infinity when none). */
function keywordDistance(text: string, index: number, length: number): number {
  const before = text.slice(Math.max(0, index - 120), index).toLowerCase();
  const after = text.slice(index + length, index + length + 60).toLowerCase();
  let best = Infinity;
  for (const re of KEYWORD_PATTERNS) {
    for (const match of before.matchAll(re)) best = Math.min(best, before.length - (match.index + match[0].length));
    re.lastIndex = 0;
    const inAfter = re.exec(after);
    if (inAfter) best = Math.min(best, inAfter.index + 10);
  }
  return best;
}

function looksLikeYear(digits: string): boolean {
  return digits.length === 4 && /^(19|20)\d\d$/.test(digits);
}

function looksLikeCompactDate(digits: string): boolean {
  if (digits.length !== 8) return false;
  const y = Number(digits.slice(0, 4));
  const m = Number(digits.slice(4, 6));
  const d = Number(digits.slice(6, 8));
  if (y >= 1990 && y <= 2099 && m >= 1 && m <= 12 && d >= 1 && d <= 31) return true;
  const d2 = Number(digits.slice(0, 2));
  const m2 = Number(digits.slice(2, 4));
  const y2 = Number(digits.slice(4, 8));
  return y2 >= 1990 && y2 <= 2099 && m2 >= 1 && m2 <= 12 && d2 >= 1 && d2 <= 31;
}

/**
 * Whether `before` ends like `+49 (0) ` or `(555) `: `[+(]`, spaces, digits, then spaces, `)` or `-`.
 * Scanned from the end (the regex /[+(]\s*\d*[ \t)-]*$/ backtracks); greedy is exact here, because
 * the trailing class and the digits never overlap, and what it takes of the spaces `\s*` would take.
 */
function endsInPhonePrefix(before: string): boolean {
  let i = before.length;
  while (i > 0 && ' \t)-'.includes(before[i - 1])) i--;
  while (i > 0 && before[i - 1] >= '0' && before[i - 1] <= '9') i--;
  while (i > 0 && /\s/.test(before[i - 1])) i--;
  return i > 0 && (before[i - 1] === '+' || before[i - 1] === '(');
}

/** Why a candidate is not a code, or undefined when it may be one. */
function rejection(text: string, index: number, raw: string): string | undefined {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(index + raw.length, index + raw.length + 20);
  const digits = raw.replace(/[ -]/g, '');
  if (looksLikeYear(digits)) return 'year';
  if (looksLikeCompactDate(digits)) return 'date';
  if (/#\s*$/.test(before)) return 'hash-number'; // CSS colour, order or ticket number
  if (/(\d[ \t]*[-/.][ \t]*|\d )$/.test(before) || /^[ \t]*[-/.][ \t]*\d/.test(after) || /^ \d{2,}/.test(after)) return 'number-group';
  if (endsInPhonePrefix(before)) return 'phone';
  if (MONTHS.test(after.slice(0, 12).trim().split(/\s/)[0] ?? '') && /^\s+\p{L}/u.test(after)) return 'date';
  if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) return 'price';
  if (/^\s*(?:uhr|h\b|am\b|pm\b|hrs?\b)/i.test(after)) return 'time';
  if (/^ [A-Z][a-z]+ (?:St|Street|Ave|Avenue|Blvd|Road|Rd|Way|Lane|Drive|Dr|Place|Pl)\b/.test(after) || /\b[A-Z]{2} $/.test(before)) {
    return 'address';
  }
  const tail = before.replace(/\s+/g, ' ').replace(/(?:\b(?:is|ist|lautet|est|es|è|é|was|are|war|était)\b|[:=])\s*$/i, '');
  if (
    NOT_CODE_CONTEXT.test(tail.replace(/[:#№°]|\bnr\.?|\bno\.?|\bn°|\bnumber|\bnummer|\bnuméro|\bnúmero|\bid\b/gi, ' ').trimEnd() + ' ')
  ) {
    return 'labelled-number';
  }
  if (NOT_CODE_CONTEXT.test(tail)) return 'labelled-number';
  return undefined;
}

function scoreCandidate(text: string, index: number, raw: string, inSubject: boolean, subjectHasKeyword: boolean): number {
  const digits = raw.replace(/[ -]/g, '');
  const isNumeric = /^\d+$/.test(digits);
  let score = isNumeric ? (digits.length === 6 ? 0.45 : digits.length === 8 ? 0.25 : 0.3) : 0.2;
  if (raw.includes(' ') || raw.includes('-')) score -= 0.05;
  const distance = keywordDistance(text, index, raw.length);
  if (distance <= 40) score += 0.4;
  else if (distance <= 120) score += 0.25;
  else if (!isNumeric) return 0; // letter-digit codes only next to a keyword
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const lineEndRaw = text.indexOf('\n', index + raw.length);
  const line = text.slice(lineStart, lineEndRaw === -1 ? undefined : lineEndRaw).trim();
  if (line === raw || /^[\s*:>»-]*$/.test(line.replace(raw, ''))) score += 0.15;
  if (/(?:\b(?:is|ist|lautet|est|es|è|é|é:|is:)|:)\s*$/i.test(text.slice(Math.max(0, index - 12), index)) && distance <= 40) score += 0.1;
  if (subjectHasKeyword) score += 0.1;
  if (inSubject) score += 0.1;
  return Math.min(0.99, Math.round(score * 100) / 100);
}

/**
 * The code of a line `@example.com #123456` (the WebOTP / SMS origin-bound format), read line by line:
 * one pattern over the whole body (`(?:^|\n)\s*@[a-z0-9.-]+\.[a-z]{2,}\s+#…`) backtracks on blank lines
 * and on dotted names.
 */
function domainBoundCode(body: string): string | undefined {
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('@')) continue;
    const space = line.search(/\s/);
    if (space < 0) continue;
    const host = line.slice(1, space);
    const dot = host.lastIndexOf('.');
    const code = /^#([A-Za-z0-9]{4,10})$/.exec(line.slice(space).trimStart());
    if (code && dot > 0 && /^[a-z0-9.-]+$/i.test(host) && /^[a-z]{2,}$/i.test(host.slice(dot + 1))) return code[1];
  }
  return undefined;
}

/**
 * Finds the one-time code of a message.
 * @param subject the Subject header
 * @param text the text body (HTML already converted to text)
 * @param headerOtp a code from the OTP-Token header (mailparser), which wins outright
 */
export function detectOtp(subject: string, text: string, headerOtp?: string): OtpDetection {
  if (headerOtp) return { code: headerOtp, confidence: 0.99, candidates: [{ code: headerOtp, confidence: 0.99 }] };
  const body = text.length > 20_000 ? text.slice(0, 20_000) : text;
  // Domain-bound codes (the WebOTP / SMS format, "@example.com #123456") are explicit.
  const bound = domainBoundCode(body);
  if (bound) return { code: bound, confidence: 0.99, candidates: [{ code: bound, confidence: 0.99 }] };

  const subjectHasKeyword = keywordDistance(subject, subject.length, 0) < Infinity;
  const scores = new Map<string, number>();
  // A number labelled as an order, booking or customer number anywhere is not a code anywhere.
  const labelled = new Set<string>();
  let scored = 0;
  const scan = (source: string, inSubject: boolean) => {
    for (const match of source.matchAll(CANDIDATE)) {
      // A message with hundreds of code-like numbers (a table, a log) is not a one-time-code mail, and
      // scoring each near the keywords cost 65 ms of one event-loop turn in `npm run fuzz`.
      if (++scored > MAX_CANDIDATES) return;
      const raw = match[1];
      const why = rejection(source, match.index, raw);
      if (why === 'labelled-number' || why === 'hash-number') labelled.add(raw.replace(/[ -]/g, ''));
      if (why) continue;
      const score = scoreCandidate(source, match.index, raw, inSubject, subjectHasKeyword);
      if (score <= 0) continue;
      const code = raw.replace(/[ -]/g, '');
      const previous = scores.get(code);
      // The same code seen twice (subject and body) is more likely the one.
      scores.set(code, previous === undefined ? score : Math.min(0.99, Math.max(previous, score) + 0.05));
    }
  };
  scan(subject, true);
  scan(body, false);
  const candidates = [...scores.entries()]
    .filter(([code]) => !labelled.has(code))
    .map(([code, confidence]) => ({ code, confidence }))
    .filter((c) => c.confidence >= 0.5)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, 5);
  if (candidates.length === 0) return { code: null, confidence: 0, candidates: [] };
  const [best, second] = candidates;
  if (best.confidence < 0.7 || (second && best.confidence - second.confidence < 0.1)) {
    return { code: null, confidence: best.confidence, candidates };
  }
  return { code: best.code, confidence: best.confidence, candidates };
}
