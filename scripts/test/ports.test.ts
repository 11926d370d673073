/**
 * scripts/ports.mjs: the ports the scripts and tests give their emulators and servers lie below
 * the OS's ephemeral range, where no outgoing connection can take them between the check and the
 * listen (a CI run failed on that: "Could not start Authentication Emulator, port taken").
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ephemeralRange, freePort, isPortFree, pickRange } from '../ports.mjs';

describe('freePort', () => {
  it('answers distinct ports outside the ephemeral range, each free', async () => {
    const { low, high } = ephemeralRange();
    const ports = [];
    for (let i = 0; i < 50; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port < low || port > high, `${port} in ${low}-${high}`).toBe(true);
      expect(await isPortFree('127.0.0.1', port)).toBe(true);
    }
    expect(pickRange()).not.toBeNull();
  });

  it('an outgoing connection never lands on a port it answers', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const { Socket } = await import('node:net');
    const locals: number[] = [];
    for (let i = 0; i < 20; i++) {
      const socket = new Socket();
      await new Promise<void>((r) => socket.connect(address.port, '127.0.0.1', () => r()));
      locals.push(socket.localPort ?? 0);
      socket.destroy();
    }
    server.close();
    const { from, to } = pickRange() ?? { from: 0, to: -1 };
    expect(locals.filter((p) => p >= from && p <= to)).toEqual([]);
  });

  it('with a port number, rejects when that port is taken', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(port, '127.0.0.1', () => r()));
    try {
      await expect(freePort('127.0.0.1', port)).rejects.toThrow();
      expect(await isPortFree('127.0.0.1', port)).toBe(false);
    } finally {
      holder.close();
    }
  });
});
