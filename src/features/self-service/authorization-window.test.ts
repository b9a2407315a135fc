import { describe, expect, it } from 'vitest';
import { openAuthorizationWindow } from './authorization-window';

/** A stand-in for the window the browser opens (jsdom opens none). */
const fakeWindow = () => ({ opener: {} as unknown, closed: false, location: { href: '' }, close() { this.closed = true; } });

describe('openAuthorizationWindow', () => {
  it('opens an empty window inside the click, cut from the console, then sends it to the page', () => {
    const opened = fakeWindow();
    const calls: unknown[][] = [];
    const handle = openAuthorizationWindow((...args) => {
      calls.push(args);
      return opened as unknown as Window;
    });
    expect(calls).toEqual([['', 'postroom-webmail-authorization', 'popup,width=520,height=680']]);
    expect(opened.opener).toBeNull();
    expect(handle.go('https://accounts.example/auth?x=1')).toBe(true);
    expect(opened.location.href).toBe('https://accounts.example/auth?x=1');
  });

  it('reports a blocked window, so the screen shows the link', () => {
    expect(openAuthorizationWindow(() => null).go('https://accounts.example/auth')).toBe(false);
    const throwing = openAuthorizationWindow(() => {
      throw new Error('blocked');
    });
    expect(throwing.go('https://accounts.example/auth')).toBe(false);
  });

  it('closes the empty window when the server refuses, and does not use a window the user closed', () => {
    const opened = fakeWindow();
    const handle = openAuthorizationWindow(() => opened as unknown as Window);
    handle.abandon();
    expect(opened.closed).toBe(true);
    expect(handle.go('https://accounts.example/auth')).toBe(false);
  });
});
