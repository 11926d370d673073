// The whole product on the official emulators, offline: Firestore (firebase-tools' own where it can
// run, else the Cloud SDK's standalone emulator, started here), Auth, Functions and Hosting from
// firebase-tools, every Firestore trigger registered, the rollup on a timer, the web app built for
// the emulators and served by Hosting, the demo seeded. With `dataDir`, documents and accounts are
// imported at start and exported on a timer and at stop (persistence.mjs). Used by `npm start`,
// the browser journeys and the bench; a watchdog (reaper.mjs) stops it all if the starter dies.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFirestoreEmulator, startCloudSdkFirestore } from './firestore-emulator.mjs';
import { startFirestoreGuard } from './firestore-guard.mjs';
import { createExporter, importPaths } from './persistence.mjs';
import { freePort, isPortFree } from './ports.mjs';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const FIREBASE_BIN = join(ROOT, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js');
export const DEMO_ACCOUNT = { email: 'demo@fittrack.local', password: 'fittrack-demo' };

/** The production CSP from firebase.json, opened to the emulators' origins (plain http on loopback). */
export function emulatorHeaders(production, origins) {
  return production.map((rule) => ({
    ...rule,
    headers: rule.headers
      // HSTS means nothing on http://127.0.0.1 and must not be learnt for it.
      .filter((h) => h.key !== 'Strict-Transport-Security')
      .map((h) => {
        if (h.key !== 'Content-Security-Policy') return h;
        const directives = h.value
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          // It would rewrite every http:// call to an emulator into https://, which they do not serve.
          .filter((d) => d !== 'upgrade-insecure-requests')
          .map((d) => {
            const [name] = d.split(/\s+/);
            return name === 'connect-src' || name === 'frame-src' ? `${d} ${origins.join(' ')}` : d;
          });
        return { ...h, value: directives.join('; ') };
      }),
  }));
}

/** Runs a command to completion, its output passed to `log`; rejects on failure. */
function run(command, args, { env, log, cwd = ROOT }) {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const onData = (chunk) => {
      tail = (tail + chunk.toString()).slice(-8000);
      log(chunk.toString());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0 ? ok(undefined) : fail(new Error(`${args.join(' ')} failed (${signal ?? code}):\n${tail}`)),
    );
  });
}

/**
 * @typedef {{ firestore: number, auth: number, functions: number, hosting: number, hub: number, logging: number }} Ports
 * @typedef {{
 *   projectId?: string,
 *   host?: string,
 *   ports: Ports,
 *   portNames?: Partial<Record<keyof Ports, string>>,
 *   rollupEveryMs?: number,
 *   rollupPauseFile?: string,
 *   seed?: boolean,
 *   dataDir?: string,
 *   exportEveryMs?: number,
 *   functionsEnv?: Record<string, string>,
 *   buildFunctions?: boolean,
 *   log?: (line: string) => void,
 *   emulatorOutput?: (text: string) => void,
 * }} SuiteOptions
 */

/**
 * Starts the suite; resolves once the app can be used. `stop()` ends everything; `exited` resolves
 * when a part of the suite dies on its own (with what died).
 * @param {SuiteOptions} o
 */
