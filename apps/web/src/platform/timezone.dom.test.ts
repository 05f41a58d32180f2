import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps the chosen id in memory from the moment it loads, so each case loads it afresh.
async function load() {
  vi.resetModules();
  return import('./timezone');
}

describe('timezone choice (spec §3)', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to option 1, Asia/Shanghai', async () => {
    const tz = await load();
    expect(tz.getTimezoneId()).toBe(1);
    expect(tz.getTimezoneName()).toBe('Asia/Shanghai');
  });

  it('uses the stored id', async () => {
    localStorage.setItem('timezone', '4');
    const tz = await load();
    expect(tz.getTimezoneName()).toBe('Europe/London');
  });

  it("follows the person's own timezone when nothing is stored and it matches an option", async () => {
    const tz = await load();
    tz.syncUserTimezone('America/Chicago');
    expect(tz.getTimezoneId()).toBe(7);
    tz.syncUserTimezone('Antarctica/Troll');
    expect(tz.getTimezoneId()).toBe(1);
  });

  it("keeps a stored id over the person's timezone", async () => {
    localStorage.setItem('timezone', '3');
    const tz = await load();
    tz.syncUserTimezone('America/Chicago');
    expect(tz.getTimezoneName()).toBe('Asia/Seoul');
  });

  it('writes the id and the IANA name when changed, and tells subscribers', async () => {
    const tz = await load();
    const listener = vi.fn();
    tz.subscribeTimezone(listener);
    tz.setTimezoneId(6);
    expect(localStorage.getItem('timezone')).toBe('6');
    expect(localStorage.getItem('timezoneUser')).toBe('America/New_York');
    expect(tz.getTimezoneName()).toBe('America/New_York');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('labels options in the interface language', async () => {
    const tz = await load();
    const option = { id: 3, timezone: 'Asia/Seoul', value: 'UTC+09:00', cn: '首尔', hk: '首爾', en: 'Seoul' };
    expect(tz.timezoneLabel(option, 'zhCn')).toBe('首尔');
    expect(tz.timezoneLabel(option, 'zhHk')).toBe('首爾');
    expect(tz.timezoneLabel(option, 'en')).toBe('Seoul');
  });
});
