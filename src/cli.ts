// npm run cli -- <command>: operator and database chores that must not go through HTTP.
// The command line is checked before anything loads the data layer or connects to the database.

const USAGE = `usage: npm run cli -- <command>
  migration:run             apply pending migrations
  operator:create <name>    create an operator and print its token (shown once)
  operator:list             list operators
  operator:revoke <id>      revoke an operator's token
  identity:rotate-key       rotate the broker's assertion signing key (the old one stays
                            published until its last assertion has expired)
  identity:list-keys        list the assertion signing keys
  secrets:encrypt           encrypt stored secrets and signing keys kept in plaintext (before
                            encryption was always on), in one transaction; prints the counts`;

const COMMANDS = new Set([
  'migration:run',
  'operator:create',
  'operator:list',
  'operator:revoke',
  'identity:rotate-key',
  'identity:list-keys',
  'secrets:encrypt',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is wrong with the command line, checked before anything connects to the database (or migrates it). */
function usageError(command: string, args: string[]): string | undefined {
  if (!COMMANDS.has(command)) return `Unknown command ${command}\n${USAGE}`;
  if (command === 'operator:create') {
    const name = args.join(' ').trim();
    if (!name || name.length > 100) return 'operator:create needs a name of 1-100 characters';
  }
  if (command === 'operator:revoke' && !UUID.test(args[0] ?? '')) {
    return 'operator:revoke needs the operator id (a UUID, as operator:list prints it)';
  }
  return undefined;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return command ? 0 : 2;
  }
  const refused = usageError(command, args);
  if (refused) {
    process.stderr.write(`${refused}\n`);
    return 2;
  }
  const { runCommand } = await import('./cli-commands.js');
  return runCommand(command, args);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Failed: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
