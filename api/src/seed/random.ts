/** Deterministic helpers of the generated worlds. */

/** mulberry32: small, fast and deterministic. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed of its own for item `index` of a stream: each item draws the same values whatever the others do. */
export function itemSeed(seed: number, stream: number, index: number): number {
  let h = (Math.imul(seed ^ stream, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a text: a stable seed from a name. */
export function textSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The digit that makes `payload + digit` pass the Luhn check. */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The SIRET of establishment `establishment` (its NIC without the check digit) of a SIREN. */
export function siretOf(siren: string, establishment: number): string {
  const payload = `${siren}${String(establishment).padStart(4, '0')}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}
