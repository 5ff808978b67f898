// SMTP fuzzing for bench/fuzz.mjs: malformed MIME sent into the inbound listener over raw SMTP
// (broken boundaries, huge headers, bad transfer encodings and charsets, deep nested multiparts,
// 8-bit bytes and NUL in headers, lone surrogates in encoded words, forged bounces, garbage).
// A message the listener cannot store must be stored sanitized or refused permanently (5xx): a
// 4xx at DATA other than a full mailbox (452 4.2.2) is a poison message — the sender retries for days.
import net from 'node:net';

/** One SMTP transaction over a raw socket; resolves with the replies (the DATA one last) or { error }. */
export function smtpTransaction(port, { helo, from, rcpts, data }, timeoutMs = 30_000) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const replies = [];
    let buffer = '';
    let step = 0;
    const lines = [`EHLO ${helo}`, `MAIL FROM:<${from}>`, ...rcpts.map((r) => `RCPT TO:<${r}>`), 'DATA'];
    const done = (result) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done({ replies, error: 'timeout' }), timeoutMs);
    socket.on('error', (e) => done({ replies, error: e.message }));
    socket.on('close', () => done({ replies, error: replies.length ? 'closed' : 'closed before greeting' }));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        const match = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer);
        if (!match) return;
        const end = match.index + match[0].length;
        const reply = buffer.slice(0, end).trim();
        buffer = buffer.slice(end);
        if (step > 0) replies.push(reply);
        const code = Number(reply.split('\n').at(-1).slice(0, 3));
        if (step === 0 && code !== 220) return done({ replies: [reply], error: 'refused at greeting' });
        if (step <= lines.length - 1) {
          socket.write(`${lines[step]}\r\n`);
          step++;
        } else if (step === lines.length) {
          // The DATA reply: 354 → send the body; anything else ends the transaction.
          if (code !== 354) return done({ replies });
          socket.write(Buffer.concat([dotStuff(data), Buffer.from('\r\n.\r\n')]));
          step++;
        } else {
          socket.write('QUIT\r\n');
          return done({ replies });
        }
      }
    });
  });
}

/** SMTP dot-stuffing on a Buffer: a line that starts with "." gets another one; the body ends with CRLF. */
function dotStuff(data) {
  const text = data.toString('latin1').replace(/(^|\n)\./g, '$1..');
  return Buffer.from(text.endsWith('\r\n') ? text.slice(0, -2) : text, 'latin1');
}

const latin1 = (s) => Buffer.from(s, 'latin1');
const utf8 = (s) => Buffer.from(s, 'utf8');

