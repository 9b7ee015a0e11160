import { expect, it } from 'vitest';
import { metricsTokenAccepted } from '../src/metrics-token.ts';

it('accepts the metrics token as a bearer token, and nothing else', () => {
  expect(metricsTokenAccepted('s3cret-token', 'Bearer s3cret-token')).toBe(true);
  expect(metricsTokenAccepted('s3cret-token', 'bearer s3cret-token ')).toBe(true);
  for (const header of [
    undefined,
    '',
    'Bearer',
    'Bearer s3cret',
    'Bearer s3cret-token2',
    's3cret-token',
    ['x'],
  ]) {
    expect(metricsTokenAccepted('s3cret-token', header), String(header)).toBe(false);
  }
});
