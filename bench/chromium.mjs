/**
 * The Chromium the browser benches drive: CHROMIUM_PATH, else Debian's headless shell when installed
 * (Blink and V8 without the browser's user interface, as the end-to-end tests use it), else Chromium.
 */
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
