// The packages the server loads at first use, not at boot (mail parsing and authentication, passkeys,
// secret scanning, pretty logs, Redis): eslint.config.mjs forbids static imports of them, and
// scripts/bundle.mjs keeps them out of the server bundle.
export const LAZY_PACKAGES = [
  'mailparser',
  'mailauth',
  'smtp-server',
  'html-to-text',
  '@simplewebauthn/server',
  '@secretlint/core',
  '@secretlint/profiler',
  '@secretlint/secretlint-rule-preset-recommend',
  'pino-pretty',
  'ioredis',
];
