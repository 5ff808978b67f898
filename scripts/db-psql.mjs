// npm run db:psql: a psql shell on the embedded PostgreSQL of a running `npm start` (DATA_DIR,
// default ./.data). The password is read from DATA_DIR/postgres.secret and handed to psql in the
// environment (PGPASSWORD), never on the command line; the port from the server's postmaster.pid.
// Extra arguments go to psql: npm run db:psql -- -c "select subject, status from outbound_mail".
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.DATA_DIR ?? './.data');
const secretFile = path.join(dataDir, 'postgres.secret');
const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');

if (process.env.DATABASE_URL) {
  // An external database: psql takes the URL directly.
  process.stderr.write('DATABASE_URL is set: connect with  psql "$DATABASE_URL"\n');
  process.exit(1);
}
if (!existsSync(secretFile)) {
  process.stderr.write(`No embedded database under ${dataDir} (no postgres.secret). Start the service with npm start first.\n`);
  process.exit(1);
}
if (!existsSync(pidFile)) {
  process.stderr.write(`The embedded PostgreSQL under ${dataDir} is not running. Start the service with npm start, then run this again.\n`);
  process.exit(1);
}
// postmaster.pid: line 1 the pid, line 4 the port.
const port = readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
if (!/^\d+$/.test(port ?? '')) {
  process.stderr.write(`Could not read the port from ${pidFile}.\n`);
  process.exit(1);
}
const password = readFileSync(secretFile, 'utf8').trim();
const args = ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', '-d', 'agentry', ...process.argv.slice(2)];
const child = spawn('psql', args, { stdio: 'inherit', env: { ...process.env, PGPASSWORD: password } });
child.on('error', () => {
  process.stderr.write(
    `psql is not installed. Connect any PostgreSQL client to 127.0.0.1:${port}, database agentry, user postgres, ` +
      `with the password in ${secretFile}.\n`,
  );
  process.exit(1);
});
child.on('exit', (code) => process.exit(code ?? 1));
