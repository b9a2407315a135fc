/** What every mailbox connector's settings share (IMAP, Gmail, Microsoft 365): the start date (§5, §9) and the blacklist. */
import { z } from 'zod';
import { dateTimeParam } from './date-params';
import { plainText } from './define';

/** §9: a mailbox connector's start date is at most 24 hours back. */
export const START_DATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const blacklistSchema = z.array(plainText().trim().min(1).max(254)).max(500).default([]);
export const isoDate = dateTimeParam();
