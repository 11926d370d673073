/**
 * Entry point: `node --import tsx local/src/main.ts` (scripts/start.mjs runs it with the Auth
 * emulator). Settings come from the environment: see config.ts and the README.
 */
import { Socket } from 'node:net';
import { readConfig } from './config.ts';
import { PortInUseError, startLocalServer } from './server.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  let server: Awaited<ReturnType<typeof startLocalServer>>;
  try {
    server = await startLocalServer(config);
  } catch (error) {
    console.error(error instanceof PortInUseError ? error.message : error);
    process.exit(error instanceof PortInUseError ? 3 : 1);
  }
  console.log(
    `FitTrack local server on ${server.url} (documents in ${config.dataDir}, Auth emulator ${config.authEmulatorHost}, project ${config.projectId}, community time zone ${config.communityTimeZone}).\n` +
      'Local mode is for one machine and its user: Auth emulator tokens are unsigned, so never expose this server to a network.',
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`local server: ${signal}, stopping...`);
    const force = setTimeout(() => process.exit(1), 5000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  exitWithParent(() => void stop('the starter is gone'));
}

/**
 * `LOCAL_PARENT_FD=3` (scripts/start.mjs): fd 3 is a pipe from the starter, which closes when the
 * starter ends in any way (SIGKILL too); then this server stops, so none is left orphaned.
 */
function exitWithParent(onGone: () => void): void {
  if (process.env.LOCAL_PARENT_FD !== '3') return;
  let pipe: Socket;
  try {
    pipe = new Socket({ fd: 3, readable: true, writable: false });
  } catch {
    return;
  }
  pipe.on('data', () => {});
  pipe.once('end', onGone);
  pipe.once('error', onGone);
  pipe.unref();
}

void main();
