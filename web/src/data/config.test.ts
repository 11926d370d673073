import { describe, expect, it } from 'vitest';
import { emulatorHostsOf } from './config.ts';

function page(html: string): Document {
  return new DOMParser().parseFromString(`<html><head>${html}</head></html>`, 'text/html');
}

describe('emulator hosts written in the page', () => {
  it('reads each emulator host:port the stack wrote', () => {
    const doc = page(
      '<meta name="fittrack-emulators" data-auth="127.0.0.1:9099" data-firestore="127.0.0.1:8080" data-functions="localhost:5001">',
    );
    expect(emulatorHostsOf(doc)).toEqual({
      VITE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      VITE_FUNCTIONS_EMULATOR_HOST: 'localhost:5001',
    });
  });

  it('ignores a missing tag, and values that are not a host and port', () => {
    expect(emulatorHostsOf(page(''))).toEqual({});
    const doc = page(
      '<meta name="fittrack-emulators" data-auth="evil.example/x:1" data-firestore="127.0.0.1" data-functions="a b:1">',
    );
    expect(emulatorHostsOf(doc)).toEqual({});
  });
});
