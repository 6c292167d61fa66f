import type { User } from '@sitezip/contracts';
import { loadConfig } from './config.js';
import { DataDirLockedError, type LockOwner } from './db/data-dir-lock.js';
import { parsePlan } from './features/admin/admin-service.js';
import { createServices } from './services.js';
import { pino } from 'pino';

const silentLogger = pino({ level: 'silent' });

const USAGE = `Usage: npm run admin -- <command>

  set-plan <email> free|monthly|yearly   set a user's plan
  list-users                             list every user with their plan

Works whether or not the server is running (same DATA_DIR / DATABASE_URL as the server).`;

type Command = { name: 'set-plan'; email: string; plan: string } | { name: 'list-users' };

function parseCommand(argv: string[]): Command {
  const [name, ...args] = argv;
  if (name === 'set-plan' && args.length === 2) {
    parsePlan(args[1]);
    return { name, email: args[0]!, plan: args[1]! };
  }
  if (name === 'list-users' && args.length === 0) return { name };
  throw new Error(USAGE);
}

/** Runs the command on the database directly. */
async function runLocally(command: Command, env: NodeJS.ProcessEnv): Promise<User[]> {
  const services = await createServices(loadConfig(env), silentLogger);
  try {
    if (command.name === 'set-plan') return [await services.admin.setPlan(command.email, parsePlan(command.plan))];
    return await services.admin.listUsers();
  } finally {
    await services.close();
  }
}

/** A running embedded server owns the PGlite directory: ask it instead. */
async function runThroughServer(command: Command, owner: LockOwner): Promise<User[]> {
  if (!owner.port || !owner.adminToken) throw new Error(`The server (process ${owner.pid}) is starting; try again in a moment.`);
  const base = `http://127.0.0.1:${owner.port}`;
  const headers = { 'x-admin-token': owner.adminToken, 'content-type': 'application/json' };
  const response =
    command.name === 'set-plan'
      ? await fetch(`${base}/admin/plan`, { method: 'POST', headers, body: JSON.stringify({ email: command.email, plan: command.plan }) })
      : await fetch(`${base}/admin/users`, { headers });
  const body = (await response.json()) as User | User[] | { detail: string };
  if (!response.ok) throw new Error((body as { detail: string }).detail);
  return Array.isArray(body) ? body : [body as User];
}

/** Where the command writes: the console in `npm run admin`. */
export interface AdminOutput {
  log(line: string): void;
  error(line: string): void;
}

function print(users: User[], out: AdminOutput): void {
  if (users.length === 0) return void out.log('No users.');
  for (const user of users) {
    out.log(`${user.email}\t${user.subscription_status ?? 'free'}\t${user.name}\t${user.created_at}`);
  }
}

/** `npm run admin -- <argv>`: the exit code (2: bad usage, 1: the command failed). */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv = process.env, out: AdminOutput = console): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    out.error((error as Error).message);
    return 2;
  }
  try {
    print(await runLocally(command, env).catch((error: unknown) => {
      if (error instanceof DataDirLockedError) return runThroughServer(command, error.owner);
      throw error;
    }), out);
    return 0;
  } catch (error) {
    out.error(`admin: ${(error as Error).message}`);
    return 1;
  }
}
