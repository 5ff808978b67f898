/**
 * Heuristic prompt-injection screening of Recall's free text: flags only, content is never altered.
 * Every pattern is linear-time (checked by the lint's ReDoS rule and content-rules.redos.spec.ts).
 */
// ---------------------------------------------------------------------------------------------------------------
// Prompt injection (flags only; content is never altered)
// ---------------------------------------------------------------------------------------------------------------

export type PromptInjectionFlag =
  | 'prompt_injection:ignore_instructions'
  | 'prompt_injection:role_override'
  | 'prompt_injection:system_prompt'
  | 'prompt_injection:chat_template'
  | 'prompt_injection:concealment'
  | 'prompt_injection:exfiltration'
  | 'prompt_injection:tool_invocation'
  | 'prompt_injection:image_exfiltration';

/** Start of a sentence or line, or an imperative lead-in: marks the following verb as a command. */
const IMPERATIVE = String.raw`(?:^|[.!?:;>\n][ \t]*|\b(?:please|now|immediately|you\s+(?:must|should|will))\s+)`;

// The article and extra spaces are left to the bounded class (`\s+` beside it made the split ambiguous), and
// the class excludes the punctuation that starts another match, so windows of successive starts cannot overlap.
const ACT_AS_PATTERN = new RegExp(String.raw`${IMPERATIVE}act\s+as\s[^.!?:;>\n]{1,60}?\band\s`, 'im');
const CALL_TOOL_PATTERN = new RegExp(
  String.raw`${IMPERATIVE}(?:call|invoke|execute|trigger)\s+the\s+(?:[\w\x60'"./-]+\s+){0,3}?tool\b`,
  'im',
);
/** Patterns built at run time, which the lint's ReDoS check cannot see; a test checks them with recheck. */
export const CONSTRUCTED_CONTENT_PATTERNS: readonly RegExp[] = [ACT_AS_PATTERN, CALL_TOOL_PATTERN];

