/**
 * A page whose item does not exist (an unknown or deleted id): it says so plainly, leads back to the
 * list the item would be in, and offers no retry, since asking the server again changes nothing.
 * A load error is "missing" when the server answered 404, or when the screen found no such item in
 * the list it loaded (MissingItemError).
 */
import { Link } from 'react-router';
import { isApiError } from '../api/errors';
import { EmptyState } from './empty-state';

/** Thrown (or passed as a screen's error) when a loaded list has no item with the page's id. */
export class MissingItemError extends Error {
  override readonly name = 'MissingItemError';
}

/** The server does not know the item (404), or the loaded list does not hold it. */
export function isMissing(error: unknown): boolean {
  return error instanceof MissingItemError || (isApiError(error, 'http') && error.status === 404);
}

/** What a detail page says when its item is missing: the sentence and the way back to its list. */
export interface Missing {
  /** "Ce projet n'existe pas ou n'existe plus." */
  text: string;
  back: { to: string; text: string };
}

export function MissingItem({ missing }: { missing: Missing }) {
  return <EmptyState icon="search" title={missing.text} action={<Link to={missing.back.to}>{missing.back.text}</Link>} />;
}