/** One malformed (or merely odd) message to `to`; returns { kind, data: Buffer, from, helo }. */
export function malformedMessage(g, to, ctx) {
  const head = (extra = []) => [`From: Fuzz <fuzz@sender.example>`, `To: ${to}`, `Subject: fuzz ${g.int(1e6)}`, ...extra].join('\r\n');
  const kinds = [
    'broken-boundary',
    'huge-header',
    'many-headers',
    'bad-encoding',
    'nested-multipart',
    'eight-bit-header',
    'nul',
    'surrogates',
    'forged-bounce',
    'garbage',
    'bad-date',
    'message-rfc822',
  ];
  const kind = g.pick(kinds);
  let data;
  switch (kind) {
    case 'broken-boundary': {
      const b = g.pick(['b', '"unterminated', '', 'a'.repeat(200), '--', 'x y']);
      data = utf8(
        [
          head(['MIME-Version: 1.0', `Content-Type: multipart/${g.pick(['mixed', 'alternative', 'related'])}; boundary=${b}`]),
          '',
          `--${g.pick([b, 'other', ''])}`,
          'Content-Type: text/plain',
          '',
          'part one',
          `--${b}`,
          g.int(2) ? 'Content-Type: text/html' : '',
          '',
          '<p>part two',
          g.int(2) ? `--${b}--` : `--${b}`,
          'trailing',
        ].join('\r\n'),
      );
      break;
    }
    case 'huge-header': {
      const size = g.pick([1000, 20_000, 70_000, 200_000]);
      data = utf8(`${head([`X-Huge: ${'h'.repeat(size)}`, `Subject: ${'s'.repeat(Math.min(size, 50_000))}`])}\r\n\r\nbody`);
      break;
    }
    case 'many-headers': {
      const n = g.pick([100, 1000, 5000]);
      data = utf8(
        `${head(
          Array.from(
            { length: n },
            (_, i) =>
              `X-H${i}: ${g
                .str()
                .slice(0, 20)
                .replace(/[\r\n]/g, ' ')}`,
          ),
        )}\r\n\r\nbody`,
      );
      break;
    }
    case 'bad-encoding': {
      const cte = g.pick(['base64', 'quoted-printable', 'x-uuencode', '7bit', 'binary', 'bogus']);
      const charset = g.pick(['utf-8', 'iso-2022-jp', 'x-unknown', 'utf-16', 'utf-7', '"; ']);
      const body = g.pick([
        '!!!not base64!!!',
        '=ZZ=\r\n=4',
        '=?utf-8?B?@@@?=',
        Buffer.from([0xff, 0xfe, 0x00, 0xd8]).toString('latin1'),
        g.str(),
      ]);
      data = latin1(
        `${head(['MIME-Version: 1.0', `Content-Type: text/plain; charset=${charset}`, `Content-Transfer-Encoding: ${cte}`, 'Subject: =?x-unknown?Q?=FF=FE?= =?utf-8?B?####?='])}\r\n\r\n${body}`,
      );
      break;
    }
    case 'nested-multipart': {
      const depth = g.pick([5, 50, 300]);
      let body = 'Content-Type: text/plain\r\n\r\ninnermost code 123456';
      for (let i = depth; i > 0; i--) body = `Content-Type: multipart/mixed; boundary=n${i}\r\n\r\n--n${i}\r\n${body}\r\n--n${i}--`;
      data = utf8(`${head(['MIME-Version: 1.0'])}\r\n${body}`);
      break;
    }
    case 'eight-bit-header': {
      const bytes = Buffer.from(Array.from({ length: 1 + g.int(60) }, () => 0x80 + g.int(128)));
      data = Buffer.concat([
        latin1(`From: "`),
        bytes,
        latin1(`" <fuzz@sender.example>\r\nTo: ${to}\r\nSubject: `),
        bytes,
        latin1(`\r\nContent-Disposition: attachment; filename="`),
        bytes,
        latin1(`"\r\n\r\nbody `),
        bytes,
      ]);
      break;
    }
    case 'nul':
      data = utf8(
        [
          `From: "\u0000${g.str().slice(0, 10)}" <x@y.example>`,
          `To: ${to}`,
          'Subject: a\u0000b',
          'Content-Type: multipart/mixed; boundary="z"',
          '',
          '--z',
          'Content-Type: text/plain',
          '',
          'nul \u0000 in the body',
          '--z',
          'Content-Disposition: attachment; filename="n\u0000l.txt"',
          '',
          'x',
          '--z--',
        ].join('\r\n'),
      );
      break;
    case 'surrogates':
      data = utf8(
        [
          'From: "=?UTF-16BE?B?2AA=?=" <x@y.example>',
          `To: ${to}`,
          'Subject: =?UTF-16BE?B?AEHcAA==?= =?UTF-16LE?B?ANg=?=',
          'Content-Type: multipart/mixed; boundary="s"',
          '',
          '--s',
          'Content-Type: text/plain; charset=utf-16be',
          'Content-Transfer-Encoding: base64',
          '',
          Buffer.from([0xd8, 0x00, 0x00, 0x41]).toString('base64'),
          '--s',
          "Content-Disposition: attachment; filename*=utf-16be''%D8%00%00a",
          '',
          'x',
          '--s--',
        ].join('\r\n'),
      );
      break;
    case 'forged-bounce': {
      const ref = ctx.messageIds.length && g.int(2) ? `<${g.pick(ctx.messageIds)}@x>` : `<${g.int(1e9)}@forged.example>`;
      data = utf8(
        [
          'From: MAILER-DAEMON@remote.example',
          `To: ${to}`,
          'Subject: Undelivered',
          `Content-Type: multipart/report; report-type=${g.pick(['delivery-status', 'feedback-report'])}; boundary="r"`,
          '',
          '--r',
          'Content-Type: message/delivery-status',
          '',
          ...Array.from(
            { length: 1 + g.int(80) },
            (_, i) => `Final-Recipient: rfc822; r${i}@service.example\r\nAction: failed\r\nStatus: 5.1.1\r\n`,
          ),
          'Original-Rcpt-To: support@service.example',
          '--r',
          'Content-Type: text/rfc822-headers',
          '',
          `Message-ID: ${ref}`,
          `References: ${'<a@b> '.repeat(g.int(2000))}`,
          '--r--',
        ].join('\r\n'),
      );
      break;
    }
    case 'garbage':
      data = Buffer.from(Array.from({ length: g.int(5000) }, () => g.int(256)));
      break;
    case 'bad-date':
      data = utf8(
        `${head([`Date: ${g.pick(['Sat, 01 Jan 275000 00:00:00 +0000', '-200000-01-01', 'yesterday', '31 Feb 2026 99:99:99 +9999', ''])}`])}\r\n\r\nbody`,
      );
      break;
    default:
      data = utf8(
        `${head(['MIME-Version: 1.0', 'Content-Type: message/rfc822'])}\r\n\r\nContent-Type: message/rfc822\r\n\r\nContent-Type: multipart/mixed; boundary=q\r\n\r\n--q\r\n\u0000\r\n`,
      );
  }
  return {
    kind,
    data,
    // Mostly a dialog the listener accepts, so that the message reaches the parser; sometimes an odd one.
    helo: g.int(8) ? 'mx.sender.example' : g.pick(['localhost', '[127.0.0.1]', 'x'.repeat(200)]),
    from: g.int(8) ? g.pick(['fuzz@sender.example', '']) : g.pick(['a@b', `${'l'.repeat(300)}@sender.example`]),
  };
}
