/** The toast service: durations per severity, the console log at info level, the pre-mount queue, translated texts. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import i18next from 'i18next';
import { resources, namespaces } from '../../i18n/resources';
import { attachToastListener, toast, toastDurations, type Toast, type ToastSeverity } from './toast-service';

// The console's own initI18n also touches `document`; this file runs in node, so configure i18next alike.
beforeAll(async () => {
  await i18next.init({
    resources,
    lng: 'fr',
    fallbackLng: 'fr',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

const consoleMethods = ['info', 'warn', 'error', 'log'] as const;
let spies: Record<(typeof consoleMethods)[number], MockInstance<(...args: unknown[]) => void>>;
let detachers: Array<() => void> = [];

function listen(): Toast[] {
  const received: Toast[] = [];
  detachers.push(attachToastListener((t) => received.push(t)));
  return received;
}

beforeEach(() => {
  spies = Object.fromEntries(
    consoleMethods.map((method) => [method, vi.spyOn(console, method).mockImplementation(() => undefined)]),
  ) as unknown as typeof spies;
});

afterEach(() => {
  detachers.forEach((detach) => detach());
  detachers = [];
  vi.restoreAllMocks();
});

describe('toast durations', () => {
  it.each([
    ['error', 10000],
    ['info', 6000],
    ['warn', 6000],
    ['success', 6000],
  ] as Array<[ToastSeverity, number]>)('a %s toast stays %i ms', (severity, timeout) => {
    const received = listen();
    const shown = toast[severity]({ summary: 'Hello' });
    expect(shown.timeout).toBe(timeout);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ severity, timeout, summary: 'Hello' });
    expect(toastDurations[severity]).toBe(timeout);
  });
});

describe('console', () => {
  it.each(['error', 'warn', 'info', 'success'] as ToastSeverity[])('a %s toast is logged with console.info only (§8), translated', (severity) => {
    listen();
    toast[severity]({ summary: { key: 'common:error.title' }, detail: 'All good' });
    expect(spies.info).toHaveBeenCalledTimes(1);
    expect(spies.info).toHaveBeenCalledWith(`[toast:${severity}]`, 'Erreur', 'All good');
    for (const method of consoleMethods.filter((m) => m !== 'info')) expect(spies[method]).not.toHaveBeenCalled();
  });
});

describe('queue before the layer is mounted', () => {
  it('delivers toasts raised before a listener attaches, in order, then live ones', () => {
    const first = toast.info({ summary: 'one' });
    const second = toast.error({ summary: 'two' });

    const received = listen();
    expect(received.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(received.map((t) => t.summary)).toEqual(['one', 'two']);

    toast.success({ summary: 'three' });
    expect(received.map((t) => t.summary)).toEqual(['one', 'two', 'three']);
  });

  it('delivers a queued toast only once', () => {
    toast.info({ summary: 'once' });
    const first = listen();
    detachers.pop()!();
    const second = listen();
    expect(first.map((t) => t.summary)).toEqual(['once']);
    expect(second).toEqual([]);
  });

  it('queues again after the listener detaches', () => {
    const received = listen();
    detachers.pop()!();
    toast.info({ summary: 'while away' });
    expect(received).toEqual([]);
    const next = listen();
    expect(next.map((t) => t.summary)).toEqual(['while away']);
  });

  it('gives every toast its own id', () => {
    const received = listen();
    toast.info({ summary: 'a' });
    toast.info({ summary: 'a' });
    expect(new Set(received.map((t) => t.id)).size).toBe(2);
  });
});

describe('translation references', () => {
  it('hands the reference itself to the layer so it can follow the language', () => {
    const received = listen();
    const summary = { key: 'common:error.title' };
    toast.error({ summary });
    expect(received[0]!.summary).toEqual(summary);
  });
});
