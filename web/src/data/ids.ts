const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Firestore-style auto id chosen here, so a screen knows a new document's id before the write lands. */
export function newDocId(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  let id = '';
  // 62 * 4 = 248: bytes >= 248 would bias the alphabet, so they are redrawn.
  for (let i = 0; i < bytes.length; i++) {
    let b = bytes[i] as number;
    while (b >= 248) b = crypto.getRandomValues(new Uint8Array(1))[0] as number;
    id += ID_ALPHABET.charAt(b % 62);
  }
  return id;
}
