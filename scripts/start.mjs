#!/usr/bin/env node
// `npm start`: the whole product on the official Firebase Emulator Suite, offline, project
// demo-fittrack (scripts/emulator-suite.mjs says what starts). Documents and accounts persist in
// FITTRACK_DATA_DIR. Ctrl-C exports once more and stops everything. Settings: docs/running.md.
import { isAbsolute, join, resolve } from 'node:path';
import { DEMO_ACCOUNT, ROOT, startSuite } from './emulator-suite.mjs';

const PORTS = {
  hosting: ['PORT', 3000],
  auth: ['AUTH_EMULATOR_PORT', 9099],
  firestore: ['FIRESTORE_EMULATOR_PORT', 8080],
  functions: ['FUNCTIONS_EMULATOR_PORT', 5001],
  hub: ['EMULATOR_HUB_PORT', 4400],
  logging: ['EMULATOR_LOGGING_PORT', 4500],
};

function fail(message) {
  console.error(`\nnpm start: ${message}`);
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
const seconds = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= 1)) fail(`${name} must be a number of seconds, got '${process.env[name]}'.`);
  return value * 1000;
};
const rollupEveryMs = seconds('ROLLUP_EVERY_SECONDS', 60);
const exportEveryMs = seconds('EXPORT_EVERY_SECONDS', 10);
const dataEnv = process.env.FITTRACK_DATA_DIR?.trim();
const dataDir = dataEnv ? (isAbsolute(dataEnv) ? dataEnv : resolve(dataEnv)) : join(ROOT, '.data');

// The emulators' per-request chatter; EMULATORS_VERBOSE=1 shows everything.
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
  console.log(`\nSaving to ${dataDir} and stopping the emulators ...`);
  await suite?.stop();
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

const started = Date.now();
try {
  suite = await startSuite({
    ports,
    portNames,
    dataDir,
    exportEveryMs,
    rollupEveryMs,
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

const oobCodes = `http://${suite.hosts.auth}/emulator/v1/projects/${suite.projectId}/oobCodes`;
console.log(
  (process.env.SEED_DEMO !== '0'
    ? `\n  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}\n`
    : '\n') +
    `  Verification and password-reset links (no mail leaves the machine): ${oobCodes}\n` +
    // The emulator's own reset link only takes the password in its URL: the app's page asks for it.
    `  Reset a password: take the oobCode of a PASSWORD_RESET there and open ${suite.appUrl}/reset-password?oobCode=<oobCode>\n` +
    `  Data: ${dataDir} (saved every ${exportEveryMs / 1000} s and at Ctrl-C)\n` +
    `  Started in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
);
console.log(`FitTrack is running on ${suite.appUrl}`);
