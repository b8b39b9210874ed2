import { describe, expect, it } from 'vitest';
import { LoginThrottle } from '../src/auth/throttle';

const options = { maxFailures: 5, windowMs: 15 * 60_000, maxKeys: 100 };

function throttleAt(start = 1_000_000) {
  const clock = { now: start };
  return { clock, throttle: new LoginThrottle(options, () => clock.now) };
}

describe('login throttle', () => {
  it('allows 5 failures, then refuses until the 15-minute window ends', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 5; i++) {
      expect(throttle.retryAfterSeconds('1.2.3.4|ana')).toBe(0);
      throttle.recordFailure('1.2.3.4|ana');
    }
    expect(throttle.retryAfterSeconds('1.2.3.4|ana')).toBe(15 * 60);
    clock.now += 10 * 60_000;
    expect(throttle.retryAfterSeconds('1.2.3.4|ana')).toBe(5 * 60);
    clock.now += 5 * 60_000;
    expect(throttle.retryAfterSeconds('1.2.3.4|ana')).toBe(0);
  });

  it('keys are independent and a reset clears one key only', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) {
      throttle.recordFailure('a');
      throttle.recordFailure('b');
    }
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a')).toBe(0);
    expect(throttle.retryAfterSeconds('b')).toBeGreaterThan(0);
  });

  it('memory stays bounded: past maxKeys the oldest window is dropped', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 5; i++) throttle.recordFailure('first');
    for (let i = 0; i < 1000; i++) throttle.recordFailure(`k${i}`);
    expect(throttle.size).toBe(100);
    expect(throttle.retryAfterSeconds('first')).toBe(0);
  });

  it('failures after an expired window start a new one', () => {
    const { clock, throttle } = throttleAt();
    for (let i = 0; i < 4; i++) throttle.recordFailure('x');
    clock.now += 16 * 60_000;
    throttle.recordFailure('x');
    expect(throttle.retryAfterSeconds('x')).toBe(0);
  });
});
