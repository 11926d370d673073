#!/usr/bin/env node
// `npm run emulators`: the whole product in Firebase mode on the official emulator suite, offline,
// project demo-fittrack (see scripts/emulator-suite.mjs for what starts and how). Ctrl-C stops all.
//
// Environment (ports default to firebase.json's emulator ports):
//   FIRESTORE_EMULATOR_PORT (8080)  AUTH_EMULATOR_PORT (9099)  FUNCTIONS_EMULATOR_PORT (5001)
//   HOSTING_PORT (5000)  EMULATOR_HUB_PORT (4400)  EMULATOR_LOGGING_PORT (4500)
//   ROLLUP_EVERY_SECONDS (60)   the schedule, which the Functions emulator does not run itself
//   SEED_DEMO=0                  no demo account and community
//   COMMUNITY_TIME_ZONE (UTC)    leaderboard periods, for the seed and the functions
//   EMULATORS_VERBOSE=1          every line the emulators print (else their per-request noise is left out)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNT, ROOT, startSuite } from './emulator-suite.mjs';

const emulators = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).emulators;
const PORTS = {
  firestore: ['FIRESTORE_EMULATOR_PORT', emulators.firestore.port],
  auth: ['AUTH_EMULATOR_PORT', emulators.auth.port],
  functions: ['FUNCTIONS_EMULATOR_PORT', emulators.functions.port],
  hosting: ['HOSTING_PORT', emulators.hosting.port],
  hub: ['EMULATOR_HUB_PORT', 4400],
  logging: ['EMULATOR_LOGGING_PORT', 4500],
};

function fail(message) {
  console.error(`\nnpm run emulators: ${message}`);
  process.exit(1);
}

const ports = {};
const portNames = {};
for (const [key, [name, fallback]] of Object.entries(PORTS)) {
  const port = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    fail(`${name} must be a port number, got '${process.env[name]}'.`);
  ports[key] = port;
  portNames[key] = name;
}
if (new Set(Object.values(ports)).size !== Object.keys(ports).length)
  fail(`the ports must differ: ${JSON.stringify(ports)}`);
const rollupSeconds = Number(process.env.ROLLUP_EVERY_SECONDS ?? 60);
if (!(rollupSeconds >= 1))
  fail(`ROLLUP_EVERY_SECONDS must be a number of seconds, got '${process.env.ROLLUP_EVERY_SECONDS}'.`);

// The emulators' chatter that buries what matters (a line per served asset, the Java emulator's
// connection notes); EMULATORS_VERBOSE=1 shows everything.
const NOISE = [
  /^i {2}hosting: \S+ - - \[/,
  /io\.gapi\.emulators\.netty\.HttpVersionRoutingHandler channelRead$/,
  /^INFO: Detected (non-)?HTTP\/2 connection\.$/,
  /FirestoreV1WebChannelAdapter\$FirestoreWriteHandler onClose$/,
  /^INFO: channel closed$/,
];
let pendingLine = '';
function emulatorOutput(text) {
  if (process.env.EMULATORS_VERBOSE === '1') return void process.stdout.write(text);
  const lines = (pendingLine + text).split('\n');
  pendingLine = lines.pop() ?? '';
  const kept = lines.filter((line) => !NOISE.some((re) => re.test(line.trimEnd())));
  if (kept.length) process.stdout.write(`${kept.join('\n')}\n`);
}

let suite;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the emulators ...');
  await suite?.stop();
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  suite = await startSuite({
    ports,
    portNames,
    rollupEveryMs: rollupSeconds * 1000,
    seed: process.env.SEED_DEMO !== '0',
    log: (line) => console.log(line),
    emulatorOutput,
  });
} catch (error) {
  if (stopping) await new Promise(() => {});
  fail(error.message);
}
suite.exited.then((what) => {
  if (!stopping) {
    console.error(`${what}: stopping the rest.`);
    void shutdown(1);
  }
});

const verifyHint = `http://${suite.hosts.auth}/emulator/v1/projects/${suite.projectId}/oobCodes`;
console.log(
  `\n  FitTrack (Firebase mode, emulators) is running: open ${suite.appUrl}\n` +
    (process.env.SEED_DEMO !== '0'
      ? `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}\n`
      : '') +
    `  Signing up: the verification link is in the Auth emulator (no mail leaves the machine): ${verifyHint}\n` +
    `  Firestore ${suite.hosts.firestore} (${suite.firestoreKind}), Auth ${suite.hosts.auth}, Functions ${suite.hosts.functions}; ` +
    `triggers: ${suite.triggers.join(', ')}\n  Ctrl-C stops everything.\n`,
);