const INJECTION_RULES: ReadonlyArray<{ flag: PromptInjectionFlag; patterns: RegExp[] }> = [
  {
    flag: 'prompt_injection:ignore_instructions',
    patterns: [
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:(?:all|of|the|your|my|these|those|any|every)\s+){0,3}(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|developer)\s+(?:instructions?|prompts?|directions?|directives?|rules|guidelines|guardrails|constraints|commands?|context|messages?)\b/i,
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+(?:of\s+)?)?(?:all|your)\s+(?:instructions|prompts?|directives|guidelines|guardrails)\b/i,
      /\b(?:disregard|forget)\s+(?:(?:all|everything|anything)\s+)?(?:(?:of|in)\s+)?(?:the\s+|what\s+is\s+|what's\s+)?(?:above|said\s+above|written\s+above)\b/i,
      /\bignore\s+(?:everything|anything|all)\s+(?:(?:written|said|stated)\s+)?(?:above|before\s+this|prior\s+to\s+this)\b/i,
    ],
  },
  {
    flag: 'prompt_injection:role_override',
    patterns: [
      /\byou\s+are\s+now\s+(?:an?\s+|the\s+|in\s+|my\s+)?(?:(?:unrestricted|unfiltered|uncensored|jailbroken|evil|no\s+longer)\b|dan\b|(?:developer|god|admin|root|jailbreak|debug|sudo)\s+mode\b)/i,
      // Bounded: a start needs "you are now a/the/my" and scans at most 60 characters; recheck's fuzzer reports the
      // overlap of such windows as polynomial. Timed on adversarial input in content-rules.redos.spec.ts.
      // eslint-disable-next-line redos/no-vulnerable
      /\byou\s+are\s+now\s+(?:an?|the|my)\s[^.!?\n]{0,60}?\b(?:assistant|ai|model|agent|bot|persona|character)\b/i,
      /\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|shall|should)\b/i,
      /\byou\s+are\s+no\s+longer\s+(?:an?\s+|bound|restricted|limited|required|claude|chatgpt|gpt)/i,
      ACT_AS_PATTERN,
      /\bpretend\s+(?:that\s+)?you\s+are\b/i,
      /\b(?:developer|god|dan|jailbreak)\s+mode\s+(?:enabled|activated|on)\b/i,
    ],
  },
  {
    flag: 'prompt_injection:system_prompt',
    patterns: [
      /\b(?:reveal|print|show|output|repeat|leak|disclose|display|dump|recite|tell\s+me|give\s+me|share)\s+(?:me\s+)?(?:your|the)\s+(?:(?:full|entire|complete|original|hidden|secret|initial|exact)\s+){0,3}system\s+(?:prompt|message)\b/i,
      /\b(?:reveal|print|show|output|repeat|leak|disclose|display|dump|recite|tell\s+me|give\s+me|share)\s+(?:me\s+)?your\s+(?:(?:full|entire|complete|original|hidden|secret|initial|exact)\s+){0,3}(?:instructions|prompt)\b/i,
      /\b(?:new|updated|override|overriding|replace|replacing|real|actual)\s+(?:(?:the|your)\s+)?system\s+(?:prompt|message|instructions)\b/i,
      // Per line with `m`: `(?:^|\n)\s*` let every newline of a long run start a rescan of the run (quadratic).
      /^[ \t]*(?:#+[ \t]*|\[|\*\*)?system\s+(?:prompt|message|instructions?)[ \t]*(?:(?:\]|\*\*)[ \t]*)?:/im,
      /\b(?:begin|start|end)\s+(?:of\s+)?system\s+prompt\b/i,
    ],
  },
  {
    flag: 'prompt_injection:chat_template',
    patterns: [
      /<\|[a-z_]{2,30}\|>/i, // <|im_start|>, <|im_end|>, <|system|>, <|endoftext|>, <|eot_id|> ...
      /<\s*(?:\/\s*)?system\s*>/i,
      /\[\/?INST\]/,
      /<<\/?SYS>>/,
      /<\/?(?:start|end)_of_turn>/,
    ],
  },
  {
    flag: 'prompt_injection:concealment',
    patterns: [
      /\b(?:do\s+not|don't|dont|never|without)\s+(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing|notify|notifying|alert|alerting)\s+(?:(?:this|it|anything|that)\s+(?:to\s+)?)?(?:the|your)\s+(?:user|human|operator|owner)s?\b/i,
      /\b(?:do\s+not|don't|dont|never|without)\s+(?:let|letting)\s+(?:the|your)\s+(?:user|human|operator|owner)s?\s+know\b/i,
      /\b(?:keep\s+(?:this|it)\s+(?:secret|hidden)|hide\s+(?:this|it))\s+from\s+(?:the|your)\s+(?:user|human|operator|owner)s?\b/i,
    ],
  },
  {
    flag: 'prompt_injection:exfiltration',
    patterns: [
      /\bexfiltrat(?:e|ing)\b/i,
      /(?<!\b(?:never|not|don't|dont)\s{1,3})\b(?:send|post|upload|forward|transmit|leak|email)\s+(?:(?:all|any|the|your|its|their|every)\s+)*(?:(?:api|access|secret|private|session|auth|bearer)\s+)?(?:keys?|tokens?|credentials?|secrets?|passwords?|env(?:ironment)?\s+variables|\.env|cookies|conversation(?:\s+history)?|chat\s+history|system\s+prompt)\s+to\b/i,
    ],
  },
  {
    flag: 'prompt_injection:tool_invocation',
    patterns: [CALL_TOOL_PATTERN, /<\/?(?:tool_call|tool_use|function_calls?|tool_calls)\b/i, /<invoke\s+name\s*=/i, /"tool_calls"\s*:/],
  },
  {
    flag: 'prompt_injection:image_exfiltration',
    patterns: [
      // ![alt](https://evil.example/p.png?d=...) renders as an automatic request carrying data in the query.
      // Classes exclude the characters that start another match, so overlapping starts cannot rescan a window.
      /!\[[^[\]\n]{0,500}\]\(\s*<?https?:\/\/[^\s()?[\]]{1,500}\?[^\s()=[\]]{0,2000}=/i,
      /<img\s(?:[^<>]{0,500}\s)?src\s*=\s*["']?https?:\/\/[^\s"'<>?]{1,500}\?[^\s"'<>=]{0,2000}=/i,
    ],
  },
];

/**
 * Heuristic prompt-injection screening. Never alters content; returns de-duplicated flags in a stable order,
 * e.g. `['prompt_injection:ignore_instructions', 'prompt_injection:role_override']`, or `[]`.
 */
export function detectPromptInjection(s: string): PromptInjectionFlag[] {
  const text = s.normalize('NFKC').replace(/\r\n?/g, '\n');
  const flags: PromptInjectionFlag[] = [];
  for (const rule of INJECTION_RULES) {
    if (rule.patterns.some((p) => p.test(text))) flags.push(rule.flag);
  }
  return flags;
}