export async function startSuite(o) {
  const projectId = o.projectId ?? 'demo-fittrack';
  if (!projectId.startsWith('demo-'))
    throw new Error(`Refusing project '${projectId}': the emulators run with a demo- project only.`);
  const host = o.host ?? '127.0.0.1';
  const { ports } = o;
  const log = o.log ?? ((line) => console.log(line));
  const emulatorOutput = o.emulatorOutput ?? ((text) => process.stdout.write(text));

  const firestore = findFirestoreEmulator();
  if (firestore.kind === 'none') {
    const error = new Error(
      `No Firestore emulator can run on this machine (${firestore.why}). Install Java 17 or newer ` +
        "(Debian: apt-get install openjdk-17-jre-headless) and the Google Cloud SDK component 'cloud-firestore-emulator' " +
        '(gcloud components install cloud-firestore-emulator), or Java 21, with which firebase-tools downloads its own once.',
    );
    error.code = 'NO_FIRESTORE_EMULATOR';
    throw error;
  }

  for (const [key, port] of Object.entries(ports)) {
    if (!(await isPortFree(host, port))) {
      const name = o.portNames?.[key];
      const error = new Error(
        `port ${port} on ${host} (the ${key} emulator) is already in use.` +
          (name ? ` Stop what runs there, or choose another port: ${name}=<port> npm start` : ''),
      );
      error.code = 'PORT_TAKEN';
      throw error;
    }
  }

  // One private folder: the config, the web build, and firebase-tools' TMPDIR (its hub locator file
  // is per project in the temp folder, so parallel suites of the same project would otherwise meet).
  const dir = mkdtempSync(join(process.env.TMPDIR || tmpdir(), 'fittrack-emulators-'));
  const tmp = join(dir, 'tmp');
  mkdirSync(tmp);
  const stateFile = join(dir, 'groups.json');
  const groups = [];
  const saveState = () => writeFileSync(stateFile, JSON.stringify({ groups, dir }));
  saveState();
  const reaper = spawn(
    process.execPath,
    [join(ROOT, 'scripts', 'reaper.mjs'), String(process.pid), stateFile],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  reaper.unref();

  const children = [];
  let stopping = false;
  let rollupTimer;
  let onDeath = () => {};
  const exited = new Promise((r) => {
    onDeath = r;
  });
  const track = (child, what) => {
    children.push(child);
    if (child.pid) {
      groups.push(child.pid);
      saveState();
    }
    child.once('exit', (code, signal) => {
      if (!stopping) onDeath(`${what} exited (${signal ?? code})`);
    });
  };

  let exporter;
  let firestoreGuard;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(rollupTimer);
    // The last export before anything stops: what changed since the timer's is kept too.
    await exporter?.stop().catch((error) => log(`The final export failed: ${error.message}`));
    // A leader's exit is not the group's: the Cloud SDK's shell script dies at once while its Java
    // child still holds the port, so wait until no process of the group is left.
    const groupGone = (c) => {
      try {
        process.kill(-c.pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    // Bounded: an unreaped zombie (a container without an init) stays in its group for ever.
    const deadline = Date.now() + 20_000;
    const gone = children.map(async (c) => {
      while (!groupGone(c) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    });
    for (const c of children.filter((c) => !groupGone(c))) {
      try {
        // SIGINT: firebase-tools shuts its emulators down cleanly; the Java emulator takes SIGTERM.
        process.kill(-c.pid, c === children[0] && firestore.kind === 'cloud-sdk' ? 'SIGTERM' : 'SIGINT');
      } catch {
        // gone already
      }
    }
    const hard = setTimeout(() => {
      for (const c of children) {
        try {
          process.kill(-c.pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
    }, 15_000);
    await Promise.all(gone);
    clearTimeout(hard);
    await firestoreGuard?.close();
    rmSync(dir, { recursive: true, force: true });
  };

  const env = {
    ...process.env,
    TMPDIR: tmp,
    CI: '1',
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_DISABLE_ANALYTICS: '1',
  };
  const origin = (port) => `http://${host}:${port}`;
  // The app's pages, and the Auth emulator's own (its sign-in handler), may call the emulators.
  const allowedOrigins = [ports.hosting, ports.auth].flatMap((p) => [origin(p), `http://localhost:${p}`]);
  const hosts = {
    firestore: `${host}:${ports.firestore}`,
    auth: `${host}:${ports.auth}`,
    functions: `${host}:${ports.functions}`,
  };

  try {
    // 1. The functions bundle (what deploys) and the web app for the emulators, built together;
    // an unchanged web app is not built again (webBuild).
    log('Building the functions bundle (functions/lib) and the web app for the emulators ...');
    const [, webDist] = await Promise.all([
      // A second suite of one run skips it: rebuilding functions/lib would reload the first's functions.
      o.buildFunctions === false
        ? null
        : run(process.execPath, ['functions/build.mjs'], { env, log: () => {} }),
      webBuild(env, {
        VITE_FIREBASE_PROJECT_ID: projectId,
        VITE_FIREBASE_API_KEY: 'fake-api-key',
        VITE_EMULATOR_HOSTS: 'page',
      }),
    ]);
    // The build names no port: this stack's copy of its page does, so stacks on other ports (the
    // journeys' second, each restart of `npm start`) reuse one build (web/src/data/config.ts).
    const webPublic = join(dir, 'public');
    cpSync(webDist, webPublic, { recursive: true });
    const page = join(webPublic, 'index.html');
    const meta = `<meta name="fittrack-emulators" data-auth="${hosts.auth}" data-firestore="${hosts.firestore}" data-functions="${hosts.functions}">`;
    const html = readFileSync(page, 'utf8');
    // Without its ports the page would aim at Google's servers: refuse to serve it.
    if (!html.includes('</head>')) throw new Error(`${page} has no </head> to write the emulator ports in`);
    writeFileSync(page, html.replace('</head>', `${meta}</head>`));

    // 2. The config for this run: production's hosting rules with the emulator CSP.
    const production = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
    const origins = [ports.auth, ports.firestore, ports.functions].map(origin);
    const config = {
      functions: [{ source: relative(dir, join(ROOT, 'functions', 'lib')), codebase: 'default' }],
      hosting: {
        ...production.hosting,
        public: relative(dir, webPublic),
        headers: emulatorHeaders(production.hosting.headers, origins),
      },
      emulators: {
        auth: { host, port: ports.auth },
        functions: { host, port: ports.functions },
        hosting: { host, port: ports.hosting },
        hub: { host, port: ports.hub },
        logging: { host, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    };
    const imported = o.dataDir ? importPaths(o.dataDir) : {};
    // Either Firestore emulator answers any Origin: it listens here, behind firestore-guard.mjs.
    const upstreamPort = await freePort();
    const guardFirestore = async () => {
      firestoreGuard = await startFirestoreGuard({
        host,
        port: ports.firestore,
        upstreamPort,
        allowedOrigins: new Set(allowedOrigins),
      });
    };
    let only = 'auth,functions,hosting';
    if (firestore.kind === 'firebase-tools') {
      // firebase-tools starts it and registers the triggers itself.
      config.firestore = { rules: relative(dir, join(ROOT, 'firestore.rules')) };
      config.emulators.firestore = { host, port: upstreamPort };
      only = `firestore,${only}`;
    }
    writeFileSync(join(dir, 'firebase.json'), JSON.stringify(config, null, 2));

    // 3. The Cloud SDK's Firestore emulator, with the rules and the Functions emulator to notify.
    if (firestore.kind === 'cloud-sdk') {
      log(`Starting the Firestore emulator (${firestore.path}) on ${hosts.firestore} ...`);
      await startCloudSdkFirestore({
        path: firestore.path,
        host,
        port: upstreamPort,
        rules: join(ROOT, 'firestore.rules'),
        functionsHost: hosts.functions,
        seedFromExport: imported.firestore,
        env,
        onOutput: emulatorOutput,
        onSpawn: (child) => track(child, 'the Firestore emulator'),
      });
      await guardFirestore();
    }

    // 4. Auth, Functions, Hosting. The functions reach Firestore through FIRESTORE_EMULATOR_HOST,
    // which the Functions emulator passes on to them.
    log('Starting the Auth, Functions and Hosting emulators (firebase-tools) ...');
    const cli = spawn(
      process.execPath,
      [
        FIREBASE_BIN,
        'emulators:start',
        '--only',
        only,
        '--project',
        projectId,
        '--config',
        join(dir, 'firebase.json'),
        ...(imported.dir ? ['--import', imported.dir] : []),
      ],
      {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...env,
          FIRESTORE_EMULATOR_HOST: hosts.firestore,
          ...o.functionsEnv,
          NODE_OPTIONS: `--import=${join(ROOT, 'scripts', 'emulator-guard.mjs')}`,
          FITTRACK_ALLOWED_ORIGINS: allowedOrigins.join(','),
        },
      },
    );
    track(cli, 'firebase emulators:start');
    let cliOutput = '';
    await new Promise((ok, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`the emulators were not ready within 180 s:\n${cliOutput}`)),
        180_000,
      );
      const onData = (chunk) => {
        const text = chunk.toString();
        cliOutput = (cliOutput + text).slice(-40_000);
        emulatorOutput(text);
        if (cliOutput.includes('All emulators ready')) {
          clearTimeout(timer);
          ok(undefined);
        }
      };
      cli.stdout.on('data', onData);
      cli.stderr.on('data', onData);
      cli.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`firebase emulators:start exited (${code}):\n${cliOutput}`));
      });
    });
    if (firestore.kind === 'firebase-tools') await guardFirestore();

    // 5. Before the triggers exist: the demo, and after an import the projections rebuilt (a crash
    // drops deliveries in flight), by the reactions the functions run, not a storm of trigger calls.
    if (o.seed !== false || imported.dir) {
      const args = [join(ROOT, 'scripts', 'prepare-data.ts'), ...(imported.dir ? ['--rebuild'] : [])];
      await run(process.execPath, ['--import', 'tsx', ...args], {
        log: (text) => log(text.trimEnd()),
        env: {
          ...env,
          METADATA_SERVER_DETECTION: 'none',
          GCLOUD_PROJECT: projectId,
          FIRESTORE_EMULATOR_HOST: hosts.firestore,
          FIREBASE_AUTH_EMULATOR_HOST: hosts.auth,
          SEED_DEMO: o.seed === false ? '0' : '1',
          COMMUNITY_TIME_ZONE:
            o.functionsEnv?.COMMUNITY_TIME_ZONE ?? process.env.COMMUNITY_TIME_ZONE ?? 'UTC',
        },
      });
    }

    // 6. Every Firestore trigger, registered with the Cloud SDK emulator as firebase-tools would.
    const triggers = await functionTriggers(hosts.functions);
    if (firestore.kind === 'cloud-sdk') {
      for (const t of triggers.filter(isFirestoreTrigger)) {
        const { path, body } = eventarcRegistration(projectId, t);
        const res = await fetch(`http://${hosts.firestore}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        if (!res.ok) throw new Error(`registering ${t.id} failed: HTTP ${res.status} ${await res.text()}`);
        log(
          `Registered Firestore trigger ${t.id} (${JSON.parse(body).document.value}) with the Firestore emulator.`,
        );
      }
    }

    // 7. The schedule, which the Functions emulator never runs by itself: each scheduled function
    // is invoked on its trigger route every `rollupEveryMs` (a minute, as deployed).
    const scheduled = triggers.filter((t) => t.schedule);
    const every = o.rollupEveryMs ?? 60_000;
    const runScheduled = async () => {
      for (const t of scheduled) {
        const started = Date.now();
        try {
          const res = await fetch(
            `http://${hosts.functions}/functions/projects/${projectId}/triggers/${t.id}-0`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            },
          );
          await res.text();
          log(`${new Date().toISOString()} ${t.name} ran: HTTP ${res.status} in ${Date.now() - started} ms`);
        } catch (error) {
          if (!stopping) log(`${new Date().toISOString()} ${t.name} could not run: ${error.message}`);
        }
      }
    };
    let ticking = false; // one rollup at a time, however slow
    const tick = async () => {
      // A journey that must see boards change without the rollup pauses it with this file.
      if (ticking || (o.rollupPauseFile && existsSync(o.rollupPauseFile))) return;
      ticking = true;
      // Present while a rollup runs, so that a journey pausing it can wait for it to end.
      const running = o.rollupPauseFile ? `${o.rollupPauseFile}.running` : undefined;
      if (running) writeFileSync(running, '');
      try {
        await runScheduled();
      } finally {
        if (running) rmSync(running, { force: true });
        ticking = false;
      }
    };
    rollupTimer = setInterval(() => void tick(), every);
    if (o.dataDir) {
      exporter = createExporter({ dataDir: o.dataDir, projectId, hosts, log });
      exporter.every(o.exportEveryMs ?? 10_000);
    }
    for (const t of scheduled) log(`Scheduled function ${t.id} runs every ${every / 1000} s.`);

    return {
      appUrl: origin(ports.hosting),
      hosts,
      projectId,
      firestoreKind: firestore.kind,
      triggers: triggers.map((t) => t.id),
      tick,
      exportNow: () => exporter?.exportNow(),
      stop,
      exited,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const WEB_CACHE = join(ROOT, 'node_modules', '.cache', 'fittrack-web');

/**
 * The web app built with `settings`, reused while nothing it is built from changed (a content hash
 * of web/, shared/ and the lockfile): a warm `npm start` skips a build of 10 to 60 s. Built beside
 * and renamed into place, so two stacks building at once never serve half a build.
 */
async function webBuild(env, settings) {
  const hash = createHash('sha256').update(JSON.stringify(settings));
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules' || name === 'dist') continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path).update(readFileSync(path));
    }
  };
  for (const d of ['web', 'shared']) walk(join(ROOT, d));
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  const out = join(WEB_CACHE, hash.digest('hex').slice(0, 16));
  if (existsSync(join(out, 'index.html'))) {
    utimesSync(out, new Date(), new Date()); // in use: the last to be pruned
    return out;
  }
  const tmp = `${out}.tmp-${process.pid}`;
  await run(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', tmp, '--emptyOutDir'],
    // Production React whoever starts it: under vitest NODE_ENV is 'test', and Vite then builds
    // React's development copy, which one shared build would hand to the journeys.
    { cwd: join(ROOT, 'web'), log: () => {}, env: { ...env, ...settings, NODE_ENV: 'production' } },
  );
  rmSync(out, { recursive: true, force: true });
  renameSync(tmp, out);
  // Keep the newest few builds (other ports, other changes); a build under way elsewhere is left
  // alone unless an hour old (its builder died).
  const entries = readdirSync(WEB_CACHE).map((name) => ({
    name,
    path: join(WEB_CACHE, name),
    at: statSync(join(WEB_CACHE, name)).mtimeMs,
  }));
  const builds = entries.filter((e) => !e.name.includes('.tmp-')).sort((a, b) => b.at - a.at);
  const stale = entries.filter((e) => e.name.includes('.tmp-') && Date.now() - e.at > 3_600_000);
  for (const old of [...builds.slice(4), ...stale]) rmSync(old.path, { recursive: true, force: true });
  return out;
}

/** The definitions the Functions emulator loaded from the bundle. */
async function functionTriggers(functionsHost) {
  const res = await fetch(`http://${functionsHost}/backends`);
  const { backends } = await res.json();
  return backends.flatMap((b) => b.functionTriggers ?? []);
}

function isFirestoreTrigger(def) {
  return (
    typeof def.eventTrigger?.eventType === 'string' &&
    def.eventTrigger.eventType.startsWith('google.cloud.firestore.')
  );
}

/**
 * The request firebase-tools' Functions emulator sends for a v2 Firestore trigger
 * (FunctionsEmulator.getV2FirestoreAttributes in firebase-tools 15): the event type, database,
 * namespace and document pattern, under the trigger's key `<region>-<name>-<generation>`.
 */
export function eventarcRegistration(projectId, def) {
  const filters = def.eventTrigger.eventFilters ?? {};
  const exact = filters.document;
  const pattern = def.eventTrigger.eventFilterPathPatterns?.document;
  const body = JSON.stringify({
    eventType: def.eventTrigger.eventType,
    database: filters.database,
    namespace: filters.namespace,
    document: { value: pattern ?? exact, matchType: pattern ? 'PATH_PATTERN' : 'EXACT' },
  });
  return { path: `/emulator/v1/projects/${projectId}/eventarcTrigger?eventarcTriggerId=${def.id}-0`, body };
}
