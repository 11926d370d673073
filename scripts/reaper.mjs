// A watchdog for the emulator suite: `node scripts/reaper.mjs <starterPid> <stateFile>`, started
// detached by scripts/emulator-suite.mjs. When the starter dies by any means (SIGKILL included,
// which no handler sees), it kills the process groups listed in the state file (one id a line,
// the Java Firestore emulator and firebase-tools) and removes the run's folder, so a dying
// starter leaves nothing running. A clean stop removes the state file and this exits quietly.
import { existsSync, readFileSync, rmSync } from 'node:fs';

const [starter, stateFile] = [Number(process.argv[2]), process.argv[3]];

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function state() {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return null;
  }
}

function killGroups(groups, signal) {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // gone already
    }
  }
}

const timer = setInterval(() => {
  if (!existsSync(stateFile)) {
    clearInterval(timer);
    return;
  }
  if (alive(starter)) return;
  clearInterval(timer);
  const s = state() ?? { groups: [], dir: null };
  killGroups(s.groups, 'SIGTERM');
  setTimeout(() => {
    killGroups(s.groups, 'SIGKILL');
    if (s.dir) rmSync(s.dir, { recursive: true, force: true });
  }, 5000);
}, 500);
